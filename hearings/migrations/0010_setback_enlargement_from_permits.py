"""SetbackEnlargement, moved here from permits (issue 27) beside the Board's other grants.

The model is taken up over the tables permits made (`permits_setbackenlargement` and its
history), so nothing in the database is created, copied or dropped: the state changes, and the
content types follow the model, so the permissions the roles hold and the admin's log keep
pointing at it."""

import django.core.validators
import django.db.models.deletion
import simple_history.models
from decimal import Decimal
from django.conf import settings
from django.db import migrations, models

MODELS = ("setbackenlargement", "historicalsetbackenlargement")


def _move_content_types(apps, source: str, target: str) -> None:
    content_type = apps.get_model("contenttypes", "ContentType")
    for model in MODELS:
        # A database migrated before content types existed has none to move (post_migrate
        # makes them for the new app).
        if not content_type.objects.filter(app_label=target, model=model).exists():
            content_type.objects.filter(app_label=source, model=model).update(app_label=target)


def to_hearings(apps, schema_editor):
    _move_content_types(apps, "permits", "hearings")


def back_to_permits(apps, schema_editor):
    _move_content_types(apps, "hearings", "permits")


RULES = [
    ("20-15.4.a", "§20-15(4)(a) abutting property line"),
    ("20-15.4.b", "§20-15(4)(b) wetland or watercourse"),
    ("20-15.4.d", "§20-15(4)(d) drinking-water well"),
    ("20-15.4.e", "§20-15(4)(e) sewage disposal area"),
    ("20-15.4.f", "§20-15(4)(f) public way"),
]
DECISION_HELP = "The Board's vote that enlarged the distance in this case."


def _recorded_fields() -> list:
    """What the Board recorded, the same in the model and its history (new field objects for
    each: a field belongs to one model)."""
    return [
        ("rule", models.CharField(choices=RULES, max_length=12)),
        (
            "minimum_ft",
            models.DecimalField(
                decimal_places=1,
                max_digits=6,
                validators=[django.core.validators.MinValueValidator(Decimal("0"))],
            ),
        ),
        ("reason", models.CharField(blank=True, max_length=200)),
    ]


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("hearings", "0009_merge_round_15_branches"),
        ("permits", "0009_setback_enlargement_moves_to_hearings"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="HistoricalSetbackEnlargement",
                    fields=[
                        (
                            "id",
                            models.BigIntegerField(
                                auto_created=True, blank=True, db_index=True, verbose_name="ID"
                            ),
                        ),
                        *_recorded_fields(),
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
                            "application",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                null=True,
                                on_delete=django.db.models.deletion.DO_NOTHING,
                                related_name="+",
                                to="permits.application",
                            ),
                        ),
                        (
                            "decision",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                help_text=DECISION_HELP,
                                null=True,
                                on_delete=django.db.models.deletion.DO_NOTHING,
                                related_name="+",
                                to="hearings.decision",
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
                        "verbose_name": "historical setback enlargement",
                        "verbose_name_plural": "historical setback enlargements",
                        "db_table": "permits_historicalsetbackenlargement",
                        "ordering": ("-history_date", "-history_id"),
                        "get_latest_by": ("history_date", "history_id"),
                    },
                    bases=(simple_history.models.HistoricalChanges, models.Model),
                ),
                migrations.CreateModel(
                    name="SetbackEnlargement",
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
                        *_recorded_fields(),
                        (
                            "application",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="setback_enlargements",
                                to="permits.application",
                            ),
                        ),
                        (
                            "decision",
                            models.ForeignKey(
                                help_text=DECISION_HELP,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="setback_enlargements",
                                to="hearings.decision",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "permits_setbackenlargement",
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("application", "rule"), name="one_enlargement_per_rule"
                            )
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(to_hearings, back_to_permits),
    ]
