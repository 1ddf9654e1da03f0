"""The error summary of any page whose forms were sent back, gathered once for the layout.

base.html asks for it before the page is drawn: the summary at the top of the main content
(templates/includes/error_summary.html), focused on load, each error a link to its field, and
"Error:" before the page's title, so a screen reader announces the problem first. No view and
no page template has to ask for it: every bound form or formset in the page's context that has
errors is found here, also inside a dict or list of forms (the order page's steps).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django import forms, template
from django.forms.formsets import BaseFormSet

register = template.Library()


@dataclass
class FieldErrors:
    """What the summary needs of one field: where its link goes, what it is called, what's wrong."""

    id_for_label: str
    label: str
    errors: list[str]


@dataclass
class PageErrors:
    """Every error of the page's forms, shaped as the summary template reads one form."""

    non_field: list[str] = field(default_factory=list)
    fields: list[FieldErrors] = field(default_factory=list)
    hidden: list[FieldErrors] = field(default_factory=list)

    @property
    def errors(self) -> bool:
        return bool(self.non_field or self.fields or self.hidden)

    def non_field_errors(self) -> list[str]:
        return self.non_field

    def visible_fields(self) -> list[FieldErrors]:
        return self.fields

    def hidden_fields(self) -> list[FieldErrors]:
        return self.hidden

    def add_form(self, form: forms.BaseForm, row: str = "") -> None:
        if not form.is_bound or not form.errors:
            return
        self.non_field.extend(form.non_field_errors())
        for bound in form:
            if not bound.errors:
                continue
            label = str(bound.label or bound.name)
            if row:
                label = f"{label}, {row}"
            # A group of radio buttons has no one id: the link goes to its first button.
            target = bound.id_for_label or (f"{bound.auto_id}_0" if bound.auto_id else "")
            entry = FieldErrors(target, label, list(bound.errors))
            (self.hidden if bound.is_hidden else self.fields).append(entry)

    def add_formset(self, formset: BaseFormSet) -> None:
        if not formset.is_bound:
            return
        self.non_field.extend(formset.non_form_errors())
        rows = formset.prefix.replace("_", " ").replace("-", " ")
        for row, form in enumerate(formset.forms, start=1):
            self.add_form(form, row=f"{rows} row {row}")


FORMS = (forms.BaseForm, BaseFormSet)


def _candidates(value):
    if isinstance(value, FORMS):
        yield value
    elif isinstance(value, dict):
        yield from (item for item in value.values() if isinstance(item, FORMS))
    elif isinstance(value, list | tuple):
        yield from (item for item in value if isinstance(item, FORMS))


@register.simple_tag(takes_context=True)
def page_form_errors(context) -> PageErrors:
    summary = PageErrors()
    seen: set[int] = set()
    for value in context.flatten().values():
        for candidate in _candidates(value):
            if id(candidate) in seen:
                continue
            seen.add(id(candidate))
            if isinstance(candidate, BaseFormSet):
                seen.update(id(form) for form in candidate.forms)
                summary.add_formset(candidate)
            else:
                summary.add_form(candidate)
    return summary
