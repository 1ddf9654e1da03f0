"""The clerk's free-form letters to an applicant: written once, kept on the application's file
as written (who and when, with its history), and printed on the Board's paper to post to an
applicant without e-mail. A letter is never edited or deleted: a correction is a new letter."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from permits.models import Application, ClerkLetter
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.lib.pdf import render_pdf


@transaction.atomic
def write_letter(*, application: Application, subject: str, body: str, by) -> ClerkLetter:
    """Keep the clerk's letter on the application's file."""
    subject, body = subject.strip(), body.strip()
    reasons = []
    if not subject:
        reasons.append("Give the letter a subject.")
    if not body:
        reasons.append("Write the letter's text.")
    if reasons:
        raise ActionRefused("The letter cannot be kept.", reasons)
    letter = ClerkLetter(application=application, subject=subject, body=body, written_by=by)
    return save_as(letter, by)


def letter_pdf(letter: ClerkLetter) -> bytes:
    """The letter on the Board's paper, addressed to the applicant for a window envelope."""
    return render_pdf(
        "pdf/clerk_letter.html",
        {
            "letter": letter,
            "recipient": letter.application.applicant,
            "today": timezone.localdate(letter.written_at),
            "signer": letter.written_by.get_full_name() or letter.written_by.username,
        },
    )
