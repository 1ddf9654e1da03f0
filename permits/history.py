"""The history of every change to an application and what hangs on it, newest first.

The comparing of history rows and the grouping of one action's rows live in
stoneham_boh.lib.history, shared with the hearings and inspections pages; here is which records
make up an application's and a permit's history, and how each is named.
"""

from __future__ import annotations

from facilities.models import Abutter, AbutterList, AnimalKept, Lot, Structure
from hearings.models import BoardApproval
from permits.models import Application, Document, Payment, Permit, PermitAnimal, ReceiptUndone
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.history import Entry, Source, combined_history, history_of


def application_history(application) -> list[Entry]:
    # The permit first: an action that issues it is about the permit ("Issued permit ...").
    sources = [
        _permits(history_of(Permit).filter(application_id=application.pk)),
        # Before the application: taking a receipt back is what that action was.
        Source(
            history_of(ReceiptUndone).filter(application_id=application.pk),
            lambda r: (
                f"the receipt taken back (it was marked received {long_date(r.received_on)}): "
                f"{r.reason}"
            ),
            verbs={"+": "Recorded"},
        ),
        Source(
            history_of(Application).filter(id=application.pk),
            lambda r: "the application",
            verbs={
                "received": "Received",
                "awaiting_hearing": "Docketed",
                "approved": "Approved",
                "denied": "Denied",
                "withdrawn": "Withdrew",
                "submitted_online": "Sent",
                "information_requested": "Asked for more information on",
            },
        ),
        Source(
            history_of(BoardApproval).filter(application_id=application.pk),
            lambda r: f"the Board's approval: {r.get_subject_display()}",
            counted=("approval of the Board", "approvals of the Board"),
            verbs={"+": "Recorded"},
        ),
        Source(
            history_of(Lot).filter(id=application.lot_id), lambda r: f"the lot {r.street_address}"
        ),
        Source(
            history_of(Structure).filter(application_id=application.pk),
            lambda r: f"structure {r.label}",
            counted=("structure", "structures"),
        ),
        Source(
            history_of(AnimalKept).filter(application_id=application.pk),
            lambda r: f"animals kept: {r.count} {r.name or r.get_species_display()}",
            counted=("kind of animal", "kinds of animals"),
        ),
        Source(
            history_of(Document).filter(application_id=application.pk),
            lambda r: f"document {r.original_name}",
            counted=("document", "documents"),
        ),
        Source(
            history_of(Payment).filter(application_id=application.pk),
            lambda r: f"payment of ${r.amount}",
            verbs={"+": "Recorded"},
        ),
        Source(
            history_of(AbutterList).filter(application_id=application.pk),
            lambda r: "the abutter list",
        ),
        Source(
            history_of(Abutter).filter(abutter_list__application_id=application.pk),
            lambda r: f"abutter {r.owner_names}",
            counted=("abutter", "abutters"),
        ),
        Source(
            history_of(PermitAnimal).filter(permit__application_id=application.pk),
            lambda r: f"animals permitted: {r.name or r.get_species_display()}",
            counted=("kind of animal permitted", "kinds of animals permitted"),
        ),
    ]
    return combined_history(sources)


def _permits(records) -> Source:
    return Source(
        records,
        lambda r: f"permit {r.number}",
        verbs={"+": "Issued", "revoked": "Revoked", "void": "Voided"},
    )


def permit_history(permit) -> list[Entry]:
    return combined_history([_permits(history_of(Permit).filter(id=permit.pk))])
