"""The facts of one application, as frozen dataclasses, and their validation from JSON.

The shape follows ``permits/rules/CONTRACT.md``. The contract's conventions for absent values:

* a boolean that is absent (or ``null``) is ``False``;
* a distance that is absent or ``null`` means no such feature within 300 ft;
* any other number absent or ``null`` is unknown (``None``) and rules needing it say ``missing``;
* ``mature`` defaults to ``count``.

:func:`parse_facts` never trusts its input: it walks only the known shape, so arbitrarily deep
or odd input fails fast with a :class:`FactsError` naming the offending path.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from .ruleset import all_enlargeable_rule_ids, all_rule_ids
from .vocabulary import (
    APPLICATION_KINDS,
    CONSTRUCTION_KINDS,
    DECISIONS,
    DISTANCE_FIELDS,
    DOCUMENT_FIELDS,
    MANURE_METHODS,
    NAMED_SPECIES,
    SPECIES,
    STRUCTURE_KINDS,
)

Number = int | float

#: Guard against absurd figures (and integers too long to print): a data-entry error, not a lot.
MAX_FIGURE = 1_000_000_000


class FactsError(ValueError):
    """The facts are invalid. ``path`` names the field (``animals[0].count``), or "" for all."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message

    def to_dict(self) -> dict:
        return {"error": {"path": self.path, "message": self.message}}


# --- the facts ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ConstructionApproval:
    board: bool = False
    building_inspector: bool = False


@dataclass(frozen=True, slots=True)
class Application:
    kind: str
    date: date
    #: Revision 3: the first day of the permit's term where it begins after ``date`` (a renewal
    #: issued in December for the next year); a variance must be in effect on it too.
    term_begins: date | None = None
    construction: str = "none"
    construction_approved: ConstructionApproval = field(default_factory=ConstructionApproval)
    prior_permit_issued: date | None = None
    conditions_unchanged: bool = False
    #: §20-20(8) proviso: conditions injurious to health or to contiguous property were found.
    injurious_conditions: bool = False


@dataclass(frozen=True, slots=True)
class PorousFill:
    depth_in: Number | None = None
    extends_ft: Number | None = None
    board_inspected: bool = False


@dataclass(frozen=True, slots=True)
class Lot:
    area_acres: Number | None = None
    percolation_min_per_inch: Number | None = None
    flood_prone: bool = False
    stagnant_water: bool = False
    porous_fill: PorousFill | None = None
    #: §20-17(1): equines kept on the same lot under other active permits.
    equines_under_other_permits: int = 0


@dataclass(frozen=True, slots=True)
class Animal:
    species: str
    count: int | None
    mature: int | None = None
    wild: bool = False
    #: What the animal is, for ``other_domestic`` ("guinea pig").
    name: str | None = None


@dataclass(frozen=True, slots=True)
class Distances:
    """Feet from a structure to each feature; ``None``: no such feature within 300 ft."""

    property_line: Number | None = None
    wetland: Number | None = None
    watercourse: Number | None = None
    well: Number | None = None
    sewage_disposal: Number | None = None
    public_way: Number | None = None
    dwelling: Number | None = None
    abutting_dwelling: Number | None = None
    #: The nearest lot line of any kind, one along a way included (§20-16(3)(b)).
    lot_line: Number | None = None


@dataclass(frozen=True, slots=True)
class Structure:
    id: str
    kind: str
    area_sqft: Number | None = None
    fence_height_ft: Number | None = None
    screened_window: bool = False
    opposite_louvers: bool = False
    potable_water: bool = False
    well_drained: bool = False
    groundwater_clearance_ft: Number | None = None
    distances: Distances = field(default_factory=Distances)
    #: The distances are unknown: measured on a site plan that no longer draws the structure.
    #: Every rule measuring from it reports ``missing`` until it is measured again.
    distances_unknown: bool = False


@dataclass(frozen=True, slots=True)
class Manure:
    method: str | None = None


@dataclass(frozen=True, slots=True)
class Facility:
    securely_fenced: bool = False


@dataclass(frozen=True, slots=True)
class VerminControl:
    plan_approved: bool = False
    licensed_operator: bool = False


@dataclass(frozen=True, slots=True)
class Documents:
    site_plan: bool = False
    certified_abutter_list: bool = False
    maintenance_plan: bool = False
    fly_vermin_control_method: bool = False
    construction_drainage_details: bool = False
    fencing_details: bool = False


@dataclass(frozen=True, slots=True)
class Hearing:
    held_on: date | None = None
    abutter_notice_mailed: date | None = None
    newspaper_notice_published: date | None = None
    decision: str | None = None


@dataclass(frozen=True, slots=True)
class Approvals:
    conservation_commission_wetland_ft: Number | None = None
    wild_animal: bool = False
    composting: bool = False


