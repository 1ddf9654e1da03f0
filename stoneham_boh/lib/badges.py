"""The status badge: the one place its markup lives.

A page shows dozens of badges (a compliance panel's findings, the past meetings' outcomes, a
list's rows); `format_html` builds each in microseconds, where including a template partial
for each cost more than the rest of the page. `_partials/status_badge.html` calls this too, so
a template that includes it and one that uses `{% status_badge %}` print the same badge.
"""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.safestring import SafeString


def status_badge(status_class, label) -> SafeString:
    """The badge for a boh.css status (pass, fail, missing, pending, waived, grandfathered,
    not_applicable); the label is escaped unless it is already safe markup."""
    return format_html(
        '<span class="badge badge-status status-{}">{}</span>',
        status_class or "not_applicable",
        label,
    )
