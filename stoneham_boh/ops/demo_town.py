"""Stoneham's settings, as the demo (and the test suite) installs them.

This is data, the one place the code knows the town it was first built for: a real town types
its own on the settings page (README, "Deploying for real").
"""

from __future__ import annotations

from datetime import date, time
from decimal import Decimal

from stoneham_boh.lib.history import save_as
from stoneham_boh.town.models import Town

STONEHAM = {
    "slug": "stoneham",
    "name": "Stoneham",
    "state": "MA",
    "zip_code": "02180",
    "formal_name": "Town of Stoneham, Massachusetts",
    "board_name": "Stoneham Board of Health",
    "fees_payable_to": "Town of Stoneham",
    "assessors": "Stoneham Board of Assessors",
    "office_address": "Stoneham Town Hall, 35 Central Street, Stoneham, MA 02180",
    "office_hours": "Monday to Thursday 8:30 a.m. to 4:30 p.m., Friday 8:30 a.m. to 12:30 p.m.",
    "telephone": "(781) 438-0762",
    "email": "health@stoneham-ma.gov",
    "records_officer_name": "Dana Whitcomb",
    "records_officer_title": "Town Clerk, records access officer",
    "records_officer_address": "Stoneham Town Hall, 35 Central Street, Stoneham, MA 02180",
    "records_officer_telephone": "(781) 279-2650",
    "records_officer_email": "records@stoneham-ma.gov",
    "population": 23244,
    "meeting_place": "Stoneham Town Hall, 35 Central Street, Hearing Room",
    "town_clerk_filing_cutoff": time(16, 0),
    # Town Hall closes at 12:30 on Fridays.
    "town_clerk_short_day": "friday",
    "town_clerk_short_day_cutoff": time(12, 0),
    # The remote-meeting relief as last extended by the legislature.
    "remote_relief_ends": date(2027, 6, 30),
    "newspaper_name": "Stoneham Independent",
    "newspaper_weekday": "thursday",
    "newspaper_ad_cutoff_days": 6,
    "letterhead_note": "",
    "permit_signatory": "",
    "letter_signatory": "",
    "decision_signatory": "",
    "registered_mail_postage": Decimal("20.55"),
    "renewal_window_month": 11,
    "renewal_window_day": 1,
}


def install_stoneham(by=None):
    """Make Stoneham the current town (once: a second run leaves the record as it is)."""
    town = Town.objects.filter(slug=STONEHAM["slug"]).first()
    if town is not None:
        return town
    Town.objects.filter(is_current=True).update(is_current=False)
    return save_as(Town(is_current=True, **STONEHAM), by)
