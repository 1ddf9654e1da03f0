"""The status badge, from Python, from the template tag and from the partial: one markup."""

from __future__ import annotations

from django.template import Context, Template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from stoneham_boh.lib.badges import status_badge


def test_a_badge_names_its_status_class_and_escapes_its_label():
    assert status_badge("fail", "Setback < 50 ft") == (
        '<span class="badge badge-status status-fail">Setback &lt; 50 ft</span>'
    )


def test_a_safe_label_is_kept_and_no_status_reads_as_not_applicable():
    assert status_badge(None, mark_safe("<abbr>N/A</abbr>")) == (
        '<span class="badge badge-status status-not_applicable"><abbr>N/A</abbr></span>'
    )


def test_the_tag_and_the_partial_print_the_same_badge():
    expected = status_badge("pass", "Approved")
    tag = Template("{% load badges %}{% status_badge 'pass' 'Approved' %}").render(Context())
    partial = render_to_string(
        "_partials/status_badge.html", {"status_class": "pass", "label": "Approved"}
    )
    assert tag == expected
    assert partial.strip() == expected
