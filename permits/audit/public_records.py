"""The public records law's clock (M.G.L. c.66 §10): every request answered within its ten
business days (or the extension recorded, §10(c)) by the written response §10(b) requires.

Read from the records as they are: the day received, the written response and its signature,
the day answered. The clock is the one the clerk's page shows (records.clocks), counted on the
town's calendar; an extension counts only where the written response records how it was had.
"""

from __future__ import annotations

from records.clocks import records_response_deadline
from records.models import RecordsRequest
from stoneham_boh.lib import law
from stoneham_boh.lib.dates import long_date
from stoneham_boh.town.calendar import town_calendar

from .anomaly import NOT_SHOWN, Anomaly, RecordRef


def _ref(request: RecordsRequest) -> RecordRef:
    return RecordRef(
        "records request",
        request.pk,
        f"Records request #{request.pk} from {request.requester}",
        "records:request-detail",
    )


def check_records_requests(register) -> list[Anomaly]:
    calendar = town_calendar()
    anomalies = []
    requests = RecordsRequest.objects.select_related("written_response").order_by("pk")
    for request in requests.iterator(chunk_size=500):
        due = records_response_deadline(request.received_on, calendar=calendar).when
        response = getattr(request, "written_response", None)
        if response is not None and response.extended_to and response.extension:
            due = max(due, response.extended_to)
        answered = request.responded_on
        if answered is None:
            if register.today > due:
                anomalies.append(
                    Anomaly(
                        "law",
                        law.RECORDS_CITATION,
                        _ref(request),
                        f"Unanswered: the written response was due {long_date(due)}.",
                    )
                )
            continue
        if answered > due:
            anomalies.append(
                Anomaly(
                    "law",
                    law.RECORDS_CITATION,
                    _ref(request),
                    f"Answered {long_date(answered)}, after the response was due {long_date(due)}.",
                )
            )
        if response is None or not response.signed:
            anomalies.append(
                Anomaly(
                    "law",
                    law.RECORDS_RESPONSE_CITATION,
                    _ref(request),
                    "Answered without the written response on file: the record cannot show "
                    "the items the statute lists (what is withheld and why, the fee, the "
                    "right to appeal).",
                    NOT_SHOWN,
                )
            )
    return anomalies
