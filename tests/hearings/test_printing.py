"""The printed documents, read back from the PDF: letters, labels, agenda, written decision."""

import io
import math
import time
from collections import Counter

import pytest
from django.urls import reverse
from pypdf import PdfReader

from facilities import actions as facility_actions
from hearings import actions, notice_timing
from hearings.printing import (
    LABEL_GAP_IN,
    LABEL_SIDE_IN,
    LABEL_TOP_IN,
    LABEL_WIDTH_IN,
    abutter_letters_pdf,
    agenda_pdf,
    decision_letter_pdf,
    decision_pdf,
    label_pages,
    labels_pdf,
)
from stoneham_boh.town.current import current_town
from tests.facilities.wide_lot import DRAWN_STABLE_55_FT, application_on_the_wide_lot
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db

POINTS_PER_INCH = 72


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def test_one_letter_per_abutter_names_everything_the_abutter_must_know(clerk):
    item = b.docketed(by=clerk, abutters=5, relief=["20-15.4.a"], setback_ft="38")
    application = item.application
    pages = pages_text(abutter_letters_pdf([item]))
    text = "\n".join(pages)
    assert len(pages) == 5
    for abutter in notice_timing.abutters_in_letter_order(item):
        assert text.count(abutter.owner_names) == 1
        assert text.count(abutter.mailing_street) == 1
    assert "Owner 005" in pages[-1] and "Melrose, MA 02176" in pages[-1]  # out of town
    for page in pages:
        assert application.applicant.name in page
        assert application.lot.street_address in page
        assert "6 chickens" in page
        assert "§20-15(4)(a)" in page
        assert "Tuesday, March 26, 2030 at 7:00 PM" in page
        assert "Stoneham Town Hall, 35 Central Street" in page
        assert "REGISTERED MAIL, RETURN RECEIPT REQUESTED" in page


def planned_item(clerk, tmp_path, *, abutters: int):
    """On the docket: a new application on the wide lot's parcel, its stable drawn 55 ft from
    the abutting (rear) line."""
    application = application_on_the_wide_lot(tmp_path, clerk, paid=True)
    facility_actions.save_site_plan(application=application, shapes=[DRAWN_STABLE_55_FT], by=clerk)
    return b.docketed(by=clerk, abutters=abutters, application=application)


def images_drawn(pdf: bytes) -> list[list[tuple[int, float]]]:
    """For each page, the images it draws: (the image's object number in the PDF, the dots
    per inch it prints at)."""
    pages = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        xobjects = page["/Resources"].get("/XObject", {})
        drawn = []

        def visit(operator, operands, cm, tm, xobjects=xobjects, drawn=drawn):
            reference = xobjects.get(operands[0]) if operator == b"Do" else None
            if reference is not None and reference.get_object()["/Subtype"] == "/Image":
                width_in = math.hypot(cm[0], cm[1]) / POINTS_PER_INCH
                drawn.append((reference.idnum, reference.get_object()["/Width"] / width_in))

        page.extract_text(visitor_operand_before=visit)
        pages.append(drawn)
    return pages


def test_each_letter_shows_the_site_plan_to_scale_with_its_measured_setback(clerk, tmp_path):
    item = planned_item(clerk, tmp_path, abutters=3)
    pdf = abutter_letters_pdf([item])
    pages = [" ".join(page.split()) for page in pages_text(pdf)]
    assert len(pages) == 3  # the plan shares each letter's page: one sheet to each abutter
    for n, page in enumerate(pages, start=1):
        assert f"Owner {n:03d}" in page and "NOTICE OF PUBLIC HEARING" in page
        assert "Site plan (§20-20(1)), drawn to scale: 10 Ravine Road" in page
        assert "S1 55.0 ft from the abutting property line" in page
    # Drawn once for the packet, as an image every letter places, sharp enough to print (its
    # scale bar, north arrow and setback: tests/facilities/siteplan/test_drawing.py).
    drawn = images_drawn(pdf)
    assert len({number for page in drawn for number, _ in page}) == 1
    for page in drawn:
        assert len(page) == 1 and page[0][1] >= 200


def test_a_letter_without_a_drawn_plan_says_nothing_of_one(clerk):
    item = b.docketed(by=clerk, abutters=2)
    assert not any("Site plan" in page for page in pages_text(abutter_letters_pdf([item])))


def test_labels_fill_30_to_a_page_each_abutter_once(clerk):
    item = b.docketed(by=clerk, abutters=35)
    pages = pages_text(labels_pdf([item]))
    assert len(pages) == 2
    names = Counter(line.strip() for page in pages for line in page.splitlines() if "Owner" in line)
    assert sorted(names) == [f"Owner {n:03d}" for n in range(1, 36)]
    assert set(names.values()) == {1}
    assert [sum("Owner" in line for line in page.splitlines()) for page in pages] == [30, 5]
    assert sum("Abutting Way" in line for line in "\n".join(pages).splitlines()) == 35


def test_labels_sit_on_the_avery_5160_grid(clerk):
    """Each label's first line starts inside its 2-5/8 x 1 inch cell on the Letter sheet."""
    item = b.docketed(by=clerk, abutters=30)
    page = PdfReader(io.BytesIO(labels_pdf([item]))).pages[0]
    assert (float(page.mediabox.width), float(page.mediabox.height)) == (612, 792)
    starts = {}

    def visit(text, cm, tm, font, size):
        if text.strip().startswith("Owner"):
            x, y = tm[4] * cm[0] + cm[4], tm[5] * cm[3] + cm[5]
            starts[text.strip()] = (x / POINTS_PER_INCH, (792 - y) / POINTS_PER_INCH)

    page.extract_text(visitor_text=visit)
    assert len(starts) == 30
    for index, name in enumerate(sorted(starts)):
        row, column = divmod(index, 3)
        left = LABEL_SIDE_IN + column * (LABEL_WIDTH_IN + LABEL_GAP_IN)
        top = LABEL_TOP_IN + row
        x, y = starts[name]
        assert left < x < left + 0.3, (name, x, left)
        assert top < y < top + 0.4, (name, y, top)


