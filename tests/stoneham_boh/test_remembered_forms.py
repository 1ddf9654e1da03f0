"""The application page's blank forms are rendered once per shape and remembered; what a clerk
typed, and its errors, are always rendered afresh."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from crispy_forms.utils import render_crispy_form
from django import forms
from django.template import Context, Template

from permits.forms import DocumentForm, PaymentForm
from stoneham_boh.lib.forms import helper
from stoneham_boh.templatetags.remembered_forms import shape

PAGE = Template("{% load remembered_forms %}{% crispy_remembered form %}")


def _payment(**initial) -> PaymentForm:
    return PaymentForm(
        prefix="pay", initial={"received_on": date(2026, 12, 1), "method": "check", **initial}
    )


def _rendered(form) -> str:
    return PAGE.render(Context({"form": form}))


def test_a_blank_form_reads_exactly_as_crispy_renders_it_every_time():
    fresh = render_crispy_form(_payment(amount=Decimal("75.00")), helper=_payment().helper)
    assert _rendered(_payment(amount=Decimal("75.00"))) == fresh
    assert _rendered(_payment(amount=Decimal("75.00"))) == fresh
    assert _rendered(DocumentForm(prefix="doc")) == render_crispy_form(
        DocumentForm(prefix="doc"), helper=DocumentForm(prefix="doc").helper
    )


def test_the_payment_form_offers_each_outstanding_balance():
    first = _rendered(_payment(amount=Decimal("75.00")))
    after_a_part_payment = _rendered(_payment(amount=Decimal("25.00")))
    assert 'value="75.00"' in first and 'value="75.00"' not in after_a_part_payment
    assert 'value="25.00"' in after_a_part_payment


def test_a_form_sent_back_keeps_what_was_typed_and_says_what_is_wrong():
    typed = PaymentForm(
        {"pay-amount": "-5", "pay-received_on": "2026-12-01", "pay-method": "check"},
        prefix="pay",
    )
    assert not typed.is_valid()
    assert shape(typed) is None
    html = _rendered(typed)
    assert 'value="-5"' in html and "Enter an amount above $0.00." in html


class _ChoicesFromTheDatabase(forms.Form):
    who = forms.ModelChoiceField(queryset=None)

    def __init__(self, *args, **kwargs):
        from django.contrib.auth import get_user_model

        super().__init__(*args, **kwargs)
        self.fields["who"].queryset = get_user_model().objects.all()
        self.helper = helper()


def test_a_form_whose_choices_come_from_the_database_is_never_remembered():
    assert shape(_ChoicesFromTheDatabase()) is None
    assert shape(_payment(amount=Decimal("75.00"))) is not None


def _filter_bar(client, query: str) -> str:
    from django.urls import reverse

    page = client.get(reverse("permits:application-list") + query).content.decode()
    return page[page.index('role="search"') : page.index("</form>", page.index('role="search"'))]


def test_the_list_filter_bar_shows_each_visitors_own_filters_and_errors(clerk_client):
    received = _filter_bar(clerk_client, "?status=received&year=2026")
    drafts = _filter_bar(clerk_client, "?status=draft")
    assert '<option value="received" selected>' in received and 'value="2026"' in received
    assert '<option value="draft" selected>' in drafts
    assert '<option value="received" selected>' not in drafts and 'value="2026"' not in drafts
    # Asked again, the same filters read the same; a year out of range says so at its field.
    assert _filter_bar(clerk_client, "?status=received&year=2026") == received
    wrong = _filter_bar(clerk_client, "?year=1492")
    assert 'value="1492"' in wrong and "is-invalid" in wrong
