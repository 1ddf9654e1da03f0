"""The c.4 §7(26) exemptions ship as a starting list (issue 37, 6): the clauses a Board of
Health's records meet, each in use and worded plainly, for the town's counsel to reword; what
counsel has worded or retired is never overwritten when the list ships again."""

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from permits import actions as permit_actions
from records import actions
from records.exemptions import STARTING_LIST, ship
from records.models import Exemption
from tests import factories

pytestmark = pytest.mark.django_db

PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"


def test_the_starting_list_names_the_clauses_a_board_of_health_meets():
    ship(Exemption)
    shipped = {e.citation: e for e in Exemption.objects.all()}
    # Privacy (c), investigations (f) and the statutes' own exemptions (a) above all.
    for clause in "acdefgn":
        assert f"M.G.L. c.4 §7(26)({clause})" in shipped
    assert all(e.in_use and e.wording.startswith("Withheld: ") for e in shipped.values())
    assert len(shipped) == len(STARTING_LIST)


def test_counsels_wording_and_a_retired_clause_are_kept_when_the_list_ships_again(admin_user):
    ship(Exemption)
    privacy = Exemption.objects.get(citation="M.G.L. c.4 §7(26)(c)")
    privacy.wording = "Counsel's own sentence."
    privacy.save()
    Exemption.objects.filter(citation="M.G.L. c.4 §7(26)(n)").update(in_use=False)
    ship(Exemption)
    assert Exemption.objects.get(pk=privacy.pk).wording == "Counsel's own sentence."
    assert not Exemption.objects.get(citation="M.G.L. c.4 §7(26)(n)").in_use
    assert Exemption.objects.count() == len(STARTING_LIST)


def test_the_clerk_chooses_a_shipped_clause_to_withhold_a_file(clerk_client, clerk):
    ship(Exemption)
    permit = factories.issued_permit(by=clerk)
    permit_actions.upload_document(
        application=permit.application,
        kind="site_plan",
        upload=SimpleUploadedFile("site-plan.pdf", PDF, content_type="application/pdf"),
        by=clerk,
    )
    request = actions.log_request(
        requester="A. Reporter",
        description="The file of the permit.",
        received_on=date(2026, 11, 2),
        permit=permit,
        by=clerk,
    )
    page = clerk_client.get(reverse("records:request-detail", args=[request.pk])).content.decode()
    assert "M.G.L. c.4 §7(26)(f) (Investigation)</option>" in page
    assert "No exemption is on the administrator" not in page
