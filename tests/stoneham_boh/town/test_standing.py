"""The letters' standing paragraphs, reworded by the administrator: placeholders checked when
saved, every value escaped, a preview, a history, and the new wording on the next document."""

from __future__ import annotations

from datetime import date

import pytest
from django.core import mail
from django.urls import reverse

from hearings.printing import holder_notice_pdf
from permits import actions
from permits.printing import render_permit_pdf
from permits.rules.ruleset_2002 import STONEHAM_2002
from stoneham_boh.town import placeholders
from stoneham_boh.town.models import StandingText, Town
from stoneham_boh.town.standing import PARAGRAPHS, paragraph, wording_problems
from tests import factories
from tests.permits.test_printing import pdf_text
from tests.stoneham_boh.town.builders import edit_wording


def test_an_unknown_placeholder_is_named_and_a_stray_brace_refused():
    offered = {"telephone", "office_hours"}
    assert placeholders.problems("Call {telephone} ({office_hours}).", offered) == []
    found = placeholders.problems("Dear {applicant_nam}, call {telephone}.", offered)
    assert len(found) == 1 and found[0].startswith("{applicant_nam} is not a placeholder")
    assert "{office_hours}, {telephone}" in found[0]
    assert placeholders.problems("Call {{ TOWN.telephone }}.", offered)[0].startswith("A brace")
    assert placeholders.problems("{% load static %}", offered)[0].startswith("A brace")


def test_the_wording_and_every_value_are_escaped_and_nothing_is_evaluated():
    html = placeholders.render_html(
        "<b>Call</b> {telephone} & {office_hours}\nThank you.",
        {"telephone": "<script>alert(1)</script>", "office_hours": "9 to 5"},
    )
    assert html == (
        "&lt;b&gt;Call&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt; &amp; 9 to 5<br>Thank you."
    )
    assert placeholders.render_text("Call {telephone}.", {"telephone": "555"}) == "Call 555."


@pytest.mark.django_db
def test_the_standard_wording_prints_until_one_is_saved():
    assert str(paragraph("order_letter.call", {})) == (
        "If you have corrected the violation before the deadline, or need more time, call the "
        "Board&#x27;s office at (781) 438-0762 (Monday to Thursday 8:30 a.m. to 4:30 p.m., "
        "Friday 8:30 a.m. to 12:30 p.m.)."
    )
    with pytest.raises(ValueError, match="needs the facts appeal_by, decided_on"):
        paragraph("decision.appeal", {})


@pytest.mark.django_db
def test_a_bad_placeholder_is_refused_at_the_field_with_the_text_kept(client, admin_user):
    client.force_login(admin_user)
    typed = "Call us at {telefone} during {office_hours}."
    response = edit_wording(client, "order_letter.call", typed)
    assert response.status_code == 200
    page = response.content.decode()
    # At the field: the message is the wording field's own error, tied to it for readers.
    assert '<p id="error_1_id_text"><strong>{telefone} is not a placeholder' in page
    assert 'aria-describedby="id_text_helptext id_text_error"' in page
    assert typed in page  # the textarea keeps what was typed
    assert not StandingText.objects.exists()


@pytest.mark.django_db
def test_the_preview_shows_the_wording_with_the_towns_facts_and_saves_nothing(client, admin_user):
    client.force_login(admin_user)
    response = edit_wording(client, "order_letter.call", "Ring {telephone} now.", action="preview")
    page = response.content.decode()
    assert "Preview of the wording above (not saved)" in page
    assert "Ring (781) 438-0762 now." in page
    assert not StandingText.objects.exists()


@pytest.mark.django_db
def test_the_permits_own_section_20_20_3_sentence_is_the_rulesets_not_a_setting(
    client, admin_user, clerk
):
    """Issue 33, finding 16: what the regulation means is not the administrator's to reword."""
    client.force_login(admin_user)
    assert "permit.excess" not in PARAGRAPHS
    assert (
        edit_wording(client, "permit.excess", "Up to twice this number may be kept.").status_code
        == 404
    )
    # A wording saved before the sentence moved to the ruleset is not printed.
    StandingText.objects.create(
        town=Town.objects.get(is_current=True), key="permit.excess", text="Up to twice this."
    )
    permit = factories.issued_permit(by=clerk)
    text = pdf_text(render_permit_pdf(permit)).replace("\n", " ")
    assert "Up to twice" not in text
    assert (
        "§20-20(3): No animals in excess of the number specified on this permit shall be kept "
        "without written permission from the Board of Health or its authorized agent."
    ) in text


