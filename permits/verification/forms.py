"""The home page's "verify a permit" box."""

from __future__ import annotations

import re

from crispy_forms.helper import FormHelper
from django import forms

from permits.portal.invitations import MAX_TOKEN_LENGTH


def _helper() -> FormHelper:
    helper = FormHelper()
    helper.form_tag = False
    return helper


# The code under a permit's QR code, or the whole address it opens.
_TOKEN = re.compile(rf"(?:/verify/)?([A-Za-z0-9_-]{{20,{MAX_TOKEN_LENGTH}}})/?$")


class VerifyLookupForm(forms.Form):
    code = forms.CharField(
        label="Verification address or code",
        max_length=300,
        help_text="Printed beside the QR code of the permit.",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.helper = _helper()

    def clean_code(self) -> str:
        match = _TOKEN.search(self.cleaned_data["code"].strip())
        if match is None:
            raise forms.ValidationError(
                "That is not a verification code. Copy the code printed under the permit's "
                "QR code, or the whole address the QR code opens."
            )
        return match.group(1)
