"""Template helpers of the clerk's desk: status badges and money."""

from __future__ import annotations

from django import template

from permits.status import APPLICATION_STATUS_CLASSES, PERMIT_STATUS_CLASSES

register = template.Library()


@register.filter
def application_status_class(status: str) -> str:
    return APPLICATION_STATUS_CLASSES.get(status, "not_applicable")


@register.filter
def permit_status_class(status: str) -> str:
    return PERMIT_STATUS_CLASSES.get(status, "not_applicable")


@register.filter
def dollars(amount) -> str:
    if amount is None:
        return "—"
    return f"${amount:,.2f}"
