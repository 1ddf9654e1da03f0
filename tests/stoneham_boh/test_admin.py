"""Administrators can search and filter every model in the Django admin."""

import pytest
from django.apps import apps
from django.contrib import admin

OUR_APPS = {"facilities", "permits", "hearings", "inspections", "stoneham_boh"}


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
