"""Starting a renewal: an application pre-filled from the permit it renews (§20-20(3), (8)),
taking up the holder's online requests. What may be renewed, and when, is read from
`permits.renewals` (imported here as `renewals`); this module only acts.
"""

from __future__ import annotations

from datetime import date

from django.db import transaction
from django.utils import timezone

from facilities.models import AnimalKept, Structure
from hearings.models import SetbackEnlargement
from permits import renewals
from permits.actions import intake
from permits.models import Application, Permit
from permits.portal import actions as portal_actions
from permits.portal.models import RenewalRequest
from stoneham_boh.lib.dates import long_date
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


@transaction.atomic
def start_renewal(*, permit: Permit, by, today: date | None = None) -> Application:
    """A renewal application pre-filled from the permit: the clerk confirms or changes it.

    The animals are those the permit authorizes (§20-20(3)); the structures, facts and the
    Board's enlarged setbacks are those of the application it was issued on (its variances
    and conditions are read from the permit chain). Starting twice returns the renewal
    already open. A permit lapsed too long ago is not renewed: it needs a new application.
    """
    today = today or timezone.localdate()
    permit = (
        Permit.objects.select_for_update(of=("self",))
        .select_related("application")
        .get(pk=permit.pk)
    )
    if permit.status == Permit.Status.REVOKED:
        raise ActionRefused("A revoked permit cannot be renewed (§20-20(6)).")
    if permit.status == Permit.Status.VOID:
        raise ActionRefused("A void permit cannot be renewed.")
    if permit.status == Permit.Status.PROVISIONAL:
        raise ActionRefused(PROVISIONAL_NOT_RENEWED)
    open_renewal = permit.renewal_applications.filter(
        status__in=[*Application.OPEN_STATUSES, Application.Status.ISSUED]
    ).first()
    if open_renewal is not None:
        return open_renewal
    lapsed = renewals.lapse_refusal(permit, today)
    if lapsed:
        raise ActionRefused(lapsed)
    reasons = [renewals.year_refusal(permit, today), *renewals.pending_revocation_refusals(permit)]
    if any(reasons):
        raise ActionRefused("The permit cannot be renewed now.", [r for r in reasons if r])
    source = permit.application
    fields = {name: getattr(source, name) for name in intake.APPLICATION_FIELDS}
    # The facility was built under the permit renewed; a remodel declared now is new work that
    # needs its own approvals and completion (§20-20(2)), never the first construction's.
    fields.update(notes="", construction=Application.Construction.NONE)
    renewal = intake.create_application(
        applicant=permit.holder,
        lot=permit.lot,
        kind=Application.Kind.RENEWAL,
        renews=permit,
        by=by,
        **fields,
    )
    for structure in source.structures.all():
        copy = Structure(application=renewal)
        for field in Structure._meta.concrete_fields:
            if field.name not in ("id", "application"):
                setattr(copy, field.attname, getattr(structure, field.attname))
        save_as(copy, by)
    for enlargement in source.setback_enlargements.all():
        save_as(
            SetbackEnlargement(
                application=renewal,
                rule=enlargement.rule,
                minimum_ft=enlargement.minimum_ft,
                reason=enlargement.reason,
            ),
            by,
        )
    for animal in permit.animals.all():
        save_as(
            AnimalKept(
                application=renewal,
                species=animal.species,
                name=animal.name,
                count=animal.count,
                mature_count=animal.mature_count,
                wild=source.animals.filter(
                    species=animal.species, name=animal.name, wild=True
                ).exists(),
            ),
            by,
        )
    _take_up_renewal_requests(permit, renewal, by)
    return renewal


def _take_up_renewal_requests(permit: Permit, renewal: Application, by) -> None:
    """The holder's online request lands on the renewal: their words go into its notes."""
    for asked in RenewalRequest.objects.pending().filter(permit=permit):
        said = "nothing has changed" if asked.unchanged else f"changes: {asked.changes}"
        note = f"Holder's online request of {long_date(asked.submitted_at)}: {said}"
        renewal.notes = "\n".join(filter(None, [renewal.notes, note]))
        save_as(renewal, by)
        # Called through its module, so that the history proof sees this action too.
        portal_actions.take_up_renewal_request(renewal_request=asked, application=renewal, by=by)


PROVISIONAL_NOT_RENEWED = (
    "This permit was entered from the paper register and the Board has not accepted it: it is "
    "renewed only once the Board accepts the entry by a vote at a meeting (§20-20(8))."
)
