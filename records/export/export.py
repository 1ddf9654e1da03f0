"""Writing the export: a folder that holds

    README.txt              what the folder is, in words
    manifest.json           when it was made, and each file's kind, model and number of rows
    schema.json             every field of every file: its name, type and what it means
    <stem>.jsonl            one JSON object a line, one line a record
    <stem>.csv              the same records for a spreadsheet (UTF-8 with a BOM, for Excel;
                            text a spreadsheet would run as a formula begins with an apostrophe,
                            stoneham_boh.lib.csv_export, while the JSON Lines keep it as typed)
    files/<path>            the documents and photos, at the path the records name

A record's fields are the model's own, named as in the schema; a reference to another record
is that record's id (the field's name ends in `_id` in the CSV's columns as in JSON).
"""

from __future__ import annotations

import json
import shutil
from datetime import UTC, date, datetime, time
from decimal import Decimal
from pathlib import Path
from uuid import UUID

from django.contrib.auth.models import Group
from django.core import serializers
from django.core.files.storage import default_storage
from django.db import models

from stoneham_boh.lib.csv_export import safe_writer

from .kinds import KINDS, NOT_EXPORTED, exported_models, file_stem, kind_of
from .schema import schema

FORMAT = 1
FILES = "files"


def json_value(value):
    """Dates and times in full ISO 8601 (microseconds kept, so history keeps its order)."""
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Decimal | UUID):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not exported")


def dumps(record: dict) -> str:
    return json.dumps(record, default=json_value, ensure_ascii=False, sort_keys=False)


def _columns(model) -> list[str]:
    skipped = NOT_EXPORTED.get(model._meta.label_lower, set())
    fields = [f for f in model._meta.concrete_fields if f.name not in skipped]
    names = [f.attname if f.is_relation else f.name for f in fields]
    names += [f.name for f in model._meta.many_to_many if f.name not in skipped]
    return names


def records_of(model):
    """Each row of `model` as a flat dict: {pk name: pk, field: value, fk_id: id, m2m: [ids]}."""
    skipped = NOT_EXPORTED.get(model._meta.label_lower, set())
    pk = model._meta.pk
    relations = {f.name: f.attname for f in model._meta.concrete_fields if f.is_relation}
    queryset = model._base_manager.order_by(pk.name)
    if model._meta.many_to_many:
        queryset = queryset.prefetch_related(*(f.name for f in model._meta.many_to_many))
    # The python serializer gives each field as the model stores it (dates as dates).
    for item in serializers.serialize(
        "python", queryset.iterator(chunk_size=2000) if not model._meta.many_to_many else queryset
    ):
        record = {pk.attname: item["pk"]}
        for name, value in item["fields"].items():
            if name in skipped:
                continue
            record[relations.get(name, name)] = value
        if model._meta.label_lower == "stoneham_boh.user":
            record["groups"] = sorted(_group_names(record.get("groups", [])))
        yield record


def _group_names(ids: list[int]) -> list[str]:
    return list(Group.objects.filter(pk__in=ids).values_list("name", flat=True))


def _csv_cell(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float | Decimal):
        return value  # a number, which the writer leaves unquoted however it begins
    if isinstance(value, list | dict):
        return dumps(value)
    if isinstance(value, datetime | date | time | UUID):
        return json_value(value)
    return str(value)


def _file_fields(model) -> list[str]:
    return [f.attname for f in model._meta.concrete_fields if isinstance(f, models.FileField)]


def _copy_file(name: str, folder: Path) -> bool:
    if not name or not default_storage.exists(name):
        return False
    target = folder / FILES / name
    target.parent.mkdir(parents=True, exist_ok=True)
    with default_storage.open(name, "rb") as source, target.open("wb") as out:
        shutil.copyfileobj(source, out)
    return True


def export_records(folder: Path) -> dict:
    """Write every record into `folder` (made if missing, and empty); return the manifest."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if any(folder.iterdir()):
        raise FileExistsError(f"{folder} is not empty: export into a new folder.")
    manifest = {
        "format": FORMAT,
        "made_at": datetime.now(UTC).isoformat(),
        "files": [],
        "documents": 0,
        "documents_missing": [],
    }
    for model in exported_models():
        stem = file_stem(model)
        columns = _columns(model)
        file_fields = _file_fields(model)
        count = 0
        with (
            (folder / f"{stem}.jsonl").open("w", encoding="utf-8") as lines,
            (folder / f"{stem}.csv").open("w", encoding="utf-8-sig", newline="") as table,
        ):
            writer = safe_writer(table)
            writer.writerow(columns)
            for record in records_of(model):
                lines.write(dumps(record) + "\n")
                writer.writerow([_csv_cell(record.get(c)) for c in columns])
                count += 1
                for name in file_fields:
                    if record.get(name):
                        if _copy_file(record[name], folder):
                            manifest["documents"] += 1
                        elif not model._meta.model_name.startswith("historical"):
                            manifest["documents_missing"].append(record[name])
        manifest["files"].append(
            {
                "kind": kind_of(model),
                "model": model._meta.label_lower,
                "jsonl": f"{stem}.jsonl",
                "csv": f"{stem}.csv",
                "rows": count,
            }
        )
    (folder / "schema.json").write_text(
        json.dumps(schema(), indent=2, ensure_ascii=False), encoding="utf-8"
    )
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    (folder / "README.txt").write_text(_readme(manifest), encoding="utf-8")
    return manifest


def _readme(manifest: dict) -> str:
    lines = [
        "The records of the Board of Health, as exported on " + manifest["made_at"][:10] + ".",
        "",
        "Each kind of record is a JSON Lines file (one record a line) and a CSV file with the",
        "same records (UTF-8; Excel opens it with its accents). schema.json says what every",
        "field means; manifest.json counts the rows of each file. The documents and photos are",
        "under files/, at the path their records give. A reference to another record is its id.",
        "",
        "The kinds:",
    ]
    counts: dict[str, int] = {}
    for entry in manifest["files"]:
        counts[entry["kind"]] = counts.get(entry["kind"], 0) + entry["rows"]
    for kind, (description, _) in KINDS.items():
        if kind in counts:
            lines.append(f"  {kind} ({counts[kind]} rows): {description}")
    return "\n".join(lines) + "\n"
