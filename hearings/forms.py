"""Forms of the hearings pages. They check single fields; the actions check the workflow."""

from __future__ import annotations

from datetime import datetime, time
from decimal import Decimal

from crispy_forms.layout import Column, Div, Fieldset, Row
from django import forms
from django.conf import settings
from django.utils import timezone

from hearings import clocks
from hearings.actions.decisions import RESULTS, Ruling
from hearings.corrections.actions import CORRECTABLE as CORRECTABLE_FIELDS
from hearings.models import (
    BoardApproval,
    BoardMember,
    Decision,
    DocketItem,
    LegalNoticeProof,
    Meeting,
    SetbackEnlargement,
    Vote,
)
from hearings.notice_timing import normalize_article_number, split_pasted_numbers
from hearings.wording import relief, variable_rules
from permits.figures import lazy_with_figures
from permits.models import Application
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.forms import DateInput, ReasonForm, helper
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, validate_upload

NOTICE_HELP = lazy_with_figures("§20-20(9): at least {20-20.9:notice_days} before the hearing.")


class TimeInput(forms.TimeInput):
    input_type = "time"


def _relief_choices(rule_ids=None) -> list[tuple[str, str]]:
    chosen = variable_rules() if rule_ids is None else [relief(r) for r in rule_ids]
    return [(r.rule, f"{r.citation} {r.title}") for r in chosen]


class MeetingForm(forms.Form):
    date = forms.DateField(
        widget=DateInput,
        help_text=lazy_with_figures(
            "§20-20(9): both notices must go out at least {20-20.9:notice_days} before it."
        ),
    )
    time = forms.TimeField(widget=TimeInput, initial=time(19, 0))
    place = forms.CharField(max_length=200, initial=Meeting._meta.get_field("place").default)
    notes = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), required=False)
    emergency = forms.CharField(
        label="Emergency meeting: the emergency",
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        help_text=(
            "Leave blank for a regular meeting. Only for a sudden, generally unexpected "
            "occurrence demanding immediate action (M.G.L. c.30A §18): the notice is then "
            "posted as soon as possible rather than 48 hours ahead, and the meeting takes up "
            "only a revocation or the rescission of a variance. It cannot be declared later."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields[CONFIRM] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        self.helper = helper(
            Row(
                Column("date", CONFIRM, css_class="col-sm-6"),
                Column("time", css_class="col-sm-6"),
            ),
            "place",
            "notes",
            "emergency",
        )

    def clean_emergency(self):
        text = self.cleaned_data.get("emergency", "").strip()
        if text and len(text) < 20:
            raise forms.ValidationError(
                "State the emergency in a sentence: the sudden, generally unexpected "
                "occurrence that demands the Board's immediate action (M.G.L. c.30A §18)."
            )
        return text

    def clean(self):
        """A day the Town's offices are closed (a weekend, a legal holiday of the Massachusetts
        calendar, a town closure) is asked about before the meeting is set, at its field."""
        cleaned = super().clean()
        confirmed = cleaned.pop(CONFIRM, False)
        day = cleaned.get("date")
        warning = clocks.meeting_day_warning(day) if day else ""
        if warning and not confirmed:
            self.add_error("date", f"{warning} If the Board does meet that day, tick the box.")
            self.fields[CONFIRM].widget = forms.CheckboxInput()
            self.fields[CONFIRM].label = f"Yes, the Board meets on {long_date(day)}"
            self._bound_fields_cache.pop(CONFIRM, None)
        return cleaned


class ApplicationChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, application):
        return (
            f"#{application.pk} {application.applicant.name}, {application.lot.street_address} "
            f"({application.get_kind_display().lower()})"
        )


class MeetingChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, meeting):
        return (
            f"{meeting.date:%A} {meeting.date:%B} {meeting.date.day}, {meeting.date.year} "
            f"at {meeting.time:%I:%M %p}".replace(" 0", " ")
        )


def upcoming_meetings():
    """Meetings an item can still be put on: not those whose legal notice already went to the
    newspaper without it (the action refuses them; the form no longer offers them)."""
    return Meeting.objects.upcoming(timezone.localdate()).exclude(
        legal_notice__sent_on__isnull=False
    )


def relief_field() -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        choices=_relief_choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Relief sought (variances, §20-21)",
        help_text="The rules the applicant asks the Board to vary; the notices name them.",
    )


class ScheduleHearingForm(forms.Form):
    application = ApplicationChoiceField(
        queryset=Application.objects.none(),
        help_text="Received new applications, and renewals asking for a variance (§20-20(9)).",
    )
    meeting = MeetingChoiceField(queryset=Meeting.objects.none())
    relief_sought = relief_field()
    approvals_sought = forms.MultipleChoiceField(
        choices=BoardApproval.Subject.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Ask the Board to approve at the hearing",
        help_text="What the regulation calls the Board's approval is its vote, not a tick.",
    )
    staff_recommendation = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["application"].queryset = Application.objects.filter(
            status=Application.Status.RECEIVED
        ).select_related("applicant", "lot")
        self.fields["meeting"].queryset = upcoming_meetings()
        self.helper = helper(
            Row(
                Column("application", css_class="col-lg-7"),
                Column("meeting", css_class="col-lg-5"),
            ),
            Div("relief_sought", css_class="relief-choices"),
            "approvals_sought",
            "staff_recommendation",
        )


class DocketItemForm(forms.Form):
    relief_sought = relief_field()
    staff_recommendation = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Div("relief_sought", css_class="relief-choices"), "staff_recommendation"
        )


class LegalNoticeForm(forms.Form):
    newspaper = forms.CharField(
        max_length=120, help_text="A local newspaper of general circulation (§20-20(9))."
    )
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 16}))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("newspaper", "text")


def _today_field(label: str, help_text: str = NOTICE_HELP) -> forms.DateField:
    return forms.DateField(
        label=label, widget=DateInput, initial=timezone.localdate, help_text=help_text
    )


# A notice date older than this is usually a slip of the calendar: the clerk confirms it.
CONFIRM_AFTER_DAYS = 3
CONFIRM = "confirm_date"


class NoticeDateForm(forms.Form):
    """A form with the day a notice went out (`date_field`).

    Refused: a day in the future, or before the notice existed (`drafted_on`: the day the
    legal notice was drafted, or the hearing scheduled for the abutters' letters). Accepted
    after a tick: a day more than a few days ago. The tick box appears with its message.
    """

    date_field = ""

    def __init__(self, *args, drafted_on=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.drafted_on = drafted_on
        self.fields[CONFIRM] = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def clean(self):
        cleaned = super().clean()
        confirmed = cleaned.pop(CONFIRM, False)
        day = cleaned.get(self.date_field)
        if day is None:
            return cleaned
        today = timezone.localdate()
        if day > today:
            self.add_error(self.date_field, "This day is in the future: give the day it happened.")
        elif self.drafted_on and day < self.drafted_on:
            self.add_error(
                self.date_field,
                f"The notice was drafted on {long_date(self.drafted_on)}: it cannot have gone out "
                "before.",
            )
        elif (today - day).days > CONFIRM_AFTER_DAYS and not confirmed:
            days = (today - day).days
            self.add_error(
                self.date_field,
                f"{long_date(day)} was {days} days ago. If that is right, tick the box below "
                "and save again.",
            )
            self.fields[CONFIRM].widget = forms.CheckboxInput()
            self.fields[CONFIRM].label = f"Yes, it went out on {long_date(day)}"
        return cleaned


class SentForm(NoticeDateForm):
    date_field = "sent_on"
    sent_on = _today_field("Sent to the newspaper on", "After this the text is not edited.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("sent_on", CONFIRM)


class PublicationForm(NoticeDateForm):
    date_field = "published_on"
    published_on = _today_field("Published on")
    newspaper = forms.CharField(max_length=120)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("published_on", CONFIRM, css_class="col-sm-6"),
                Column("newspaper", css_class="col-sm-6"),
            )
        )


