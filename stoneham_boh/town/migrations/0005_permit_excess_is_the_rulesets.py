"""The permit's §20-20(3) sentence is the ruleset's (permits.rules Statement "permit.excess"),
no longer a wording the administrator saves (issue 33, finding 16): a wording saved for it
stated the regulation's meaning, and nothing of it is kept in force. Its history stays."""

from django.db import migrations


def forget_the_permit_excess_wording(apps, schema_editor):
    apps.get_model("town", "StandingText").objects.filter(key="permit.excess").delete()


class Migration(migrations.Migration):
    dependencies = [("town", "0004_town_newspaper_email")]

    operations = [
        migrations.RunPython(forget_the_permit_excess_wording, migrations.RunPython.noop),
    ]
