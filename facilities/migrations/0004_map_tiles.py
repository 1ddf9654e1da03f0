"""The map's search index: each parcel and footprint filed under its tile (geometry.TILE_M)."""

from django.db import migrations, models

from facilities.parcels.geometry import tile_of


def file_under_tiles(apps, schema_editor):
    for name in ("Parcel", "Footprint"):
        model = apps.get_model("facilities", name)
        shapes = list(model.objects.only("id", "min_x", "min_y", "max_x", "max_y"))
        for shape in shapes:
            shape.tile = tile_of(shape.min_x, shape.min_y, shape.max_x, shape.max_y)
        model.objects.bulk_update(shapes, ["tile"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("facilities", "0003_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="footprint",
            name="tile",
            field=models.IntegerField(blank=True, db_index=True, editable=False, null=True),
        ),
        migrations.AddField(
            model_name="parcel",
            name="tile",
            field=models.IntegerField(blank=True, db_index=True, editable=False, null=True),
        ),
        migrations.RunPython(file_under_tiles, migrations.RunPython.noop),
    ]