def test_the_label_grid_is_avery_5160():
    pages = label_pages([type("A", (), {"owner_names": "X", "mailing_address_lines": []})] * 31)
    assert [len(page) for page in pages] == [30, 1]
    last = pages[0][-1]
    assert (last.top_in, last.left_in) == (9.5, 0.1875 + 2 * 2.75)
    assert last.left_in + LABEL_WIDTH_IN + LABEL_SIDE_IN == 8.5


def test_the_agenda_lists_each_item_with_its_relief(clerk):
    item = b.docketed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    other = b.docketed(by=clerk, the_meeting=item.meeting)
    actions.update_docket_item(item=other, staff_recommendation="Approve as filed.", by=clerk)
    text = "\n".join(pages_text(agenda_pdf(item.meeting)))
    assert "AGENDA" in text and "Tuesday, March 26, 2030" in text
    assert item.application.applicant.name in text and other.application.applicant.name in text
    assert "relief needed from §20-15(4)(a)" in text
    assert "Approve as filed." in text


def test_the_written_decision_states_the_variance_its_conditions_and_expiry(clerk, board_member):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(
        item,
        by=board_member,
        variance_rules=["20-15.4.a"],
        variance_conditions="A solid 6-ft fence along the line.",
        variance_expires_on=b.HEARING.replace(year=2033),
    )
    item.refresh_from_db()
    text = " ".join(" ".join(pages_text(decision_pdf(item))).split())
    assert "DECISION AND VARIANCE" in text
    assert "APPROVED on March 26, 2030" in text
    assert "§20-15(4)(a)" in text
    assert "A solid 6-ft fence along the line." in text
    assert "March 26, 2033" in text
    assert "Board1" in text and "Yes" in text
    assert "the last mailed March 12, 2030" in text


@pytest.mark.perf
def test_300_abutter_letters_and_their_labels_render_in_under_20_seconds(clerk, tmp_path):
    item = planned_item(clerk, tmp_path, abutters=300)  # each letter prints the site plan
    # The processor time this rendering takes (about 6 s with the plan on each letter), not
    # the wall clock: the suite runs beside other work, which stretches the wall clock without
    # saying anything of the code. `make bench` reports the wall-clock figure.
    started = time.process_time()
    letters = abutter_letters_pdf([item])
    labels = labels_pdf([item])
    elapsed = time.process_time() - started
    pages = PdfReader(io.BytesIO(letters)).pages
    (plan,) = {name for page in pages for name in page["/Resources"]["/XObject"]}
    assert len(pages) == 300
    # The plan on each letter's page (read from the page's drawing operators: the text
    # extraction images_drawn() uses would take longer than the rendering).
    assert all(f"{plan} Do".encode() in page.get_contents().get_data() for page in pages)
    assert len(PdfReader(io.BytesIO(labels)).pages) == 10
    assert elapsed < 20, f"{elapsed:.1f} s"


def pages_words(pdf: bytes) -> list[str]:
    return [" ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(pdf)).pages]


def decided(clerk, board_member):
    item = b.noticed(by=clerk, relief=["20-15.4.a"], setback_ft="38")
    b.decide(item, by=board_member, variance_rules=["20-15.4.a"])
    item.refresh_from_db()
    return item


def test_the_letter_is_addressed_to_the_applicant_and_carries_the_whole_decision(
    clerk, board_member
):
    item = decided(clerk, board_member)
    applicant = item.application.applicant
    letter = pages_words(decision_letter_pdf(item, today=b.HEARING))
    decision = pages_words(decision_pdf(item))

    cover = letter[0]
    assert current_town().board_name.upper() in cover
    assert "March 26, 2030" in cover
    assert applicant.name in cover
    for line in applicant.mailing_address_lines:
        assert line in cover
    assert f"Dear {applicant.name}:" in cover
    assert "Approved" in cover
    assert "DECISION AND VARIANCE" not in cover  # the decision starts on a page of its own
    # After the letter, the written decision as printed on its own: its heading, its result,
    # the variance it grants and the members' votes.
    rest = " ".join(letter[1:])
    assert rest.startswith(decision[0].split(" DECISION AND VARIANCE")[0])
    for words in ("DECISION AND VARIANCE", "APPROVED on March 26, 2030", "§20-15(4)(a)", "Board1"):
        assert words in rest and words in " ".join(decision)


def test_the_decision_page_offers_the_letter_and_says_no_email_was_given(
    client, clerk, board_member
):
    item = decided(clerk, board_member)
    applicant = item.application.applicant
    applicant.email = ""
    applicant.save()
    client.force_login(clerk)
    page = client.get(reverse("hearings:decision-sent", args=[item.pk])).content.decode()
    assert reverse("hearings:decision-letter-pdf", args=[item.pk]) in page
    assert f"{applicant.name} gave no e-mail address" in page
    response = client.get(reverse("hearings:decision-letter-pdf", args=[item.pk]))
    assert response["Content-Type"] == "application/pdf"
    assert f"Dear {applicant.name}:" in pages_words(response.content)[0]
