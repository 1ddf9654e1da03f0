"""The history of every change to an application and what hangs on it, newest first.

The comparing of history rows lives in stoneham_boh.lib.history, shared with the hearings and
inspections pages; here is which records make up an application's and a permit's history.
"""

from __future__ import annotations

from stoneham_boh.lib.history import Entry, combined_history, history_entries, history_of


def application_history(application) -> list[Entry]:
    from facilities.models import Abutter, AbutterList, AnimalKept, Lot, Structure
    from permits.models import Application, Document, Payment, Permit, PermitAnimal

    sources = [
        (history_of(Application).filter(id=application.pk), lambda r: f"Application #{r.id}"),
        (history_of(Lot).filter(id=application.lot_id), lambda r: f"Lot {r.street_address}"),
        (
            history_of(Structure).filter(application_id=application.pk),
            lambda r: f"Structure {r.label}",
        ),
        (
            history_of(AnimalKept).filter(application_id=application.pk),
            lambda r: f"Animals: {r.get_species_display()}",
        ),
        (
            history_of(Document).filter(application_id=application.pk),
            lambda r: f"Document {r.original_name}",
        ),
        (
            history_of(Payment).filter(application_id=application.pk),
            lambda r: f"Payment ${r.amount}",
        ),
        (history_of(AbutterList).filter(application_id=application.pk), lambda r: "Abutter list"),
        (
            history_of(Abutter).filter(abutter_list__application_id=application.pk),
            lambda r: f"Abutter {r.owner_names}",
        ),
        (history_of(Permit).filter(application_id=application.pk), lambda r: f"Permit {r.number}"),
        (
            history_of(PermitAnimal).filter(permit__application_id=application.pk),
            lambda r: f"Permit animals: {r.get_species_display()}",
        ),
    ]
    return combined_history(sources)


def permit_history(permit) -> list[Entry]:
    from permits.models import Permit

    records = history_of(Permit).filter(id=permit.pk).select_related("history_user")
    entries = history_entries(records, lambda r: f"Permit {r.number}")
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries
