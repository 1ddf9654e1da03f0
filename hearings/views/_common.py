"""What the docket item's views share: the item fetched for a page, and the item's notices page,
which its mailing, docket and legal-notice forms re-render with their errors."""

from __future__ import annotations

from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from hearings.forms import (
    DocketItemForm,
    MailingForm,
    MailingListForm,
    NewspaperChargeForm,
    ReceiptForm,
)
from hearings.models import AbutterNotice, DocketItem
from hearings.notice_cost import statement_for
from hearings.notice_timing import abutters_in_letter_order, timing_for


def docket_item_or_404(pk):
    return get_object_or_404(
        DocketItem.objects.select_related(
            "meeting", "meeting__legal_notice", "application__applicant", "application__lot"
        ),
        pk=pk,
    )


def notices_page(request, item, status=200, **forms):
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


def scheduled(meeting):
    return list(meeting.items.filter(status=DocketItem.Status.SCHEDULED))
