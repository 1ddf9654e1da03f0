"""The administrator's upload of the register and its scans."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from django import forms
from django.conf import settings
from django.template.defaultfilters import filesizeformat

from .sheet import PAGE_MAX_ROWS


class RegisterUploadForm(forms.Form):
    register = forms.FileField(
        label="The register (CSV or Excel)",
        help_text=(
            f"One row a permit, at most {PAGE_MAX_ROWS:,}, with a header row naming the columns "
            "below (.csv or .xlsx)."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx"}),
    )
    documents = forms.FileField(
        label="The scans (a zip)",
        required=False,
        help_text="A zip of the paper permits' scans, named as in the Document column.",
        widget=forms.ClearableFileInput(attrs={"accept": ".zip"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_tag = False

    def clean_register(self):
        upload = self.cleaned_data["register"]
        if not upload.name.lower().endswith((".csv", ".xlsx", ".xlsm", ".txt")):
            raise forms.ValidationError(
                f"“{upload.name}” is not a CSV or Excel (.xlsx) file: save the register as one."
            )
        return upload

    def clean_documents(self):
        upload = self.cleaned_data.get("documents")
        if upload and not upload.name.lower().endswith(".zip"):
            raise forms.ValidationError(f"“{upload.name}” is not a zip archive of the scans.")
        return upload

    @staticmethod
    def limit() -> str:
        return filesizeformat(settings.REQUEST_MAX_BYTES)
