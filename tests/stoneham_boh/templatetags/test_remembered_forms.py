"""A list's filter bar is remembered field by field, by the filters in the page's address:
each visitor sees their own filters and errors, and a field whose choices are read from the
database is never remembered."""

from __future__ import annotations

from django import forms

from stoneham_boh.lib.forms import helper
from stoneham_boh.templatetags.remembered_forms import filter_field_shape


class _ChoicesFromTheDatabase(forms.Form):
    who = forms.ModelChoiceField(queryset=None)

    def __init__(self, *args, **kwargs):
        from django.contrib.auth import get_user_model

        super().__init__(*args, **kwargs)
        self.fields["who"].queryset = get_user_model().objects.all()
        self.helper = helper()


class _FixedChoices(forms.Form):
    status = forms.ChoiceField(choices=[("draft", "Draft"), ("received", "Received")])


def test_a_field_whose_choices_come_from_the_database_is_never_remembered():
    assert filter_field_shape(_ChoicesFromTheDatabase()["who"]) is None
    assert filter_field_shape(_FixedChoices()["status"]) is not None


def _filter_bar(client, query: str) -> str:
    from django.urls import reverse

    page = client.get(reverse("permits:application-list") + query).content.decode()
    start = page.index('role="search" aria-label="Filter the')  # not the search across records
    return page[start : page.index("</form>", start)]


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
