"""The revocation notice's §20-20(5) and (6) sentences are the ruleset's (permits.rules
Statements "revocation.grounds" and "revocation.removal"), no longer paragraphs the
administrator words (issue 33, finding 16): a wording saved for them stated the regulation's
meaning, and nothing of it stays in force. Their history stays."""

from django.db import migrations

KEYS = ("revocation_notice.intro", "revocation_notice.removal")


def forget_the_revocation_wordings(apps, schema_editor):
    apps.get_model("town", "StandingText").objects.filter(key__in=KEYS).delete()


class Migration(migrations.Migration):
    dependencies = [("town", "0006_merge_round_17_branches")]

    operations = [
        migrations.RunPython(forget_the_revocation_wordings, migrations.RunPython.noop),
    ]