class OnlinePostingForm(NoticeDateForm):
    """One online appearance of the legal notice (c.4 §13): its day, and its address unless a
    capture of it was uploaded as proof."""

    date_field = "posted_on"
    posted_on = _today_field("Posted on", "The day it appeared online.")
    address = forms.URLField(
        max_length=500,
        required=False,
        label="Web address of the posting",
        help_text="As shown in the browser's address bar; leave empty when a capture is uploaded.",
        assume_scheme="https",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Stacked: the form sits in the page's narrow column, beside the notice's text.
        self.helper = helper("posted_on", CONFIRM, "address")


class NoticeProofForm(forms.Form):
    kind = forms.ChoiceField(choices=LegalNoticeProof.Kind.choices, label="What it proves")
    file = forms.FileField(
        help_text=(
            "A PDF or an image (JPEG, PNG, GIF, WebP, TIFF), at most "
            f"{settings.UPLOAD_MAX_BYTES // (1024 * 1024)} MB. Kept private, shown only to staff."
        )
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("kind", "file")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        validate_upload(upload, DOCUMENT_KINDS)
        return upload


class MailingForm(NoticeDateForm):
    """One abutter's registered letter (the abutter comes from the URL)."""

    article_number = forms.CharField(
        max_length=40,
        label="Article number",
        help_text="As on the Registered Mail receipt, e.g. RA 123 456 789 US (§20-20(9): "
        "registered mail; not a Certified or Priority Mail number).",
    )
    mailed_on = _today_field("Mailed on")
    date_field = "mailed_on"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()

    def clean_article_number(self) -> str:
        try:
            return normalize_article_number(self.cleaned_data["article_number"])
        except ValueError as error:
            raise forms.ValidationError(str(error)) from None


class MailingListForm(NoticeDateForm):
    date_field = "mailed_on"
    numbers = forms.CharField(
        label="Article numbers, one per line",
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text="In the order of the abutters listed (the order of the letters and labels); "
        "Registered Mail numbers only, e.g. RA 123 456 789 US (§20-20(9)).",
    )
    mailed_on = _today_field("Mailed on")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("numbers", "mailed_on", CONFIRM)

    def clean_numbers(self) -> list[str]:
        numbers = split_pasted_numbers(self.cleaned_data["numbers"])
        if not numbers:
            raise forms.ValidationError("Paste at least one article number.")
        problems = []
        for line, text in enumerate(numbers, start=1):
            try:
                normalize_article_number(text)
            except ValueError as error:
                problems.append(f"Line {line}: {error}")
        if problems:
            raise forms.ValidationError(problems)
        return numbers


class ReceiptForm(forms.Form):
    returned_on = _today_field("Receipt returned on", "The signed return-receipt card.")


VOTE_CHOICES = [("", "Absent")] + [c for c in Vote.Choice.choices if c[0] != "absent"]
ENLARGEABLE = SetbackEnlargement.Rule


class DecisionForm(forms.Form):
    """The Board's decision on one item, each member's vote, and what the decision grants."""

    result = forms.ChoiceField(widget=forms.RadioSelect, label="Decision")
    decided_on = forms.DateField(widget=DateInput, label="Decided on")
    continue_to = MeetingChoiceField(
        queryset=Meeting.objects.none(),
        required=False,
        label="Continue to the meeting of",
        help_text="Only when continuing.",
    )
    conditions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        help_text="Conditions of the approval, printed on the permit.",
    )
    reasons = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False, label="Findings and reasons"
    )
    approvals = forms.MultipleChoiceField(
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="The Board approves",
        help_text="Only what was put before the Board on this item.",
    )
    animals_kept = forms.BooleanField(
        required=False,
        label="Animals are already kept on the property",
        help_text="§20-20(6): a denial then orders them removed.",
    )
    removal_by = forms.DateField(
        widget=DateInput,
        required=False,
        label="Animals to be removed by",
        help_text="§20-20(6): on a revocation, or a denial where animals are kept.",
    )
    variance_rules = forms.MultipleChoiceField(
        choices=(),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        label="Grant a variance of",
        help_text="§20-21: only relief named in the notices can be granted.",
    )
    variance_finding = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        label="Finding of manifest injustice",
        help_text="§20-21: why enforcing these rules in this case would do manifest injustice. "
        "Required to grant a variance.",
    )
    variance_conditions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        label="Conditions of the variance",
        help_text="§20-21: conditions, safeguards and limitations of time and use.",
    )
    variance_expires_on = forms.DateField(
        widget=DateInput, required=False, label="Variance expires on", help_text="Blank: none."
    )

    def __init__(self, *args, item, **kwargs):
        super().__init__(*args, **kwargs)
        self.item = item
        results = [*RESULTS[item.kind], Decision.Result.CONTINUED]
        self.fields["result"].choices = [(r.value, r.label) for r in results]
        self.fields["decided_on"].initial = item.meeting.date
        self.fields["continue_to"].queryset = upcoming_meetings().filter(date__gt=item.meeting.date)
        self.fields["variance_rules"].choices = _relief_choices(item.relief_sought)
        self.fields["approvals"].choices = [
            (s, BoardApproval.Subject(s).label) for s in item.approvals_sought or ()
        ]
        self.members = list(board_members(item.meeting.date))
        vote_fields = []
        for member in self.members:
            name = f"vote_{member.user_id}"
            self.fields[name] = forms.ChoiceField(
                choices=VOTE_CHOICES, required=False, label=member.name
            )
            vote_fields.append(Column(name, css_class="col-sm-6 col-lg-4"))
        grants = []
        if item.approvals_sought:
            grants.append(Fieldset("The Board's approvals", "approvals"))
        if item.is_public_hearing:
            for rule in ENLARGEABLE:
                self.fields[f"enlarge_{rule.value}"] = forms.DecimalField(
                    required=False,
                    min_value=Decimal("0.1"),
                    max_digits=6,
                    decimal_places=1,
                    label=f"{rule.label} (ft)",
                )
            grants.append(
                Fieldset(
                    "Enlarged setbacks in this case (§20-15(4))",
                    Row(
                        *(
                            Column(f"enlarge_{r.value}", css_class="col-sm-6 col-lg-4")
                            for r in ENLARGEABLE
                        )
                    ),
                )
            )
        if item.relief_sought:
            grants.append(
                Fieldset(
                    "Variance (§20-21)",
                    "variance_rules",
                    "variance_finding",
                    "variance_conditions",
                    "variance_expires_on",
                )
            )
        removal = ["removal_by"]
        if item.is_public_hearing and item.application.kind != Application.Kind.RENEWAL:
            removal.insert(0, "animals_kept")
        if item.kind in (
            DocketItem.Kind.VARIANCE_RESCISSION,
            DocketItem.Kind.BOARD_APPROVAL,
            DocketItem.Kind.REGISTER_ACCEPTANCE,
        ):
            removal = []
        self.helper = helper(
            Fieldset(
                "Decision",
                "result",
                Row(
                    Column("decided_on", css_class="col-sm-6"),
                    Column("continue_to", css_class="col-sm-6"),
                ),
                *removal,
                *([] if not item.is_public_hearing else ["conditions"]),
                "reasons",
            ),
            Fieldset("Votes of the members in office", Row(*vote_fields)),
            *grants,
        )
        for unused in (
            {"conditions", "animals_kept", "removal_by"}
            - set(removal)
            - ({"conditions"} if item.is_public_hearing else set())
        ):
            del self.fields[unused]

    def votes(self) -> dict:
        """member's user -> vote, for every member in office (absent when none was chosen)."""
        return {
            member.user: self.cleaned_data.get(f"vote_{member.user_id}") or Vote.Choice.ABSENT
            for member in self.members
        }

    def ruling(self) -> Ruling:
        """What the Board decided, from what was typed (the votes are `votes()`)."""
        fields = {
            k: v for k, v in self.cleaned_data.items() if not k.startswith(("vote_", "enlarge_"))
        }
        enlargements = {
            rule.value: self.cleaned_data[f"enlarge_{rule.value}"]
            for rule in ENLARGEABLE
            if self.cleaned_data.get(f"enlarge_{rule.value}")
        }
        return Ruling.from_fields(**fields, setback_enlargements=enlargements)


