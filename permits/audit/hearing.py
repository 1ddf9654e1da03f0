"""The audit's reading of a hearing and its notices (§20-20(9)), from the records."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date

from .facts import iso

PUBLIC_HEARINGS = ("new_application", "variance_request")
# A registered article of the Postal Service: R and a letter, nine digits, US. Certified mail
# and Priority Mail numbers are all digits: they are not registered mail (§20-20(9)).
REGISTERED = re.compile(r"^R[A-Z]\d{9}US$")


def approving_item(application, *, by: date | None = None):
    """The public hearing whose approval the permit rests on: the latest one approved."""
    items = [
        item
        for item in application.docket_items.all()
        if item.kind in PUBLIC_HEARINGS
        and item.status == "decided"
        and getattr(item, "decision", None) is not None
        and item.decision.result == "approved"
        and (by is None or item.decision.decided_on <= by)
    ]
    return max(items, key=lambda i: (i.decision.decided_on, i.pk)) if items else None


def noticed_item(item, items_by_pk: dict):
    """The hearing whose notices count: a continuation that kept its notice, back to the
    hearing that was noticed."""
    seen = {item.pk}
    while item.notice_carried and item.continued_from_id in items_by_pk:
        item = items_by_pk[item.continued_from_id]
        if item.pk in seen:
            break
        seen.add(item.pk)
    return item


@dataclass
class Notices:
    """Who had to be noticed of a hearing, and what was sent."""

    item: object
    required: list = field(default_factory=list)  # abutters who needed a letter
    letters: dict = field(default_factory=dict)  # abutter id -> AbutterNotice mailed
    published_on: date | None = None
    website_posted_on: date | None = None
    statewide_posted_on: date | None = None

    @property
    def unlettered(self) -> list:
        return [a for a in self.required if a.pk not in self.letters]

    @property
    def last_mailed(self) -> date | None:
        if self.unlettered or not self.required:
            return None if self.unlettered else date.min
        return max(self.letters[a.pk].mailed_on for a in self.required)


def notices_for(item, application, register) -> Notices:
    """The abutters of the certified list who needed a letter: all but those struck before
    the first letter went out (a name struck later was on the list the letters were sent
    from, and still needs its notice)."""
    items = {i.pk: i for i in application.docket_items.all()}
    noticed = noticed_item(item, items)
    letters = {n.abutter_id: n for n in noticed.abutter_notices.all() if n.mailed_on}
    first = min(
        (
            register.letter_recorded_at[n.pk]
            for n in letters.values()
            if n.pk in register.letter_recorded_at
        ),
        default=None,
    )
    struck_at = register.struck_at
    abutter_list = getattr(application, "abutter_list", None)
    abutters = list(abutter_list.abutters.all()) if abutter_list is not None else []
    required = []
    for abutter in abutters:
        if abutter.voided:
            struck = struck_at.get(abutter.pk)
            if struck is not None and (first is None or struck < first):
                continue
        required.append(abutter)
    legal = getattr(noticed.meeting, "legal_notice", None)
    return Notices(
        item=noticed,
        required=required,
        letters=letters,
        published_on=legal.published_on if legal is not None else None,
        website_posted_on=legal.website_posted_on if legal is not None else None,
        statewide_posted_on=legal.statewide_posted_on if legal is not None else None,
    )


def hearing_facts(item, notices: Notices) -> dict:
    mailed = notices.last_mailed
    return {
        "held_on": iso(item.meeting.date),
        "abutter_notice_mailed": iso(mailed) if mailed not in (None, date.min) else None,
        # The print date counts only with the notice's two online postings on record too
        # (M.G.L. c.4 §13), as the product judges it (hearings.notice_timing).
        "newspaper_notice_published": iso(notices.published_on)
        if notices.website_posted_on and notices.statewide_posted_on
        else None,
        "decision": "approved",
    }
