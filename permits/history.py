"""The history of every change to an application and what hangs on it, newest first.

The comparing of history rows lives in stoneham_boh.history, shared with the hearings and
inspections pages; here is which records make up an application's and a permit's history.
"""

from __future__ import annotations

from stoneham_boh.history import Entry, combined_history, history_entries


def application_history(application) -> list[Entry]:
    from facilities.models import Abutter, AbutterList, AnimalKept, Lot, Structure
    from permits.models import Application, Document, Payment, Permit, PermitAnimal

    sources = [
        (Application.history.filter(id=application.pk), lambda r: f"Application #{r.id}"),
        (Lot.history.filter(id=application.lot_id), lambda r: f"Lot {r.street_address}"),
        (
            Structure.history.filter(application_id=application.pk),
            lambda r: f"Structure {r.label}",
        ),
        (
            AnimalKept.history.filter(application_id=application.pk),
            lambda r: f"Animals: {r.get_species_display()}",
        ),
        (
            Document.history.filter(application_id=application.pk),
            lambda r: f"Document {r.original_name}",
        ),
        (Payment.history.filter(application_id=application.pk), lambda r: f"Payment ${r.amount}"),
        (AbutterList.history.filter(application_id=application.pk), lambda r: "Abutter list"),
        (
            Abutter.history.filter(abutter_list__application_id=application.pk),
            lambda r: f"Abutter {r.owner_names}",
        ),
        (Permit.history.filter(application_id=application.pk), lambda r: f"Permit {r.number}"),
        (
            PermitAnimal.history.filter(permit__application_id=application.pk),
            lambda r: f"Permit animals: {r.get_species_display()}",
        ),
    ]
    return combined_history(sources)


def permit_history(permit) -> list[Entry]:
    from permits.models import Permit

    records = Permit.history.filter(id=permit.pk).select_related("history_user")
    entries = history_entries(records, lambda r: f"Permit {r.number}")
    entries.sort(key=lambda e: e.when, reverse=True)
    return entries
