"""The agent's phone in a barn with no signal (issue 28), on a 390 px touch phone: the day's list
opened with a signal is kept on the phone; a checklist recorded without one, photos and all,
survives a reload and sends itself when the signal returns; a queued checklist the office
must refuse says why, and is kept whole at the office (issue 34). Also (issue 26, point 1): a
form sent back with an error keeps the photos chosen."""

from __future__ import annotations

import io
import os
import re
from datetime import timedelta

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import timezone
from PIL import Image
from playwright.sync_api import expect

from inspections import actions
from inspections.actions import Answer
from inspections.checklist import items_for
from inspections.keeping import keeping_for
from inspections.models import ChecklistFinding, Inspection, Order, Photo
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import moment
from tests import factories
from tests.browser.conftest import CHROMIUM, WAIT_MS, login
from tests.conftest import make_user

os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

VERMIN_QUESTION = "Is the facility free of any vermin infestation?"
TOUCH_PHONE = {
    "viewport": {"width": 390, "height": 844},
    "has_touch": True,
    "is_mobile": True,
    "device_scale_factor": 2,
}


@pytest.fixture
def touch_phone(chromium):
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"No Chromium at {CHROMIUM}.")
    context = chromium.new_context(**TOUCH_PHONE)
    context.set_default_timeout(WAIT_MS)
    context.set_default_navigation_timeout(WAIT_MS)
    yield context
    context.close()


