"""The retention table ships with its series only: what each holds and what starts its clock.
No period is guessed: the Town Clerk fills them from the state's municipal retention schedule.
Minutes and decisions are permanent."""

from django.db import migrations

from records.series import ship as ship_series


def ship(apps, schema_editor):
    ship_series(apps.get_model("records", "RecordSeries"))


class Migration(migrations.Migration):
    dependencies = [("records", "0002_retention_series_holds_destructions")]

    operations = [migrations.RunPython(ship, migrations.RunPython.noop)]
