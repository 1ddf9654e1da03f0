"""The resident's application form: the clerk's intake forms, narrowed and in plain words.

Each form here is a subclass of the clerk's (permits.forms), so the fields, their checks and
their citations are the intake's own; only which fields a resident fills in, and how they are
asked, differ. The clerk's request for more information has its own small form.
"""

from __future__ import annotations

from django import forms
from django.conf import settings

from permits.forms import ApplicantForm, ApplicationForm, DocumentForm, LotForm, ReceiveForm
from permits.models import Document
from permits.online.sections import SECTIONS
from stoneham_boh.lib.forms import columns, helper
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, validate_upload

# The resident's own name, address and telephone, for the browser to fill in (WCAG 1.3.5).
# Only on the resident's forms: on the clerk's intake they would offer the clerk's own.
# The street is one line of text, so "address-line1": "street-address" is for a textarea only.
YOUR_DETAILS_AUTOCOMPLETE = {
    "name": "name",
    "mailing_street": "address-line1",
    "mailing_city": "address-level2",
    "mailing_state": "address-level1",
    "mailing_zip": "postal-code",
    "phone": "tel",
}


class YourDetailsForm(ApplicantForm):
    """Who applies. The e-mail address is the account's own and is not changed here."""

    class Meta(ApplicantForm.Meta):
        fields = [
            "name",
            "mailing_street",
            "mailing_city",
            "mailing_state",
            "mailing_zip",
            "phone",
        ]
        labels = {"name": "Your full name", "phone": "Phone number"}
        help_texts = {"name": "As the permit will name you (§20-20(7))."}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, token in YOUR_DETAILS_AUTOCOMPLETE.items():
            self.fields[name].widget.attrs["autocomplete"] = token
        self.helper = helper(
            columns("name", "phone", css="col-sm-6"),
            columns(
                "mailing_street",
                "mailing_city",
                "mailing_state",
                "mailing_zip",
                css="col-sm-6 col-lg-3",
            ),
        )


