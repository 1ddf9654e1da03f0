"""The Town Clerk's filing deadline says its moments in words, not "2026-12-18 19:00"
(issue 34.7)."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from hearings import clocks

pytestmark = pytest.mark.django_db


def test_the_filing_deadlines_sentence_says_its_moments_in_words():
    rule = clocks.clerk_filing_deadline(datetime(2030, 3, 26, 19, 0)).rule
    # No ISO date, and no 24-hour clock ("19:00"); "12:00 p.m." is the town's way of writing it.
    assert not re.search(r"\d{4}-\d\d-\d\d|\d\d:\d\d(?! [ap]\.m\.)", rule), rule
    assert "p.m." in rule or "a.m." in rule
