"""The Board's decision as a letter to an applicant without e-mail, read back from the PDF."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from hearings.printing import decision_letter_pdf, decision_pdf
from stoneham_boh.town.current import current_town
from tests.hearings import builders as b

pytestmark = pytest.mark.django_db


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
