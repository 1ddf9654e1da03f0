"""The administrator adopts the product for the town (issue 25, points 1, 2 and 7), at desktop
and phone width: edits the town's settings and sees them on the next permit PDF, rewords a
letter's paragraph (a misspelt placeholder refused at the field, the text kept), and records
an amendment of the regulation the Board voted (recorded by the member presiding).
"""

from __future__ import annotations

import io
import os
import re
from datetime import time, timedelta
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect
from pypdf import PdfReader

from hearings.models import Meeting
from permits.amendments.models import Amendment
from stoneham_boh.accounts.roles import Role
from stoneham_boh.town.models import StandingText, Town
from tests import factories
from tests.browser.conftest import WAIT_MS, login
from tests.conftest import make_user
from tests.hearings.roll_call import roll_call

SCREENS = Path(os.environ.get("TOWN_SCREENS", "/work/notes/screens/town-settings"))
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(params=sorted(WIDTHS))
def page(request, chromium):
    context = chromium.new_context(viewport=WIDTHS[request.param], accept_downloads=True)
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    page = context.new_page()
    page.width_name = request.param
    yield page
    context.close()


def shot(page, name: str) -> None:
    if SCREENS.parent.exists():
        SCREENS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENS / f"{name}-{page.width_name}.png"), full_page=True)


@pytest.mark.django_db(transaction=True)
def test_the_administrator_sets_up_the_town_rewords_a_letter_and_records_an_amendment(
    page, live_server, tmp_path
):
    admin = make_user("admin9", Role.ADMIN, first_name="Site", last_name="Administrator")
    clerk = make_user("clerk9", Role.CLERK)
    member = make_user("board9", Role.BOARD, first_name="Board", last_name="Nine")
    permit = factories.issued_permit(by=clerk)
    meeting = Meeting.objects.create(
        date=timezone.localdate() - timedelta(days=14), time=time(19), place="Hearing Room"
    )
    roll_call(meeting)  # the meeting's attendance: the one member present
    login(page, live_server, admin.username)

    # 1. The town's settings, on the page, saved with their history.
    page.goto(f"{live_server.url}/settings/town/")
    expect(page.get_by_role("heading", name="The town's settings")).to_be_visible()
    expect(page.get_by_label(re.compile(r"^\s*Telephone"))).to_have_value("(781) 438-0762")
    page.get_by_label(re.compile(r"^\s*Telephone")).fill("(781) 555-0142")
    page.get_by_label("Letterhead note").fill("Health Department · Second floor")
    page.get_by_label("Permit signatory").fill("Ruth Adler, Health Agent")
    shot(page, "1-settings")
    page.get_by_role("button", name="Save the settings").click()
    expect(page.get_by_text("The town's settings are saved")).to_be_visible()
    assert Town.objects.get(is_current=True).telephone == "(781) 555-0142"
    expect(page.locator("footer")).to_contain_text("(781) 555-0142")

    # ... and on the next permit PDF.
    response = page.request.get(f"{live_server.url}/permits/{permit.pk}/pdf/")
    assert response.status == 200
    pdf = response.body()
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Health Department · Second floor" in text
    assert "Ruth Adler, Health Agent" in text
    if SCREENS.parent.exists():
        (SCREENS / f"permit-{page.width_name}.pdf").write_bytes(pdf)

    # 2. A letter's paragraph, a misspelt placeholder refused at its field, the text kept.
    page.goto(f"{live_server.url}/settings/town/wording/")
    page.get_by_role("link", name="Whom to call").click()
    typed = "Questions? Call {telefone}, {office_hours}."
    page.get_by_label("Wording").fill(typed)
    page.get_by_role("button", name="Save the wording").click()
    error = page.locator("#error_1_id_text")
    expect(error).to_contain_text("{telefone} is not a placeholder of this paragraph")
    expect(page.get_by_label("Wording")).to_have_value(typed)
    shot(page, "2-wording-error")
    assert not StandingText.objects.exists()
    # The regulation in the administrator's words is refused too (issue 33, finding 16).
    typed = "Call {telephone}. Up to twice your animals may be kept (§20-20(3))."
    page.get_by_label("Wording").fill(typed)
    page.get_by_role("button", name="Save the wording").click()
    expect(error).to_contain_text("The wording cites the regulation (§20-20(3))")
    expect(page.get_by_label("Wording")).to_have_value(typed)
    shot(page, "2-wording-cites-the-regulation")
    assert not StandingText.objects.exists()
    page.get_by_label("Wording").fill("Questions? Call {telephone}, {office_hours}.")
    page.get_by_role("button", name="Preview").click()
    expect(page.locator(".standing-preview")).to_contain_text("Questions? Call (781) 555-0142")
    page.get_by_role("button", name="Save the wording").click()
    expect(page.get_by_text("is saved")).to_be_visible()
    assert StandingText.objects.get().text.startswith("Questions? Call {telephone}")

    # 7. An amendment of the regulation, as the Board voted it: the member presiding records
    # each member's own vote (the administrator no longer types a count).
    page.context.clear_cookies()
    login(page, live_server, member.username)
    page.goto(f"{live_server.url}/settings/amendments/")
    figure = page.get_by_label("The figure amended")
    figure.select_option("20-15.4.a:minimum_ft")
    page.get_by_label("Its new value").fill("75")
    page.get_by_label("Board Nine", exact=True).select_option("yes")
    today = timezone.localdate()
    page.get_by_label("Effective on").fill((today + timedelta(days=30)).isoformat())
    page.get_by_label("Summary published on").fill((today - timedelta(days=3)).isoformat())
    shot(page, "3-amendment-form")
    page.get_by_role("button", name="Record the amendment").click()
    expect(page.get_by_role("heading", name="Amendment of §20-15(4)(a)")).to_be_visible()
    expect(page.locator("main")).to_contain_text("50 ft as adopted, 75 ft as amended")
    expect(page.locator("main")).to_contain_text("Not yet deposited (§20-23)")
    shot(page, "4-amendment")
    amendment = Amendment.objects.get()
    assert (amendment.votes_for, amendment.value) == (1, 75)
    assert amendment.roll.get().member == member