def board_members(on):
    return BoardMember.objects.in_office(on).select_related("user").order_by("name")


# --- The Board's members and its matters beyond public hearings ------------------------------


class AppointmentForm(forms.Form):
    """The administrator records an appointment to the Board from its appointing document."""

    user = forms.ModelChoiceField(
        queryset=None, label="Log-in", help_text="The member's own log-in, with the Board role."
    )
    name = forms.CharField(max_length=120, help_text="As printed on the Board's decisions.")
    appointed_on = forms.DateField(widget=DateInput, label="Appointed on")
    appointing_document = forms.CharField(
        max_length=300,
        label="Appointing document",
        help_text="The vote or letter of appointment, e.g. Select Board vote of May 4, 2027.",
    )
    term_start = forms.DateField(
        widget=DateInput, label="Term begins", help_text="Today or later: never back-dated."
    )
    term_end = forms.DateField(
        widget=DateInput, required=False, label="Term ends", help_text="Blank: open."
    )
    chair = forms.BooleanField(required=False, label="Appointed as the chair")

    def __init__(self, *args, **kwargs):
        from django.contrib.auth import get_user_model

        super().__init__(*args, **kwargs)
        self.fields["user"].queryset = (
            get_user_model()
            .objects.filter(groups__name=Role.BOARD.value, is_active=True, is_superuser=False)
            .order_by("username")
        )
        self.helper = helper(
            Row(Column("user", css_class="col-sm-6"), Column("name", css_class="col-sm-6")),
            Row(
                Column("appointed_on", css_class="col-sm-6"),
                Column("appointing_document", css_class="col-sm-6"),
            ),
            Row(
                Column("term_start", css_class="col-sm-6"),
                Column("term_end", css_class="col-sm-6"),
            ),
            "chair",
        )


