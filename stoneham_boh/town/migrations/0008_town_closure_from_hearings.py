"""TownClosure, moved here from hearings (issue 35): every app's clock reads the town's closed
days, so they are the town's.

The model is taken up over the tables hearings made (`hearings_townclosure` and its history),
so nothing in the database is created, copied or dropped, on SQLite and PostgreSQL alike and
both ways: the state changes, and the content types follow the model, so the permissions the
roles hold and the admin's log keep pointing at it."""

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models

MODELS = ("townclosure", "historicaltownclosure")
REASON_HELP = "e.g. Snow emergency: offices closed."


def _move_content_types(apps, source: str, target: str) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        # A database migrated before content types existed has none to move (post_migrate
        # makes them for the new app).
        if not content_type.objects.filter(app_label=target, model=model).exists():
            content_type.objects.filter(app_label=source, model=model).update(app_label=target)


def to_town(apps, schema_editor):
    _move_content_types(apps, "hearings", "town")


def back_to_hearings(apps, schema_editor):
    _move_content_types(apps, "town", "hearings")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("town", "0007_revocation_notice_regulation_is_the_rulesets"),
        ("hearings", "0015_town_closure_moves_to_town"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="TownClosure",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True,
                                primary_key=True,
                                serialize=False,
                                verbose_name="ID",
                            ),
                        ),
                        ("date", models.DateField(unique=True)),
                        ("reason", models.CharField(help_text=REASON_HELP, max_length=120)),
                    ],
                    options={"db_table": "hearings_townclosure", "ordering": ["-date"]},
                ),
                migrations.CreateModel(
                    name="HistoricalTownClosure",
                    fields=[
                        (
                            "id",
                            models.BigIntegerField(
                                auto_created=True, blank=True, db_index=True, verbose_name="ID"
                            ),
                        ),
                        ("date", models.DateField(db_index=True)),
                        ("reason", models.CharField(help_text=REASON_HELP, max_length=120)),
                        ("history_id", models.AutoField(primary_key=True, serialize=False)),
                        ("history_date", models.DateTimeField(db_index=True)),
                        ("history_change_reason", models.CharField(max_length=100, null=True)),
                        (
                            "history_type",
                            models.CharField(
                                choices=[("+", "Created"), ("~", "Changed"), ("-", "Deleted")],
                                max_length=1,
                            ),
                        ),
                        (
                            "history_user",
                            models.ForeignKey(
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "historical town closure",
                        "verbose_name_plural": "historical town closures",
                        "db_table": "hearings_historicaltownclosure",
                        "ordering": ("-history_date", "-history_id"),
                        "get_latest_by": ("history_date", "history_id"),
                    },
                    bases=(simple_history.models.HistoricalChanges, models.Model),
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(to_town, back_to_hearings),
    ]
