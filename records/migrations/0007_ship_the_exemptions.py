"""The c.4 §7(26) exemptions a Board's records most often meet, shipped as a starting list for
the town's counsel to word (records.exemptions)."""

from django.db import migrations

from records.exemptions import ship as ship_exemptions


def ship(apps, schema_editor):
    ship_exemptions(apps.get_model("records", "Exemption"))


class Migration(migrations.Migration):
    dependencies = [("records", "0006_merge_round_17_branches")]

    operations = [migrations.RunPython(ship, migrations.RunPython.noop)]
