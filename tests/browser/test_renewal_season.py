"""Renewal season in the browser at 1280 px (issue 26, point 24): three renewals ticked on the
list of those ready, the fee taken for two, one refused with its reason and citation and two
renewed, their permits downloaded as one PDF; and the renewal notices as letters for the
holders without e-mail. Screenshots go to RENEWAL_SCREENS when set (1280 and 390 px)."""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest
import time_machine
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect
from pypdf import PdfReader

from tests import factories
from tests.browser.conftest import login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCREENS = os.environ.get("RENEWAL_SCREENS")
SEASON = date(2027, 12, 1)
PHONE_390 = {"width": 390, "height": 844}


def shot(page, name: str) -> None:
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SCREENS) / f"{name}.png"), full_page=True)


def download(page, link_name: str, tmp_path) -> tuple[Path, str]:
    with page.expect_download() as info:
        page.get_by_role("link", name=link_name).click()
    path = tmp_path / info.value.suggested_filename
    info.value.save_as(path)
    text = "\n".join(p.extract_text() for p in PdfReader(path).pages)
    return path, text


def serious_faults(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it stands (the crawl of
    tests/browser/accessibility.py sees this page in June, before the list has rows)."""
    return [
        f"{v['id']}: {', '.join(', '.join(n['target']) for n in v['nodes'][:3])}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def _three_permits(clerk):
    holders = [
        factories.applicant(name="José Ferreira", mailing_street="4 Pond Street"),
        factories.applicant(name="Ann Lee", email="ann@example.org"),
        factories.applicant(name="Ruth Cole", mailing_street="9 Elm Street"),
    ]
    return [factories.issued_permit(by=clerk, applicant=h) for h in holders]


def test_three_renewals_ticked_one_refused_with_its_reason_two_renewed_printed_together(
    browser_page, live_server, clerk, tmp_path
):
    page = browser_page
    with time_machine.travel(factories.midday(SEASON), tick=False):
        jose, ann, ruth = _three_permits(clerk)
    with time_machine.travel(factories.midday(SEASON), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/renewals/")
        page.get_by_role("link", name="Renew several at once").click()
        expect(page.get_by_role("heading", name="Ready to renew (3)")).to_be_visible()
        for permit in (jose, ann, ruth):
            page.get_by_label(f"Renew permit {permit.number}").check()
        # The fee taken from José and Ruth, each its own payment; Ann has not paid yet.
        page.get_by_label(f"Fee for permit {jose.number}").select_option(label="$40.00 by check")
        page.get_by_label(f"Check or receipt number for permit {jose.number}").fill("1042")
        page.get_by_label(f"Fee for permit {ruth.number}").select_option(label="$40.00 by cash")
        shot(page, "renew-together-1280")
        assert serious_faults(page) == []
        page.get_by_role("button", name="Renew the selected").click()

        expect(page.get_by_text("2 renewed, 1 not renewed")).to_be_visible()
        refused = page.locator(f'[data-refused="{ann.number}"]')
        expect(refused).to_contain_text("Ann Lee")
        expect(refused).to_contain_text("The fee of $40.00 is not paid in full (§20-20(4)).")
        renewed = page.locator("[data-renewed]")
        expect(renewed).to_have_count(2)
        expect(page.locator(f'[data-renewed="{jose.number}"]')).to_contain_text(
            "paid $40.00 by check (1042)"
        )
        shot(page, "renewal-batch-1280")
        assert serious_faults(page) == []
        page.set_viewport_size(PHONE_390)
        shot(page, "renewal-batch-390")
        page.set_viewport_size({"width": 1280, "height": 900})

        path, text = download(page, "Print their permits together (PDF, 2 permits)", tmp_path)
        assert len(PdfReader(path).pages) == 2
        assert "José Ferreira" in text and "Ruth Cole" in text and "Ann Lee" not in text
        assert "No. 2028-0001" in text and "No. 2028-0002" in text
        assert text.count("Expires December 31, 2028") == 2
        if SCREENS:
            (Path(SCREENS) / "renewed-permits.pdf").write_bytes(path.read_bytes())

        # Ann is still on the list, ready once she pays; the two renewed are not.
        page.get_by_role("link", name="Back to the renewals ready").click()
        expect(page.get_by_role("heading", name="Ready to renew (1)")).to_be_visible()
        expect(page.get_by_label(f"Renew permit {ann.number}")).to_be_visible()
        page.set_viewport_size(PHONE_390)
        shot(page, "renew-together-390")


def test_the_renewal_notices_print_as_letters_for_the_holders_without_email(
    browser_page, live_server, clerk, tmp_path
):
    page = browser_page
    with time_machine.travel(factories.midday(SEASON), tick=False):
        _three_permits(clerk)
    with time_machine.travel(factories.midday(SEASON), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/permits/renewals/")
        path, text = download(
            page, "Renewal notices as letters, for holders without e-mail (PDF)", tmp_path
        )
    flat = text.replace("\n", " ")
    # One letter each for José and Ruth, who gave no e-mail; none for Ann, who did.
    assert len(PdfReader(path).pages) == 2
    assert "José Ferreira" in flat and "4 Pond Street" in flat and "Ruth Cole" in flat
    assert "Ann Lee" not in flat
    assert "Renewal of your permit to keep animals for 2028" in flat
    assert "expires on December 31, 2027" in flat and "from November 1, 2027" in flat
    if SCREENS:
        (Path(SCREENS) / "renewal-letters.pdf").write_bytes(path.read_bytes())
