"""A list's filter bar, its fields rendered once per value and remembered.

The filter bar is rendered on every request of a list, with the filters in the page's address
as its values; crispy-forms' Bootstrap templates, with Django's widget templates under them,
cost the application list 5.5 ms of its 12, and the list served live by two workers made 105
requests a second against the 150 it must. `{{ field|as_crispy_field_remembered }}` remembers
each field's HTML by its value and errors as well (they are in the address, nothing private),
in a small bounded dictionary per process. A field whose choices come from the database or a
callable (which could change between two requests), or a form with files, is always rendered.

The blank forms of the application page were remembered the same way until a measurement
showed the page no faster for it (docs/adr/0003-remembered-forms.md): they render afresh.
"""

from __future__ import annotations

from threading import Lock

from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
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
    """Everything of a field that reaches its HTML, its value included."""
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


def _remember(key: tuple, render) -> str:
    html = _remembered.get(key)
    if html is None:
        html = render()
        with _lock:
            if len(_remembered) >= MAX_REMEMBERED:
                _remembered.clear()
            _remembered[key] = html
    return html


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
