"""No form can be made to work for half a minute (point 8 of the third trust round): every
formset of the project has max_num, validate_max and absolute_max, and a post claiming more
rows than that is refused before a single row's form is built."""

from __future__ import annotations

import time
from importlib import import_module
from pathlib import Path

import pytest
from django.forms.formsets import BaseFormSet
from django.urls import reverse

from permits import forms as permit_forms
from permits.models import Application
from permits.precheck import forms as precheck_forms
from stoneham_boh.lib.forms import BoundedFormSet
from tests import factories
from tests.permits.online.test_views import edit_data, start

ROOT = Path(__file__).resolve().parents[2]
FORMSETS = {
    "permits.forms.StructureFormSet": permit_forms.StructureFormSet,
    "permits.forms.AnimalFormSet": permit_forms.AnimalFormSet,
    "permits.precheck.forms.StructureFormSet": precheck_forms.StructureFormSet,
    "permits.precheck.forms.AnimalFormSet": precheck_forms.AnimalFormSet,
}


def formsets_of_the_project() -> dict:
    """Every formset class made by a factory in any forms module of the project."""
    found = {}
    for path in [*ROOT.glob("*/**/forms.py"), *ROOT.glob("*/**/forms/__init__.py")]:
        if ".venv" in path.parts:
            continue
        name = ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        module = import_module(name)
        for attr, value in vars(module).items():
            if (
                isinstance(value, type)
                and issubclass(value, BaseFormSet)
                and hasattr(value, "form")
                and value.__module__ == "django.forms.formsets"
            ):
                found[f"{name}.{attr}"] = value
    return found


def test_every_formset_of_the_project_is_listed_here():
    assert set(formsets_of_the_project()) == set(FORMSETS)


@pytest.mark.parametrize("name", sorted(FORMSETS))
def test_each_formset_is_capped(name):
    formset = FORMSETS[name]
    assert issubclass(formset, BoundedFormSet)
    assert formset.validate_max
    assert formset.max_num <= 30
    assert formset.absolute_max == formset.max_num


def _posted(prefix: str, rows: int) -> dict:
    return {
        f"{prefix}-TOTAL_FORMS": str(rows),
        f"{prefix}-INITIAL_FORMS": "0",
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(FORMSETS))
def test_a_post_of_a_thousand_rows_is_refused_before_the_forms_are_built(name, monkeypatch):
    formset_class = FORMSETS[name]
    prefix = "structures" if "Structure" in name else "animals"
    kwargs = {"instance": Application()} if name.startswith("permits.forms") else {}
    built = []
    original = formset_class._construct_form
    monkeypatch.setattr(
        formset_class,
        "_construct_form",
        lambda self, i, **kw: built.append(i) or original(self, i, **kw),
    )
    formset = formset_class(_posted(prefix, 1000), prefix=prefix, **kwargs)
    assert not formset.is_valid()
    assert f"At most {formset_class.absolute_max} rows" in str(formset.non_form_errors())
    assert formset.forms == []
    assert built == []


@pytest.mark.django_db
@pytest.mark.parametrize("name", sorted(FORMSETS))
def test_a_post_at_the_cap_is_still_read(name):
    formset_class = FORMSETS[name]
    prefix = "structures" if "Structure" in name else "animals"
    kwargs = {"instance": Application()} if name.startswith("permits.forms") else {}
    formset = formset_class(_posted(prefix, formset_class.max_num), prefix=prefix, **kwargs)
    formset.is_valid()
    assert len(formset.forms) == formset_class.max_num
    assert "At most" not in str(formset.non_form_errors())


def _a_million_structure_rows(client, clerk):
    """The application a resident opened, and a post of its form claiming a million rows."""
    resident = factories.applicant_account(by=clerk, name="Jane Resident", email="j@example.org")
    factories.fee_schedule()
    application = start(client, resident)
    url = reverse("permits:my-application-edit", args=[application.pk])
    return application, url, edit_data(application, **{"structures-TOTAL_FORMS": "1000000"})


@pytest.mark.django_db
@pytest.mark.perf
def test_a_resident_posting_a_million_structure_rows_gets_a_message_at_once(client, clerk):
    _, url, data = _a_million_structure_rows(client, clerk)
    began = time.perf_counter()
    client.post(url, data)
    assert time.perf_counter() - began < 3


@pytest.mark.django_db
def test_a_resident_posting_a_million_structure_rows_gets_a_message(client, clerk):
    application, url, data = _a_million_structure_rows(client, clerk)
    response = client.post(url, data)
    assert response.status_code == 200
    assert "At most 30 rows can be sent." in response.content.decode()
    assert not application.structures.exists()
