"""The look-up words beside each lot's and parcel's address (issue 39), written for the
records already on file; from now on save() and the parcel import write them."""

from django.db import migrations, models

from stoneham_boh.lib.addresses import lookup_words


def write_the_lookup_words(apps, schema_editor):
    for model, field in (("Lot", "street_address"), ("Parcel", "site_address")):
        records = apps.get_model("facilities", model).objects.order_by("pk")
        batch = []
        for record in records.only("pk", field).iterator(chunk_size=2000):
            record.address_number, record.street_word = lookup_words(getattr(record, field))
            batch.append(record)
            if len(batch) == 2000:
                records.model.objects.bulk_update(batch, ["address_number", "street_word"])
                batch = []
        records.model.objects.bulk_update(batch, ["address_number", "street_word"])


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
