"""The register spreadsheet's columns: what each holds, and how one cell is read.

One list, `COLUMNS`, serves the reader (which headers it accepts), the checks (each cell's
parser) and the upload page (the columns' descriptions), so the three cannot disagree.
A parser returns the value or raises `CellError` with a sentence for the administrator.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError

from facilities.choices import NAMED_SPECIES, Species, counted
from facilities.models import parcel_id_validator


class CellError(ValueError):
    pass


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    description: str
    required: bool = False
    aliases: tuple[str, ...] = ()
    parse: Callable[[object], object] = lambda value: str(value).strip()
    example: str = ""


def _text(limit: int) -> Callable[[object], str]:
    def parse(value) -> str:
        text = " ".join(str(value).split())
        if len(text) > limit:
            raise CellError(f"At most {limit} characters (this has {len(text)}).")
        return text

    return parse


DATE_FORMATS = ("%Y-%m-%d", "%m/%d/%Y", "%B %d, %Y", "%b %d, %Y", "%d %B %Y")


def parse_date(value) -> date:
    if isinstance(value, date):
        return value
    text = str(value).strip()
    for form in DATE_FORMATS:
        try:
            return datetime.strptime(text, form).date()  # noqa: DTZ007 - a calendar day
        except ValueError:
            continue
    raise CellError(f"“{text}” is not a date: write it as 1994-05-02 or 5/2/1994.")


def parse_year(value) -> int:
    text = str(value).strip()
    if not re.fullmatch(r"\d{4}", text):
        raise CellError(f"“{text}” is not a year: write four digits, e.g. 2026.")
    return int(text)


def parse_parcel_id(value) -> str:
    text = str(value).strip().upper()
    try:
        parcel_id_validator(text)
    except ValidationError as error:
        raise CellError(f"“{str(value).strip()}”: {error.messages[0]}") from None
    return text


def parse_acres(value) -> Decimal:
    try:
        acres = Decimal(str(value).strip())
    except InvalidOperation:
        raise CellError(f"“{value}” is not a number of acres, e.g. 0.5.") from None
    if acres <= 0 or acres >= 100_000:
        raise CellError(f"“{value}” is not a lot's area in acres.")
    return acres.quantize(Decimal("0.001"))


def parse_zip(value) -> str:
    text = str(value).strip()
    if re.fullmatch(r"\d{4}", text):  # Excel drops the leading zero of a Massachusetts ZIP
        text = f"0{text}"
    if not re.fullmatch(r"\d{5}(-\d{4})?", text):
        raise CellError(f"“{text}” is not a ZIP code: 5 digits, or 5+4.")
    return text


# --- The animals: "6 hens; 2 goats; 3 other: guinea pig" -------------------------------------

OTHER_PREFIX = re.compile(r"^other\s*(?:domesticated\s*(?:animal)?)?\s*[:\-]\s*", re.I)


def _kind_names() -> dict[str, str]:
    """Every way a kind is written (its value, its label, its plural) -> the species."""
    names: dict[str, str] = {}
    for species in Species:
        if species in NAMED_SPECIES:
            continue
        label = species.label.split(" (")[0].lower()
        for name in (species.value.replace("_", " "), label, counted(2, species)[2:].lower()):
            names[name.split(" (")[0]] = species.value
        names[f"{label}s"] = species.value
    names.update({"hen": "chicken", "hens": "chicken", "roosters": "rooster"})
    return names


KIND_NAMES = _kind_names()
ITEM = re.compile(
    r"^(?P<count>\d+)\s*(?:x\s+)?(?P<kind>.+)$|^(?P<kind2>.+?)\s*[:x×]?\s*(?P<count2>\d+)$"
)


def parse_animals(value) -> list[dict]:
    """The animals as the paper permit lists them, one kind a part: "6 hens; 2 goats". An
    animal the vocabulary does not list (§20-14: another domesticated animal) is written
    "other: ferret"; a kind not recognised is refused, not guessed."""
    text = str(value).strip()
    parts = [p.strip() for p in re.split(r"[;,\n]|\band\b", text) if p.strip()]
    if not parts:
        raise CellError("List the animals, e.g. “6 hens; 2 goats”.")
    found: dict[tuple[str, str], dict] = {}
    for part in parts:
        match = ITEM.match(part)
        if not match:
            raise CellError(f"“{part}”: give the number and the kind, e.g. “6 hens”.")
        count = int(match["count"] or match["count2"])
        kind = " ".join((match["kind"] or match["kind2"]).lower().split())
        if count <= 0:
            raise CellError(f"“{part}”: the number of animals is at least 1.")
        if OTHER_PREFIX.match(kind):
            name = OTHER_PREFIX.sub("", kind).strip()
            if not name:
                raise CellError(f"“{part}”: name the other domesticated animal.")
            species = next(iter(NAMED_SPECIES)).value
        elif kind in KIND_NAMES:
            species, name = KIND_NAMES[kind], ""
        else:
            raise CellError(
                f"“{part}”: “{kind}” is not a kind of animal we know. Use the regulation's "
                "word (hens, roosters, goats, horses...), or write “other: ferret” for "
                "another domesticated animal."
            )
        if (species, name) in found:
            raise CellError(f"“{part}”: this kind of animal is listed twice.")
        found[(species, name)] = {"species": species, "name": name, "count": count}
    return list(found.values())


def animals_in_words(animals: list[dict]) -> str:
    return ", ".join(counted(a["count"], a["species"], label=a["name"] or None) for a in animals)


# --- The columns ------------------------------------------------------------------------------

COLUMNS: tuple[Column, ...] = (
    Column(
        "holder",
        "Holder",
        "The permit holder's full name, or the organisation's.",
        required=True,
        aliases=("holder_name", "name", "permit_holder", "owner"),
        parse=_text(200),
        example="Margaret Doyle",
    ),
    Column(
        "address",
        "Address",
        "The street address of the lot where the animals are kept. May be left blank when the "
        "parcel id is of a lot already on record or on the parcel map.",
        aliases=("street_address", "lot_address", "location"),
        parse=_text(200),
        example="14 Pond Street",
    ),
    Column(
        "parcel_id",
        "Parcel id",
        "The lot's map-block-lot from the Assessor's maps.",
        aliases=("parcel", "map_block_lot", "mbl"),
        parse=parse_parcel_id,
        example="12-345-6",
    ),
    Column(
        "lot_acres",
        "Lot acres",
        "The lot's area in acres, if the register gives it.",
        aliases=("acres", "area_acres", "lot_area"),
        parse=parse_acres,
        example="0.5",
    ),
    Column(
        "mailing_street",
        "Mailing street",
        "The holder's mailing street, when it is not the lot's address.",
        aliases=("mailing_address",),
        parse=_text(200),
    ),
    Column(
        "mailing_city",
        "Mailing city",
        "The holder's city, when not in town.",
        aliases=("city",),
        parse=_text(80),
    ),
    Column("mailing_state", "Mailing state", "Two letters.", aliases=("state",), parse=_text(2)),
    Column(
        "zip",
        "ZIP",
        "The holder's ZIP code. May be left blank when the parcel map gives the owner's.",
        aliases=("zip_code", "mailing_zip", "postcode"),
        parse=parse_zip,
        example="01234",
    ),
    Column(
        "animals",
        "Animals",
        "The animals the permit allows, by kind and number, separated by semicolons: "
        "“6 hens; 2 goats”. Another domesticated animal: “2 other: ferret”.",
        required=True,
        aliases=("animals_kept", "animals_permitted"),
        parse=parse_animals,
        example="6 hens; 2 goats",
    ),
    Column(
        "first_permitted",
        "First permitted",
        "The date the keeping was first permitted (it decides grandfathering, §20-20(8)).",
        required=True,
        aliases=("first_permitted_on", "original_permit", "first_permit", "since"),
        parse=parse_date,
        example="1994-05-02",
    ),
    Column(
        "permit_number",
        "Permit number",
        "The number printed on the current paper permit.",
        required=True,
        aliases=("number", "register_number", "paper_permit", "permit_no"),
        parse=_text(40),
        example="94-17",
    ),
    Column(
        "permit_year",
        "Permit year",
        "The year the current paper permit runs for.",
        required=True,
        aliases=("year", "valid_for_year"),
        parse=parse_year,
        example="2026",
    ),
    Column(
        "issued_on",
        "Issued on",
        "The date the current paper permit was issued, if the register gives it; otherwise "
        "January 1 of its year (or the first permit's date, if later) is recorded, and the "
        "entry says the date was not in the register.",
        aliases=("issued", "date_issued"),
        parse=parse_date,
    ),
    Column(
        "document",
        "Document",
        "The file name of the paper permit's scan, in the folder or zip given with the "
        "spreadsheet (PDF or image).",
        required=True,
        aliases=("scan", "document_file", "file", "file_name", "scanned_document"),
        parse=_text(255),
        example="94-17.pdf",
    ),
    Column(
        "notes",
        "Notes",
        "Where the paper record is kept, or anything the Board should know about it.",
        aliases=("basis", "record", "remarks"),
        parse=_text(200),
    ),
)

BY_KEY = {column.key: column for column in COLUMNS}


def header_keys() -> dict[str, str]:
    """Every accepted header (normalised as `sheet.header_key` does) -> its column's key."""
    from .sheet import header_key

    found = {}
    for column in COLUMNS:
        for name in (column.key, column.label, *column.aliases):
            found[header_key(name)] = column.key
    return found


REQUIRED = {column.key for column in COLUMNS if column.required}
