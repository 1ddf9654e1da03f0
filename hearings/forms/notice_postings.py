"""The forms of the legal notice's online postings and their proofs (c.4 §13; the pages are
hearings/views/notice_postings.py)."""

from __future__ import annotations

from django import forms
from django.conf import settings

from hearings.forms._common import CONFIRM, NoticeDateForm, _today_field
from hearings.models import LegalNoticeProof
from stoneham_boh.lib.forms import helper
from stoneham_boh.lib.uploads import DOCUMENT_KINDS, validate_upload


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
