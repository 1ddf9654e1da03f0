"""The hearings app's two migrations of round 16, made on branches side by side: the decision's
corrections, and the setback enlargement arriving from permits."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("hearings", "0010_decision_corrections"),
        ("hearings", "0010_setback_enlargement_from_permits"),
    ]

    operations = []
