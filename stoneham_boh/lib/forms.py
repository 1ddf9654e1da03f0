"""Form plumbing shared by every app's forms: the crispy helper, a row of columns, a date input."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms


def helper(*layout, **attrs) -> FormHelper:
    """Crispy helper for a form rendered inside a <form> the template writes itself (with its
    own csrf_token); `layout` and any helper attribute may be given."""
    form_helper = FormHelper()
    form_helper.form_tag = False
    form_helper.disable_csrf = True
    if layout:
        form_helper.layout = Layout(*layout)
    for name, value in attrs.items():
        setattr(form_helper, name, value)
    return form_helper


def columns(*names: str, css: str = "col-sm-6 col-lg-4") -> Row:
    return Row(*(Column(name, css_class=css) for name in names))


class DateInput(forms.DateInput):
    input_type = "date"


class ReasonForm(forms.Form):
    """Why a record is voided, cancelled, withdrawn or closed: the one reason box, its label
    and help saying which of these the page asks."""

    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)

    def __init__(self, *args, label: str = "Reason", help_text: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["reason"].label = label
        self.fields["reason"].help_text = help_text
        self.helper = helper()


class BoundedFormSet:
    """A formset mixin that refuses a post claiming more rows than `absolute_max` before a
    single form is built.

    Django builds min(TOTAL_FORMS, absolute_max) forms and only then says "at most N"; with
    the default absolute_max (max_num + 1,000) a post of 1,000 rows took a worker half a
    minute. Every formset of the project sets max_num, validate_max and absolute_max, and mixes
    this in first, so a post above the cap costs one management form.
    """

    def _posted_too_many(self) -> bool:
        if not self.is_bound:
            return False
        management = self.management_form
        if not management.is_valid():
            return False
        return management.cleaned_data["TOTAL_FORMS"] > self.absolute_max

    @property
    def forms(self):
        if "_bounded_forms" not in self.__dict__:
            self.__dict__["_bounded_forms"] = [] if self._posted_too_many() else super().forms
        return self.__dict__["_bounded_forms"]

    def full_clean(self):
        if not self._posted_too_many():
            return super().full_clean()
        self._errors = []
        self._non_form_errors = self.error_class(
            [
                forms.ValidationError(
                    f"At most {self.absolute_max} rows can be sent.", code="too_many_forms"
                )
            ],
            error_class="nonform",
            renderer=self.renderer,
        )
        return None
