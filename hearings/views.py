"""Staff pages of the hearings: the docket, scheduling, notices and the Board's decisions.

Thin views: a form, one action, a redirect. A refused action is shown on the page it came
from, with what was typed kept.
"""

from __future__ import annotations

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from facilities.models import Abutter
from hearings import actions
from hearings.docket import docket_entries, outcome_variances, past_meetings, relief_needed
from hearings.forms import (
    DecisionForm,
    DocketItemForm,
    LegalNoticeForm,
    MailingForm,
    MailingListForm,
    MeetingForm,
    PublicationForm,
    ReceiptForm,
    ScheduleHearingForm,
    SentForm,
)
from hearings.history import docket_item_history, meeting_history
from hearings.models import AbutterNotice, DocketItem, LegalNotice, Meeting
from hearings.notices import scheduling_warning, timing_for
from hearings.printing import abutter_letters_pdf, agenda_pdf, decision_pdf, labels_pdf
from hearings.wording import variable_rule_ids
from permits.facts import evaluate_application
from permits.models import Application
from stoneham_boh.access import role_required
from stoneham_boh.errors import ActionRefused
from stoneham_boh.query_bundle import prefetch_together
from stoneham_boh.record_ids import record_id
from stoneham_boh.roles import Role

STAFF = (Role.CLERK, Role.BOARD, Role.AGENT)
PAGE_SIZE = 25


def _refused(form, error: ActionRefused) -> None:
    """Show a refused action's reasons as the form's non-field errors."""
    form.add_error(None, error.message)
    for reason in error.reasons:
        form.add_error(None, reason)


def _submitted(request, form, act, done):
    """Validate `form` and run `act(cleaned_data)`: the action's result, or None when refused.

    `done` is the success message, or a function of the action's result giving it. A refusal
    lands on the form as non-field errors, so the page re-renders with what was typed.
    """
    if not form.is_valid():
        return None
    try:
        result = act(form.cleaned_data)
    except ActionRefused as error:
        _refused(form, error)
        return None
    messages.success(request, done(result) if callable(done) else done)
    return result


def _long(day) -> str:
    return f"{day:%B} {day.day}, {day.year}"


