"""The pre-check's answers, carried into a draft application.

The pre-check keeps nothing; when the resident presses "Apply with these answers" its cleaned
answers are kept in their session (plain JSON values) until the draft is opened, after they
have signed up or logged in. This module turns them into what the intake action takes.
"""

from __future__ import annotations

import string
from decimal import Decimal

from facilities.models import AnimalKept, Lot, Structure
from permits.models import Application

SESSION_KEY = "precheck_answers"

_LOT = ("area_acres", "percolation_min_per_inch", "flood_prone", "stagnant_water")
_APPLICATION = ("manure_method", "securely_fenced", "construction")
_ANIMAL = ("species", "name", "count")


def keep(session, plan) -> None:
    """Keep a valid pre-check plan (permits.precheck.forms.PlanForms) in the session."""
    session[SESSION_KEY] = {
        "lot": plan.lot.cleaned_data,
        "animals": plan.animals.filled(),
        "structures": plan.structures.filled(),
    }


def waiting(session) -> dict | None:
    answers = session.get(SESSION_KEY)
    return answers if isinstance(answers, dict) else None


def forget(session) -> None:
    session.pop(SESSION_KEY, None)


def _value(model, name: str, value):
    """A pre-check number as the model stores it (decimal places of the field)."""
    field = model._meta.get_field(name)
    if value is None or not hasattr(field, "decimal_places"):
        return value
    return Decimal(str(value)).quantize(Decimal(1).scaleb(-field.decimal_places))


def as_intake(answers: dict) -> dict:
    """The answers as keyword arguments of permits.actions.update_application."""
    lot = answers.get("lot") or {}
    structures = []
    labels = iter(string.ascii_uppercase)
    structure_fields = {f.name for f in Structure._meta.get_fields()}
    for row in (answers.get("structures") or [])[:26]:
        values = {
            name: _value(Structure, name, value)
            for name, value in row.items()
            if name in structure_fields and name != "label"
        }
        structures.append({**values, "label": next(labels), "pk": None})
    animals = [
        {
            **{name: row.get(name) for name in _ANIMAL},
            "name": row.get("name") or "",
            "mature_count": None,
            "wild": False,
            "pk": None,
        }
        for row in answers.get("animals") or []
    ]
    changes = {name: lot[name] for name in _APPLICATION if lot.get(name) is not None}
    others = lot.get("equines_under_other_permits")
    if others:
        changes["notes"] = (
            f"From the pre-check: {others} horse(s), ponies, donkeys or mules are kept on the "
            "lot under other permits."
        )
    return {
        "changes": changes,
        "lot_changes": {name: _value(Lot, name, lot.get(name)) for name in _LOT if name in lot},
        "structures": structures,
        "animals": animals,
    }


def summary(answers: dict) -> list[str]:
    """One line for each animal and structure carried, for the start page."""
    species = dict(AnimalKept._meta.get_field("species").choices)
    kinds = dict(Structure._meta.get_field("kind").choices)
    lines = [
        f"{row.get('count')} × {row.get('name') or species.get(row.get('species'), '')}"
        for row in answers.get("animals") or []
    ]
    lines += [kinds.get(row.get("kind"), "") for row in answers.get("structures") or []]
    construction = (answers.get("lot") or {}).get("construction")
    if construction:
        lines.append(dict(Application.Construction.choices).get(construction, ""))
    return [line for line in lines if line]
