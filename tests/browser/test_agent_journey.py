"""An agent on a phone (375 x 812): a neighbour's complaint, the inspection that finds vermin
and photographs it, the order with a deadline, and the re-inspection that closes it."""

from __future__ import annotations

import io
import os
import re

import pytest
from django.utils import timezone
from PIL import Image
from playwright.sync_api import expect

from inspections.models import Order, Photo
from tests import factories
from tests.browser.conftest import login

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

VERMIN_QUESTION = "Is the facility free of any vermin infestation?"


def camera_photo() -> dict:
    buffer = io.BytesIO()
    Image.new("RGB", (640, 480), (110, 80, 50)).save(buffer, format="JPEG")
    return {"name": "image.jpg", "mimeType": "image/jpeg", "buffer": buffer.getvalue()}


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= 375


@pytest.mark.django_db(transaction=True)
def test_an_agent_takes_a_complaint_through_order_and_reinspection(
    phone_page, live_server, clerk, agent
):
    page = phone_page
    today = timezone.localdate()
    permit = factories.issued_permit(by=clerk, on=today, received_on=today)
    lot = permit.lot
    login(page, live_server, agent.username)

    # The neighbour calls: the complaint is recorded against the lot.
    page.goto(f"{live_server.url}/inspections/complaints/")
    page.get_by_role("link", name="Record a complaint").click()
    # The lot is found by part of its street address, then chosen among the matches.
    page.get_by_label("Lot (facility)").fill(lot.street_address)
    page.locator("#id_lot-results").get_by_label(lot.street_address).check()
    page.get_by_label("What the complaint is about").select_option(label="Flies")
    page.get_by_label("Description").fill("Flies and rats by the back fence, every evening.")
    page.get_by_label("Complainant's name").fill("Margaret Kelly")
    assert fits_the_phone(page)
    page.get_by_role("button", name="Record the complaint").click()
    expect(page.get_by_text("Complaint recorded.")).to_be_visible()

    # It becomes an inspection on the agent's list, today.
    page.get_by_role("button", name="Schedule the inspection").click()
    expect(page.get_by_role("heading", name="On a complaint")).to_be_visible()
    page.get_by_role("link", name="Start the checklist").click()

    # The checklist: vermin found and photographed, everything else complies.
    vermin = page.locator("fieldset", has_text=VERMIN_QUESTION)
    vermin.locator("label", has_text="Violation").click()
    expect(vermin.locator("textarea")).to_be_visible()  # the note opens by itself
    vermin.locator("textarea").fill("Rat burrows along the coop foundation.")
    vermin.locator("input[type=file]").set_input_files(camera_photo())
    mark_rest = page.get_by_role("button", name="Mark the unanswered as complies")
    mark_rest.click()
    expect(mark_rest).to_be_hidden()  # every item now has an answer
    expect(page.locator("[data-progress]")).to_have_text(re.compile(r"^(\d+) of \1 answered$"))
    assert fits_the_phone(page)
    page.get_by_role("button", name="Record the inspection").click()
    expect(page.get_by_text("Inspection recorded.")).to_be_visible()
    expect(page.get_by_text("Rat burrows along the coop foundation.")).to_be_visible()
    expect(page.locator("img[alt^='Photo 1']")).to_be_visible()
    assert Photo.objects.count() == 1

    # The violation becomes an order with a deadline two weeks ahead.
    page.get_by_role("link", name="Issue an order").click()
    page.get_by_label("What the owner must do").fill(
        "Have a licensed pest control operator abate the rats."
    )
    page.get_by_role("button", name="Issue the order").click()
    expect(page.get_by_text("re-inspection scheduled for")).to_be_visible()
    order = Order.objects.get()
    assert order.deadline == today + timezone.timedelta(days=14)
    assert order.status == Order.Status.OPEN

    # The re-inspection, on the order's page, finds the rats gone and closes the order.
    page.locator("a", has_text="Re-inspection").first.click()
    page.get_by_role("link", name="Start the checklist").click()
    expect(page.locator("fieldset[data-item]")).to_have_count(1)
    page.locator("fieldset", has_text=VERMIN_QUESTION).locator("label", has_text="Complies").click()
    page.get_by_role("button", name="Record the inspection").click()
    expect(page.get_by_text("Inspection recorded.")).to_be_visible()
    page.get_by_role("link", name=f"Order {order.pk} ({order.citation})").click()
    expect(page.get_by_text("Found abated on re-inspection")).to_be_visible()
    # The day it closed is said once, beside the note, not repeated inside it.
    closing = page.locator(".order-closing").inner_text()
    assert closing.count(str(today.year)) == 1, closing
    order.refresh_from_db()
    assert order.status == Order.Status.ABATED
    assert fits_the_phone(page)
