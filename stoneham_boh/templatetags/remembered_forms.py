"""Crispy forms rendered once per shape, then remembered.

crispy-forms' Bootstrap templates cost a millisecond or more a field, and a list page renders
its filter bar, the application page three forms, on every request. What they render depends
only on the form's class, prefix, values and errors: so the HTML is remembered per shape, in a
bounded cache per process. A form is rendered afresh, never remembered, when any of its choices
come from the database or a callable, when it carries uploaded files, or when its helper
writes the <form> tag (a CSRF token is per visitor).

    {% load remembered_forms %}
    {% crispy_remembered form %}          instead of {% crispy form %}
    {{ field|as_crispy_field_remembered }} instead of {{ field|as_crispy_field }}

Use it for forms whose crispy helper depends on the form's class alone.
"""

from __future__ import annotations

from threading import Lock

from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from crispy_forms.utils import render_crispy_form
from django import forms, template

register = template.Library()

MAX_REMEMBERED = 512
_remembered: dict[tuple, str] = {}
_lock = Lock()


def _static(field: forms.Field) -> bool:
    """Whether the field renders the same for the same value (no choices from elsewhere)."""
    if hasattr(field, "queryset"):
        return False
    choices = getattr(field, "choices", ())
    # django-filter wraps a list of choices in an iterator that adds the empty choice.
    return isinstance(getattr(choices, "choices", choices), list | tuple)


def _definition(field: forms.Field) -> tuple:
    """What the field's class and arguments make it render (django-filter builds a new form
    class, with new fields, for every request: the class alone cannot be the key)."""
    widget = field.widget
    return (
        type(field),
        str(field.label),
        str(field.help_text),
        field.required,
        field.disabled,
        type(widget),
        repr(widget.attrs),
        repr(list(getattr(field, "choices", ()))),
    )


def _field_shape(bound: forms.BoundField) -> tuple:
    return (
        bound.name,
        _definition(bound.field),
        repr(bound.value()),
        tuple(str(error) for error in bound.errors),
    )


def _form_shape(form: forms.BaseForm) -> tuple:
    return (
        type(form).__qualname__,
        type(form).__module__,
        form.prefix,
        form.auto_id,
        form.is_bound,
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
def crispy_remembered(form: forms.BaseForm):
    helper = getattr(form, "helper", None)
    cacheable = (
        helper is not None
        and not helper.form_tag
        and not form.files
        and all(_static(field) for field in form.fields.values())
    )
    if not cacheable:
        return render_crispy_form(form, helper=helper)
    key = (
        "form",
        *_form_shape(form),
        tuple(_field_shape(bound) for bound in form),
        tuple(str(error) for error in form.non_field_errors()),
    )
    return _remember(key, lambda: render_crispy_form(form, helper=helper))


@register.filter
def as_crispy_field_remembered(bound: forms.BoundField):
    form = bound.form
    if form.files or not _static(bound.field):
        return as_crispy_field(bound)
    key = ("field", *_form_shape(form), _field_shape(bound))
    return _remember(key, lambda: as_crispy_field(bound))
