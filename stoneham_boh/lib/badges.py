"""The status badge, rendered once per status and label, then remembered.

`_partials/status_badge.html` stays the one place the badge's markup lives. A page shows
dozens of badges (a compliance panel's findings, the past meetings' outcomes, a list's rows),
and including the partial for each cost more than the rest of the page; there are only a few
dozen distinct badges, so each is rendered once per process.
"""

from __future__ import annotations

import functools

from django.template.loader import render_to_string
from django.utils.safestring import SafeData, SafeString


def status_badge(status_class, label) -> SafeString:
    """The badge for a boh.css status (pass, fail, missing, pending, waived, ...)."""
    return _badge(str(status_class or ""), str(label), isinstance(label, SafeData))


@functools.lru_cache(maxsize=512)
def _badge(status_class: str, label: str, label_is_safe: bool) -> SafeString:
    return render_to_string(
        "_partials/status_badge.html",
        {"status_class": status_class, "label": SafeString(label) if label_is_safe else label},
    )
