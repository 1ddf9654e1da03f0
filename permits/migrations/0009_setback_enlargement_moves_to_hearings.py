"""SetbackEnlargement is a grant of the Board's vote and now lives in hearings (issue 27). Only
Django's picture of the models changes here: the tables, their rows and their history stay as
they are, under their old names (hearings 0010 takes the model up with the same db_table)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("permits", "0008_merge_round_15_branches"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="HistoricalSetbackEnlargement"),
                migrations.DeleteModel(name="SetbackEnlargement"),
            ],
            database_operations=[],
        ),
    ]
