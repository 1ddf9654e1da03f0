"""The compliance panel says things in words: no facts path (issue 17)."""

from __future__ import annotations

from django.template.loader import render_to_string

from permits.panel import panel


def test_the_panel_names_a_bad_fact_in_words_not_by_its_path():
    context = panel({"error": {"path": "lot.percolation_min_per_inch", "message": "must be > 0"}})
    html = render_to_string("_partials/compliance_panel.html", {"panel": context})
    assert "lot.percolation_min_per_inch" not in html
    assert "the lot, percolation rate (min/inch): must be &gt; 0" in html
