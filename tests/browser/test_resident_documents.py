"""The resident's documents on a bad day (issue 26, points 8 and 9), on a phone (390 px) and
at a desk (1280 px): an upload in the middle of typing keeps the typing; leaving with changes
not saved asks first; a wrong file is refused at its field with nothing typed lost, and a
draft's wrong upload is replaced or removed; after receipt, the documents still needed are
sent from the application's page, which shows what was sent, the clerk's question and the
answer, and the clerk accepts what came."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from permits.models import Document
from permits.online import actions as online
from tests import factories
from tests.browser.accessibility import BLOCKING_IMPACTS, OVERFLOW, SMALL_TARGETS, TAP_PX
from tests.browser.conftest import login, open_page
from tests.browser.test_resident_bad_day import log_in_resident, resident_with_draft

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
# Set to a folder to keep a screenshot of each screen (looked at for the issue).
SCREENS = os.environ.get("RESIDENT_SCREENS", "")


@pytest.fixture(params=sorted(WIDTHS))
def page(request, chromium):
    for page in open_page(chromium, WIDTHS[request.param]):
        page.width_name = request.param
        yield page


def shot(page, name: str) -> None:
    if SCREENS:
        Path(SCREENS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{SCREENS}/{name}-{page.width_name}.png", full_page=True)


def looks_right(page, *, tapped: bool = True) -> None:
    """The screen as it stands: no serious axe-core fault, nothing scrolls sideways, and (on
    the resident's phone) every control big enough to tap, as the accessibility crawl asks."""
    from axe_playwright_python.sync_playwright import Axe

    faults = [
        f"{v['id']}: {[n['target'] for n in v['nodes'][:3]]}"
        for v in Axe().run(page).response["violations"]
        if v["impact"] in BLOCKING_IMPACTS
    ]
    assert not faults, faults
    assert not page.evaluate(OVERFLOW)
    if tapped and page.width_name == "phone":
        assert not page.evaluate(SMALL_TARGETS, TAP_PX)


def a_pdf(name: str) -> dict:
    return {"name": name, "mimeType": "application/pdf", "buffer": PDF}


def open_draft(page, live_server, clerk):
    resident, application = resident_with_draft(clerk)
    log_in_resident(page, live_server, resident)
    page.goto(f"{live_server.url}/my/applications/{application.pk}/edit/")
    return resident, application


def type_two_goats(page, count: str = "2") -> None:
    page.locator("[name=animals-0-species]").select_option("goat")
    page.locator("[name=animals-0-count]").fill(count)
    page.locator("[name=lot-area_acres]").fill("0.5")


def test_an_upload_keeps_and_saves_what_was_typed(page, live_server, clerk):
    resident, application = open_draft(page, live_server, clerk)
    type_two_goats(page, "3")
    page.locator("[name=doc-kind]").select_option("site_plan")
    page.locator("[name=doc-file]").set_input_files(a_pdf("plan.pdf"))
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.locator("main")).to_contain_text("Site plan uploaded.")
    expect(page.locator("[name=animals-0-count]")).to_have_value("3")
    expect(page.locator("[name=lot-area_acres]")).to_have_value("0.5")
    expect(page.locator("main")).to_contain_text("What you typed on the form is saved too.")
    expect(page.locator("#document-list")).to_contain_text("plan.pdf")
    assert application.animals.get().count == 3
    shot(page, "upload-kept-typing")


def test_a_wrong_or_too_large_file_is_refused_at_its_field_and_nothing_typed_is_lost(
    page, live_server, clerk, settings
):
    settings.UPLOAD_MAX_BYTES = 2000
    resident, application = open_draft(page, live_server, clerk)
    type_two_goats(page, "4")
    page.locator("[name=doc-kind]").select_option("site_plan")
    # A web page saved under a PDF's name: the server refuses it at the field.
    page.locator("[name=doc-file]").set_input_files(
        {"name": "plan.pdf", "mimeType": "application/pdf", "buffer": b"<html>plan</html>"}
    )
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.locator("main")).to_contain_text("The file was not uploaded")
    expect(page.locator("[name=animals-0-count]")).to_have_value("4")
    upload = page.locator("#document-upload")
    expect(upload.locator(".invalid-feedback")).to_contain_text("plan.pdf")
    expect(page.locator("[name=doc-file]")).to_have_attribute("aria-invalid", "true")
    shot(page, "upload-wrong-type")

    # Too large: refused at the field before it is sent, the page and its typing as they were.
    page.locator("[name=animals-0-count]").fill("5")
    page.locator("[name=doc-file]").set_input_files(
        {"name": "big.pdf", "mimeType": "application/pdf", "buffer": PDF + b"0" * 5000}
    )
    expect(upload).to_contain_text("the most we accept is")
    address = page.url
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.locator("[name=doc-file]")).to_be_focused()
    assert page.url == address
    expect(page.locator("[name=animals-0-count]")).to_have_value("5")
    assert not application.documents.exists()
    shot(page, "upload-too-large")


def test_leaving_with_changes_not_saved_asks_first_and_saving_does_not(page, live_server, clerk):
    resident, application = open_draft(page, live_server, clerk)
    asked = []

    def stay(dialog):
        asked.append(dialog.type)
        dialog.dismiss()

    page.on("dialog", stay)
    type_two_goats(page, "6")
    page.get_by_role("link", name=re.compile("its progress")).click()
    expect(page.locator("[name=animals-0-count]")).to_have_value("6")
    assert asked == ["beforeunload"]
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator("main")).to_contain_text("Draft saved.")
    page.get_by_role("link", name=re.compile("its progress")).click()
    expect(page).to_have_url(re.compile(rf"/my/applications/{application.pk}/$"))
    assert asked == ["beforeunload"]


