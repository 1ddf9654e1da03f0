"""The lots (parcels): the list, each lot's page, and merging a duplicate lot into the lot of
its parcel (one lot per parcel, §20-14; facilities.actions.merge_lots moves its records)."""

from __future__ import annotations

from django import forms
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from facilities import actions
from facilities.filters import LotFilter
from facilities.forms import ParcelIdCorrectionForm
from facilities.models import Lot
from stoneham_boh.accounts.access import role_required, staff_required
from stoneham_boh.accounts.roles import Role, has_role
from stoneham_boh.lib.form_actions import attempt
from stoneham_boh.lib.forms import helper
from stoneham_boh.lib.listing import list_page
from stoneham_boh.lib.record_ids import record_id
from stoneham_boh.lib.tables import Column, Table

LOT_TABLE = Table(
    (
        Column(
            "Street address",
            lambda lot: lot.street_address,
            link="facilities:lot-detail",
            sort="street_address",
        ),
        Column("Parcel", lambda lot: lot.parcel_id, css="text-nowrap", sort="parcel_id"),
        Column("Area (acres)", lambda lot: lot.effective_area_acres),
        Column("Zoning", lambda lot: lot.get_zoning_district_display()),
    ),
    caption="Lots",
)


@staff_required
def lot_list(request):
    return list_page(
        request,
        filterset_class=LotFilter,
        queryset=Lot.objects.current().in_street_order(),
        table=LOT_TABLE,
        title="Lots",
        export_name="lots",
        empty="No lot matches. Lots are added when an application is started.",
    )


class UnmappedReasonForm(forms.Form):
    reason = forms.CharField(
        label="Why the lot is not on the parcel map",
        max_length=300,
        help_text="Without it no permit issues on a lot off the imported map (one lot per "
        "parcel: a lot off the map is most often a second lot of a mapped parcel; merge it).",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("reason")


class ParcelIdForm(forms.Form):
    parcel_id = forms.CharField(
        label="Parcel id",
        max_length=20,
        help_text="Map-block-lot from the Assessor's maps, e.g. 12-345-6. The lot then opens "
        "on its parcel of the town map.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("parcel_id")


@staff_required
@require_GET
def lot_detail(request, pk):
    lot = get_object_or_404(Lot.objects.select_related("tax_parcel", "merged_into"), pk=pk)
    return lot_page(request, lot)


@role_required(Role.CLERK)
@require_http_methods(["POST"])
def lot_parcel_id(request, pk):
    """Give a lot recorded without one its parcel id (issue 26.21)."""
    lot = get_object_or_404(Lot, pk=pk)
    form = ParcelIdForm(request.POST, prefix="parcel")
    done = attempt(
        request,
        form,
        lambda data: actions.give_parcel_id(lot=lot, parcel_id=data["parcel_id"], by=request.user),
        lambda saved: (
            f"Parcel id {saved.parcel_id} recorded"
            + (": the lot is on the town map." if saved.tax_parcel_id else ".")
        ),
    )
    if done is not None:
        return redirect("facilities:lot-detail", pk=pk)
    return lot_page(request, lot, parcel_form=form, status=400)


@role_required(Role.CLERK)
@require_http_methods(["POST"])
def lot_unmapped_reason(request, pk):
    lot = get_object_or_404(Lot, pk=pk)
    form = UnmappedReasonForm(request.POST, prefix="unmapped")
    done = attempt(
        request,
        form,
        lambda data: actions.record_unmapped_reason(
            lot=lot, reason=data["reason"], by=request.user
        ),
        "The reason is recorded: a permit may issue on this lot off the map.",
    )
    if done is not None:
        return redirect("facilities:lot-detail", pk=pk)
    return lot_page(request, lot, unmapped_form=form, status=400)


def lot_page(
    request, lot, *, unmapped_form=None, parcel_form=None, correction_form=None, status=200
):
    """The lot's page, with the form that came back with errors in place of its blank one."""
    return render(
        request,
        "facilities/lot_detail.html",
        {
            "lot": lot,
            "unmapped_form": unmapped_form or UnmappedReasonForm(prefix="unmapped"),
            "parcel_form": parcel_form or ParcelIdForm(prefix="parcel"),
            "correction_form": correction_form or ParcelIdCorrectionForm(prefix="correct"),
            "parcel_corrections": lot.parcel_id_corrections.select_related("corrected_by"),
            "is_clerk": has_role(request.user, [Role.CLERK]),
            "applications": lot.applications.select_related("applicant").order_by("-id")[:100],
            "permits": lot.permits.select_related("holder")
            .prefetch_related("animals")
            .order_by("-year", "-sequence")[:100],
        },
        status=status,
    )


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
        "facilities/lot_merge.html",
        {"lot": duplicate, "form": form, "candidates": candidates},
    )
