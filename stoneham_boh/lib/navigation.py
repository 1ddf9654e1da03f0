"""One entry of the main navigation; each app lists its own in `<app>/navigation.py`."""

from __future__ import annotations

from dataclasses import dataclass

from stoneham_boh.accounts.roles import Role


@dataclass(frozen=True)
class NavEntry:
    label: str
    url_name: str
    roles: tuple[Role, ...] = ()
    order: int = 50
