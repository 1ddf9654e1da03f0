"""What the clerk and the Board meet on an application's way to its hearing (issue 26, the
clerk, the Board and the administrator), in the browser at the width it was found at."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

import pytest
import time_machine
from django.urls import reverse
from playwright.sync_api import expect

from tests import factories
from tests.browser.conftest import login
from tests.facilities.wide_lot import application_on_the_wide_lot
from tests.hearings import builders as b

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOT_DEPTH_FT = 60 / 0.3048
PLAN_RULE = '#compliance-panel .finding[data-rule="20-20.1"]'
HEARING_RULE = '#compliance-panel .finding[data-rule="20-20.9"]'


def test_a_plan_drawn_on_the_map_is_the_applications_site_plan(
    browser_page, live_server, clerk, tmp_path
):
    page = browser_page
    application = application_on_the_wide_lot(tmp_path, clerk, doc_site_plan=False)
    login(page, live_server, clerk.username)
    detail = live_server.url + reverse("permits:application-detail", args=[application.pk])
    page.goto(detail)
    expect(page.locator(PLAN_RULE).first).to_contain_text("lacks the site plan")
    page.get_by_role("link", name="Draw the site plan").click()
    page.wait_for_url(re.compile(r"/plan/$"))
    page.get_by_role("button", name="Add a structure").click()
    page.locator("#s0-width_ft").fill("12")
    page.locator("#s0-depth_ft").fill("12")
    page.locator("#s0-x").fill("98.4")
    page.locator("#s0-y").fill(str(round(LOT_DEPTH_FT - 61, 2)))
    page.get_by_role("button", name="Save the plan").click()
    page.wait_for_url(re.compile(rf"/applications/{application.pk}/$"))
    page.locator("#compliance-panel").wait_for()
    panel = page.locator("#compliance-panel").inner_text()
    assert "site plan" not in panel.replace("Draw the site plan", "")


def test_with_the_hearing_set_the_notice_findings_read_its_date(browser_page, live_server, clerk):
    page = browser_page
    with time_machine.travel(factories.midday(date(2030, 2, 1)), tick=False):
        item = b.docketed(by=clerk)
    with time_machine.travel(factories.midday(date(2030, 2, 20)), tick=True):
        login(page, live_server, clerk.username)
        page.goto(
            live_server.url + reverse("permits:application-detail", args=[item.application_id])
        )
        page.locator(HEARING_RULE).first.wait_for(state="attached")
        findings = " ".join(page.locator(HEARING_RULE).all_inner_texts())
        assert "not yet set" not in findings
        assert "2030-03-26" in findings or "March 26, 2030" in findings


def test_schedule_a_hearing_ticks_only_the_approvals_the_application_needs(
    browser_page, live_server, clerk
):
    page = browser_page
    with time_machine.travel(factories.midday(date(2030, 2, 1)), tick=False):
        application = b.new_hen_application(by=clerk)
        b.meeting(by=clerk)
    with time_machine.travel(factories.midday(date(2030, 2, 2)), tick=True):
        login(page, live_server, clerk.username)
        page.goto(f"{live_server.url}/hearings/schedule/?application={application.pk}")
        boxes = page.locator("input[name=approvals_sought]")
        boxes.first.wait_for(state="attached")
        ticked = [
            boxes.nth(i).get_attribute("value")
            for i in range(boxes.count())
            if boxes.nth(i).is_checked()
        ]
        # Six hens in a compliant coop: their vermin plan is for the Board to approve (§20-19);
        # no wild animal, no compost, no construction.
        assert ticked == ["vermin_plan"]


def test_the_docket_card_shows_the_plan_and_every_document_by_what_it_is(
    browser_page, live_server, clerk, board_member, tmp_path
):
    from facilities import actions as facility_actions
    from permits import actions as permit_actions
    from permits.models import Document
    from tests.facilities.wide_lot import DRAWN_STABLE_55_FT

    page = browser_page
    with time_machine.travel(factories.midday(date(2030, 2, 1)), tick=False):
        application = application_on_the_wide_lot(
            tmp_path, clerk, received_on=date(2030, 1, 25), doc_site_plan=False
        )
        facility_actions.save_site_plan(
            application=application, shapes=[DRAWN_STABLE_55_FT], by=clerk
        )
        permit_actions.record_paper_original(
            application=application,
            kind=Document.Kind.FENCING,
            by=clerk,
            description="Fence drawing handed in at the counter",
        )
        permit_actions.upload_document(
            application=application,
            kind=Document.Kind.APPROVAL,
            upload=factories.register_scan("neighbour.pdf"),
            by=clerk,
            description="Letter from the neighbour at 14 Ravine Road",
        )
        item = b.docketed(by=clerk, application=application)
    with time_machine.travel(factories.midday(date(2030, 2, 20)), tick=True):
        login(page, live_server, board_member.username)
        page.get_by_role("link", name="Docket").first.click()
        card = page.locator(f"#item-{item.pk}")
        card.wait_for()
        card.locator(".docket-site-plan").scroll_into_view_if_needed()
        expect(card.locator("svg.site-plan-drawing")).to_have_count(1)
        documents = card.locator(".docket-documents")
        expect(documents).to_contain_text(
            "Approval or correspondence: Letter from the neighbour at 14 Ravine Road"
        )
        expect(documents).to_contain_text("Fencing details: Fence drawing handed in at the counter")
        expect(documents).to_contain_text("Paper original on file at the Board of Health office")
        # The uploaded letter opens (a download), and the paper original's page says where it is.
        with page.expect_download() as download:
            documents.get_by_role("link", name=re.compile("Open neighbour.pdf")).click()
        assert download.value.suggested_filename == "neighbour.pdf"
        paper = Document.objects.get(application=application, paper_original=True)
        response = page.goto(
            live_server.url + reverse("permits:document-download", args=[paper.pk])
        )
        assert response.status == 200
        expect(page.get_by_role("heading", level=1)).to_contain_text("Fencing details")


def test_a_structure_drawn_before_it_is_typed_is_kept_and_the_page_says_where_to_add_it(
    browser_page, live_server, clerk, tmp_path
):
    page = browser_page
    application = application_on_the_wide_lot(tmp_path, clerk)
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("permits:site-plan", args=[application.pk]))
    for index, (x, y) in enumerate([(98.4, LOT_DEPTH_FT - 61), (40, LOT_DEPTH_FT - 70)]):
        page.get_by_role("button", name="Add a structure").click()
        page.locator(f"#s{index}-width_ft").fill("10")
        page.locator(f"#s{index}-depth_ft").fill("8")
        page.locator(f"#s{index}-x").fill(str(x))
        page.locator(f"#s{index}-y").fill(str(round(y, 2)))
    drawn = "SHED"  # the second shape: not yet typed on the application
    page.locator("#s1-id").fill(drawn)
    page.get_by_role("button", name="Save the plan").click()
    page.wait_for_url(re.compile(rf"/applications/{application.pk}/$"))
    warning = page.locator(".alert-warning", has_text="is drawn on the plan and kept there")
    expect(warning).to_contain_text(f"{drawn} is drawn on the plan")
    warning.get_by_role("link", name="Add it under Structures on the application").click()
    page.wait_for_url(re.compile(rf"/applications/{application.pk}/edit/"))
    # Kept: the editor opens with both shapes.
    page.goto(live_server.url + reverse("permits:site-plan", args=[application.pk]))
    expect(page.locator("#s1-id")).to_have_value(drawn)


def test_the_clerk_gives_a_lot_its_parcel_id_and_it_opens_on_the_map(
    browser_page, live_server, clerk, tmp_path
):
    from facilities import actions as facility_actions
    from facilities.models import Lot
    from facilities.parcels.writer import write_layer
    from tests.facilities.wide_lot import rows as wide_rows

    page = browser_page
    facility_actions.import_parcel_layer(
        path=write_layer(tmp_path / "wide.zip", wide_rows()), by=clerk
    )
    # Recorded without a parcel id, as a complaint or an online application records it.
    lot = facility_actions.lot_at_address(street_address="10 Ravine Road", by=clerk)
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("facilities:lot-detail", args=[lot.pk]))
    page.get_by_role("textbox", name="Parcel id").fill("8-2-1")
    page.get_by_role("button", name="Record the parcel id").click()
    expect(
        page.get_by_text("Parcel id 8-2-1 recorded: the lot is on the town map.")
    ).to_be_visible()
    expect(page.locator("main")).to_contain_text("LOC_ID W_WIDE")
    lot = Lot.objects.get(pk=lot.pk)
    assert lot.parcel_id == "8-2-1"
    assert lot.history.first().history_user == clerk
    assert lot.history.first().prev_record.parcel_id is None


def test_the_lot_search_offers_the_town_maps_parcel_for_an_address_not_on_file(
    browser_page, live_server, clerk, tmp_path
):
    from facilities import actions as facility_actions
    from facilities.parcels.writer import write_layer
    from permits.models import Application
    from tests.facilities.wide_lot import rows as wide_rows

    page = browser_page
    facility_actions.import_parcel_layer(
        path=write_layer(tmp_path / "wide.zip", wide_rows()), by=clerk
    )
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("permits:application-new"))
    page.locator("#lot-q").fill("10 Ravine")
    choice = page.get_by_label(re.compile(r"10 Ravine Road · parcel 8-2-1"))
    choice.check()
    page.locator("#id_applicant-name").fill("Rosa Ravine")
    page.locator("#id_applicant-mailing_street").fill("10 Ravine Road")
    page.locator("#id_applicant-mailing_zip").fill("02180")
    page.get_by_role("button", name="Open the draft and continue").click()
    page.wait_for_url(re.compile(r"/applications/\d+/edit/$"))
    application = Application.objects.select_related("lot").latest("pk")
    assert application.lot.parcel_id == "8-2-1"
    assert application.lot.street_address == "10 Ravine Road"
    assert application.lot.tax_parcel.loc_id == "W_WIDE"


ASSESSOR_TSV = (
    "\ufeffOwner\tCo-owner\tMailing Address\tCity/State/Zip\tParcel ID\r\n"
    "OWNER OF WEST\t\t20  Ravine Road\tSTONEHAM  MA 2180\t8-3-1\r\n"
    "OWNER OF EAST\tSPOUSE OF EAST\t5 Harbor Way\tNASHUA NH 3060\t8-4-1\r\n"
)


def test_the_certified_list_as_the_assessor_sends_it_is_read_and_checked_against_the_map(
    browser_page, live_server, clerk, tmp_path
):
    from facilities.models import Abutter

    page = browser_page
    application = application_on_the_wide_lot(tmp_path, clerk)
    export = tmp_path / "abutters.txt"
    export.write_bytes(ASSESSOR_TSV.encode("utf-8"))
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("permits:abutter-import", args=[application.pk]))
    page.get_by_label("Assessor's certified list", exact=False).set_input_files(str(export))
    page.locator("#id_import-certified_on").fill("2026-11-20")
    page.get_by_role("button", name=re.compile("Preview")).click()
    readings = page.locator("[data-readings]")
    expect(readings).to_contain_text("Tab-separated columns")
    expect(readings).to_contain_text("2 ZIP codes of 4 digits")
    expect(readings).to_contain_text("Spaces doubled in the file were read as one.")
    west = page.locator("tr[data-line='2']")
    expect(west).to_contain_text("20 Ravine Road, STONEHAM, MA 02180")
    expect(west.locator("[data-map-check]")).to_have_text("Same address")
    east = page.locator("tr[data-line='3']")
    expect(east).to_contain_text("OWNER OF EAST & SPOUSE OF EAST")
    expect(east.locator("[data-map-check]")).to_contain_text("Differs")
    expect(east.locator("[data-map-check]")).to_contain_text("Out of state (NH)")
    page.get_by_role("button", name=re.compile("Import these 2 abutters")).click()
    expect(page.get_by_text("2 abutters imported from the certified list.")).to_be_visible()
    assert sorted(Abutter.objects.values_list("owner_names", "mailing_zip")) == [
        ("OWNER OF EAST & SPOUSE OF EAST", "03060"),
        ("OWNER OF WEST", "02180"),
    ]


def test_the_drafted_list_downloads_as_csv_and_pdf_for_the_assessor(
    browser_page, live_server, clerk, tmp_path
):
    from io import BytesIO

    from pypdf import PdfReader

    from facilities import actions as facility_actions

    page = browser_page
    application = application_on_the_wide_lot(tmp_path, clerk)
    draft = facility_actions.draft_abutter_list(application=application, by=clerk)
    owners = sorted(entry.owner_name for entry in draft.entries.all())
    login(page, live_server, clerk.username)
    page.goto(live_server.url + reverse("permits:abutter-import", args=[application.pk]))
    with page.expect_download() as download:
        page.get_by_role("link", name="download as CSV").click()
    data = Path(download.value.path()).read_bytes()
    assert data.startswith("\ufeff".encode())  # Excel reads it as UTF-8
    lines = data.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Why an abutter (§20-14),Parcel id,Site address,Owner")
    assert sorted(line.split(",")[3] for line in lines[1:]) == owners
    href = page.get_by_role("link", name="print as PDF").get_attribute("href")
    printed = page.request.get(live_server.url + href)
    assert printed.headers["content-type"] == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(BytesIO(printed.body())).pages)
    assert "for certification by the Town Assessor" in " ".join(text.split())
    for owner in owners:
        assert owner in text