class EndTermForm(forms.Form):
    term_end = forms.DateField(widget=DateInput, label="Term ends on")
    reason = forms.CharField(max_length=300, label="Why the term ends")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


class BoardSeatsForm(forms.Form):
    seats = forms.IntegerField(
        min_value=1, max_value=15, label="Seats on the Board", help_text="Its full membership."
    )
    effective_on = forms.DateField(widget=DateInput, label="In force from")
    authority = forms.CharField(
        max_length=300, help_text="The by-law, charter or vote that sets the number of seats."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("seats", css_class="col-sm-4"),
                Column("effective_on", css_class="col-sm-4"),
                Column("authority", css_class="col-sm-4"),
            )
        )


class AttendanceForm(forms.Form):
    """Who of the Board attended the meeting: one choice per member in office on its day."""

    def __init__(self, *args, meeting, **kwargs):
        from hearings.models import MeetingAttendance

        super().__init__(*args, **kwargs)
        self.members = list(board_members(meeting.date))
        recorded = {row.member_id: row for row in MeetingAttendance.objects.filter(meeting=meeting)}
        layout = []
        for member in self.members:
            row = recorded.get(member.pk)
            self.fields[f"mode_{member.pk}"] = forms.ChoiceField(
                choices=MeetingAttendance.Mode.choices,
                label=member.name,
                initial=row.mode if row else None,
                widget=forms.RadioSelect,
            )
            self.fields[f"reason_{member.pk}"] = forms.CharField(
                max_length=300,
                required=False,
                label=f"Why {member.name} took part remotely",
                initial=row.remote_reason if row else "",
                help_text="940 CMR 29.10: stated in the minutes. Only for a remote member.",
            )
            layout.append(
                Row(
                    Column(f"mode_{member.pk}", css_class="col-sm-6"),
                    Column(f"reason_{member.pk}", css_class="col-sm-6"),
                )
            )
        self.helper = helper(*layout)

    def attendance(self) -> dict:
        return {
            member: (
                self.cleaned_data[f"mode_{member.pk}"],
                self.cleaned_data.get(f"reason_{member.pk}", ""),
            )
            for member in self.members
        }


class VoteDisputeForm(forms.Form):
    statement = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
        label="How you voted, or what is wrong with the record",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper()


class FindingChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, finding):
        day = finding.inspection.inspected_on
        return f"{finding.citation}: {finding.question} (inspection of {long_date(day)})"


class OrderChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, order):
        due = f"{long_date(order.deadline)}"
        status = order.get_status_display().lower()
        return f"Order #{order.pk}, {order.citation}: {order.requirement} (due {due}; {status})"


class RevocationForm(forms.Form):
    """The clerk opens a revocation proceeding: the violations, the grounds, the hearing."""

    meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="Hearing at the meeting of", empty_label=None
    )
    findings = FindingChoiceField(
        queryset=None,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Violations found at inspection",
    )
    orders = OrderChoiceField(
        queryset=None,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Orders",
        help_text="An order not abated by its deadline is the usual ground (§20-16(6)).",
    )
    grounds = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=4000,
        help_text="§20-20(5): the provisions violated, and how, as the holder will read them.",
    )

    def __init__(self, *args, permit, **kwargs):
        from inspections.models import ChecklistFinding, Order

        super().__init__(*args, **kwargs)
        self.fields["meeting"].queryset = upcoming_meetings()
        self.fields["findings"].queryset = (
            ChecklistFinding.objects.filter(inspection__lot=permit.lot, result="violation")
            .select_related("inspection")
            .order_by("-inspection__scheduled_for", "id")
        )
        self.fields["orders"].queryset = Order.objects.filter(lot=permit.lot).order_by("-deadline")
        self.helper = helper("meeting", "orders", "findings", "grounds")


