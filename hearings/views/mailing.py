"""The abutters' letters and their mailing: a docket item's notices page, each letter's mailing and
return receipt, the letters, labels and the post office's mailing book printed for an item or a
whole meeting. The views of hearings.actions.mailing."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from facilities.models import Abutter
from hearings import actions
from hearings.forms import (
    MailingForm,
    MailingListForm,
    ReceiptForm,
)
from hearings.models import AbutterNotice, Meeting
from hearings.printing import (
    abutter_letters_pdf,
    labels_pdf,
    mailing_book_pdf,
)
from hearings.views._common import docket_item_or_404, notices_page, scheduled
from stoneham_boh.accounts.access import role_required
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.form_actions import act, attempt
from stoneham_boh.lib.pdf import pdf_response


@role_required(Role.CLERK, Role.BOARD)
@require_GET
def item_notices(request, pk):
    """The abutters noticed and each letter's mailing and receipt: the clerk records them,
    the Board reads them (read-only) before deciding."""
    return notices_page(request, docket_item_or_404(pk))


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
    return notices_page(request, item, status=400, **{f"mailing_{abutter.pk}": form})


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
    return notices_page(request, item, status=400, list_form=form)


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
@require_GET
def item_mailing_book(request, pk):
    """The post office's firm mailing book of the item's registered letters."""
    item = docket_item_or_404(pk)
    return pdf_response(mailing_book_pdf(item), f"mailing-book-{item.pk}.pdf")


@role_required(Role.CLERK)
@require_GET
def meeting_letters(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    items = list(scheduled(meeting))
    pdf = abutter_letters_pdf(items)
    actions.record_letters_printed(items=items, by=request.user)
    return pdf_response(pdf, f"letters-{meeting.date}.pdf")


@role_required(Role.CLERK)
@require_GET
def meeting_labels(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    return pdf_response(labels_pdf(scheduled(meeting)), f"labels-{meeting.date}.pdf")
