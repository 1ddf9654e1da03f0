"""Documents of record: a §20-20(1) document a permit counted as received rests on the
office's own record of it (a file the clerk uploaded, or the paper original on file) or on a
file the applicant sent that the clerk accepted by the day the permit issued (issue 26.9).

A file the applicant sends to a received application from their page waits for the clerk; it
never counts by itself, declined or unread. The application's flag is what the rules read;
this re-derives it from the documents wherever the applicant sent one. An application with
no file of a kind at all (entered before documents were kept) is not judged here.
"""

from __future__ import annotations

from permits.models import DOCUMENT_FIELDS

from .anomaly import BREACH, Anomaly, permit_ref


def counted_by(document, moment) -> bool:
    """Whether `document` backs its kind's §20-20(1) record at `moment`."""
    if not document.supplement:
        return True  # the office's own upload or paper record
    accepted = document.accepted_at
    return accepted is not None and (moment is None or accepted <= moment)


def check_documents(register) -> list[Anomaly]:
    found = []
    for permit in register.permits:
        application = register.application(permit)
        if application.kind != "new":
            continue
        issued_at = register.permit_recorded_at.get(permit.pk)
        documents = list(application.documents.all())
        for flag, kind, label in DOCUMENT_FIELDS:
            of_kind = [d for d in documents if d.kind == kind]
            if not getattr(application, flag) or not any(d.supplement for d in of_kind):
                continue
            if not any(counted_by(d, issued_at) for d in of_kind):
                found.append(
                    Anomaly(
                        "provenance",
                        "§20-20(1)",
                        permit_ref(permit),
                        f"Issued with the {label.lower()} counted as received, on a file the "
                        "applicant sent that the clerk had not accepted by then.",
                        BREACH,
                    )
                )
    return found
