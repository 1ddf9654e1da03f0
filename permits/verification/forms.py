"""The home page's "verify a permit" box."""

from __future__ import annotations

import re

from django import forms

from permits.models import Permit
from permits.portal.invitations import MAX_TOKEN_LENGTH
from permits.verification.code import token_start
from stoneham_boh.lib.forms import helper

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
        # A GET form: no CSRF token, which would land in the address bar, history and logs.
        self.helper = helper()

    def clean_code(self) -> str:
        """The permit's verification token, from its short code or its whole address."""
        typed = self.cleaned_data["code"].strip()
        start = token_start(typed)
        if start is not None:
            return self._token_starting(start)
        match = _TOKEN.search(typed)
        if match is None:
            raise forms.ValidationError(
                "That is not a verification code. Type the code printed beside the permit's "
                "QR code (like 7K3M-Q9XD-2HFA), or paste the whole address the QR code opens."
            )
        return match.group(1)

    @staticmethod
    def _token_starting(start: str) -> str:
        # startswith is case-blind on SQLite: compare exactly here.
        tokens = [
            token
            for token in Permit.objects.filter(verify_token__startswith=start).values_list(
                "verify_token", flat=True
            )
            if token.startswith(start)
        ]
        if len(tokens) != 1:
            raise forms.ValidationError(
                "No permit has that code. Check it against the permit: the letters O and I "
                "read as the digits 0 and 1."
            )
        return tokens[0]
