"""Putting an export back: every record of the JSON Lines files, with its own id, and every
document and photo, into a database that holds none yet.

Records go in as Django's loaddata puts them (raw saves, the database's reference checks
deferred to the end, history switched off: the export holds the history rows themselves), then
each table's id sequence is moved past the ids restored. Log-ins come back with their names
and roles and no password: each person sets one (the export holds no password hash).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path, PurePosixPath

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group
from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, models, transaction
from django.test.utils import override_settings

from stoneham_boh.accounts.roles import ensure_role_groups

from .export import FILES, FORMAT
from .kinds import by_stem, exported_models


class RestoreError(Exception):
    pass


def _present() -> list[str]:
    return [m._meta.label_lower for m in exported_models() if m._base_manager.exists()]


def _objects(model, path: Path, groups: dict[str, int]):
    """The file's records in the shape Django's python deserializer reads."""
    pk = model._meta.pk.attname
    label = model._meta.label_lower
    is_user = label == "stoneham_boh.user"
    has_password = any(f.name == "password" for f in model._meta.concrete_fields)
    unusable = make_password(None) if has_password else None
    relations = {f.attname: f.name for f in model._meta.concrete_fields if f.is_relation}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            record = json.loads(line)
            key = record.pop(pk)
            fields = {relations.get(name, name): value for name, value in record.items()}
            if unusable is not None:
                fields["password"] = unusable
            if is_user:
                fields["groups"] = [groups[name] for name in fields.get("groups", [])]
            yield {"model": label, "pk": key, "fields": fields}


def _safe_target(root: Path, name: str) -> Path:
    target = (root / PurePosixPath(name)).resolve()
    if root not in target.parents:
        raise RestoreError(f"The export names a file outside the upload folder: {name}")
    return target


def _restore_files(folder: Path) -> int:
    source = folder / FILES
    if not source.is_dir():
        return 0
    root = Path(settings.MEDIA_ROOT).resolve()
    count = 0
    for path in sorted(source.rglob("*")):
        if path.is_file():
            target = _safe_target(root, path.relative_to(source).as_posix())
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
            count += 1
    return count


def _reset_sequences(restored: list) -> None:
    statements = connection.ops.sequence_reset_sql(no_style(), restored)
    if statements:
        with connection.cursor() as cursor:
            for statement in statements:
                cursor.execute(statement)


def restore_records(folder: Path) -> dict:
    """Restore the export in `folder`; return {model label: rows restored}."""
    folder = Path(folder)
    try:
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        raise RestoreError(f"{folder} holds no export of the records (no manifest.json).") from None
    if manifest.get("format") != FORMAT:
        raise RestoreError(f"{folder} is an export this version cannot read.")
    present = _present()
    if present:
        raise RestoreError(
            "The database already holds records ("
            + ", ".join(present[:5])
            + ("..." if len(present) > 5 else "")
            + "): restore into an empty database."
        )
    models_by_stem = by_stem()
    unknown = [
        e["jsonl"] for e in manifest["files"] if e["jsonl"][: -len(".jsonl")] not in models_by_stem
    ]
    if unknown:
        raise RestoreError(f"The export has records this version does not know: {unknown}")
    ensure_role_groups()
    groups = dict(Group.objects.values_list("name", "pk"))
    restored: dict[str, int] = {}
    with (
        transaction.atomic(),
        override_settings(SIMPLE_HISTORY_ENABLED=False),
        connection.constraint_checks_disabled(),
    ):
        for entry in manifest["files"]:
            model = models_by_stem[entry["jsonl"][: -len(".jsonl")]]
            count = 0
            objects = _objects(model, folder / entry["jsonl"], groups)
            for item in serializers.deserialize("python", objects):
                item.save()
                count += 1
            if count != entry["rows"]:
                raise RestoreError(f"{entry['jsonl']} holds {count} rows, not {entry['rows']}.")
            restored[model._meta.label_lower] = count
        tables = [m._meta.db_table for m in exported_models()]
        connection.check_constraints(table_names=tables)
    _reset_sequences([m for m in exported_models() if isinstance(m._meta.pk, models.AutoField)])
    _restore_files(folder)
    return restored
