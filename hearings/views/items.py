"""One docket item: its abutter notices, mailing, letters and labels, edits and withdrawal."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from facilities.models import Abutter
from hearings import actions
from hearings.forms import (
    DocketItemForm,
    MailingForm,
    MailingListForm,
    NewspaperChargeForm,
    ReceiptForm,
)
from hearings.history import docket_item_history
from hearings.models import AbutterNotice, DocketItem
from hearings.notice_cost import statement_for
from hearings.notice_timing import abutters_in_letter_order, timing_for
from hearings.printing import abutter_letters_pdf, labels_pdf, mailing_book_pdf
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.form_actions import act, attempt
from stoneham_boh.lib.history import history_response
from stoneham_boh.lib.pdf import pdf_response


def docket_item_or_404(pk):
    return get_object_or_404(
        DocketItem.objects.select_related(
            "meeting", "meeting__legal_notice", "application__applicant", "application__lot"
        ),
        pk=pk,
    )


def _notices_page(request, item, status=200, **forms):
    notices = {n.abutter_id: n for n in AbutterNotice.objects.filter(docket_item=item)}
    abutters = abutters_in_letter_order(item)
    rows = [
        {
            "abutter": abutter,
            "notice": notices.get(abutter.pk),
            "form": forms.get(f"mailing_{abutter.pk}")
            or MailingForm(
                prefix=f"a{abutter.pk}",
                initial={
                    "article_number": getattr(notices.get(abutter.pk), "article_number", ""),
                },
            ),
            "receipt_form": ReceiptForm(prefix=f"r{abutter.pk}"),
        }
        for abutter in abutters
    ]
    relief = forms.get("item_form") or DocketItemForm(
        initial={
            "relief_sought": item.relief_sought,
            "staff_recommendation": item.staff_recommendation,
        }
    )
    legal_notice = getattr(item.meeting, "legal_notice", None)
    return render(
        request,
        "hearings/item_notices.html",
        {
            "item": item,
            "meeting": item.meeting,
            "application": item.application,
            "timing": timing_for(item),
            "rows": rows,
            "list_form": forms.get("list_form") or MailingListForm(),
            "item_form": relief,
            "legal_notice": legal_notice,
            "notice_proofs": list(legal_notice.proofs.filter(voided=False)) if legal_notice else [],
            "open": item.status == DocketItem.Status.SCHEDULED,
            "today": timezone.localdate(),
            "cost": statement_for(item) if item.is_public_hearing else None,
            "charge_form": forms.get("charge_form") or NewspaperChargeForm(),
        },
        status=status,
    )


@role_required(Role.CLERK, Role.BOARD)
@require_GET
def item_notices(request, pk):
    """The abutters noticed and each letter's mailing and receipt: the clerk records them,
    the Board reads them (read-only) before deciding."""
    return _notices_page(request, docket_item_or_404(pk))


@role_required(Role.CLERK)
@require_GET
def item_history_card(request, pk):
    item = get_object_or_404(DocketItem.objects.select_related("meeting"), pk=pk)
    return history_response(
        request,
        docket_item_history(item),
        title=f"Application #{item.application_id}, meeting of {long_date(item.meeting.date)}",
        back=reverse("hearings:item-notices", args=[item.pk]),
    )


@role_required(Role.CLERK)
@require_POST
def item_mailing(request, pk, abutter_pk):
    item = docket_item_or_404(pk)
    abutter = get_object_or_404(
        Abutter, pk=abutter_pk, abutter_list__application_id=item.application_id
    )
    form = MailingForm(request.POST, prefix=f"a{abutter.pk}", drafted_on=item.scheduled_on)
    recorded = attempt(
        request,
        form,
        lambda data: actions.record_mailing(item=item, abutter=abutter, by=request.user, **data),
        f"Mailing to {abutter.owner_names} recorded.",
    )
    if recorded:
        return redirect(reverse("hearings:item-notices", args=[item.pk]) + "#abutters")
    return _notices_page(request, item, status=400, **{f"mailing_{abutter.pk}": form})


@role_required(Role.CLERK)
@require_POST
def item_mailing_list(request, pk):
    item = docket_item_or_404(pk)
    form = MailingListForm(request.POST, drafted_on=item.scheduled_on)
    recorded = attempt(
        request,
        form,
        lambda data: actions.record_mailing_list(
            item=item,
            article_numbers=data["numbers"],
            mailed_on=data["mailed_on"],
            by=request.user,
        ),
        lambda notices: f"{len(notices)} mailings recorded.",
    )
    if recorded:
        return redirect(reverse("hearings:item-notices", args=[item.pk]) + "#abutters")
    return _notices_page(request, item, status=400, list_form=form)


@role_required(Role.CLERK)
@require_POST
def notice_receipt(request, pk):
    notice = get_object_or_404(AbutterNotice.objects.select_related("abutter"), pk=pk)
    form = ReceiptForm(request.POST, prefix=f"r{notice.abutter_id}")
    target = reverse("hearings:item-notices", args=[notice.docket_item_id]) + "#abutters"
    if not form.is_valid():
        messages.error(request, "Give the date the return receipt came back.")
        return redirect(target)
    act(
        request,
        lambda: actions.mark_receipt_returned(
            notice=notice, returned_on=form.cleaned_data["returned_on"], by=request.user
        ),
        f"Return receipt from {notice.abutter.owner_names} marked.",
    )
    return redirect(target)


@role_required(Role.CLERK)
@require_POST
def item_edit(request, pk):
    item = docket_item_or_404(pk)
    form = DocketItemForm(request.POST)
    saved = attempt(
        request,
        form,
        lambda data: actions.update_docket_item(item=item, by=request.user, **data),
        "The docket item is saved.",
    )
    if saved:
        return redirect("hearings:item-notices", pk=item.pk)
    return _notices_page(request, item, status=400, item_form=form)


@role_required(Role.CLERK)
@require_POST
def item_withdraw(request, pk):
    item = docket_item_or_404(pk)
    try:
        actions.withdraw_docket_item(item=item, by=request.user)
    except ActionRefused as error:
        messages.error(request, str(error))
        return redirect("hearings:item-notices", pk=item.pk)
    messages.success(request, "The item was taken off the docket; it stays on record.")
    return redirect("hearings:meeting-detail", pk=item.meeting_id)


@role_required(Role.CLERK)
@require_GET
def item_letters(request, pk):
    item = docket_item_or_404(pk)
    pdf = abutter_letters_pdf([item])
    actions.record_letters_printed(items=[item], by=request.user)
    return pdf_response(pdf, f"abutter-letters-{item.pk}.pdf")


@role_required(Role.CLERK)
@require_GET
def item_labels(request, pk):
    item = docket_item_or_404(pk)
    return pdf_response(labels_pdf([item]), f"labels-{item.pk}.pdf")


@role_required(Role.CLERK)
@require_POST
def item_newspaper_charge(request, pk):
    item = docket_item_or_404(pk)
    form = NewspaperChargeForm(request.POST)
    recorded = attempt(
        request,
        form,
        lambda data: actions.record_newspaper_charge(item=item, by=request.user, **data),
        "The newspaper's charge is recorded on the notice statement.",
    )
    if recorded:
        return redirect("hearings:item-notices", pk=item.pk)
    return _notices_page(request, item, status=400, charge_form=form)


@role_required(Role.CLERK)
@require_GET
def item_mailing_book(request, pk):
    """The post office's firm mailing book of the item's registered letters."""
    item = docket_item_or_404(pk)
    return pdf_response(mailing_book_pdf(item), f"mailing-book-{item.pk}.pdf")
