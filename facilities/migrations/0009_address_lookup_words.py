"""The look-up words beside each lot's and parcel's address (issue 39), written for the
records already on file; from now on save() and the parcel import write them."""

from django.db import migrations, models

from stoneham_boh.lib.address_lookup import write_lookup_words


def write_the_lookup_words(apps, schema_editor):
    write_lookup_words(apps.get_model("facilities", "Lot"), "street_address")
    write_lookup_words(apps.get_model("facilities", "Parcel"), "site_address")


class Migration(migrations.Migration):
    dependencies = [
        ("facilities", "0008_parcel_id_corrections"),
    ]

    operations = [
        migrations.AddField(
            model_name="lot",
            name="address_number",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=100),
        ),
        migrations.AddField(
            model_name="lot",
            name="street_word",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=100),
        ),
        migrations.AddField(
            model_name="parcel",
            name="address_number",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=100),
        ),
        migrations.AddField(
            model_name="parcel",
            name="street_word",
            field=models.CharField(blank=True, db_index=True, editable=False, max_length=100),
        ),
        migrations.RunPython(write_the_lookup_words, migrations.RunPython.noop),
    ]
