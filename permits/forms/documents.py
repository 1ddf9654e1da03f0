"""The documents' forms: a §20-20(1) document uploaded, and the building inspector's approval
with its date (permits.actions.documents).
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils import timezone

from permits.models import Document
from stoneham_boh.lib.forms import DateInput, columns, helper
from stoneham_boh.lib.kept_uploads import KeepsUploads
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, validate_upload


class DocumentForm(forms.Form):
    # The building inspector's approval is recorded with its date (BuildingInspectorForm).
    kind = forms.ChoiceField(
        choices=[c for c in Document.Kind.choices if c[0] != Document.Kind.BUILDING_INSPECTOR],
        label="Kind of document",
    )
    file = forms.FileField(
        help_text=(
            "§20-20(1). A PDF or an image (JPEG, PNG, GIF, WebP, TIFF), at most "
            f"{settings.UPLOAD_MAX_BYTES // (1024 * 1024)} MB. Kept private, shown only to staff."
        )
    )
    description = forms.CharField(max_length=200, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(columns("kind", "file", "description"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        validate_upload(upload, DOCUMENT_KINDS)
        return upload


class BuildingInspectorForm(KeepsUploads, forms.Form):
    """The building inspector's approval of the construction, as received (§20-20(2)(a)); a
    letter chosen is kept when the form comes back for its date."""

    kept_files = ("file",)

    approved_on = forms.DateField(
        label="Date of the building inspector's approval",
        widget=DateInput,
        help_text="§20-20(2)(a): as written on the approval.",
    )
    file = forms.FileField(
        label="The approval as received",
        help_text=(
            "A PDF or an image (JPEG, PNG, GIF, WebP, TIFF), at most "
            f"{settings.UPLOAD_MAX_BYTES // (1024 * 1024)} MB. Kept with the documents."
        ),
    )
    description = forms.CharField(
        max_length=200, required=False, label="Reference (optional)", help_text="A permit number."
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = helper(
            columns("approved_on", "file", "description"), render_hidden_fields=True
        )

    def clean_approved_on(self):
        day = self.cleaned_data["approved_on"]
        if day > timezone.localdate():
            raise forms.ValidationError("The approval cannot be dated after today.")
        return day

    def clean_file(self):
        upload = self.cleaned_data["file"]
        validate_upload(upload, DOCUMENT_KINDS)
        return upload
