"""python manage.py import_parcels PATH: the Assessor's parcel layer (MassGIS layout)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from facilities import actions
from stoneham_boh.lib.errors import ActionRefused


class Command(BaseCommand):
    help = (
        "Import the town's tax parcels in the MassGIS standardized assessor parcels layout: a "
        "zip (or folder) holding M###TaxPar.shp with LOC_ID, M###Assess.dbf with the owners, and "
        "optionally a building footprints shapefile; or a GeoJSON FeatureCollection. "
        "Coordinates in EPSG:26986, or in another coordinate system that the .prj names "
        "(reprojected)."
    )

    def add_arguments(self, parser):
        parser.add_argument("path")
        parser.add_argument("--user", default="", help="Who imports (a user name); blank: nobody.")

    def handle(self, *args, path, user, **options):
        by = None
        if user:
            by = get_user_model().objects.filter(username=user).first()
            if by is None:
                raise CommandError(f"No user called {user!r}.")
        try:
            done = actions.import_parcel_layer(path=path, by=by)
        except ActionRefused as refusal:
            raise CommandError("\n".join([refusal.message, *refusal.reasons])) from refusal
        self.stdout.write(
            f"{done.source_name}: FY{done.fiscal_year or '?'}, {done.source_crs}; "
            f"{done.parcels_added} parcels added, {done.parcels_updated} updated "
            f"({done.owners_changed} owners changed), {done.footprints} footprints."
        )
