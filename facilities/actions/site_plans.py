"""The application's site plan: its shapes measured, saved as a draft, filed as the plan of
record with its structures' distances."""

from __future__ import annotations

from django.db import transaction

from facilities import regulation
from facilities.models import (
    SitePlan,
    Structure,
)
from facilities.siteplan import context as plan_map
from facilities.siteplan.distances import measure_plan, measured_after_plan
from facilities.siteplan.shapes import PLAN_REACH_FT, ShapeError, beyond_reach, parse_shapes
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as


def measure_shapes(*, application, shapes, today=None) -> dict[str, dict]:
    """The distances measured on a plan being drawn, saving nothing (the editor's recheck)."""
    parcel = application.lot.tax_parcel
    if parcel is None:
        raise ActionRefused("The lot is not linked to a parcel on the map; draw the plan there.")
    try:
        parsed = parse_shapes(shapes)
    except ShapeError as error:
        raise ActionRefused("The plan cannot be measured.", [str(error)]) from error
    beyond = regulation.beyond_ft(today)
    far = beyond_reach(parsed, parcel.shape, max(PLAN_REACH_FT, 2 * beyond))
    if far:
        raise ActionRefused("The plan cannot be measured.", far)
    return measure_plan(parsed, plan_map.plan_context(parcel, beyond))


@transaction.atomic
def save_site_plan(*, application, shapes: list, by, today=None) -> SitePlan:
    """Save the drawn plan and write the distances measured on it onto each structure; a
    structure the plan does not draw keeps only its typed figures, and a shape the application
    does not list yet is kept unmeasured (`plan.undescribed`)."""
    if not application.is_editable:
        raise ActionRefused("The plan of an application that has been decided cannot change.")
    # A structure drawn before it is typed on the application is kept on the plan (issue 26.21):
    # the drawing is the clerk's work; it is measured once the application lists it.
    plan = _store_plan(application, shapes, by, today, keep_undescribed=True)
    # The drawn plan is the §20-20(1) plan of the property: the application has it now (the
    # compliance panel said it lacked one after it was drawn). Never unticked here.
    if not application.doc_site_plan:
        application.doc_site_plan = True
        save_as(application, by, update_fields=["doc_site_plan"])
    return plan


@transaction.atomic
def file_plan_of_record(*, application, shapes: list, by, today=None) -> SitePlan:
    """Transcribe the paper plan filed with an application already decided (§20-20(1)), so
    that the application opens with its drawing. The decision stands; the distances measured
    are recorded for the next renewal, which checks them."""
    if application.is_editable:
        raise ActionRefused("This application is still open: draw its plan in the editor.")
    if SitePlan.objects.filter(application=application).exists():
        raise ActionRefused("The plan of record is already on file; it is not redrawn.")
    return _store_plan(application, shapes, by, today)


def _store_plan(application, shapes, by, today, *, keep_undescribed=False) -> SitePlan:
    """Store the plan and write each structure's measured distances. A shape whose structure
    the application does not list yet is refused, or, with `keep_undescribed`, kept on the
    plan unmeasured: `plan.undescribed` names them, for the page to say where to add them."""
    measured = measure_shapes(application=application, shapes=shapes, today=today)
    structures = {s.label: s for s in Structure.objects.filter(application=application)}
    unknown = sorted(set(measured) - set(structures))
    if unknown and not keep_undescribed:
        raise ActionRefused(
            "The plan cannot be saved.",
            [
                f"Shape {label}: no structure of this application has that label."
                for label in unknown
            ],
        )
    plan = SitePlan.objects.filter(application=application).first() or SitePlan(
        application=application
    )
    plan.shapes = shapes
    save_as(plan, by)
    plan.undescribed = unknown
    for label, structure in structures.items():
        figures = measured_after_plan(structure, measured.get(label))
        if structure.measured_distances_ft != figures:
            structure.measured_distances_ft = figures
            save_as(structure, by)
    return plan
