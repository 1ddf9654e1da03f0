"""The demo loads on any day of the year, the renewal window open or not."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.management import call_command


@pytest.mark.django_db
def test_the_demo_loads_before_the_renewal_window_opens():
    from permits.models import Application

    with time_machine.travel(datetime(2027, 6, 15, 12, tzinfo=ZoneInfo("America/New_York"))):
        call_command("load_demo")
    assert Application.objects.filter(
        lot__parcel_id="4-252-1", status=Application.Status.AWAITING_HEARING
    ).exists()