def _pdf(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


# --- The docket ----------------------------------------------------------------------------------


@role_required(*STAFF)
@require_GET
def docket(request):
    """The coming meeting's docket, the meetings after it, and past meetings with outcomes."""
    today = timezone.localdate()
    upcoming = list(Meeting.objects.upcoming(today)[:6])
    meeting = upcoming[0] if upcoming else None
    page = Paginator(past_meetings(today), PAGE_SIZE).get_page(request.GET.get("page"))
    # The coming docket and the past outcomes load together: a fixed dozen queries in all.
    past = outcome_variances(page.object_list)
    if meeting is None:
        prefetch_together(past)
    return render(
        request,
        "hearings/docket.html",
        {
            "meeting": meeting,
            "entries": docket_entries(meeting, load_with=(past,)) if meeting else [],
            "later_meetings": upcoming[1:],
            "page_obj": page,
            "today": today,
        },
    )


@role_required(*STAFF)
@require_GET
def meeting_detail(request, pk):
    meeting = get_object_or_404(Meeting.objects.select_related("legal_notice"), pk=pk)
    return render(
        request,
        "hearings/meeting_detail.html",
        {
            "meeting": meeting,
            "entries": docket_entries(meeting),
            "withdrawn": meeting.items.filter(status=DocketItem.Status.WITHDRAWN).select_related(
                "application__applicant", "application__lot"
            ),
            "today": timezone.localdate(),
            "history": meeting_history(meeting),
        },
    )


@role_required(*STAFF)
@require_GET
def meeting_agenda(request, pk):
    meeting = get_object_or_404(Meeting.objects.select_related("legal_notice"), pk=pk)
    return _pdf(agenda_pdf(meeting), f"agenda-{meeting.date:%Y-%m-%d}.pdf")


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def meeting_create(request):
    form = MeetingForm(request.POST or None)
    meeting = request.method == "POST" and _submitted(
        request,
        form,
        lambda data: actions.schedule_meeting(
            on=data["date"],
            at=data["time"],
            place=data["place"],
            notes=data["notes"],
            by=request.user,
        ),
        lambda meeting: (
            "Meeting scheduled. Notices for its hearings must go out by "
            f"{_long(meeting.last_notice_day)}."
        ),
    )
    if meeting:
        _warn_if_late(request, meeting)
        return redirect("hearings:meeting-detail", pk=meeting.pk)
    return render(
        request, "hearings/meeting_form.html", {"form": form}, status=400 if form.errors else 200
    )


def _warn_if_late(request, meeting) -> None:
    warning = scheduling_warning(meeting, timezone.localdate())
    if warning:
        messages.warning(request, warning)


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def schedule(request):
    """Put an application on a meeting's docket (both may come pre-chosen in the query)."""
    if request.method == "POST":
        form = ScheduleHearingForm(request.POST)
    else:
        form = ScheduleHearingForm(initial=_schedule_initial(request.GET))
    item = request.method == "POST" and _submitted(
        request,
        form,
        lambda data: actions.schedule_hearing(by=request.user, **data),
        lambda item: f"{item.application.applicant} is on the docket.",
    )
    if item:
        _warn_if_late(request, item.meeting)
        return redirect("hearings:item-notices", pk=item.pk)
    return render(
        request,
        "hearings/schedule.html",
        {
            "form": form,
            "meetings": list(form.fields["meeting"].queryset[:8]),
            "today": timezone.localdate(),
        },
        status=400 if form.errors else 200,
    )


def _schedule_initial(query) -> dict:
    """The form's starting values: the chosen application's failing rules as relief sought."""
    initial = {}
    if (meeting := record_id(query.get("meeting"))) is not None:
        initial["meeting"] = meeting
    if (chosen := record_id(query.get("application"))) is not None:
        application = Application.objects.with_facts().filter(pk=chosen).first()
        if application is not None:
            initial["application"] = application.pk
            needed, _ = relief_needed(evaluate_application(application), [])
            variable = variable_rule_ids()
            initial["relief_sought"] = [n.relief.rule for n in needed if n.relief.rule in variable]
    return initial


# --- One item's notices ------------------------------------------------------------------------


def _item(pk):
    return get_object_or_404(
        DocketItem.objects.select_related(
            "meeting", "meeting__legal_notice", "application__applicant", "application__lot"
        ),
        pk=pk,
    )


def _notices_page(request, item, status=200, **forms):
    notices = {n.abutter_id: n for n in AbutterNotice.objects.filter(docket_item=item)}
    abutters = actions.abutters_in_letter_order(item)
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
            "legal_notice": getattr(item.meeting, "legal_notice", None),
            "open": item.status == DocketItem.Status.SCHEDULED,
            "today": timezone.localdate(),
            "history": docket_item_history(item),
        },
        status=status,
    )


@role_required(Role.CLERK)
@require_GET
def item_notices(request, pk):
    return _notices_page(request, _item(pk))


