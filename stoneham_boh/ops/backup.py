"""Backup and restore of the Board's records: the database and the uploaded files, in one archive.

An archive (`.tar.gz`) holds:

    manifest.json   format, when it was made, and the number of rows of every model
    data.json       `dumpdata` of every app, history tables included
    uploads/...     every file under MEDIA_ROOT, at the same relative path

Content types and permissions are not dumped: `migrate` makes them, and the rows that point
to them (group permissions, admin log entries) name them by natural key. Sessions are not
kept: a restore logs everyone out. Role groups are recreated by `migrate` and then replaced by
the archive's own, so group ids stay those that the users' memberships point to.
"""

from __future__ import annotations

import io
import json
import os
import stat
import tarfile
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath

from django.apps import apps
from django.conf import settings
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.db import transaction
from django.test.utils import override_settings

from facilities.models import Lot, Parcel
from stoneham_boh.accounts.roles import ensure_role_groups
from stoneham_boh.lib.address_lookup import write_lookup_words

FORMAT = 1
NOT_DUMPED = ("contenttypes", "auth.permission", "sessions")
UPLOADS = "uploads"


class BackupError(Exception):
    pass


def _model_label(model) -> str:
    return model._meta.label_lower


def dumped_models() -> list:
    skipped_apps = {"contenttypes", "sessions"}
    return [
        model
        for model in apps.get_models()
        if model._meta.app_label not in skipped_apps
        and _model_label(model) != "auth.permission"
        and not model._meta.proxy
        and model._meta.managed
    ]


def row_counts() -> dict[str, int]:
    return {_model_label(m): m._base_manager.count() for m in dumped_models()}


def create_backup(outfile: Path) -> dict:
    """Write the archive; return its manifest."""
    media_root = Path(settings.MEDIA_ROOT)
    with tempfile.TemporaryDirectory() as scratch:
        data_path = Path(scratch) / "data.json"
        call_command(
            "dumpdata",
            natural_foreign=True,
            all=True,
            exclude=list(NOT_DUMPED),
            output=str(data_path),
            verbosity=0,
        )
        with data_path.open(encoding="utf-8") as handle:
            counts = Counter(item["model"] for item in json.load(handle))
        files = (
            sorted(p for p in media_root.rglob("*") if p.is_file()) if media_root.exists() else []
        )
        manifest = {
            "format": FORMAT,
            "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
            "counts": {label: counts.get(label, 0) for label in sorted(row_counts())},
            "files": len(files),
        }
        outfile.parent.mkdir(parents=True, exist_ok=True)
        with _private_file(outfile) as handle, tarfile.open(fileobj=handle, mode="w:gz") as archive:
            _add_bytes(archive, "manifest.json", json.dumps(manifest, indent=2).encode())
            archive.add(data_path, arcname="data.json")
            for path in files:
                archive.add(path, arcname=f"{UPLOADS}/{path.relative_to(media_root).as_posix()}")
    _record_run(manifest, outfile)
    return manifest


def _last_run_file() -> Path:
    return Path(settings.VAR_DIR) / "backups" / "last-run.json"


def _record_run(manifest: dict, outfile: Path) -> None:
    """Note the run where the administrator's home page reads it: when, where, how much. A
    note outside the database, since a backup's own record would be missing from its archive."""
    note = {
        "created_at": manifest["created_at"],
        "archive": str(outfile.resolve()),
        "rows": sum(manifest["counts"].values()),
        "files": manifest["files"],
        "bytes": outfile.stat().st_size,
    }
    path = _last_run_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    with _private_file(path) as handle:
        handle.write(json.dumps(note, indent=2).encode())


def last_run() -> dict | None:
    """The last backup made on this server (`created_at` as an aware datetime), or None."""
    try:
        note = json.loads(_last_run_file().read_text(encoding="utf-8"))
        note["created_at"] = datetime.fromisoformat(note["created_at"])
    except (FileNotFoundError, ValueError, KeyError):
        return None
    return note


