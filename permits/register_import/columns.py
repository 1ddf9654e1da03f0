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
from django.utils import timezone

from facilities.choices import NAMED_SPECIES, Species, counted
from facilities.models import parcel_id_validator
from stoneham_boh.lib.dates import long_date


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


@dataclass(frozen=True)
class Read:
    """A cell read in a way the administrator should see: the value, and a sentence saying how
    it was read (shown beside the row in the dry run)."""

    value: object
    note: str


# Whole dates as offices type them. A date written with its month in words, or with four-digit
# years, has one reading; a two-digit year is read in the last hundred years (a register holds
# no permit from the future) and the reading is said.
DATE_FORMATS = (
    "%Y-%m-%d",
    "%m/%d/%Y",
    "%m-%d-%Y",
    "%B %d, %Y",
    "%b %d, %Y",
    "%B %d %Y",
    "%b %d %Y",
    "%d %B %Y",
    "%d %b %Y",
    "%d-%b-%Y",
    "%d-%B-%Y",
)
SHORT_YEAR_FORMATS = ("%d-%b-%y", "%d-%B-%y", "%d %b %y", "%m/%d/%y", "%b %d, %y")
YEAR_ALONE = re.compile(r"^(\d{4})(?:\.0)?$")


def _in_words(day: date) -> str:
    return long_date(day)


def _short_year(parsed: date, today: date) -> date:
    """A two-digit year in the hundred years up to this one."""
    year = today.year // 100 * 100 + parsed.year % 100
    if year > today.year:
        year -= 100
    try:
        return parsed.replace(year=year)
    except ValueError:  # February 29 of a year that has none
        raise CellError(f"{_in_words(parsed)} does not exist in {year}.") from None


def parse_date(value, *, today: date | None = None) -> date | Read:
    """A date as typed. "1998" alone is read as January 1, 1998, and said; the rows' check
    asks for the day where the day decides (the grandfathering date's own year)."""
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = " ".join(str(value).split())
    for form in DATE_FORMATS:
        try:
            return datetime.strptime(text, form).date()  # noqa: DTZ007 - a calendar day
        except ValueError:
            continue
    for form in SHORT_YEAR_FORMATS:
        try:
            parsed = datetime.strptime(text, form).date()  # noqa: DTZ007 - a calendar day
        except ValueError:
            continue
        read = _short_year(parsed, today or timezone.localdate())
        return Read(read, f"“{text}” read as {_in_words(read)}.")
    if match := YEAR_ALONE.match(text):
        year = int(match[1])
        if 1900 <= year <= (today or timezone.localdate()).year:
            return Read(
                YearAlone(year, 1, 1),
                f"“{text}” read as January 1, {year}: the register gives the year alone.",
            )
    raise CellError(f"“{text}” is not a date: write it as 1994-05-02, 5/2/1994 or 02-May-1994.")


class YearAlone(date):
    """January 1 of a year the register gives alone (no day): the checks know it was not typed."""


def parse_year(value) -> int:
    text = str(value).strip()
    if not re.fullmatch(r"\d{4}", text):
        raise CellError(f"“{text}” is not a year: write four digits, e.g. 2026.")
    return int(text)


def parse_parcel_id(value) -> str | Read:
    """The map-block-lot; spaces typed around its hyphens ("67 - 46 - 1") are not part of it."""
    typed = " ".join(str(value).split())
    text = "".join(typed.split()).upper()
    try:
        parcel_id_validator(text)
    except ValidationError as error:
        raise CellError(f"“{typed}”: {error.messages[0]}") from None
    return Read(text, f"“{typed}” read as {text}.") if text != typed.upper() else text


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


# --- The holder: one person or organisation, or two named together on purpose --------------

JOINT_MARK = re.compile(r"\s*\((?:joint|joint holders?)\)\s*$", re.I)
TWO_PEOPLE = re.compile(r"\s/\s|/|;|\s&\s|\s\+\s|\sand\s", re.I)
# Words of an organisation's name, in which "&" or "and" joins no two people ("Smith & Sons").
ORGANISATION = re.compile(
    r"\b(inc|llc|ltd|corp|co|company|trust|farm|farms|sons|association|assn|club|school|"
    r"church|society|foundation|partners|estate|dept|department|town|city)\b\.?",
    re.I,
)


def parse_holder(value) -> str | Read:
    """One holder's name. A cell naming two people ("Doyle, Margaret / Doyle, Peter", "John &
    Mary Sullivan") is not read as one person's name: the administrator decides, either by
    writing the one holder's name, or by writing "(joint)" after the names, when the paper
    permit names both (they are then recorded as one holder named by both names)."""
    text = _text(200)(value)
    if JOINT_MARK.search(text):
        names = JOINT_MARK.sub("", text).strip()
        if not names:
            raise CellError("Write the holders' names before “(joint)”.")
        return Read(names, f"“{names}” read as joint holders, named together on the permit.")
    if TWO_PEOPLE.search(text) and not ORGANISATION.search(text):
        raise CellError(
            f"“{text}” names two people: a permit has one holder. Write the holder's name "
            "alone, or, when the paper permit names both, write “(joint)” after the names "
            f"(“{text} (joint)”) to record them as joint holders."
        )
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
    # "hens (4)", "hens - 4": the number in brackets or after a dash is the count.
    text = re.sub(r"\(\s*(\d+)\s*\)", r" \1", text)
    text = re.sub(r"\s[-–]\s*(\d+)\b", r" \1", text)
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
        "The permit holder's full name, or the organisation's. Two people named together "
        "(“John & Mary Sullivan”) are read only when “(joint)” follows the names.",
        required=True,
        aliases=("holder_name", "name", "permit_holder", "owner", "owners", "owner_s"),
        parse=parse_holder,
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
        "The lot's map-block-lot from the Assessor's maps (spaces around its hyphens are "
        "dropped). When it is not known, the entry is imported and the clerk matches its lot "
        "to its parcel before the Board's vote.",
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
        "The holder's ZIP code. May be left blank when the parcel map gives the owner's, or "
        "when the holder is written to at the lot and the town's settings give its ZIP.",
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
        "The date the keeping was first permitted (it decides grandfathering, §20-20(8)): "
        "1994-05-02, 5/2/1994 or 02-May-94. A year alone is read as January 1 of it, except "
        "in the year of the grandfathering date, where the day decides.",
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
    # late: .sheet imports this module at its top (circle)
    from .sheet import header_key

    found = {}
    for column in COLUMNS:
        for name in (column.key, column.label, *column.aliases):
            found[header_key(name)] = column.key
    return found


REQUIRED = {column.key for column in COLUMNS if column.required}
