"""Addresses of the public Regulations page, for any screen that cites a provision.

A finding names a rule id (``20-15.4.a``), an inspection finding a checklist item id
(``20-16.5.feed-sealed``), a letter a citation (``§20-15(4)(a)``): each resolves to the one
provision of the coverage map that carries it, and so to its page ``/regulations/20-15-4-a/``.
"""

from __future__ import annotations

import re
from functools import cache

from django.urls import reverse

from permits.rules.checklist import CHECKLIST
from permits.rules.coverage import PROVISIONS, Provision
from permits.rules.ruleset import RULESETS

_SLUG_JUNK = re.compile(r"[§()\s]+")


def provision_slug(citation: str) -> str:
    """``§20-15(4)(a)`` -> ``20-15-4-a``: the citation as a readable path segment."""
    parts = [part for part in _SLUG_JUNK.split(citation.lower()) if part]
    return "-".join(parts)


@cache
def _citations_by_reference() -> dict[str, str]:
    """Every spelling a caller may hold, mapped to the provision's citation.

    The newest ruleset is read last so that, should an amendment move a rule, its
    current citation wins.
    """
    known: dict[str, str] = {}
    for item in CHECKLIST:
        known[item.id] = item.citation
    for ruleset in RULESETS:
        for rule, spec in ruleset.rules.items():
            known[rule] = spec.citation
    for entry in PROVISIONS:
        known[entry.citation] = entry.citation
        known[entry.citation.removeprefix("§")] = entry.citation
        known[provision_slug(entry.citation)] = entry.citation
    return known


@cache
def _provisions_by_citation() -> dict[str, Provision]:
    return {entry.citation: entry for entry in PROVISIONS}


def provision_for(reference: str) -> Provision | None:
    """The provision a rule id, checklist item id, citation or slug refers to, if any."""
    citation = _citations_by_reference().get((reference or "").strip())
    return _provisions_by_citation().get(citation) if citation else None


def provision_by_slug(slug: str) -> Provision | None:
    """The provision whose page is ``/regulations/<slug>/`` (only canonical slugs match)."""
    entry = provision_for(slug)
    return entry if entry is not None and provision_slug(entry.citation) == slug else None


def provision_url(reference: str) -> str:
    """The page of the provision ``reference`` cites; the whole catalogue if none matches.

    Never raises, so a template or a compliance panel can link any finding safely.
    """
    entry = provision_for(reference)
    if entry is None:
        return reverse("permits:regulations")
    return reverse("permits:regulation-detail", args=[provision_slug(entry.citation)])