class HolderNoticeForm(forms.Form):
    mailed_on = forms.DateField(widget=DateInput, label="Mailed to the holder on")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["mailed_on"].initial = timezone.localdate()
        self.helper = helper()


class ApprovalRequestForm(forms.Form):
    """What the regulation calls the Board's approval, put on a meeting's docket."""

    meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="At the meeting of", empty_label=None
    )
    subjects = forms.MultipleChoiceField(
        choices=BoardApproval.Subject.choices,
        widget=forms.CheckboxSelectMultiple,
        label="The Board is asked to approve",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["meeting"].queryset = upcoming_meetings()
        self.helper = helper("meeting", "subjects")


class RescissionForm(forms.Form):
    meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="At the meeting of", empty_label=None
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=4000,
        help_text="Why the Board is asked to rescind the variance (e.g. its conditions broken).",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["meeting"].queryset = upcoming_meetings()
        self.helper = helper("meeting", "reason")


class RegisterEntryChoiceField(forms.ModelMultipleChoiceField):
    def label_from_instance(self, permit):
        failing = len(permit.register_findings or [])
        return (
            f"{permit.number} (paper permit {permit.register_number}): {permit.holder.name}, "
            f"{permit.lot.street_address}; "
            + (
                f"{failing} rule{'s' if failing != 1 else ''} not met"
                if failing
                else "meets the rules"
            )
        )


class RegisterAcceptanceForm(forms.Form):
    """The clerk puts entries of the paper register before the Board for its acceptance."""

    meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="At the meeting of", empty_label=None
    )
    permits = RegisterEntryChoiceField(
        queryset=None,
        widget=forms.CheckboxSelectMultiple,
        label="Entries the Board is asked to accept (§20-20(8))",
    )

    def __init__(self, *args, **kwargs):
        from permits.models import Permit

        super().__init__(*args, **kwargs)
        self.fields["meeting"].queryset = upcoming_meetings()
        self.fields["permits"].queryset = (
            Permit.objects.filter(legacy=True, status=Permit.Status.PROVISIONAL)
            .exclude(
                application__docket_items__kind=DocketItem.Kind.REGISTER_ACCEPTANCE,
                application__docket_items__status=DocketItem.Status.SCHEDULED,
            )
            .select_related("holder", "lot")
            .order_by("number")
        )
        self.helper = helper("meeting", "permits")