def _private_file(path: Path):
    """Open `path` for writing, readable and writable by its owner only (mode 0600).

    The archive holds personal data and the two-factor secrets; the mode is set when the
    file is created (and again if it already existed), whatever the umask.
    """
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    os.fchmod(descriptor, 0o600)
    return os.fdopen(descriptor, "wb")


def readable_by_others(path: Path) -> bool:
    """True when the group or anyone else may read the file."""
    return bool(path.stat().st_mode & (stat.S_IRGRP | stat.S_IROTH))


def _add_bytes(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(datetime.now(UTC).timestamp())
    archive.addfile(info, io.BytesIO(data))


def records_present() -> list[str]:
    """The models that hold rows a restore would collide with (groups are schema, not records)."""
    return [
        _model_label(model)
        for model in dumped_models()
        if model is not Group and model._base_manager.exists()
    ]


def restore_backup(infile: Path, *, force: bool = False) -> dict:
    """Restore the archive into this database and MEDIA_ROOT; return the manifest.

    Refuses a database that already holds records, unless `force` (which empties it first).
    """
    with tarfile.open(infile, "r:gz") as archive, tempfile.TemporaryDirectory() as scratch:
        manifest = json.load(_member(archive, "manifest.json"))
        if manifest.get("format") != FORMAT:
            raise BackupError(f"{infile} is not a backup this version can read.")
        data_path = Path(scratch) / "data.json"
        data_path.write_bytes(_member(archive, "data.json").read())
        uploads = _uploads_in(archive, Path(settings.MEDIA_ROOT))

        call_command("migrate", interactive=False, verbosity=0)
        present = records_present()
        if present and not force:
            raise BackupError(
                "The database already holds records ("
                + ", ".join(present[:5])
                + ("..." if len(present) > 5 else "")
                + "). Restore into an empty database, or pass --force to replace everything."
            )
        if present:
            call_command("flush", interactive=False, verbosity=0)
        # The archive holds every history row as it was. Loading sets many-to-many fields
        # (a revocation's findings and orders), whose signal would write a history row of its
        # own for each: history is switched off while the records are put back.
        with transaction.atomic(), override_settings(SIMPLE_HISTORY_ENABLED=False):
            # migrate made the role groups; the archive's own (original ids) replace them.
            Group.objects.all().delete()
            call_command("loaddata", str(data_path), verbosity=0)
            ensure_role_groups()
            # Derived from the addresses, not kept as records: written anew, whatever the
            # archive holds (one made before they existed holds none).
            write_lookup_words(Lot, "street_address")
            write_lookup_words(Parcel, "site_address")
        _restore_files(archive, uploads)

    counts = row_counts()
    wrong = {
        label: (expected, counts.get(label))
        for label, expected in manifest["counts"].items()
        if counts.get(label) != expected
    }
    if wrong:
        raise BackupError(f"Restored counts differ from the backup's: {wrong}")
    return manifest


def _member(archive: tarfile.TarFile, name: str):
    try:
        handle = archive.extractfile(name)
    except KeyError:
        handle = None
    if handle is None:
        raise BackupError(f"The archive has no {name}: it is not a backup of this system.")
    return handle


def _uploads_in(archive: tarfile.TarFile, media_root: Path) -> list[tuple[tarfile.TarInfo, Path]]:
    """Each upload in the archive and where it goes; refuse a path that would leave MEDIA_ROOT."""
    root = media_root.resolve()
    uploads = []
    for member in archive.getmembers():
        path = PurePosixPath(member.name)
        if path.parts[:1] != (UPLOADS,) or member.isdir():
            continue
        relative = PurePosixPath(*path.parts[1:])
        target = (root / relative).resolve()
        if (
            not member.isfile()
            or relative.is_absolute()
            or ".." in relative.parts
            or not target.is_relative_to(root)
        ):
            raise BackupError(f"Refusing the archive member {member.name}: it leaves MEDIA_ROOT.")
        uploads.append((member, target))
    return uploads


def _restore_files(archive: tarfile.TarFile, uploads: list[tuple[tarfile.TarInfo, Path]]) -> None:
    for member, target in uploads:
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            handle.write(archive.extractfile(member).read())
