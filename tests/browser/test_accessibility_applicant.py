"""Every page an applicant with an account reaches passes the accessibility checks, one test a
page (tests/browser/accessibility.py)."""

from __future__ import annotations

import pytest

from tests.browser.accessibility import crawl_as, pages_for

# Not transactional: the world is committed once for the module (see crawl_as).
pytestmark = pytest.mark.django_db
ROLE = "applicant_a"
crawl = crawl_as(ROLE)


@pytest.mark.parametrize("name", pages_for(ROLE))
def test_page_has_no_serious_accessibility_fault(crawl, name):
    crawl.check(name)
