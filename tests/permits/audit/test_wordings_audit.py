"""The audit reads the documents' wordings (issue 33, finding 16): a saved wording that states
the regulation in the administrator's words is reported; the machine's rule, stepped by hand,
is refused by the action and leaves the register clean."""

# ruff: noqa: F811 - `machine` is the fixture of test_found_by_the_machine, taken by name
from __future__ import annotations

import pytest

from permits.audit import audit_register
from stoneham_boh.town.models import StandingText, Town
from tests.permits.audit.test_found_by_the_machine import machine  # noqa: F401 - fixture

pytestmark = pytest.mark.django_db


def _wording_anomalies():
    return [a for a in audit_register().anomalies if a.family == "wording"]


def test_a_wording_citing_the_regulation_written_past_the_action_is_reported():
    town = Town.objects.get(is_current=True)
    record = StandingText.objects.create(
        town=town,
        key="order_letter.call",
        text="Call {telephone}. Up to twice this number may be kept (§20-20(3)).",
    )
    (anomaly,) = _wording_anomalies()
    assert anomaly.provision == "§20-20(3)"
    assert anomaly.record.pk == record.pk
    assert "Order to correct a violation" in anomaly.record.label
    # A wording kept under a key the ruleset took over prints nowhere: nothing to report.
    record.text = "Call {telephone} ({office_hours})."
    record.save()
    StandingText.objects.create(town=town, key="permit.excess", text="Twice (§20-20(3)).")
    assert _wording_anomalies() == []


@pytest.mark.parametrize(
    "key",
    ["order_letter.call", "revocation_notice.rights", "permit.excess", "revocation_notice.intro"],
)
@pytest.mark.parametrize("attempt", ["cites_the_section", "cites_it_spelt_out", "by_the_clerk"])
def test_the_regulation_in_the_administrators_words_is_refused_and_the_audit_finds_nothing(
    machine, key, attempt
):
    machine.the_administrator_rewords_a_paragraph(key=key, attempt=attempt)
    assert not StandingText.objects.exists()
    machine.the_audit_finds_nothing()


@pytest.mark.parametrize("key", ["order_letter.call", "decision.appeal", "permit.excess"])
def test_the_offices_own_wording_is_saved_and_the_audit_finds_nothing(machine, key):
    machine.the_administrator_rewords_a_paragraph(key=key, attempt="own")
    saved = list(StandingText.objects.values_list("key", flat=True))
    assert saved == ([] if key == "permit.excess" else [key])
    machine.the_audit_finds_nothing()
