"""Administrators can search and filter every model in the Django admin, and change reference
data there, never the workflow's records."""

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from tests import factories
from tests.our_apps import APPS, OUR_LABELS

# Every installed app of ours but the town's: its settings and standing wording are kept on
# their own pages, with history (settings/town/), not in the admin.
OUR_APPS = set(OUR_LABELS) - {"town"}


def our_models():
    return [
        m
        for m in apps.get_models()
        if m._meta.app_label in OUR_APPS and not m.__name__.startswith("Historical")
    ]


def test_every_model_is_in_the_admin():
    missing = [m.__name__ for m in our_models() if m not in admin.site._registry]
    assert missing == []


@pytest.mark.django_db
@pytest.mark.parametrize("model", our_models(), ids=lambda m: m._meta.label)
def test_each_admin_list_opens_with_a_search(client, admin_user, model):
    client.force_login(admin_user)
    url = f"/admin/{model._meta.app_label}/{model._meta.model_name}/?q=stoneham"
    assert client.get(url).status_code == 200


@pytest.mark.django_db
def test_a_clerk_cannot_open_the_admin(client, clerk):
    client.force_login(clerk)
    response = client.get("/admin/")
    assert response.status_code == 302


# Records of the workflow change only through their actions (checked, with history): the admin
# shows them read-only. Reference data an administrator keeps stays editable there.
EDITABLE = {
    "town.TownClosure",
    "records.Exemption",
    "permits.FeeSchedule",
    "permits.Applicant",
    "facilities.Lot",
    "stoneham_boh.User",
}
WORKFLOW_APPS = set(APPS)  # the apps proper: the project package's records are reference data


def workflow_models():
    return [
        m
        for m in our_models()
        if m._meta.app_label in WORKFLOW_APPS and m._meta.label not in EDITABLE
    ]


def test_the_workflow_records_include_applications_permits_decisions_and_orders():
    labels = {m._meta.label for m in workflow_models()}
    assert {
        "permits.Application",
        "permits.Permit",
        "permits.PermitNumberCounter",
        "hearings.Decision",
        "hearings.Vote",
        "hearings.Variance",
        "hearings.AbutterNotice",
        "hearings.LegalNotice",
        "inspections.Inspection",
        "inspections.Order",
    } <= labels


@pytest.mark.parametrize("model", workflow_models(), ids=lambda m: m._meta.label)
def test_the_admin_cannot_add_change_or_delete_a_workflow_record(rf, admin_user, model):
    request = rf.get("/admin/")
    request.user = admin_user
    model_admin = admin.site._registry[model]
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request)
    assert not model_admin.has_delete_permission(request)
    for inline in model_admin.get_inline_instances(request):
        assert not inline.has_change_permission(request)


@pytest.mark.parametrize(
    "model", [apps.get_model(label) for label in sorted(EDITABLE)], ids=lambda m: m._meta.label
)
def test_fee_schedules_lots_applicants_and_users_stay_editable(rf, admin_user, model):
    request = rf.get("/admin/")
    request.user = admin_user
    model_admin = admin.site._registry[model]
    assert model_admin.has_add_permission(request)
    assert model_admin.has_change_permission(request)


@pytest.mark.django_db
def test_an_administrator_cannot_issue_or_renumber_a_permit_in_the_admin(client, admin_user, clerk):
    permit = factories.issued_permit(by=clerk)
    client.force_login(admin_user)
    url = reverse("admin:permits_permit_change", args=[permit.pk])
    page = client.get(url)
    assert page.status_code == 200
    assert 'name="_save"' not in page.content.decode()
    assert client.post(url, {"number": "2027-9999", "status": "void"}).status_code == 403
    assert client.get(reverse("admin:permits_application_add")).status_code == 403
    permit.refresh_from_db()
    assert (permit.number, permit.status) != ("2027-9999", "void")


@pytest.mark.django_db
def test_an_administrator_still_edits_a_fee_schedule(client, admin_user):
    client.force_login(admin_user)
    page = client.get(reverse("admin:permits_feeschedule_add"))
    assert page.status_code == 200
    assert 'name="_save"' in page.content.decode()
