"""The public Regulations pages: every provision, how it is enforced, the figures in force.

Public deliberately (no log-in): applicants and neighbours read the rules their permits are
decided by. Read-only, built from the ruleset in force with the Board's amendments: one query
for the town's settings (which the layout reads anyway, and which say whether the amendments
this process holds are still the latest).
"""

from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.http import Http404
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from permits.regulations import catalogue, official
from permits.regulations.links import provision_by_slug, provision_slug
from permits.rules.ruleset_model import Ruleset
from stoneham_boh.accounts.roles import is_staff_member
from stoneham_boh.lib.pdf import pdf_response, render_pdf

PDF_NAME = "stoneham-keeping-of-animals-regulation.pdf"

EARLIEST_YEAR = 1900


class RegulationQueryForm(forms.Form):
    """The page's address bar: ``?on=YYYY-MM-DD`` and ``?enforced=rule``, both optional."""

    on = forms.DateField(
        required=False,
        label="Rules in force on",
        input_formats=["%Y-%m-%d"],
        error_messages={"invalid": "Enter the date as YYYY-MM-DD, for example 2027-03-15."},
        help_text="§20-23: the regulation took effect on August 1, 2002.",
    )
    enforced = forms.ChoiceField(
        required=False,
        choices=list(catalogue.FILTER_LABELS.items()),
        error_messages={
            "invalid_choice": "There is no “%(value)s” filter; every provision is shown."
        },
    )

    def clean_on(self):
        on = self.cleaned_data["on"]
        # Year 0003 parses, but it is a slip (a digit lost), not a question about the rules.
        if on is not None and on.year < EARLIEST_YEAR:
            raise forms.ValidationError(f"Enter a date from {EARLIEST_YEAR} onwards.")
        return on


def _query(request) -> tuple[Ruleset, dict, int]:
    """The ruleset asked for, the page's common context, and the status to answer with.

    A bad part of the query falls back (to today, to every provision) and the page says why,
    with 400, rather than failing: the address may have been typed or mangled by hand.
    """
    form = RegulationQueryForm(request.GET)
    valid = form.is_valid()
    today = timezone.localdate()
    on = form.cleaned_data.get("on") or today
    enforced = form.cleaned_data.get("enforced", "")
    ruleset, shown = catalogue.ruleset_view(on)
    context = {
        # How software enforces each provision is the staff's concern, not a reader's.
        "staff_view": is_staff_member(request.user),
        "form": form,
        "today": today,
        "ruleset": shown,
        "enforced": enforced,
        # Links to other provisions keep the chosen date (today's needs no parameter).
        "on_query": f"?on={on.isoformat()}" if on != today else "",
    }
    return ruleset, context, 200 if valid else 400


@require_GET
def regulation_index(request):
    """The whole coverage map, grouped by section, filtered by kind of enforcement."""
    ruleset, context, status = _query(request)
    counts = catalogue.filter_counts()
    # The chips keep the chosen date; a date left at today stays out of the address.
    on_param = {"on": context["ruleset"].on.isoformat()} if context["on_query"] else {}
    context |= {
        "sections": catalogue.sections(ruleset, context["enforced"]),
        "readings": catalogue.interpretations(ruleset),
        "chips": [
            {
                "label": label,
                "count": counts[value],
                "url": "?" + urlencode({"enforced": value, **on_param} if value else on_param),
                "active": value == context["enforced"],
            }
            for value, label in catalogue.FILTER_LABELS.items()
        ],
        "enforced_label": catalogue.ENFORCEMENT_LABELS.get(context["enforced"], ""),
        "rule_figures": [row for row in catalogue.figures_by_rule(ruleset) if row.figures],
        "inspection_figures": catalogue.husbandry_figures(ruleset),
    }
    return render(request, "permits/regulations/index.html", context, status=status)


def _section_page(request, slug: str):
    """A section with several provisions (§20-15, §20-16...): its official text whole, then
    each provision in plain words."""
    citation = next((c for c, _ in catalogue.SECTIONS if provision_slug(c) == slug), None)
    text = official.section(citation) if citation else None
    if text is None:
        raise Http404("No such provision of the regulation.")
    ruleset, context, status = _query(request)
    shown = next(s for s in catalogue.sections(ruleset) if s.citation == citation)
    context |= {
        "section": shown,
        "official_pieces": [
            {"citation": piece.citation, "slug": provision_slug(piece.citation), "text": piece.text}
            for piece in text.pieces
        ],
    }
    return render(request, "permits/regulations/section.html", context, status=status)


@require_GET
def regulation_pdf(request):
    """The regulation's official text as a PDF, to print or keep."""
    content = render_pdf(
        "pdf/regulation.html",
        {"preamble": official.preamble(), "sections": official.sections()},
        request=request,
        shared=True,
    )
    return pdf_response(content, PDF_NAME)


@require_GET
def regulation_detail(request, slug: str):
    """One provision on its own page, for links from findings, letters and orders; a
    section's own page where the section has several."""
    entry = provision_by_slug(slug)
    if entry is None:
        return _section_page(request, slug)
    ruleset, context, status = _query(request)
    before, after = catalogue.provision_neighbours(entry.citation)
    context |= {
        "provision": catalogue.provision_entry(entry, ruleset),
        "section_title": dict(catalogue.SECTIONS).get(catalogue.section_of(entry.citation), ""),
        "section_slug": provision_slug(catalogue.section_of(entry.citation)),
        "before": before and catalogue.provision_card_link(before),
        "after": after and catalogue.provision_card_link(after),
    }
    return render(request, "permits/regulations/detail.html", context, status=status)
