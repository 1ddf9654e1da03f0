"""Numbers typed as text, so that what is not a number is refused at the field, not dropped.

A browser's <input type="number"> quietly empties itself when letters are typed: the form
then submits a blank, and a blank distance means "no such feature nearby", so a typo
passed a setback. A text box with a numeric keyboard keeps whatever was typed; Django's own
field then refuses it ("Enter a number.") beside the box, with the text still in it.
"""

from __future__ import annotations

from django import forms


class NumberText(forms.TextInput):
    """A text box for a number: the phone shows its numeric keyboard, nothing is dropped."""

    def __init__(self, *, whole: bool, attrs=None):
        super().__init__(attrs)
        self.attrs.setdefault("inputmode", "numeric" if whole else "decimal")
        self.attrs.setdefault("autocomplete", "off")


# A number box's own attributes mean nothing on a text box (and `step` would mislead).
_NUMBER_ONLY = ("step", "min", "max", "type")


def type_numbers_as_text(fields) -> None:
    """Give every number field of a form (or filter form) a NumberText in place of its box."""
    for field in fields.values():
        if isinstance(field.widget, forms.NumberInput):
            attrs = {k: v for k, v in field.widget.attrs.items() if k not in _NUMBER_ONLY}
            field.widget = NumberText(whole=isinstance(field, forms.IntegerField), attrs=attrs)


class TypedNumbersForm:
    """Mixin for a form: its number fields keep what was typed and refuse it at the field."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        type_numbers_as_text(self.fields)
