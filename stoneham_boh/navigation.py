"""Navigation entries, gathered from each app's `navigation.ENTRIES`.

An app lists its own pages, so that adding a page never means editing the base template:

    ENTRIES = [NavEntry("Applications", "permits:application-list", (Role.CLERK,), order=10)]

Entries with no roles are public and shown to everyone.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

from stoneham_boh.accounts.roles import has_role
from stoneham_boh.lib.navigation import NavEntry

APPS_WITH_NAVIGATION = ("permits", "facilities", "hearings", "inspections")


@cache
def all_entries() -> tuple[NavEntry, ...]:
    entries: list[NavEntry] = []
    for app in APPS_WITH_NAVIGATION:
        entries.extend(import_module(f"{app}.navigation").ENTRIES)
    return tuple(sorted(entries, key=lambda entry: (entry.order, entry.label)))


@cache
def _address(url_name: str, prefix: str, urlconf: str | None) -> str:
    return reverse(url_name, urlconf=urlconf)


def entries_for(user) -> tuple[list[dict], list[dict]]:
    """(role entries the user may open, public entries)."""
    private, public = [], []
    # The addresses are the same on every page: each is reversed once.
    where = (get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF)
    for entry in all_entries():
        item = {"label": entry.label, "url": _address(entry.url_name, *where)}
        if not entry.roles:
            public.append(item)
        elif user.is_authenticated and has_role(user, entry.roles):
            private.append(item)
    return private, public
