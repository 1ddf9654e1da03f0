"""The files of a dry run, kept until the administrator presses Import (or for a day), so that
the import reads exactly what was checked and nothing has to be chosen twice.

A staged import lives in VAR_DIR/register-imports/<token>/ with who staged it; the token is
random and only its owner may use it.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

KEPT_SECONDS = 24 * 3600
TOKEN = re.compile(r"^[A-Za-z0-9_-]{20,40}$")


@dataclass
class Staged:
    token: str
    register_name: str
    register: bytes
    documents_name: str
    documents: bytes | None


def _root() -> Path:
    return Path(settings.VAR_DIR) / "register-imports"


def _forget_old() -> None:
    root = _root()
    if not root.is_dir():
        return
    for folder in root.iterdir():
        if folder.is_dir() and time.time() - folder.stat().st_mtime > KEPT_SECONDS:
            shutil.rmtree(folder, ignore_errors=True)


def stage(
    *,
    user_id: int,
    register_name: str,
    register: bytes,
    documents_name: str = "",
    documents: bytes | None = None,
) -> str:
    _forget_old()
    token = secrets.token_urlsafe(18)
    folder = _root() / token
    folder.mkdir(parents=True)
    (folder / "register").write_bytes(register)
    if documents is not None:
        (folder / "documents").write_bytes(documents)
    meta = {"user": user_id, "register": register_name, "documents": documents_name}
    (folder / "meta.json").write_text(json.dumps(meta), encoding="utf-8")
    return token


def staged(token: str, user_id: int) -> Staged | None:
    """The files staged under `token` by this user, or None (unknown, expired, another's)."""
    if not TOKEN.match(token or ""):
        return None
    folder = _root() / token
    try:
        meta = json.loads((folder / "meta.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if meta.get("user") != user_id:
        return None
    documents = folder / "documents"
    return Staged(
        token=token,
        register_name=meta["register"],
        register=(folder / "register").read_bytes(),
        documents_name=meta.get("documents", ""),
        documents=documents.read_bytes() if documents.exists() else None,
    )


def forget(token: str) -> None:
    if TOKEN.match(token or ""):
        shutil.rmtree(_root() / token, ignore_errors=True)