@dataclass(frozen=True, slots=True)
class Variance:
    rule: str
    granted: bool = False
    expires: date | None = None


@dataclass(frozen=True, slots=True)
class Facts:
    application: Application
    lot: Lot = field(default_factory=Lot)
    animals: tuple[Animal, ...] = ()
    structures: tuple[Structure, ...] = ()
    manure: Manure = field(default_factory=Manure)
    facility: Facility = field(default_factory=Facility)
    vermin_control: VerminControl = field(default_factory=VerminControl)
    documents: Documents = field(default_factory=Documents)
    hearing: Hearing = field(default_factory=Hearing)
    approvals: Approvals = field(default_factory=Approvals)
    #: (rule id, feet) pairs: the Board's enlarged minimum for a setback in this case.
    setback_enlargements: tuple[tuple[str, Number], ...] = ()
    variances: tuple[Variance, ...] = ()


# --- validation -----------------------------------------------------------------------------
#
# Each section is a table of its keys and a validator per key. Only the keys present are
# validated (absent ones take the dataclass defaults), and a key not in the table is an error.
# Validators take (value, parent path, key); paths are built only when an error is raised.

Validator = Callable[[object, str, str], object]


def _join(parent: str, key: object) -> str:
    text = key if isinstance(key, str) else repr(key)
    if len(text) > 60:
        text = text[:57] + "..."
    return f"{parent}.{text}" if parent else text


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _fields(value: object, path: str, schema: dict[str, Validator]) -> dict:
    """The validated fields of the object at ``path`` (``{}`` when absent or null)."""
    if value is None:
        return {}
    if type(value) is not dict and not isinstance(value, dict):
        raise FactsError(path, "must be an object")
    out = {}
    for key, item in value.items():
        validator = schema.get(key) if type(key) is str else None
        if validator is None:
            raise FactsError(_join(path, key), "is not a recognised field")
        out[key] = validator(item, path, key)
    return out


def _items(value: object, path: str) -> list | tuple:
    if value is None:
        return ()
    if not isinstance(value, list | tuple):
        raise FactsError(path, "must be a list")
    return value


def _flag(value: object, parent: str, key: str) -> bool:
    """A boolean; ``null`` is taken as absent, i.e. ``false``."""
    if value is True or value is False:
        return value
    if value is None:
        return False
    raise FactsError(_join(parent, key), "must be true or false")


def _amount(value: object, parent: str, key: str) -> Number | None:
    """A finite number from 0 to ``MAX_FIGURE``; ``None`` (unknown) for null."""
    kind = type(value)
    if kind is int or kind is float:
        if 0 <= value <= MAX_FIGURE:  # NaN fails both comparisons
            return value
    elif value is None:
        return None
    else:
        value = _other_number(value, _join(parent, key))
        if 0 <= value <= MAX_FIGURE:
            return value
    raise FactsError(_join(parent, key), _range_message(value))


def _other_number(value: object, path: str) -> Number:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise FactsError(path, "must be a number")
    if isinstance(value, Decimal):  # what a database adapter may pass
        if not value.is_finite():
            raise FactsError(path, "must be a finite number")
        if not 0 <= value <= MAX_FIGURE:  # before converting: 1E+999999 is a huge int
            raise FactsError(path, _range_message(value))
        return int(value) if value == value.to_integral_value() else float(value)
    return int(value) if isinstance(value, int) else float(value)


def _range_message(value: Number) -> str:
    if isinstance(value, float) and not math.isfinite(value):
        return "must be a finite number"
    if value < 0:
        return "must not be negative"
    return f"must not exceed {MAX_FIGURE:,}"


def _whole(value: object, parent: str, key: str) -> int | None:
    """A whole number from 0 to ``MAX_FIGURE``; ``2.0`` is accepted as 2."""
    value = _amount(value, parent, key)
    if value is None or type(value) is int:
        return value
    if value.is_integer():
        return int(value)
    raise FactsError(_join(parent, key), "must be a whole number")


def _day(value: object, parent: str, key: str) -> date | None:
    """A date written ``YYYY-MM-DD`` (nothing else that ``fromisoformat`` would accept)."""
    if value is None:
        return None
    if (
        type(value) is str
        and len(value) == 10
        and value[4] == "-"
        and value[7] == "-"
        and value.isascii()
    ):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    raise FactsError(_join(parent, key), "must be a date written YYYY-MM-DD")


def _one_of(allowed: frozenset[str]) -> Validator:
    expected = f"must be one of {', '.join(sorted(allowed))}"

    def validate(value: object, parent: str, key: str) -> str | None:
        if value is None or (type(value) is str and value in allowed):
            return value
        raise FactsError(_join(parent, key), expected)

    return validate


def _text(value: object, parent: str, key: str) -> object:
    """Kept as given; the section checks it (species, ids and rule ids need context)."""
    return value


