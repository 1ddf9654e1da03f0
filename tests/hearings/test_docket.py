"""The docket's readings (hearings/docket.py).

The past meetings page's outcome line, written in Python for speed: it escapes what people
typed, and says so when an application sent online has no lot matched yet (not "None")."""

from __future__ import annotations

from datetime import date

from hearings.docket import PastOutcome


def outcome(**fields) -> PastOutcome:
    values = {
        "badge": '<span class="badge">Approved</span>',
        "applicant": "Ann Lee",
        "address": "4 Test Street",
        "variances": [],
        "continued_to": None,
        **fields,
    }
    return PastOutcome(**values)


def test_an_application_with_no_lot_yet_says_so_instead_of_none():
    line = outcome(address=None).line
    assert "no lot on file yet" in line and "None" not in line


def test_what_people_typed_is_escaped_and_the_badge_is_not():
    line = outcome(applicant="<b>Ann</b> & Co", continued_to=date(2027, 3, 2)).line
    assert "&lt;b&gt;Ann&lt;/b&gt; &amp; Co" in line
    assert line.startswith('<span class="badge">Approved</span>')
    assert "continued to Mar 2, 2027" in line
