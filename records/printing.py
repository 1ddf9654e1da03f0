"""The written response as a PDF: the letter as signed, or the draft as it reads today."""

from __future__ import annotations

from django.utils import timezone

from records.models import WrittenResponse
from records.response import compose
from stoneham_boh.lib.pdf import render_pdf


def response_pdf(response: WrittenResponse, request=None) -> bytes:
    on = response.signed_on or timezone.localdate()
    return render_pdf(
        "pdf/records_response.html",
        {"letter": compose(response, on), "response": response},
        request,
    )
