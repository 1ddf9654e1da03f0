"""Blank crispy forms rendered once per shape, then remembered.

The application page offers the clerk four small forms (issue, upload, payment, legacy permit),
and crispy-forms' Bootstrap templates, with Django's widget templates under them, cost that page
about 6.5 ms of processor time a request: a quarter of the page, and the difference between 14
and 19 times the trivial page in `make bench` (its note quotes the figures). A blank form's HTML
depends only on its class, prefix, fields and initial values, so it is rendered once per such
shape and kept in a small bounded dictionary per process.

Only what is certain to render the same is remembered: an unbound form (what a visitor typed,
and its errors, are always rendered afresh), whose helper leaves the <form> tag and its CSRF
token to the template, and whose choices are written in the code (a choice read from the
database or a callable could change between two requests). Use it for forms whose crispy
helper is built from the form's class alone, as the application page's are.

    {% load remembered_forms %}
    {% crispy_remembered form %}    where the page would write {% crispy form %}

A list's filter bar is the other such form, rendered on every request with the filters in the
page's address as its values: `{{ field|as_crispy_field_remembered }}` remembers each of its
fields by value and errors as well (they are in the address, nothing private). Its widgets cost
the application list 5.5 ms of its 12, and the list served live by two workers made 105
requests a second against the 150 it must.
"""

from __future__ import annotations

from threading import Lock

from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from crispy_forms.utils import render_crispy_form
from django import forms, template

register = template.Library()

MAX_REMEMBERED = 256
_remembered: dict[tuple, str] = {}
_lock = Lock()


def _fixed_choices(field: forms.Field) -> bool:
    if hasattr(field, "queryset"):
        return False
    choices = getattr(field, "choices", ())
    # A model field's choices come wrapped with the blank choice in an iterator over a list.
    return isinstance(getattr(choices, "choices", choices), list | tuple)


def _field_shape(bound: forms.BoundField) -> tuple:
    """Everything of a blank field that reaches its HTML."""
    field, widget = bound.field, bound.field.widget
    return (
        bound.name,
        type(field),
        str(field.label),
        str(field.help_text),
        field.required,
        field.disabled,
        type(widget),
        repr(widget.attrs),
        repr(list(getattr(field, "choices", ()))),
        repr(bound.value()),
    )


def shape(form: forms.BaseForm) -> tuple | None:
    """The key a blank form's HTML is remembered under, or None when it must be rendered."""
    helper = getattr(form, "helper", None)
    if form.is_bound or helper is None or helper.form_tag:
        return None
    if not all(_fixed_choices(field) for field in form.fields.values()):
        return None
    return (
        type(form).__module__,
        type(form).__qualname__,
        form.prefix,
        form.auto_id,
        tuple(_field_shape(bound) for bound in form),
    )


def _remember(key: tuple, render) -> str:
    html = _remembered.get(key)
    if html is None:
        html = render()
        with _lock:
            if len(_remembered) >= MAX_REMEMBERED:
                _remembered.clear()
            _remembered[key] = html
    return html


@register.simple_tag
def crispy_remembered(form: forms.BaseForm) -> str:
    key = shape(form)
    if key is None:
        return render_crispy_form(form, helper=form.helper)
    return _remember(key, lambda: render_crispy_form(form, helper=form.helper))


def filter_field_shape(bound: forms.BoundField) -> tuple | None:
    """The key a filter bar's field is remembered under, or None when it must be rendered."""
    form = bound.form
    if form.files or not _fixed_choices(bound.field):
        return None
    return (
        "filter field",
        type(form).__module__,
        # django-filter builds the form's class anew for each request: its name is stable.
        type(form).__qualname__,
        form.prefix,
        form.auto_id,
        form.is_bound,
        _field_shape(bound),
        tuple(str(error) for error in bound.errors),
    )


@register.filter
def as_crispy_field_remembered(bound: forms.BoundField) -> str:
    key = filter_field_shape(bound)
    if key is None:
        return as_crispy_field(bound)
    return _remember(key, lambda: as_crispy_field(bound))