@role_required(Role.CLERK)
@require_POST
def item_mailing(request, pk, abutter_pk):
    item = _item(pk)
    abutter = get_object_or_404(
        Abutter, pk=abutter_pk, abutter_list__application_id=item.application_id
    )
    form = MailingForm(request.POST, prefix=f"a{abutter.pk}")
    recorded = _submitted(
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
    item = _item(pk)
    form = MailingListForm(request.POST)
    recorded = _submitted(
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
    try:
        actions.mark_receipt_returned(
            notice=notice, returned_on=form.cleaned_data["returned_on"], by=request.user
        )
    except ActionRefused as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"Return receipt from {notice.abutter.owner_names} marked.")
    return redirect(target)


@role_required(Role.CLERK)
@require_POST
def item_edit(request, pk):
    item = _item(pk)
    form = DocketItemForm(request.POST)
    saved = _submitted(
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
    item = _item(pk)
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
    item = _item(pk)
    return _pdf(abutter_letters_pdf([item]), f"abutter-letters-{item.pk}.pdf")


@role_required(Role.CLERK)
@require_GET
def item_labels(request, pk):
    item = _item(pk)
    return _pdf(labels_pdf([item]), f"labels-{item.pk}.pdf")


def _scheduled(meeting):
    return list(meeting.items.filter(status=DocketItem.Status.SCHEDULED))


@role_required(Role.CLERK)
@require_GET
def meeting_letters(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    return _pdf(abutter_letters_pdf(_scheduled(meeting)), f"letters-{meeting.date}.pdf")


@role_required(Role.CLERK)
@require_GET
def meeting_labels(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    return _pdf(labels_pdf(_scheduled(meeting)), f"labels-{meeting.date}.pdf")


# --- The legal notice ------------------------------------------------------------------------


def _legal_notice_page(request, meeting, status=200, **forms):
    notice = LegalNotice.objects.filter(meeting=meeting).first()
    return render(
        request,
        "hearings/legal_notice.html",
        {
            "meeting": meeting,
            "notice": notice,
            "items": _scheduled(meeting),
            "form": forms.get("form")
            or LegalNoticeForm(
                initial={
                    "text": notice.text if notice else "",
                    "newspaper": notice.newspaper
                    if notice
                    else LegalNotice._meta.get_field("newspaper").default,
                }
            ),
            "sent_form": forms.get("sent_form") or SentForm(),
            "publication_form": forms.get("publication_form")
            or PublicationForm(initial={"newspaper": notice.newspaper if notice else ""}),
        },
        status=status,
    )


@role_required(Role.CLERK)
@require_http_methods(["GET", "POST"])
def legal_notice(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    if request.method == "GET":
        return _legal_notice_page(request, meeting)
    form = LegalNoticeForm(request.POST)
    saved = _submitted(
        request,
        form,
        lambda data: actions.edit_legal_notice(meeting=meeting, by=request.user, **data),
        "The legal notice is saved.",
    )
    if saved:
        return redirect("hearings:legal-notice", pk=meeting.pk)
    return _legal_notice_page(request, meeting, status=400, form=form)


@role_required(Role.CLERK)
@require_POST
def legal_notice_draft(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    try:
        actions.draft_legal_notice(meeting=meeting, by=request.user)
    except ActionRefused as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "The legal notice was drafted from the docket. Check it.")
    return redirect("hearings:legal-notice", pk=meeting.pk)


@role_required(Role.CLERK)
@require_POST
def legal_notice_sent(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = SentForm(request.POST)
    sent = _submitted(
        request,
        form,
        lambda data: actions.send_legal_notice(meeting=meeting, by=request.user, **data),
        "Marked as sent to the newspaper.",
    )
    if sent:
        return redirect("hearings:legal-notice", pk=meeting.pk)
    return _legal_notice_page(request, meeting, status=400, sent_form=form)


@role_required(Role.CLERK)
@require_POST
def legal_notice_published(request, pk):
    meeting = get_object_or_404(Meeting, pk=pk)
    form = PublicationForm(request.POST)
    published = _submitted(
        request,
        form,
        lambda data: actions.record_publication(meeting=meeting, by=request.user, **data),
        "Publication recorded.",
    )
    if published:
        return redirect("hearings:legal-notice", pk=meeting.pk)
    return _legal_notice_page(request, meeting, status=400, publication_form=form)


# --- Decisions ---------------------------------------------------------------------------------


@role_required(Role.BOARD)
@require_http_methods(["GET", "POST"])
def decide(request, pk):
    item = _item(pk)
    if item.status != DocketItem.Status.SCHEDULED and hasattr(item, "decision"):
        messages.info(request, "The Board's decision on this item is recorded.")
        return redirect("hearings:meeting-detail", pk=item.meeting_id)
    form = DecisionForm(request.POST or None, item=item)
    decision = request.method == "POST" and _submitted(
        request,
        form,
        lambda data: actions.record_decision(item=item, by=request.user, **form.action_kwargs()),
        lambda decision: f"Decision recorded: {decision.get_result_display().lower()}.",
    )
    if decision:
        return redirect("hearings:meeting-detail", pk=item.meeting_id)
    return render(
        request,
        "hearings/decide.html",
        {"item": item, "form": form, "timing": timing_for(item)},
        status=400 if form.errors else 200,
    )


@role_required(*STAFF)
@require_GET
def item_decision_pdf(request, pk):
    item = get_object_or_404(
        DocketItem.objects.select_related(
            "meeting", "application__applicant", "application__lot", "decision__recorded_by"
        ),
        pk=pk,
        decision__isnull=False,
    )
    return _pdf(decision_pdf(item), f"decision-{item.application_id}-{item.pk}.pdf")
