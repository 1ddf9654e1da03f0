"""Numbers typed as text, so that what is not a number is refused at the field, not dropped.

A browser's <input type="number"> quietly empties itself when letters are typed: the form
then submits a blank, and a blank distance means "no such feature nearby", so a typo
passed a setback. A text box with a numeric keyboard keeps whatever was typed; Django's own
field then refuses it ("Enter a number.") beside the box, with the text still in it.
"""

from __future__ import annotations

from django import forms
from django.core import validators


class NumberText(forms.TextInput):
    """A text box for a number: the phone shows its numeric keyboard, nothing is dropped."""

    def __init__(self, *, whole: bool, attrs=None):
        super().__init__(attrs)
        self.attrs.setdefault("inputmode", "numeric" if whole else "decimal")
        self.attrs.setdefault("autocomplete", "off")


# A number box's own attributes mean nothing on a text box (and `step` would mislead).
_NUMBER_ONLY = ("step", "min", "max", "type")


# The site's own words for a number out of bounds, in place of Django's "Ensure this value is
# greater than or equal to 1." (the limits are the field's own). A validator given its own
# message (a payment's "Enter an amount above $0.00.") keeps it.
NUMBER_MESSAGES = {
    validators.MinValueValidator: "Enter %(limit_value)s or more.",
    validators.MaxValueValidator: "Enter %(limit_value)s or less.",
}
DECIMAL_MESSAGES = {
    "max_digits": "Enter a number of at most %(max)s digits.",
    "max_decimal_places": "Enter at most %(max)s digits after the decimal point.",
    "max_whole_digits": "Enter at most %(max)s digits before the decimal point.",
}


def _in_our_words(field) -> None:
    for index, validator in enumerate(field.validators):
        words = NUMBER_MESSAGES.get(type(validator))
        if words and validator.message == type(validator).message:
            # A new validator: the old one is shared with the form class's own field.
            field.validators[index] = type(validator)(validator.limit_value, words)
    if isinstance(field, forms.DecimalField):
        field.error_messages = {**DECIMAL_MESSAGES, **field.error_messages}


def type_numbers_as_text(fields) -> None:
    """Give every number field of a form (or filter form) a NumberText in place of its box,
    and the site's own words for a number out of bounds."""
    for field in fields.values():
        if isinstance(field, forms.IntegerField | forms.DecimalField | forms.FloatField):
            _in_our_words(field)
        if isinstance(field.widget, forms.NumberInput):
            attrs = {k: v for k, v in field.widget.attrs.items() if k not in _NUMBER_ONLY}
            field.widget = NumberText(whole=isinstance(field, forms.IntegerField), attrs=attrs)


class TypedNumbersForm:
    """Mixin for a form: its number fields keep what was typed and refuse it at the field."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        type_numbers_as_text(self.fields)
