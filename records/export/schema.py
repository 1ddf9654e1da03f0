"""What each file and each field of the export means, read from the models themselves (each
field's verbose name, help text and choices), so that the schema cannot drift from the data."""

from __future__ import annotations

from .kinds import KINDS, NOT_EXPORTED, exported_models, file_stem, kind_of

TYPES = {
    "AutoField": "integer",
    "BigAutoField": "integer",
    "BooleanField": "boolean",
    "CharField": "text",
    "DateField": "date (YYYY-MM-DD)",
    "DateTimeField": "date and time (ISO 8601, with its UTC offset)",
    "DecimalField": "decimal number (as text, exact)",
    "EmailField": "e-mail address",
    "FileField": "file path under files/",
    "ImageField": "file path under files/",
    "IntegerField": "integer",
    "JSONField": "JSON",
    "PositiveIntegerField": "integer",
    "PositiveSmallIntegerField": "integer",
    "SmallIntegerField": "integer",
    "TextField": "text",
    "TimeField": "time (HH:MM:SS)",
    "UUIDField": "UUID",
}


def _describe(field) -> dict:
    described = {
        "name": field.attname if field.is_relation and field.concrete else field.name,
        "type": TYPES.get(field.get_internal_type(), field.get_internal_type()),
        "meaning": str(field.verbose_name),
    }
    if field.help_text:
        described["help"] = str(field.help_text)
    if field.is_relation:
        target = field.related_model
        described["type"] = (
            "list of ids" if field.many_to_many else "id"
        ) + f" of a record in {file_stem(target)}"
        if field.many_to_many and target._meta.label_lower == "auth.group":
            described["type"] = "list of role names"
    if getattr(field, "choices", None) and not field.is_relation:
        described["values"] = {str(value): str(label) for value, label in field.flatchoices}
    if getattr(field, "null", False):
        described["empty"] = "may be empty"
    return described


def _model_description(model) -> str:
    doc = (model.__doc__ or "").strip()
    generated = doc.startswith(f"{model.__name__}(")  # Django's default: the constructor's
    if model._meta.model_name.startswith("historical"):
        return (
            f"Every saved version of a {model._meta.verbose_name.removeprefix('historical ')}: "
            "history_date is when, history_user_id who, history_type + (made), ~ (changed) "
            "or - (removed)."
        )
    return (
        doc.split("\n\n")[0].replace("\n", " ")
        if doc and not generated
        else str(model._meta.verbose_name_plural)
    )


def schema() -> dict:
    files = {}
    for model in exported_models():
        skipped = NOT_EXPORTED.get(model._meta.label_lower, set())
        fields = [f for f in model._meta.concrete_fields if f.name not in skipped]
        fields += [f for f in model._meta.many_to_many if f.name not in skipped]
        files[file_stem(model)] = {
            "kind": kind_of(model),
            "model": model._meta.label_lower,
            "record": str(model._meta.verbose_name),
            "description": _model_description(model),
            "id": model._meta.pk.attname,
            "fields": [_describe(f) for f in fields],
        }
    return {
        "kinds": {kind: description for kind, (description, _) in KINDS.items()},
        "files": files,
        "conventions": {
            "csv": (
                "UTF-8 with a byte-order mark; empty cell = no value; lists and JSON as JSON;"
                " text beginning =, +, -, @, a tab or a carriage return is preceded by an"
                " apostrophe (a spreadsheet would run it as a formula; the .jsonl keeps it as"
                " typed)."
            ),
            "jsonl": "One JSON object a line; null = no value.",
            "files": "A file field holds the path of the file under files/.",
        },
    }