class MeetingPostingForm(forms.Form):
    """The Town Clerk's posting of the meeting's notice (c.30A §20), or its amendment."""

    posted_on = forms.DateField(label="Posted on", widget=DateInput, initial=timezone.localdate)
    posted_time = forms.TimeField(label="Time posted", widget=TimeInput)
    remote_access = forms.CharField(
        label="Remote access",
        max_length=300,
        required=False,
        help_text="The link or dial-in the public may use, if members or the public join "
        "remotely; printed on the notice.",
    )
    reason = forms.CharField(
        label="Reason for the amendment",
        widget=forms.Textarea(attrs={"rows": 2}),
        required=False,
        help_text="Only for an amended notice: what was added or changed since it was posted.",
    )

    def __init__(self, *args, amending: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        fields = [
            Row(
                Column("posted_on", css_class="col-sm-6"),
                Column("posted_time", css_class="col-sm-6"),
            ),
            "remote_access",
        ]
        if amending:
            self.fields["reason"].required = True
            fields.append("reason")
        else:
            del self.fields["reason"]
        self.helper = helper(*fields)

    def clean(self):
        data = super().clean()
        if data.get("posted_on") and data.get("posted_time"):
            data["posted_at"] = datetime.combine(data.pop("posted_on"), data.pop("posted_time"))
        return data


# --- Minutes ------------------------------------------------------------------------------------


class MinutesForm(forms.Form):
    """The clerk's summary of the discussion: for the meeting, and for each item."""

    discussion = forms.CharField(
        label="Summary of the discussion",
        widget=forms.Textarea(attrs={"rows": 4}),
        required=False,
        help_text="c.30A §22: a summary of the discussions on each subject.",
    )

    def __init__(self, *args, items=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.items = list(items)
        for item in self.items:
            self.fields[f"summary_{item.pk}"] = forms.CharField(
                label=f"{item.application.applicant.name} · {item.application.lot.street_address}",
                widget=forms.Textarea(attrs={"rows": 3}),
                required=False,
                max_length=5000,
                help_text="Who was heard (the applicant, abutters) and what they said.",
            )
        self.helper = helper("discussion", *(f"summary_{item.pk}" for item in self.items))

    def clean(self):
        data = super().clean()
        data["item_summaries"] = {
            item.pk: data.pop(f"summary_{item.pk}", "") or "" for item in self.items
        }
        return data


class MinutesApprovalForm(forms.Form):
    """The Board's vote approving the minutes at a later meeting, member by member."""

    at_meeting = MeetingChoiceField(
        queryset=Meeting.objects.none(), label="Approved at the meeting of"
    )

    def __init__(self, *args, minutes, **kwargs):
        super().__init__(*args, **kwargs)
        today = timezone.localdate()
        self.fields["at_meeting"].queryset = Meeting.objects.filter(
            date__gt=minutes.meeting.date, date__lte=today, cancelled=False
        ).order_by("-date", "-time")
        self.members = list(board_members(today))
        votes = []
        for member in self.members:
            name = f"vote_{member.user_id}"
            self.fields[name] = forms.ChoiceField(
                choices=VOTE_CHOICES, required=False, label=member.name
            )
            votes.append(Column(name, css_class="col-sm-6"))
        self.helper = helper("at_meeting", Fieldset("Each member's vote", Row(*votes)))

    def clean(self):
        data = super().clean()
        # Every member's field leaves the data (the action takes `votes`); a member left blank
        # did not vote.
        cast = {member.user: data.pop(f"vote_{member.user_id}", "") for member in self.members}
        data["votes"] = {user: vote for user, vote in cast.items() if vote}
        return data


class MinutesReleaseForm(forms.Form):
    requested_by = forms.CharField(label="Requested by", max_length=200)
    requested_on = forms.DateField(
        label="Requested on", widget=DateInput, initial=timezone.localdate
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("requested_by", css_class="col-sm-7"),
                Column("requested_on", css_class="col-sm-5"),
            )
        )


# --- The written decision sent and received --------------------------------------------------


class DecisionMailingForm(forms.Form):
    mailed_on = forms.DateField(label="Mailed on", widget=DateInput, initial=timezone.localdate)
    article_number = forms.CharField(
        label="Article number",
        max_length=40,
        help_text="Registered mail, return receipt requested: as on the receipt.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            Row(
                Column("mailed_on", css_class="col-sm-5"),
                Column("article_number", css_class="col-sm-7"),
            )
        )


class DecisionReceiptForm(forms.Form):
    received_on = forms.DateField(
        label="Received on",
        widget=DateInput,
        help_text="The date on the returned receipt, kept as proof of service.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("received_on")


class NewspaperChargeForm(forms.Form):
    amount = forms.DecimalField(
        label="Newspaper's charge ($)",
        min_value=Decimal("0"),
        max_value=Decimal("999999.99"),
        max_digits=8,
        decimal_places=2,
        help_text="This hearing's share of the legal notice, as the newspaper's bill says.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("amount")


class DecisionCorrectionForm(ReasonForm):
    """A clerical error in a recorded decision: its findings and the record of its mailing as
    they should read, and why (hearings.corrections.actions). The mailing's fields are offered
    only once recorded; the result, the votes, the conditions and what the decision grants are
    the Board's vote and are not offered at all."""

    reasons = forms.CharField(
        label="Findings and reasons", widget=forms.Textarea(attrs={"rows": 4}), required=False
    )
    mailed_on = forms.DateField(label="Written decision mailed on", widget=DateInput)
    mail_article_number = forms.CharField(label="Registered-mail article number", max_length=40)
    received_on = forms.DateField(label="Received on (return receipt)", widget=DateInput)
    field_order = [*CORRECTABLE_FIELDS, "reason"]

    def __init__(self, *args, decision, **kwargs):
        initial = {field: getattr(decision, field) for field in CORRECTABLE_FIELDS}
        super().__init__(
            *args,
            initial=initial,
            label="What the clerical error was",
            help_text="What was wrong, e.g. “a finding misspelled at typing”. Printed with "
            "the correction on the decision.",
            **kwargs,
        )
        self.fields["reason"].error_messages["required"] = "Say what the clerical error was."
        for field in ("reasons",):
            if not initial[field]:  # none recorded: adding some is the Board's vote
                del self.fields[field]
        for field in ("mailed_on", "mail_article_number", "received_on"):
            if initial[field] in (None, ""):  # never recorded: its own step records it
                del self.fields[field]
