"""One permit a year per keeping, the lot and its holder, whatever the chain (issue 33,
finding 11): a paper permit of the year beside the keeping's own permit is refused."""

from __future__ import annotations

from datetime import date

import pytest

from permits import actions
from permits.audit import audit_register
from permits.models import Permit
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from tests import factories

pytestmark = pytest.mark.django_db


def test_a_paper_permit_of_the_year_beside_the_keepings_own_permit_is_refused(clerk):
    own = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    with pytest.raises(ActionRefused) as refused:
        factories.register_entry(
            by=clerk, valid_for_year=2027, applicant=own.holder, lot=own.lot, manure_bin=True
        )
    assert any(f"already holds permit {own.number} for 2027" in r for r in refused.value.reasons)
    assert not Permit.objects.filter(legacy=True).exists()


def test_the_keepings_own_permit_is_refused_beside_its_paper_permit_of_the_year(clerk):
    paper = factories.register_entry(by=clerk, valid_for_year=2027, manure_bin=True)
    application = factories.hen_renewal(by=clerk, applicant=paper.holder, lot=paper.lot)
    with pytest.raises(ActionRefused) as refused:
        actions.issue_permit(application=application, by=clerk, on=date(2027, 1, 14))
    assert any(f"already holds permit {paper.number}" in r for r in refused.value.reasons)


def test_the_audit_counts_one_permit_a_year_per_keeping_whatever_the_chain(clerk):
    """Two permits of one keeping for one year, on two chains (as before the refusal)."""
    own = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    paper = factories.register_entry(
        by=clerk,
        valid_for_year=2026,
        manure_bin=True,
        today=date(2027, 1, 14),
        lot=own.lot,
        applicant=own.holder,
    )
    # The entry typed for the wrong year, corrected by hand to this year's: two in force.
    paper.year, paper.status, paper.register_accepted_on = 2027, "active", date(2027, 1, 20)
    paper.expires_on = date(2027, 12, 31)
    save_as(paper, clerk)
    found = [a.line() for a in audit_register(today=date(2027, 2, 1)).anomalies]
    assert any("holds 2 permits in force for 2027" in line for line in found), found
