"""manage.py export_records DIR: every record as JSON Lines and CSV, with the documents and
photos and a schema saying what each field means (issue 25 point 4; M.G.L. c.66 §19)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from records.export.export import export_records


class Command(BaseCommand):
    help = "Export every record of the Board, machine-readable, into a new folder."

    def add_arguments(self, parser):
        parser.add_argument("directory", help="A new (or empty) folder to write the export into.")

    def handle(self, *args, directory, **options):
        try:
            manifest = export_records(Path(directory))
        except FileExistsError as error:
            raise CommandError(str(error)) from None
        rows = sum(entry["rows"] for entry in manifest["files"])
        self.stdout.write(
            f"Exported {rows} records in {len(manifest['files'])} files and "
            f"{manifest['documents']} documents and photos to {directory}."
        )
        for missing in manifest["documents_missing"]:
            self.stdout.write(f"A record names a file that is not in the upload folder: {missing}")
