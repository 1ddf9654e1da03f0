"""TownClosure is the town's, read by every app's clock, and now lives in stoneham_boh.town
(issue 35). Only Django's picture of the models changes here: the tables, their rows and their
history stay as they are, under their old names (town 0008 takes the model up with the same
db_table)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("hearings", "0014_executive_sessions"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="HistoricalTownClosure"),
                migrations.DeleteModel(name="TownClosure"),
            ],
            database_operations=[],
        ),
    ]
