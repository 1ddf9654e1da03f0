"""Inspection tests live on a summer weekday in Stoneham, unless a test travels elsewhere."""

import pytest
import time_machine


@pytest.fixture(autouse=True)
def _a_summer_day_in_stoneham():
    with time_machine.travel("2027-06-15 09:00 -04:00", tick=False) as traveller:
        yield traveller
