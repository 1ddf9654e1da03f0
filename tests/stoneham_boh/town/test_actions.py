"""The town's wording saved (stoneham_boh.town.actions.save_wording): the administrator's
wording of a standing paragraph, printed from the next document on with its history, refused
whoever calls it when it states the regulation. The paragraphs, their placeholders and their
page are test_standing.py's."""

from __future__ import annotations

import pytest
from django.urls import reverse

from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town.actions import save_wording
from stoneham_boh.town.models import StandingText
from stoneham_boh.town.standing import PARAGRAPHS, paragraph
from tests.stoneham_boh.town.builders import edit_wording


@pytest.mark.django_db
def test_the_saved_wording_prints_on_the_next_letter_with_its_history(client, admin_user):
    client.force_login(admin_user)
    saved = edit_wording(client, "order_letter.call", "Ring {board_name} at once.")
    assert saved.status_code == 302
    assert str(paragraph("order_letter.call", {})) == "Ring Stoneham Board of Health at once."

    record = StandingText.objects.get(key="order_letter.call")
    assert record.history.get().history_user == admin_user
    restored = edit_wording(client, "order_letter.call", "", action="restore")
    assert restored.status_code == 302
    default = PARAGRAPHS["order_letter.call"].default
    assert StandingText.objects.get(key="order_letter.call").text == default
    history = client.get(reverse("town:standing-text-history", args=["order_letter.call"]))
    assert "Ring {board_name} at once." in history.content.decode()


@pytest.mark.django_db
def test_a_wording_that_cites_the_regulation_is_refused_at_the_field_with_the_text_kept(
    client, admin_user
):
    """Issue 33, finding 16: a paragraph the administrator words may not state the regulation;
    the law's own routes (c.249 §4) stay the paragraph's to state."""
    client.force_login(admin_user)
    typed = "Call {telephone}. Up to twice the animals on your permit may be kept (§ 20-20(3))."
    response = edit_wording(client, "order_letter.call", typed)
    assert response.status_code == 200
    page = response.content.decode()
    assert "The wording cites the regulation (§ 20-20(3)): what the regulation says is printed" in (
        page
    )
    assert typed in page
    assert not StandingText.objects.exists()
    listed = client.get(reverse("town:standing-texts")).content.decode()
    assert "What the regulation itself says is not worded here" in listed
    # The action refuses it whoever calls it, not only the form.
    with pytest.raises(ActionRefused, match="cites the regulation"):
        save_wording(key="order_letter.call", text="See Sec. 20-16 of the rules.", by=admin_user)
    with pytest.raises(ActionRefused, match="not a paragraph the administrator words"):
        save_wording(key="revocation_notice.intro", text="Revoked at will.", by=admin_user)
    law = "Appeal by {appeal_by} (M.G.L. c.249 §4), from the decision of {decided_on}."
    assert save_wording(key="decision.appeal", text=law, by=admin_user).text == law
