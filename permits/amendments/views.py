"""The administrator's pages for the Board's amendments of its regulation."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from hearings import ruleset_in_force
from permits import rules
from permits.amendments import actions
from permits.amendments.forms import AmendmentForm, PublicationForm, VoidForm
from permits.amendments.models import Amendment
from permits.rules.wording import quantity
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.history import history_response, history_rows
from stoneham_boh.town.current import current_town


def _described(amendment: Amendment) -> dict:
    spec = rules.ruleset_in_force(amendment.effective_on).rules.get(amendment.rule)
    figure = spec.figures.get(amendment.figure) if spec else None
    unit = figure.unit if figure else ""
    value = int(amendment.value) if amendment.value == int(amendment.value) else amendment.value
    return {
        "amendment": amendment,
        "citation": amendment.citation or (spec.citation if spec else amendment.rule),
        "title": spec.title if spec else amendment.rule,
        "label": figure.label if figure else amendment.figure,
        "value": quantity(value, unit),
        "adopted": quantity(figure.value, unit) if figure else "",
        # Its members' own votes on the roll, carried, no dispute that could change them.
        "voted": ruleset_in_force.voted(amendment),
    }


@role_required(Role.BOARD)
@require_http_methods(["GET", "POST"])
def amendment_list(request):
    form = AmendmentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = actions.record_amendment(**form.cleaned_action_arguments(), by=request.user)
        except ActionRefused as refusal:
            # Each reason at its field (the vote's at the meeting's), nothing typed lost.
            form.add_error(None, refusal.message)
            for field, reasons in getattr(refusal, "at_fields", {None: refusal.reasons}).items():
                for reason in reasons:
                    form.add_error(field, reason)
        else:
            messages.success(request, "The amendment is recorded.")
            return redirect("amendments:detail", pk=made.pk)
    town = current_town()
    amendments = Amendment.objects.filter(town_id=town.pk).select_related("adopted_at")
    return render(
        request,
        "permits/amendments/list.html",
        {
            "form": form,
            "amendments": [_described(a) for a in amendments.order_by("-effective_on", "-id")],
            "today": timezone.localdate(),
        },
    )


@role_required(Role.BOARD)
@require_http_methods(["GET", "POST"])
def amendment_detail(request, pk: int):
    amendment = get_object_or_404(Amendment.objects.select_related("adopted_at"), pk=pk)
    publication = PublicationForm(
        request.POST if "publish" in request.POST else None, amendment=amendment
    )
    void = VoidForm(request.POST if "void" in request.POST else None)
    if "publish" in request.POST and attempt(
        request,
        publication,
        lambda data: actions.record_publication(amendment=amendment, by=request.user, **data),
        "Recorded.",
    ):
        return redirect("amendments:detail", pk=pk)
    if "void" in request.POST and attempt(
        request,
        void,
        lambda data: actions.void_amendment(amendment=amendment, by=request.user, **data),
        "The amendment is void: it is no longer part of any ruleset.",
    ):
        return redirect("amendments:detail", pk=pk)
    return render(
        request,
        "permits/amendments/detail.html",
        {
            **_described(amendment),
            "publication": publication,
            "void": void,
            "void_refused": actions.in_force_refusal(amendment, timezone.localdate()),
            "history_url": reverse("amendments:history", args=[pk]),
        },
    )


@role_required(Role.BOARD)
@require_http_methods(["GET"])
def amendment_history(request, pk: int):
    amendment = get_object_or_404(Amendment, pk=pk)
    return history_response(
        request,
        history_rows(amendment),
        title=f"Amendment of {amendment.rule}",
        back=reverse("amendments:detail", args=[pk]),
    )