@pytest.mark.django_db
def test_the_permit_issued_email_reads_the_saved_wording(clerk, django_capture_on_commit_callbacks):
    town = Town.objects.get(is_current=True)
    StandingText.objects.create(
        town=town, key="email.permit_issued", text="Good news, {applicant_name}: {permit_number}."
    )
    holder = factories.applicant(name="Karen Sullivan", email="karen@example.org")
    application = factories.hen_renewal(by=clerk, applicant=holder)
    with django_capture_on_commit_callbacks(execute=True):
        permit = actions.issue_permit(application=application, by=clerk, on=date(2027, 1, 14))
    (message,) = [m for m in mail.outbox if "is issued" in m.subject]
    assert f"Good news, Karen Sullivan: {permit.number}." in message.body
    html = message.alternatives[0][0]
    assert f"Good news, Karen Sullivan: {permit.number}." in html


@pytest.mark.django_db
def test_only_the_administrator_rewords(client, clerk):
    client.force_login(clerk)
    assert client.get(reverse("town:standing-texts")).status_code == 403
    assert edit_wording(client, "order_letter.call", "Anything.").status_code == 403


@pytest.mark.django_db
def test_an_unknown_paragraph_is_a_404(client, admin_user):
    client.force_login(admin_user)
    assert client.get(reverse("town:standing-text", args=["no.such"])).status_code == 404


def test_every_standard_wording_offers_only_its_own_placeholders():
    for spec in PARAGRAPHS.values():
        assert placeholders.problems(spec.default, spec.offered) == [], spec.key
        assert set(spec.sample) == set(spec.facts), spec.key
        # No standard wording states the regulation: that is the ruleset's (finding 16).
        assert wording_problems(spec, spec.default) == [], spec.key


@pytest.mark.django_db
def test_the_revocation_notice_prints_the_reworded_paragraph(clerk, admin_user):
    town = Town.objects.get(is_current=True)
    StandingText.objects.create(
        town=town, key="revocation_notice.rights", text="Come and be heard; call {telephone}."
    )
    permit = factories.issued_permit(by=clerk)
    proceeding = _open_revocation(permit, clerk)
    text = pdf_text(holder_notice_pdf(proceeding)).replace("\n", " ")
    assert "Come and be heard; call (781) 438-0762." in text
    assert "You have the right to attend" not in text


@pytest.mark.django_db
def test_the_revocation_notice_states_section_20_20_5_and_6_in_the_rulesets_words(clerk):
    """Issue 33, finding 16: the notice's sentences on revocation and removal are the
    ruleset's; a wording saved for them before they moved there prints nowhere."""
    town = Town.objects.get(is_current=True)
    for key in ("revocation_notice.intro", "revocation_notice.removal"):
        StandingText.objects.create(town=town, key=key, text="Revoked at the Board's pleasure.")
    permit = factories.issued_permit(by=clerk)
    text = pdf_text(holder_notice_pdf(_open_revocation(permit, clerk)))
    text = " ".join(text.split())
    assert "at the Board's pleasure" not in text
    statements = STONEHAM_2002.statements
    for key in ("revocation.grounds", "revocation.removal"):
        sentence = statements[key]
        assert f"{sentence.citation}: {sentence.text}" in text
    assert f"Permit: {permit.number}" in text


def _open_revocation(permit, clerk):
    from datetime import time, timedelta

    from hearings import actions as hearing_actions
    from stoneham_boh.accounts.roles import Role
    from tests.conftest import make_user
    from tests.hearings.board_builders import violation

    inspected = date(2027, 3, 1)
    agent = make_user("agent-notice", Role.AGENT)
    finding = violation(permit, agent=agent, clerk=clerk, on=inspected)
    meeting = hearing_actions.schedule_meeting(
        on=inspected + timedelta(days=20), at=time(19), place="Hall", by=clerk, today=inspected
    )
    return hearing_actions.open_revocation(
        permit=permit,
        meeting=meeting,
        grounds="Violation.",
        findings=[finding],
        by=clerk,
        today=inspected,
    )
