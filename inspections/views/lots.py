"""One lot per parcel: the clerk merges a duplicate lot into the lot of its parcel.

Here rather than in facilities, since the merge moves inspections, orders and complaints as
well as applications and permits (inspections.actions.merge_lots)."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from facilities.models import Lot
from inspections import actions
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.forms import helper
from stoneham_boh.lib.record_ids import record_id


def merge_candidates(lot: Lot) -> list[Lot]:
    """The lots `lot` is likely a duplicate of: the same street address, or the same parcel."""
    same = Q(street_address__iexact=" ".join(lot.street_address.split()))
    if lot.parcel_id:
        same |= Q(parcel_id=lot.parcel_id) | Q(tax_parcel__map_par_id=lot.parcel_id)
    if lot.tax_parcel_id:
        same |= Q(tax_parcel=lot.tax_parcel_id)
    return list(Lot.objects.current().filter(same).exclude(pk=lot.pk).order_by("pk")[:20])


class MergeForm(forms.Form):
    into = forms.ChoiceField(
        label="Merge it into",
        widget=forms.RadioSelect,
        required=False,
        help_text="The lot of the parcel (§20-14, Lot): it takes this lot's applications, "
        "permits, inspections, orders and complaints.",
    )
    other = forms.CharField(
        label="Or the number of another lot",
        required=False,
        max_length=12,
        help_text="As in the lot's address bar (/lots/123/).",
    )

    def __init__(self, *args, candidates=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["into"].choices = [(str(lot.pk), str(lot)) for lot in candidates]
        self.helper = helper("into", "other")

    def clean(self):
        data = super().clean()
        chosen = data.get("other") or data.get("into")
        pk = record_id(chosen) if chosen else None
        lot = Lot.objects.filter(pk=pk).first() if pk is not None else None
        if lot is None:
            raise forms.ValidationError("Choose the lot to merge into, or give its number.")
        data["lot"] = lot
        return data


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def lot_merge(request, pk: int):
    duplicate = get_object_or_404(Lot, pk=pk)
    candidates = merge_candidates(duplicate)
    form = MergeForm(request.POST or None, candidates=candidates)
    if request.method == "POST":
        merged = attempt(
            request,
            form,
            lambda data: actions.merge_lots(duplicate=duplicate, into=data["lot"], by=request.user),
            lambda into: (
                f"{duplicate.street_address} is merged into {into}: its records moved, "
                "each with its history."
            ),
        )
        if merged is not None:
            return redirect("facilities:lot-detail", pk=merged.pk)
    return render(
        request,
        "inspections/lot_merge.html",
        {"lot": duplicate, "form": form, "candidates": candidates},
    )
