"""One permit a year per keeping (§20-20(5)), whatever the chain (issue 33, finding 11).

A keeping is the holder's animals on one lot: the permit renewed each year. Counting the
permits of a year along a chain of renewals missed a second chain for the same keeping, a
paper-register entry of the year beside the keeping's own permit: two permits in force, each
printing its own animals. Here the keeping is the lot and the holder (the applicant on file,
or a holder of the same name, since the paper register's entries were typed from paper), and
the issue, the register entry and the Board's acceptance refuse a second permit of its year.
"""

from __future__ import annotations

import re

from permits.models import Permit

# In force, or awaiting the Board's acceptance (it is put in force by a vote, not re-issued).
HELD = (Permit.Status.ACTIVE, Permit.Status.PROVISIONAL)


def holder_key(name: str) -> str:
    """A holder's name in one spelling: "Karen  Sullivan" and "karen sullivan" are one."""
    return " ".join(re.sub(r"[^\w\s]", " ", name or "").casefold().split())


def permits_of_the_keeping(*, lot, holder, year: int, exclude_pk: int | None = None) -> list:
    """The keeping's permits for `year` held now: on `lot`, to `holder` (or one of that name)."""
    candidates = Permit.objects.filter(lot=lot, year=year, status__in=HELD).select_related("holder")
    if exclude_pk is not None:
        candidates = candidates.exclude(pk=exclude_pk)
    name = holder_key(holder.name)
    return [
        p
        for p in candidates.order_by("pk")
        if p.holder_id == holder.pk or holder_key(p.issued_to) == name
    ]


def one_permit_a_year_refusals(*, lot, holder, year: int, exclude_pk: int | None = None) -> list:
    return [
        f"{permit.issued_to} already holds permit {permit.number} for {year} on this lot "
        f"({permit.get_status_display().lower()}): a keeping holds one permit a year "
        "(§20-20(5)). Renew or amend that one, or void it if it was entered in error."
        for permit in permits_of_the_keeping(
            lot=lot, holder=holder, year=year, exclude_pk=exclude_pk
        )
    ]