def _required(fields: dict, key: str, path: str) -> object:
    value = fields.get(key)
    if value is None:
        raise FactsError(_join(path, key), "is required")
    return value


# --- sections -------------------------------------------------------------------------------

_CONSTRUCTION_APPROVED = {"board": _flag, "building_inspector": _flag}


def _construction_approved(value: object, parent: str, key: str) -> ConstructionApproval:
    fields = _fields(value, _join(parent, key), _CONSTRUCTION_APPROVED)
    return ConstructionApproval(**fields) if fields else _NO_CONSTRUCTION_APPROVAL


_APPLICATION = {
    "kind": _one_of(APPLICATION_KINDS),
    "date": _day,
    "term_begins": _day,
    "construction": _one_of(CONSTRUCTION_KINDS),
    "construction_approved": _construction_approved,
    "prior_permit_issued": _day,
    "conditions_unchanged": _flag,
    "injurious_conditions": _flag,
}

_FILL = {"depth_in": _amount, "extends_ft": _amount, "board_inspected": _flag}


def _porous_fill(value: object, parent: str, key: str) -> PorousFill | None:
    if value is None:
        return None
    return PorousFill(**_fields(value, _join(parent, key), _FILL))


_LOT = {
    "area_acres": _amount,
    "percolation_min_per_inch": _amount,
    "flood_prone": _flag,
    "stagnant_water": _flag,
    "porous_fill": _porous_fill,
    "equines_under_other_permits": _whole,
}
_ANIMAL = {"species": _text, "count": _whole, "mature": _whole, "wild": _flag, "name": _text}
_DISTANCES = dict.fromkeys(DISTANCE_FIELDS, _amount)
_STRUCTURE = {
    "id": _text,
    "kind": _text,
    "area_sqft": _amount,
    "fence_height_ft": _amount,
    "screened_window": _flag,
    "opposite_louvers": _flag,
    "potable_water": _flag,
    "well_drained": _flag,
    "groundwater_clearance_ft": _amount,
    "distances_ft": _text,
    "distances_unknown": _flag,
}
_MANURE = {"method": _one_of(MANURE_METHODS)}
_FACILITY = {"securely_fenced": _flag}
_VERMIN = {"plan_approved": _flag, "licensed_operator": _flag}
_DOCUMENTS = dict.fromkeys(DOCUMENT_FIELDS, _flag)
_HEARING = {
    "held_on": _day,
    "abutter_notice_mailed": _day,
    "newspaper_notice_published": _day,
    "decision": _one_of(DECISIONS),
}
_APPROVALS = {
    "conservation_commission_wetland_ft": _amount,
    "wild_animal": _flag,
    "composting": _flag,
}
_VARIANCE = {"rule": _text, "granted": _flag, "expires": _day}

_RULE_IDS = all_rule_ids()
_ENLARGEABLE = all_enlargeable_rule_ids()
_KIND_LIST = ", ".join(sorted(STRUCTURE_KINDS))

_NO_CONSTRUCTION_APPROVAL = ConstructionApproval()
_NO_DISTANCES = Distances()
_NO_LOT = Lot()
_NO_MANURE = Manure()
_NO_FACILITY = Facility()
_NO_VERMIN = VerminControl()
_NO_DOCUMENTS = Documents()
_NO_HEARING = Hearing()
_NO_APPROVALS = Approvals()


def _application(value: object) -> Application:
    path = "application"
    if value is None:
        raise FactsError(path, "is required")
    fields = _fields(value, path, _APPLICATION)
    _required(fields, "kind", path)
    _required(fields, "date", path)
    if fields.get("construction", "none") is None:
        fields["construction"] = "none"
    return Application(**fields)


def _animal(value: object, path: str) -> Animal:
    if not isinstance(value, dict):
        raise FactsError(path, "must be an object")
    fields = _fields(value, path, _ANIMAL)
    species = fields.get("species")
    if type(species) is not str or not species:
        raise FactsError(_join(path, "species"), "is required and must be a name")
    if species not in SPECIES and not fields.get("wild"):
        raise FactsError(
            _join(path, "species"),
            f'{_show(species)} is not a known species (mark it "wild": true if it is wild)',
        )
    name = fields.get("name")
    if name is not None and type(name) is not str:
        raise FactsError(_join(path, "name"), "must be a name")
    if species in NAMED_SPECIES and (name is None or not name.strip()):
        raise FactsError(_join(path, "name"), f"is required for {species}: say what the animal is")
    if name is not None:
        fields["name"] = name.strip() or None
    count = fields.get("count")
    mature = fields.get("mature")
    if mature is None:
        fields["mature"] = count
    elif count is not None and mature > count:
        raise FactsError(_join(path, "mature"), f"must not exceed count ({count})")
    fields.setdefault("count", None)
    return Animal(**fields)


