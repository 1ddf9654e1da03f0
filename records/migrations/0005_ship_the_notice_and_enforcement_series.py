"""The series of the Board's notices, variances, orders and regulation join the retention table,
with no period: the Town Clerk fills each from the state's schedule (records.series)."""

from django.db import migrations

from records.series import ship as ship_series


def ship(apps, schema_editor):
    ship_series(apps.get_model("records", "RecordSeries"))


class Migration(migrations.Migration):
    dependencies = [("records", "0004_written_response_and_more_series")]
    operations = [migrations.RunPython(ship, migrations.RunPython.noop)]
