"""What a facility actually keeps, as an inspector needs to know it on the day of a visit.

The animals of the lot's active permit (§20-20(3): the permit states the exact number and
kind), or, before any permit, those of its open application. The checklist an agent answers
is drawn from this, so that a hen coop is never asked about louvers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from permits.models import Application, Permit


@dataclass(frozen=True)
class AnimalLine:
    species: str
    label: str
    count: int
    mature_count: int | None = None
    wild: bool = False


@dataclass(frozen=True)
class Keeping:
    """The animals and manure method of one facility, and where they were read from."""

    animals: tuple[AnimalLine, ...] = ()
    manure_method: str = ""
    permit: Permit | None = None
    application: Application | None = None
    source_label: str = "Nothing on file"

    @property
    def species(self) -> list[str]:
        return [line.species for line in self.animals]

    @property
    def keeps_wild(self) -> bool:
        return any(line.wild for line in self.animals)


def active_permit_for(lot, on: date) -> Permit | None:
    """The lot's permit in force on `on` (active and not past December 31)."""
    return (
        Permit.objects.filter(
            lot=lot, status=Permit.Status.ACTIVE, issued_on__lte=on, expires_on__gte=on
        )
        .select_related("holder", "application")
        .order_by("-issued_on", "-id")
        .first()
    )


def open_application_for(lot) -> Application | None:
    return (
        Application.objects.filter(lot=lot, status__in=Application.OPEN_STATUSES)
        .select_related("applicant")
        .order_by("-id")
        .first()
    )


def _from_application(application: Application) -> tuple[AnimalLine, ...]:
    return tuple(
        AnimalLine(a.species, a.kind_label, a.count, a.mature_count, a.wild)
        for a in application.animals.all()
        if a.count > 0
    )


def keeping_for(lot, on: date, application: Application | None = None) -> Keeping:
    """The keeping to inspect: the given application's (a pre-permit inspection), else the
    active permit's, else the lot's open application's."""
    if application is None:
        permit = active_permit_for(lot, on)
        if permit is not None:
            # The permit lists what was issued; a species marked wild lives on its application.
            wild = {a.species for a in permit.application.animals.all() if a.wild}
            animals = tuple(
                AnimalLine(a.species, a.kind_label, a.count, a.mature_count, a.species in wild)
                for a in permit.animals.all()
            )
            return Keeping(
                animals=animals,
                manure_method=permit.application.manure_method,
                permit=permit,
                application=permit.application,
                source_label=f"Permit {permit.number}",
            )
        application = open_application_for(lot)
    if application is None:
        return Keeping()
    return Keeping(
        animals=_from_application(application),
        manure_method=application.manure_method,
        application=application,
        source_label=f"Application #{application.pk} ({application.get_status_display().lower()})",
    )
