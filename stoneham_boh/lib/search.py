"""Search text as the database can take it."""

from __future__ import annotations


def plain(text: str) -> str:
    """Search text without NUL characters, which PostgreSQL refuses in any string."""
    return text.replace("\x00", "").strip()
