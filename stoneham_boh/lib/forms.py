"""Form plumbing shared by every app's forms: the crispy helper, a row of columns, a date input."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row
from django import forms


def helper(*layout, **attrs) -> FormHelper:
    """Crispy helper for a form rendered inside a <form> the template writes itself."""
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
