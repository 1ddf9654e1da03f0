"""The signed written response, e-mailed to the requester when they gave an e-mail address."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email

from records.models import WrittenResponse
from records.printing import response_pdf
from stoneham_boh.lib.dates import long_date


def requester_email(contact: str) -> str:
    """The contact when it is an e-mail address; a postal address gets the letter by post."""
    contact = contact.strip()
    try:
        validate_email(contact)
    except ValidationError:
        return ""
    return contact


def send_written_response(pk: int) -> int:
    response = WrittenResponse.objects.select_related("request").get(pk=pk)
    to = requester_email(response.request.contact)
    if not to:
        return 0
    message = EmailMessage(
        f"Your public records request of {long_date(response.request.received_on)}",
        response.letter,
        None,
        [to],
    )
    message.attach(
        f"records-request-{response.request_id}-response.pdf",
        response_pdf(response),
        "application/pdf",
    )
    return message.send()