def camera_photo(name: str, width: int = 4000, height: int = 3000) -> dict:
    """A photo as a phone's camera takes it: large, and full of detail (noise)."""
    image = Image.effect_noise((width // 4, height // 4), 90).convert("RGB").resize((width, height))
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", quality=95)
    return {"name": name, "mimeType": "image/jpeg", "buffer": buffer.getvalue()}


def todays_inspection(*, clerk, agent) -> Inspection:
    today = timezone.localdate()
    permit = factories.issued_permit(by=clerk, on=today, received_on=today)
    return actions.schedule_inspection(
        lot=permit.lot, kind=Inspection.Kind.ROUTINE, scheduled_for=today, by=agent, agent=agent
    )


def serious_faults(page) -> list[str]:
    results = Axe().run(page)
    return [
        f"{v['id']}: {', '.join(', '.join(n['target']) for n in v['nodes'][:3])}"
        for v in results.response["violations"]
        if v["impact"] in {"serious", "critical"}
    ]


def kept_on_the_phone(page) -> dict:
    """The page caches and databases of the phone's copy (the site's own scripts aside)."""
    return page.evaluate(
        """async () => ({
            caches: (await caches.keys()).filter((name) => name.startsWith("boh-pages-")),
            databases: (await indexedDB.databases()).map((db) => db.name)
                .filter((name) => name === "boh-phone"),
        })"""
    )


def fits_the_phone(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth") <= TOUCH_PHONE["viewport"]["width"]


def open_the_day(page, live_server, agent) -> None:
    """Log in and open the list with a signal: the phone keeps the day."""
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/")
    expect(page.locator("[data-phone-day-status][data-phone-ready=yes]")).to_have_text(
        re.compile("Kept on this phone")
    )


def fill_the_checklist(page, photos=()) -> None:
    vermin = page.locator("fieldset", has_text=VERMIN_QUESTION)
    vermin.locator("label", has_text="Violation").click()
    vermin.locator("textarea").fill("Rat burrows along the coop foundation.")
    if photos:
        vermin.locator("input[type=file]").set_input_files(list(photos))
        expect(vermin.locator("[data-photo-list] li")).to_have_count(len(photos))
    page.get_by_role("button", name="Mark the unanswered as complies").click()
    expect(page.locator("[data-progress]")).to_have_text(re.compile(r"^(\d+) of \1 answered$"))
    # The phone says when it holds the last answer (its database takes a moment with photos).
    expect(page.locator("[data-draft-state]")).to_have_attribute("data-draft-state", "saved")
    expect(page.locator("[data-draft-state]")).to_contain_text("Kept on this phone at")


def test_an_agent_records_a_checklist_without_a_signal_and_it_sends_itself(
    touch_phone, live_server, clerk, agent
):
    inspection = todays_inspection(clerk=clerk, agent=agent)
    page = touch_phone.new_page()
    open_the_day(page, live_server, agent)
    page.screenshot(path="/tmp/offline-1-list.png", full_page=True)

    # In the barn: no signal. The list, the inspection and its checklist open from the phone.
    touch_phone.set_offline(True)
    page.reload()
    expect(page.locator("[data-offline-banner]")).to_contain_text("No signal")
    page.get_by_role("link", name=re.compile(inspection.lot.street_address)).first.click()
    page.get_by_role("link", name="Start the checklist").click()
    expect(page.locator("[data-offline-banner]")).to_be_visible()
    fill_the_checklist(page, [camera_photo("IMG_0001.jpg"), camera_photo("IMG_0002.jpg")])
    # Saved as the agent goes: the phone's browser reloading the page (or crashing) loses nothing.
    page.reload()
    expect(page.locator("[data-progress]")).to_have_text(re.compile(r"^(\d+) of \1 answered$"))
    expect(page.locator("[data-photo-list] li")).to_have_count(2)
    page.get_by_role("button", name="Record the inspection").click()
    notice = page.locator("[data-phone-notice]")
    expect(notice).to_contain_text("Saved on this phone")
    expect(page.locator("[data-queue-count]")).to_have_text("1")
    assert fits_the_phone(page)
    page.screenshot(path="/tmp/offline-2-queued.png", full_page=True)
    assert serious_faults(page) == []
    assert not Inspection.objects.get(pk=inspection.pk).is_completed

    # A reload (or a crash) without a signal loses nothing.
    page.reload()
    vermin = page.locator("fieldset", has_text=VERMIN_QUESTION)
    expect(vermin.locator("input[value=violation]")).to_be_checked()
    expect(vermin.locator("textarea")).to_have_value("Rat burrows along the coop foundation.")
    expect(vermin.locator("[data-photo-list] li")).to_have_count(2)
    expect(notice).to_contain_text("Saved on this phone")
    expect(page.locator("[data-progress]")).to_have_text(re.compile(r"^(\d+) of \1 answered$"))
    expect(page.locator("[data-queue-count]")).to_have_text("1")
    vermin.screenshot(path="/tmp/offline-2b-photos.png")

    # The list says which inspection waits on the phone.
    page.get_by_role("link", name="Inspections", exact=True).click()
    expect(page.locator("[data-phone-badge]")).to_have_text("On this phone, to send")
    page.screenshot(path="/tmp/offline-2c-list.png", full_page=True)
    assert serious_faults(page) == []
    page.go_back()
    expect(notice).to_contain_text("Saved on this phone")

    # The signal returns: the checklist goes on its own.
    touch_phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    sent = page.locator("[data-sent]")
    expect(sent).to_contain_text("inspection recorded")
    expect(page.locator("[data-queue-count]")).to_have_count(0)
    expect(notice).to_contain_text("Sent and recorded at the office.")
    expect(page.locator("form[data-checklist]")).to_be_hidden()
    page.screenshot(path="/tmp/offline-3-sent.png", full_page=True)
    assert serious_faults(page) == []
    sent.get_by_role("link", name="Open it").click()

    inspection.refresh_from_db()
    assert inspection.is_completed
    assert inspection.recorded_on_phone_at is not None
    assert inspection.recorded_on_phone_at <= timezone.now()
    photos = list(Photo.objects.filter(finding__inspection=inspection))
    assert len(photos) == 2
    for photo in photos:
        with Image.open(photo.image.path) as image:
            assert max(image.size) <= 2000, image.size  # shrunk on the phone
        assert photo.content_type == "image/jpeg"
    expect(page.locator("img[alt^='Photo']")).to_have_count(2)
    expect(page.get_by_text("Recorded on the phone:")).to_be_visible()

    # The violation becomes its order, and the history shows the time in the field.
    page.get_by_role("link", name="Issue an order").click()
    page.get_by_label("What the owner must do").fill("Have the rats abated by a licensed operator.")
    page.get_by_role("button", name="Issue the order").click()
    expect(page.get_by_text("re-inspection scheduled for")).to_be_visible()
    assert Order.objects.get().inspection_id == inspection.pk
    page.goto(f"{live_server.url}/inspections/{inspection.pk}/history/")
    # The phone's clock, on Stoneham's time: when the agent recorded it, not when it arrived.
    expect(page.locator("main")).to_contain_text(
        f"Recorded on the phone at: — → {moment(inspection.recorded_on_phone_at)}"
    )
    page.screenshot(path="/tmp/offline-4-history.png", full_page=True)

    # Logging out leaves nothing of the agent's on the phone.
    assert f"boh-pages-{agent.pk}" in kept_on_the_phone(page)["caches"]
    page.get_by_role("button", name="Open the menu").click()
    expect(page.locator("#main-nav")).to_have_class(re.compile(r"(^| )show( |$)"))
    page.get_by_role("button", name=f"Account of {agent.username}").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_text("You are logged out.")).to_be_visible()
    assert kept_on_the_phone(page) == {"caches": [], "databases": []}


def test_a_checklist_the_office_refuses_is_kept_whole_and_carried_into_a_reinspection(
    touch_phone, chromium, live_server, clerk, agent
):
    """Issue 34, point 2: what the agent saw in the barn is never lost to a colleague's record."""
    inspection = todays_inspection(clerk=clerk, agent=agent)
    page = touch_phone.new_page()
    open_the_day(page, live_server, agent)
    touch_phone.set_offline(True)
    page.goto(f"{live_server.url}/inspections/{inspection.pk}/record/")
    fill_the_checklist(page, [camera_photo("IMG_0007.jpg")])
    page.get_by_role("button", name="Record the inspection").click()
    expect(page.locator("[data-phone-notice]")).to_contain_text("Saved on this phone")

    # Logging out with a checklist not yet at the office asks first; the agent says no.
    page.get_by_role("button", name="Open the menu").click()
    expect(page.locator("#main-nav")).to_have_class(re.compile(r"(^| )show( |$)"))
    page.get_by_role("button", name=f"Account of {agent.username}").click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    # The question comes once the phone has counted its queue: waited for, not raced (the
    # handler answers it, or the click would wait on the open dialog).
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    with page.expect_event("dialog"):
        page.get_by_role("button", name="Log out").click()
    page.wait_for_function("() => document.querySelector('[data-queue-count]')")
    assert asked and "not yet at the office" in asked[0]
    expect(page.locator("[data-queue-count]")).to_have_text("1")

    # Meanwhile a colleague went with a signal and recorded it as all complies.
    colleague = make_user("agent2", Role.AGENT, first_name="Dana", last_name="Reyes")
    items = items_for(inspection, keeping_for(inspection.lot, inspection.scheduled_for))
    actions.record_inspection(
        inspection=inspection,
        by=colleague,
        answers={i.id: Answer(result=ChecklistFinding.Result.COMPLIES) for i in items},
    )
    # The signal returns: the office refuses, says who recorded it, and keeps what was seen.
    touch_phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    refusal = page.locator("[data-refused]")
    expect(refusal).to_contain_text("already completed")
    expect(refusal).to_contain_text("Recorded by Dana Reyes")
    expect(refusal).to_contain_text("Rat burrows along the coop foundation.")
    expect(refusal).to_contain_text("1 photo")
    expect(page.locator("[data-queue-count]")).to_have_count(0)
    # The checklist below no longer offers to record it, nor says it waits to be sent.
    expect(page.locator("[data-phone-notice]")).to_contain_text("kept at the office")
    expect(page.locator("form[data-checklist]")).to_be_hidden()
    assert fits_the_phone(page)
    page.screenshot(path="/tmp/offline-5-refused.png", full_page=True)
    assert serious_faults(page) == []
    inspection.refresh_from_db()
    assert inspection.recorded_on_phone_at is None
    assert not ChecklistFinding.objects.filter(
        inspection=inspection, result=ChecklistFinding.Result.VIOLATION
    ).exists()
    # The phone's copy went: the office holds it, and the agent's list says so.
    assert page.evaluate("window.BOHPhone.all('queue').then((q) => q.length)") == 0
    page.goto(f"{live_server.url}/inspections/")
    expect(page.locator("[data-unresolved-reports]")).to_contain_text(inspection.lot.street_address)

    # The report in full, photo and all.
    page.locator("[data-unresolved-reports]").get_by_role("link").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("What was seen at")
    report = page.locator("[data-field-report]")
    expect(report).to_contain_text("Rat burrows along the coop foundation.")
    expect(report).to_contain_text("Recorded by Dana Reyes")
    thumbnail = report.locator("img[alt^='Photo 1']")
    thumbnail.scroll_into_view_if_needed()
    expect(thumbnail).to_have_js_property("complete", True)
    assert thumbnail.evaluate("img => img.naturalWidth") > 0
    assert fits_the_phone(page)
    page.screenshot(path="/tmp/offline-5b-field-report.png", full_page=True)
    assert serious_faults(page) == []

    # The office sees it on the inspection, beside the colleague's record.
    desk = chromium.new_context(viewport={"width": 1280, "height": 900})
    office = desk.new_page()
    login(office, live_server, clerk.username)
    office.goto(f"{live_server.url}/inspections/{inspection.pk}/")
    seen = office.locator("[data-field-report]")
    expect(seen).to_contain_text("Rat burrows along the coop foundation.")
    expect(seen).to_contain_text("Waiting for the agent")
    expect(office.get_by_role("button", name="Carry it into a re-inspection")).to_have_count(0)
    office.screenshot(path="/tmp/offline-5d-office.png", full_page=True)
    assert serious_faults(office) == []
    desk.close()

    # The agent carries it into a re-inspection, which opens with what was seen.
    page.get_by_role("button", name="Carry it into a re-inspection").click()
    expect(page.locator("[data-carried-report]")).to_contain_text("Filled in with")
    vermin = page.locator("fieldset", has_text=VERMIN_QUESTION)
    expect(vermin.locator("input[value=violation]")).to_be_checked()
    expect(vermin.locator("textarea")).to_have_value("Rat burrows along the coop foundation.")
    page.screenshot(path="/tmp/offline-5c-carried.png", full_page=True)
    assert serious_faults(page) == []
    reinspection = Inspection.objects.get(kind=Inspection.Kind.REINSPECTION)
    assert reinspection.lot == inspection.lot and reinspection.is_scheduled


def test_a_form_sent_back_with_an_error_keeps_the_photos_chosen(
    touch_phone, live_server, clerk, agent
):
    inspection = todays_inspection(clerk=clerk, agent=agent)
    page = touch_phone.new_page()
    login(page, live_server, agent.username)
    page.goto(f"{live_server.url}/inspections/{inspection.pk}/record/")
    vermin = page.locator("fieldset", has_text=VERMIN_QUESTION)
    vermin.locator("label", has_text="Violation").click()
    vermin.locator("input[type=file]").set_input_files([camera_photo("IMG_0003.jpg")])
    expect(vermin.locator("[data-photo-list] li")).to_have_count(1)
    # Sent with the violation undescribed and every other item unanswered: sent back.
    page.get_by_role("button", name="Record the inspection").click()
    expect(page.locator("#form-errors")).to_contain_text("Nothing was recorded yet")
    vermin = page.locator("fieldset", has_text=VERMIN_QUESTION)
    expect(vermin.locator("[data-photo-list] li")).to_have_count(1)
    expect(page.locator("[data-photos-kept]")).to_be_visible()
    assert vermin.locator("input[type=file]").evaluate("input => input.files.length") == 1
    page.screenshot(path="/tmp/offline-6-error-kept.png", full_page=True)
    vermin.locator("textarea").fill("Rat burrows along the coop foundation.")
    page.get_by_role("button", name="Mark the unanswered as complies").click()
    page.get_by_role("button", name="Record the inspection").click()
    expect(page.get_by_text("Inspection recorded.")).to_be_visible()
    assert Photo.objects.filter(finding__inspection=inspection).count() == 1


def test_the_time_of_the_inspection_moves_on_only_on_a_page_kept_since_the_morning(
    touch_phone, live_server, clerk, agent
):
    """The checklist's "Inspected at" starts at the office's time when the page was made. A copy
    the phone kept since the morning is moved on to the phone's time; a fresh page keeps the
    office's time, even on a phone whose clock is off, and so does a time the agent typed."""
    inspection = todays_inspection(clerk=clerk, agent=agent)
    url = f"{live_server.url}/inspections/{inspection.pk}/record/"
    office = timezone.localtime().replace(second=0, microsecond=0)
    shown = office.strftime("%Y-%m-%dT%H:%M")
    when = "input[name=performed_at]"

    login(touch_phone.new_page(), live_server, agent.username)

    def opened_with_the_phone_at(phone_now):
        page = touch_phone.new_page()
        page.clock.set_fixed_time(phone_now)
        page.goto(url)
        # The phone's store has answered (and the page has read it) once this resolves.
        page.evaluate(
            "() => window.BOHPhone.ready.then(() => new Promise((r) => setTimeout(r, 300)))"
        )
        return page

    # A phone whose clock is a year behind: the fresh page keeps the office's time.
    behind = opened_with_the_phone_at(office - timedelta(days=365))
    assert behind.locator(when).input_value() == shown

    # Three hours later by the phone, as a copy kept since the morning would be opened: the
    # phone's time, in the phone's own zone (Stoneham's, for an agent of the town).
    later = office + timedelta(hours=3)
    kept = opened_with_the_phone_at(later)
    phone_local = kept.evaluate(
        """() => { const d = new Date(); d.setSeconds(0, 0);
                   const local = new Date(d - d.getTimezoneOffset() * 60000);
                   return local.toISOString().slice(0, 16); }"""
    )
    expect(kept.locator(when)).to_have_value(phone_local)
    assert phone_local != shown