def test_a_drafts_wrong_upload_is_replaced_then_removed_and_kept_in_the_history(
    page, live_server, clerk
):
    resident, application = resident_with_draft(clerk)
    online.add_online_document(
        application=application,
        by=resident.user,
        kind="fencing_details",
        upload=_simple("wrong-fence.pdf"),
    )
    log_in_resident(page, live_server, resident)
    page.goto(f"{live_server.url}/my/applications/{application.pk}/edit/")
    type_two_goats(page, "2")
    row = page.locator(".document-row", has_text="wrong-fence.pdf")
    row.locator("summary").click()
    row.locator("input[type=file]").set_input_files(a_pdf("fence.pdf"))
    row.get_by_role("button", name="Upload the new file").click()
    expect(page.locator("main")).to_contain_text("wrong-fence.pdf is replaced by fence.pdf.")
    expect(page.locator("#document-list")).not_to_contain_text("wrong-fence.pdf")
    expect(page.locator("[name=animals-0-count]")).to_have_value("2")
    looks_right(page)
    shot(page, "upload-replaced")

    page.get_by_role("button", name="Remove fence.pdf").click()
    expect(page.locator("main")).to_contain_text("fence.pdf is removed.")
    expect(page.locator("#documents")).to_contain_text("No document uploaded yet.")
    kept = Document.objects.filter(application=application).order_by("pk")
    assert [(d.original_name, d.voided) for d in kept] == [
        ("wrong-fence.pdf", True),
        ("fence.pdf", True),
    ]


def _simple(name):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, PDF, content_type="application/pdf")


def received_after_a_question(clerk):
    """An online application the clerk asked about, answered, and marked received, with only
    its plan among the §20-20(1) documents."""
    resident, application = resident_with_draft(clerk)
    online.save_online_application(
        application=application,
        by=resident.user,
        animals=[{"species": "goat", "count": 2, "name": "", "pk": None}],
    )
    online.add_online_document(
        application=application, by=resident.user, kind="site_plan", upload=_simple("plan.pdf")
    )
    online.submit_online_application(application=application, by=resident.user)
    online.request_information(
        application=application,
        by=clerk,
        sections=["animals"],
        message="Are both goats grown?",
    )
    online.submit_online_application(application=application, by=resident.user)
    online.receive_online_application(application=application, by=clerk)
    return resident, application


def test_after_receipt_the_page_sends_what_is_still_needed_and_the_clerk_accepts_it(
    page, live_server, clerk
):
    factories.fee_schedule()
    resident, application = received_after_a_question(clerk)
    log_in_resident(page, live_server, resident)
    page.goto(f"{live_server.url}/my/applications/{application.pk}/")
    main = page.locator("main")
    expect(page.locator("#application-dates")).to_contain_text("Received by the clerk on")
    expect(main).not_to_contain_text("Received —")
    timeline = page.locator("ol.timeline")
    expect(timeline).to_contain_text("The clerk asked for more information")
    expect(timeline).to_contain_text("Are both goats grown?")
    expect(timeline).to_contain_text("You answered and sent it again")
    sent = page.get_by_role("region", name="What you sent")
    expect(sent).to_contain_text("plan.pdf")

    abutters = page.get_by_role("form", name="Send the certified abutter list")
    # A wrong file first: refused at its field.
    abutters.locator("input[type=file]").set_input_files(
        {"name": "abutters.pdf", "mimeType": "application/pdf", "buffer": b"not a pdf"}
    )
    abutters.get_by_role("button", name="Send the certified abutter list").click()
    abutters = page.get_by_role("form", name="Send the certified abutter list")
    expect(abutters.locator(".invalid-feedback")).to_be_visible()
    shot(page, "supplement-refused")
    abutters.locator("input[type=file]").set_input_files(a_pdf("abutters.pdf"))
    abutters.get_by_role("button", name="Send the certified abutter list").click()
    expect(main).to_contain_text("Certified abutter list sent.")
    expect(sent).to_contain_text("abutters.pdf")
    expect(sent).to_contain_text("Waiting for the clerk to check it")
    expect(timeline).to_contain_text("The clerk checks the certified abutter list you sent")
    looks_right(page)
    shot(page, "supplement-sent")

    page.context.clear_cookies()
    login(page, live_server, clerk.username)
    page.goto(f"{live_server.url}/permits/applications/{application.pk}/")
    expect(page.locator("#supplements-notice")).to_contain_text(
        "The applicant sent 1 document online"
    )
    looks_right(page, tapped=False)
    shot(page, "clerk-supplement")
    page.locator("#supplements").get_by_role(
        "button", name="Accept the certified abutter list"
    ).click()
    expect(page.locator("main")).to_contain_text("Certified abutter list accepted")
    application.refresh_from_db()
    assert application.doc_certified_abutter_list

    page.context.clear_cookies()
    log_in_resident(page, live_server, resident)
    page.goto(f"{live_server.url}/my/applications/{application.pk}/")
    expect(sent).to_contain_text("Accepted by the clerk on")
    expect(timeline).to_contain_text("The clerk accepted the certified abutter list")
    expect(page.get_by_role("form", name="Send the certified abutter list")).to_have_count(0)
    shot(page, "supplement-accepted")