class AddressForm(LotForm):
    """Where the animals will be kept. A resident may not know the parcel id; the clerk does.

    It edits the application's proposal (`Application.lot_proposal`), never a lot on file."""

    class Meta(LotForm.Meta):
        fields = ["street_address", "parcel_id"]
        labels = {
            "street_address": "Street address where the animals will be kept",
            "parcel_id": "Parcel id (map-block-lot), if you know it",
        }
        help_texts = {
            "parcel_id": "On your tax bill. Leave it blank if you do not know it: the clerk "
            "fills it in from the Assessor's records (§20-14)."
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["parcel_id"].required = False
        self.fields["street_address"].required = True
        self.helper = helper(columns("street_address", "parcel_id", css="col-sm-6"))

    def clean_parcel_id(self):
        # Optional here: a blank id is stored as none.
        return (self.cleaned_data.get("parcel_id") or "").strip().upper() or None

    def validate_unique(self):
        # A proposal on the application, never saved as a lot: a parcel already on file is
        # what the clerk matches on receipt, not an error.
        pass


class KeepingForm(ApplicationForm):
    """Manure, fencing and vermin control (§20-15(7), §20-16, §20-19)."""

    class Meta(ApplicationForm.Meta):
        fields = ["manure_method", "securely_fenced", "vermin_licensed_operator"]
        labels = {
            "manure_method": "How will manure be handled?",
            "securely_fenced": "The animals' area will be securely fenced so they cannot escape",
            "vermin_licensed_operator": "Flies and vermin will be controlled by a licensed pest "
            "control operator",
        }
        help_texts = {
            **ApplicationForm.Meta.help_texts,
            "securely_fenced": "§20-15(7). Upload the fencing details (type, location, "
            "dimensions) below, §20-20(1).",
            "vermin_licensed_operator": "§20-19. Describe your method in the fly and vermin "
            "control document, §20-20(1).",
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("manure_method", "securely_fenced", "vermin_licensed_operator")


class ConstructionForm(ApplicationForm):
    """Building or remodelling for the animals (§20-20(2))."""

    class Meta(ApplicationForm.Meta):
        fields = ["construction"]
        labels = {"construction": "Will you build or remodel a structure for the animals?"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("construction")


# What a resident uploads: the plan and the papers of §20-20(1), or anything else they add.
RESIDENT_DOCUMENT_KINDS = [
    choice for choice in Document.Kind.choices if choice[0] != Document.Kind.APPROVAL
]


def _resident_file_field(field) -> None:
    """The resident's wording, and the size limit for the page's script to check before
    sending (static/js/unsaved.js: a file too large is refused at the field, nothing sent)."""
    field.help_text = field.help_text.replace(
        "Kept private, shown only to staff.", "Kept private: only the Board's staff see it."
    )
    field.widget.attrs["data-max-bytes"] = settings.UPLOAD_MAX_BYTES
    field.widget.attrs["accept"] = ".pdf,.jpg,.jpeg,.png,.gif,.webp,.tif,.tiff"


class YourDocumentForm(DocumentForm):
    """A document of the draft. Its fields belong to the application's form (`owner`, the
    form's id), so that an upload sends, and saves, what is typed there with it."""

    def __init__(self, *args, owner: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = RESIDENT_DOCUMENT_KINDS
        self.fields["kind"].label = "What is this document?"
        _resident_file_field(self.fields["file"])
        if owner:
            for field in self.fields.values():
                field.widget.attrs["form"] = owner


class ReplaceDocumentForm(forms.Form):
    """A new file in place of one uploaded to the draft (prefixed with the document's id)."""

    file = forms.FileField(label="New file", help_text=DocumentForm.base_fields["file"].help_text)

    def __init__(self, *args, owner: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        _resident_file_field(self.fields["file"])
        if owner:
            self.fields["file"].widget.attrs["form"] = owner
        self.helper = helper("file")

    def clean_file(self):
        upload = self.cleaned_data["file"]
        validate_upload(upload, DOCUMENT_KINDS)
        return upload


class SupplementForm(ReplaceDocumentForm):
    """A §20-20(1) document still needed, sent after receipt (prefixed with its kind)."""

    def __init__(self, *args, label: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["file"].label = label or "The file"
        # Said once above the list of documents, not under each of them.
        self.fields["file"].help_text = ""


class InformationRequestForm(forms.Form):
    """The clerk's list of what is missing: which parts the applicant may change, and why."""

    sections = forms.MultipleChoiceField(
        label="Parts the applicant must complete or correct",
        choices=SECTIONS,
        widget=forms.CheckboxSelectMultiple,
        help_text="The applicant may change these parts only.",
    )
    message = forms.CharField(
        label="What is missing",
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=4000,
        help_text="Sent to the applicant by e-mail and shown on their application.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("sections", "message")

    def clean_message(self):
        message = self.cleaned_data["message"].strip()
        if not message:
            raise forms.ValidationError("Say what is missing.")
        return message


NEW_LOT = "new"


class ReceiveOnLotForm(ReceiveForm):
    """Mark it received, on the lot the clerk matches: one on file at the parcel or address
    the applicant gave (proposed first), or a new lot from their description."""

    lot = forms.ChoiceField(
        label="The lot it is for",
        widget=forms.RadioSelect,
        required=False,
        help_text="One lot per parcel (§20-14, Lot): an application at a parcel or address on "
        "file joins its lot. What the applicant typed stays on the application.",
    )

    def __init__(self, *args, matches=(), proposal=None, **kwargs):
        super().__init__(*args, **kwargs)
        proposal = proposal or {}
        self.matches = {str(lot.pk): lot for lot in matches}
        choices = [(pk, f"On file: {lot}") for pk, lot in self.matches.items()]
        if not self.matches:
            described = proposal.get("street_address") or "the address given"
            parcel = proposal.get("parcel_id")
            choices.append(
                (NEW_LOT, f"A new lot: {described}" + (f" (parcel {parcel})" if parcel else ""))
            )
        self.fields["lot"].choices = choices
        self.fields["lot"].initial = choices[0][0]
        self.helper = helper("received_on", "lot")

    def clean_lot(self):
        # None chosen: the one the page proposes (the first).
        value = self.cleaned_data["lot"] or self.fields["lot"].initial
        return None if value == NEW_LOT else self.matches[value]


class DiscardDraftForm(forms.Form):
    """The clerk's reason for closing an abandoned online draft."""

    reason = forms.CharField(
        label="Why the draft is discarded",
        max_length=300,
        help_text="Kept on the application and sent to the applicant; the draft stays on file.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper("reason")