def _structure(value: object, path: str) -> Structure:
    if not isinstance(value, dict):
        raise FactsError(path, "must be an object")
    fields = _fields(value, path, _STRUCTURE)
    ident = fields.get("id")
    if type(ident) is not str or not ident.strip():
        raise FactsError(_join(path, "id"), "is required and must be a non-empty string")
    kind = fields.get("kind")
    if type(kind) is not str or kind not in STRUCTURE_KINDS:
        raise FactsError(_join(path, "kind"), f"must be one of {_KIND_LIST}")
    distances = fields.pop("distances_ft", None)
    if distances:
        fields["distances"] = Distances(
            **_fields(distances, _join(path, "distances_ft"), _DISTANCES)
        )
    elif distances is not None and not isinstance(distances, dict):
        raise FactsError(_join(path, "distances_ft"), "must be an object")
    return Structure(**fields)


def _structures(value: object) -> tuple[Structure, ...]:
    items = _items(value, "structures")
    structures = tuple(_structure(item, f"structures[{i}]") for i, item in enumerate(items))
    if len(structures) > 1:
        seen: set[str] = set()
        for i, structure in enumerate(structures):
            if structure.id in seen:
                raise FactsError(f"structures[{i}].id", f"duplicates id {_show(structure.id)}")
            seen.add(structure.id)
    return structures


def _enlargements(value: object) -> tuple[tuple[str, Number], ...]:
    path = "setback_enlargements"
    if value is None:
        return ()
    if not isinstance(value, dict):
        raise FactsError(path, "must be an object")
    pairs = []
    for rule, feet in value.items():
        if rule not in _ENLARGEABLE:
            reason = (
                "is not a setback the Board may enlarge (§20-15(4))"
                if rule in _RULE_IDS
                else "is not a rule id of the catalogue"
            )
            raise FactsError(_join(path, rule), reason)
        feet = _amount(feet, path, rule)
        if feet is not None:
            pairs.append((rule, feet))
    return tuple(pairs)


def _variance(value: object, path: str) -> Variance:
    if not isinstance(value, dict):
        raise FactsError(path, "must be an object")
    fields = _fields(value, path, _VARIANCE)
    rule = fields.get("rule")
    if type(rule) is not str or rule not in _RULE_IDS:
        raise FactsError(_join(path, "rule"), "must name a rule id of the catalogue")
    return Variance(**fields)


def _lot(value: object) -> Lot:
    fields = _fields(value, "lot", _LOT)
    if fields.get("equines_under_other_permits", 0) is None:
        # Null is read like absence: no other permit on the lot keeps equines.
        fields["equines_under_other_permits"] = 0
    return Lot(**fields) if fields else _NO_LOT


def _section(value: object, path: str, schema: dict[str, Validator], cls: type, empty):
    fields = _fields(value, path, schema)
    return cls(**fields) if fields else empty


_TOP = frozenset(
    {
        "application",
        "lot",
        "animals",
        "structures",
        "manure",
        "facility",
        "vermin_control",
        "documents",
        "hearing",
        "approvals",
        "setback_enlargements",
        "variances",
    }
)


def parse_facts(obj: object) -> Facts:
    """Validate JSON-like ``obj`` (dicts, lists, strings, numbers) and build :class:`Facts`.

    Raises :class:`FactsError` with the path of the first problem found.
    """
    if not isinstance(obj, dict):
        raise FactsError("", "facts must be a JSON object")
    if not obj.keys() <= _TOP:
        for key in obj:
            if key not in _TOP:
                raise FactsError(_join("", key), "is not a recognised field")
    get = obj.get
    application = _application(get("application"))
    return Facts(
        application=application,
        lot=_lot(get("lot")),
        animals=tuple(
            _animal(item, f"animals[{i}]")
            for i, item in enumerate(_items(get("animals"), "animals"))
        ),
        structures=_structures(get("structures")),
        manure=_section(get("manure"), "manure", _MANURE, Manure, _NO_MANURE),
        facility=_section(get("facility"), "facility", _FACILITY, Facility, _NO_FACILITY),
        vermin_control=_section(
            get("vermin_control"), "vermin_control", _VERMIN, VerminControl, _NO_VERMIN
        ),
        documents=_section(get("documents"), "documents", _DOCUMENTS, Documents, _NO_DOCUMENTS),
        hearing=_section(get("hearing"), "hearing", _HEARING, Hearing, _NO_HEARING),
        approvals=_section(get("approvals"), "approvals", _APPROVALS, Approvals, _NO_APPROVALS),
        setback_enlargements=_enlargements(get("setback_enlargements")),
        variances=tuple(
            _variance(item, f"variances[{i}]")
            for i, item in enumerate(_items(get("variances"), "variances"))
        ),
    )
