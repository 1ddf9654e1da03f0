"""The public pages (hearings/views/public.py): the hearings to come and the variance register."""

from datetime import date, timedelta

import pytest
from django.urls import reverse

from hearings import actions
from hearings.models import LegalNotice, Variance
from tests.hearings import builders as b
from tests.hearings.builders import at

pytestmark = pytest.mark.django_db


def test_public_hearings_show_sent_legal_notices_only(clerk, client):
    sent = b.docketed(by=clerk)
    b.publish(sent.meeting, by=clerk)
    LegalNotice.objects.filter(meeting=sent.meeting).update(text="PUBLISHED NOTICE TEXT")
    draft = b.docketed(by=clerk, the_meeting=b.meeting(by=clerk, on=b.HEARING + timedelta(28)))
    actions.draft_legal_notice(meeting=draft.meeting, by=clerk)
    with at(date(2030, 3, 13)):
        page = client.get(reverse("hearings:public-hearings")).content.decode()
    assert "PUBLISHED NOTICE TEXT" in page
    assert draft.application.applicant.name not in page
    assert "will appear here once it is sent" in page


def test_the_variance_register_lists_variances_in_effect_only(decided, clerk, client):
    variance = Variance.objects.get()
    with at(date(2030, 4, 1)):
        page = client.get(reverse("hearings:variance-register")).content.decode()
        assert decided.application.lot.street_address in page
        assert "A fence." in page and "§20-15(4)(a)" in page
        assert (
            client.get(reverse("hearings:variance-decision", args=[variance.pk])).status_code == 200
        )
        missing = client.get(reverse("hearings:variance-register"), {"q": "Nowhere Lane"})
        assert "No variance in effect matches" in missing.content.decode()
    Variance.objects.filter(pk=variance.pk).update(expires_on=date(2030, 12, 31))
    with at(date(2031, 1, 1)):
        page = client.get(reverse("hearings:variance-register")).content.decode()
        assert decided.application.lot.street_address not in page
        assert (
            client.get(reverse("hearings:variance-decision", args=[variance.pk])).status_code == 404
        )
