"""The written response to a public records request, as c.66 §10(b) lists its parts.

One reading, used by the clerk's page, the PDF, the e-mail and the letter kept at signing: the
receipt, what is provided, what the Board does not hold and who does, each record withheld with
its exemption and why, the time to produce the rest, a narrower request, the itemised fee
estimate, any extension, and the requester's rights of appeal to the Supervisor of Records and
to the Superior Court.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from records.clocks import records_response_deadline
from records.fees import FeeEstimate, estimate
from records.models import RecordsRequest, Redaction, WrittenResponse
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date
from stoneham_boh.town.calendar import town_calendar
from stoneham_boh.town.current import current_town


def due_day(request: RecordsRequest) -> date:
    """The day the response is due: the ten business days, or the extension recorded."""
    response = getattr(request, "written_response", None)
    if response is not None and response.extended_to is not None:
        return response.extended_to
    return records_response_deadline(request.received_on).when


def counted_as_received(request: RecordsRequest) -> date:
    """The day the request counts as received (the next business day after a closed day)."""
    return town_calendar().next_business_day(request.received_on)


@dataclass(frozen=True)
class Part:
    """One paragraph of the letter, under the heading of the §10(b) item it answers."""

    heading: str
    text: str


@dataclass(frozen=True)
class Letter:
    request: RecordsRequest
    response: WrittenResponse
    on: date
    parts: tuple[Part, ...]
    fees: FeeEstimate
    signatory: str

    @property
    def text(self) -> str:
        town = current_town()
        lines = [
            town.formal_name,
            town.board_name,
            "",
            long_date(self.on),
            "",
            ", ".join(filter(None, (f"To {self.request.requester}", self.request.contact))),
            "",
            f"Re: your request for public records of {long_date(self.request.received_on)}",
            "",
        ]
        for part in self.parts:
            lines += [part.heading.upper(), part.text, ""]
        lines += [self.signatory]
        return "\n".join(lines)


def withheld(request: RecordsRequest) -> list[Redaction]:
    return list(
        Redaction.objects.filter(request=request, withdrawn=False).select_related("exemption")
    )


def compose(response: WrittenResponse, on: date) -> Letter:
    """The letter as it reads on `on` (the day it is signed, or today for a draft)."""
    request = response.request
    town = current_town()
    due = due_day(request)
    late = on > due
    fees = estimate(
        pages=response.pages,
        staff_minutes=response.staff_minutes,
        hourly_rate=response.hourly_rate,
        population=town.population,
        late=late,
    )
    received = counted_as_received(request)
    receipt = f"The Board received your request on {long_date(request.received_on)}"
    if received != request.received_on:
        receipt += (
            f", a day its office was closed, so it counts as received on {long_date(received)}"
            f" ({law.RECORDS_RECEIPT_CITATION})"
        )
    receipt += f". You asked for: {request.description}"
    parts = [Part("Receipt of your request", receipt)]
    parts.append(
        Part(
            "Records provided",
            response.provided.strip() or "No record is provided with this letter.",
        )
    )
    if response.not_held.strip():
        holder = (
            f" They may be held by {response.held_by.strip()}."
            if response.held_by.strip()
            else " The Board does not know who holds them."
        )
        parts.append(
            Part(
                "Records the Board does not hold",
                f"The Board does not hold: {response.not_held.strip()}.{holder}",
            )
        )
    kept_back = withheld(request)
    if kept_back:
        parts.append(
            Part(
                "Records withheld or redacted, and why",
                " ".join(
                    f"{redaction.target_label} is withheld under {redaction.exemption.citation}: "
                    f"{redaction.exemption.wording}"
                    + (f" ({redaction.note})" if redaction.note else "")
                    + ("" if redaction.exemption.wording.rstrip().endswith(".") else ".")
                    for redaction in kept_back
                ),
            )
        )
    if response.produce_by is not None:
        parts.append(
            Part(
                "Time to produce the rest",
                f"The remaining records will be provided by {long_date(response.produce_by)}. "
                + (response.why_more_time.strip() or ""),
            )
        )
    if response.narrowing.strip():
        parts.append(Part("A narrower request", response.narrowing.strip()))
    if response.extended_to is not None:
        how = response.get_extension_display().lower()
        parts.append(
            Part(
                "Time extended",
                f"The time to respond is extended to {long_date(response.extended_to)}: {how} "
                f"({law.RECORDS_EXTENSION_CITATION}).",
            )
        )
    parts.append(Part("Fees", _fee_paragraph(fees)))
    parts.append(Part("Your right to appeal", appeal_rights()))
    officer = town.records_officer_name or "The records access officer"
    signatory = ", ".join(
        piece for piece in (officer, town.records_officer_title, town.board_name) if piece
    )
    return Letter(request, response, on, tuple(parts), fees, signatory)


def _fee_paragraph(fees: FeeEstimate) -> str:
    if not fees.lines:
        return fees.note or "No fee is charged."
    items = "; ".join(f"{line.what}: ${line.amount:.2f}" for line in fees.lines)
    return (
        f"Estimated fee: {items}; in all ${fees.total:.2f}. {fees.note} The records are "
        "provided once the fee is paid; you may narrow the request to lower it."
    )


def appeal_rights() -> str:
    return (
        "If you disagree with this response, you may petition the Supervisor of Records, "
        "Office of the Secretary of the Commonwealth, One Ashburton Place, Boston, "
        f"Massachusetts, within {law.RECORDS_APPEAL_SUPERVISOR_DAYS} days "
        f"({law.RECORDS_APPEAL_SUPERVISOR_CITATION}), and you may bring a civil action in the "
        f"Superior Court ({law.RECORDS_APPEAL_COURT_CITATION})."
    )
