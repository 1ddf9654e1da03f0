"""The agent's screens on a bad day (issue 26, points 1-6), at the phone widths they were
found at (390 and 375 px): a form sent back, a long list of lots, big photos, the history."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from inspections import actions
from inspections.models import Inspection
from tests import factories
from tests.browser.conftest import login, open_page
from tests.inspections import builders as b

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE_390 = {"width": 390, "height": 844}


@pytest.fixture
def phone_390(chromium):
    yield from open_page(chromium, PHONE_390)


def vermin_found_today(clerk, agent, photos=None):
    """A routine inspection today, at a permitted hen coop, that found vermin."""
    today = timezone.localdate()
    permit = b.hen_permit(by=clerk, on=today)
    inspection = b.scheduled(lot=permit.lot, by=agent, agent=agent, day=today)
    answers = b.answers_for(inspection, {b.VERMIN: b.vermin_violation(photos=photos)})
    actions.record_inspection(inspection=inspection, by=agent, answers=answers)
    return inspection


def focused_text(page) -> str:
    return page.evaluate("document.activeElement ? document.activeElement.innerText : ''")


def test_a_complaint_sent_back_lists_its_errors_at_the_top_and_takes_the_focus(
    phone_390, live_server, agent
):
    page = phone_390
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/complaints/new/")
    page.get_by_label("Description").fill("Flies by the fence.")
    page.get_by_role("button", name="Record the complaint").click()
    summary = page.locator("[data-error-summary]")
    expect(summary).to_be_focused()
    link = summary.get_by_role("link", name="What the complaint is about")
    expect(link).to_be_visible()
    link.click()
    expect(page.get_by_label("What the complaint is about")).to_be_focused()
    # What was typed stays.
    expect(page.get_by_label("Description")).to_have_value("Flies by the fence.")


def test_an_order_sent_back_lists_its_errors_at_the_top_and_takes_the_focus(
    phone_390, live_server, clerk, agent
):
    page = phone_390
    finding = vermin_found_today(clerk, agent).findings.get(item_id=b.VERMIN)
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/findings/{finding.pk}/order/")
    page.get_by_label("Deadline").fill(timezone.localdate().isoformat())
    page.get_by_role("button", name="Issue the order").click()
    summary = page.locator("[data-error-summary]")
    expect(summary).to_be_focused()
    expect(summary).to_contain_text("The deadline must be after today.")
    summary.get_by_role("link", name="Deadline").click()
    expect(page.get_by_label("Deadline")).to_be_focused()


def big_camera_photo():
    """A photo as a phone takes it: thousands of pixels a side, a megabyte or more."""
    import io

    from django.core.files.uploadedfile import SimpleUploadedFile
    from PIL import Image

    buffer = io.BytesIO()
    Image.effect_noise((3000, 2000), 60).convert("RGB").save(buffer, format="JPEG", quality=95)
    return SimpleUploadedFile("IMG_2041.jpg", buffer.getvalue(), content_type="image/jpeg")


def test_the_inspection_and_order_pages_load_thumbnails_not_the_full_photos(
    phone_390, live_server, clerk, agent
):
    page = phone_390
    inspection = vermin_found_today(clerk, agent, photos=[big_camera_photo()])
    finding = inspection.findings.get(item_id=b.VERMIN)
    order = actions.issue_order(
        finding=finding,
        by=agent,
        requirement="Abate.",
        deadline=timezone.localdate() + timezone.timedelta(days=14),
    )
    login(page, live_server, agent.username)
    for address in (f"/inspections/{inspection.pk}/", f"/inspections/orders/{order.pk}/"):
        with page.expect_response(lambda r: "/photos/" in r.url) as answer:
            page.goto(f"{live_server.url}{address}")
        image = page.locator("img[alt^='Photo 1']")
        expect(image).to_be_visible()
        # The page's image is a small copy (at most twice its 112 px), not the camera's photo.
        handle = image.element_handle()
        page.wait_for_function("i => i.complete && i.naturalWidth > 0", arg=handle)
        assert page.evaluate("i => i.naturalWidth", handle) <= 224
        assert len(answer.value.body()) < 50_000
        # The thumbnail still opens the photo itself.
        expect(image.locator("xpath=..")).to_have_attribute(
            "href", f"/inspections/photos/{finding.photos.get().pk}/"
        )


def test_an_order_at_an_address_with_no_permit_neither_threatens_a_permit_nor_cites_vermin(
    phone_page, live_server, agent
):
    from inspections.models import Complaint

    page = phone_page  # 375 px
    complaint = actions.record_complaint(
        by=agent,
        address="12 Pine Street",
        nature=Complaint.Nature.ODOUR,
        description="A smell of manure from the yard.",
        received_on=timezone.localdate(),
    )
    inspection = actions.schedule_inspection(
        lot=complaint.lot,
        kind=Inspection.Kind.COMPLAINT,
        complaint=complaint,
        scheduled_for=timezone.localdate(),
        by=agent,
        agent=agent,
    )
    answers = b.answers_for(inspection)
    item_id = next(key for key in answers if key != b.VERMIN)
    answers[item_id] = b.vermin_violation(note="Manure heaped against the fence.")
    actions.record_inspection(inspection=inspection, by=agent, answers=answers)
    finding = inspection.findings.get(item_id=item_id)

    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/findings/{finding.pk}/order/")
    main = page.locator("main")
    expect(main).to_contain_text(finding.citation)
    expect(main).not_to_contain_text("vermin")
    expect(main).not_to_contain_text("§20-16(6)")
    page.get_by_label("What the owner must do").fill("Remove the manure heap from the fence.")
    page.get_by_role("button", name="Issue the order").click()
    expect(page.get_by_text("re-inspection scheduled for")).to_be_visible()
    href = page.get_by_role("link", name="Order letter (PDF)").get_attribute("href")
    letter = pdf_text(page.request.get(f"{live_server.url}{href}").body())
    assert "12 Pine Street" in letter
    assert "your permit" not in letter
    assert "not yet on file" not in letter
    assert "legal proceedings" in letter


def pdf_text(content: bytes) -> str:
    import io

    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_agent_finds_the_lot_of_a_complaint_by_typing_its_address(
    phone_390, live_server, clerk, agent
):
    page = phone_390
    for street in ("109 Summer Street", "13 Warren Street", "2 Warrenton Road"):
        factories.lot(by=clerk, street_address=street)
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/complaints/new/")
    # No list of every lot on file: a box to type in.
    expect(page.locator("select[name=lot]")).to_have_count(0)
    page.get_by_label("Lot (facility)").fill("13 warr")
    page.get_by_role("radio", name=re.compile("13 Warren Street")).check()
    expect(page.get_by_role("radio", name=re.compile("109 Summer Street"))).to_have_count(0)
    page.get_by_label("What the complaint is about").select_option(label="Flies")
    page.get_by_label("Description").fill("Flies by the back fence.")
    page.get_by_role("button", name="Record the complaint").click()
    expect(page.get_by_text("Complaint recorded.")).to_be_visible()
    expect(page.locator("main")).to_contain_text("13 Warren Street")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_lot_chosen_stays_chosen_when_the_form_comes_back(phone_390, live_server, clerk, agent):
    page = phone_390
    factories.lot(by=clerk, street_address="13 Warren Street")
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/complaints/new/")
    page.get_by_label("Lot (facility)").fill("Warren")
    page.get_by_role("radio", name=re.compile("13 Warren Street")).check()
    page.get_by_role("button", name="Record the complaint").click()  # no description
    expect(page.locator("[data-error-summary]")).to_be_focused()
    expect(page.get_by_role("radio", name=re.compile("13 Warren Street"))).to_be_checked()


def test_scheduling_an_inspection_of_a_lot_defaults_to_a_kind_the_lot_can_have(
    phone_390, live_server, clerk, agent
):
    page = phone_390
    lot = factories.lot(by=clerk, street_address="13 Warren Street")  # no application, no permit
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/new/?lot={lot.pk}")
    expect(page.get_by_role("radio", name=re.compile("13 Warren Street"))).to_be_checked()
    page.get_by_role("button", name="Schedule", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("Scheduled: Routine or annual")
