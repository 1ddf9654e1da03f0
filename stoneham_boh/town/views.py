"""The administrator's settings pages: the town, and (standing.py) the letters' wording."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.history import history_response, history_rows, save_as
from stoneham_boh.town.actions import save_wording
from stoneham_boh.town.current import current_town, forget_current_town
from stoneham_boh.town.forms import StandingTextForm, TownForm
from stoneham_boh.town.models import StandingText
from stoneham_boh.town.standing import PARAGRAPHS, preview, texts_of, wording


@role_required(Role.ADMIN)
@require_http_methods(["GET", "POST"])
def town_settings(request):
    town = current_town()
    form = TownForm(request.POST or None, instance=town if town.pk else None)
    if request.method == "POST" and form.is_valid():
        saved = form.save(commit=False)
        save_as(saved, request.user)
        forget_current_town()
        messages.success(
            request, "The town's settings are saved: the next page, letter and permit print them."
        )
        return redirect("town:settings")
    return render(
        request,
        "town/settings.html",
        {"form": form, "town": town, "history_url": reverse("town:history")},
    )


@role_required(Role.ADMIN)
@require_http_methods(["GET"])
def town_history(request):
    town = current_town()
    entries = history_rows(town) if town.pk else []
    return history_response(
        request, entries, title="History of the town's settings", back=reverse("town:settings")
    )


@role_required(Role.ADMIN)
@require_http_methods(["GET"])
def standing_texts(request):
    town = current_town()
    saved = texts_of(town)
    documents: dict[str, list] = {}
    for spec in PARAGRAPHS.values():
        documents.setdefault(spec.document, []).append(
            {"spec": spec, "text": saved.get(spec.key, spec.default), "changed": spec.key in saved}
        )
    return render(request, "town/standing_texts.html", {"documents": documents, "town": town})


def _paragraph_or_404(key: str):
    spec = PARAGRAPHS.get(key)
    if spec is None:
        raise Http404("No such paragraph.")
    return spec


@role_required(Role.ADMIN)
@require_http_methods(["GET", "POST"])
def standing_text_edit(request, key: str):
    spec = _paragraph_or_404(key)
    town = current_town()
    if town.pk is None:
        messages.error(request, "Save the town's settings first: the wording belongs to a town.")
        return redirect("town:settings")
    current = wording(key, town)
    action = request.POST.get("action", "save")
    if request.method == "POST" and action == "restore":
        posted = {"text": spec.default}
    else:
        posted = request.POST or None
    form = StandingTextForm(posted, paragraph=spec, initial={"text": current})
    shown = None
    if request.method == "POST" and form.is_valid():
        if action == "preview":
            shown = preview(key, form.cleaned_data["text"])
        elif attempt(
            request,
            form,
            lambda data: save_wording(key=key, text=data["text"], by=request.user),
            f"The wording of “{spec.label}” is saved.",
            field="text",
        ):
            return redirect("town:standing-text", key=key)
    record = StandingText.objects.filter(town=town, key=key).first()
    return render(
        request,
        "town/standing_text_edit.html",
        {
            "spec": spec,
            "form": form,
            "preview": shown if shown is not None else preview(key, current),
            "previewing": shown is not None,
            "offered": sorted(spec.offered.items()),
            "history_url": reverse("town:standing-text-history", args=[key]) if record else "",
        },
    )


@role_required(Role.ADMIN)
@require_http_methods(["GET"])
def standing_text_history(request, key: str):
    spec = _paragraph_or_404(key)
    record = get_object_or_404(StandingText, town=current_town(), key=key)
    return history_response(
        request,
        history_rows(record, lambda row: spec.label),
        title=f"{spec.document}: {spec.label}",
        back=reverse("town:standing-text", args=[key]),
    )
