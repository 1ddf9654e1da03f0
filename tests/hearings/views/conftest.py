"""What the hearings pages' tests share: an item decided with a variance, the pages' fixtures."""

import pytest

from tests.hearings import builders as b


@pytest.fixture
def decided(clerk, board_member):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(item, by=board_member, variance_rules=["20-15.4.a"], variance_conditions="A fence.")
    return item
