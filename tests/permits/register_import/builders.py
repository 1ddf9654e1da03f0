"""A town's register as a spreadsheet, made for the tests: 150 permits as a Board's office would
have typed them over the years (hens mostly, some goats, horses on the big lots, the odd ferret),
with a scan for each in a zip, and a known set of mistakes at known rows.

`sample_register()` returns the rows, the scans and `MISTAKES`: row number -> the column whose
error the import must name. Rows are generated from a fixed seed, so a failure repeats.
"""

from __future__ import annotations

import csv
import io
import random
import zipfile
from dataclasses import dataclass, field
from datetime import date, timedelta

from tests.factories import REGISTER_SCAN

HEADER = [
    "Holder",
    "Address",
    "Parcel ID",
    "Lot acres",
    "ZIP",
    "Animals",
    "First permitted",
    "Permit number",
    "Permit year",
    "Document",
    "Notes",
]

FIRST_NAMES = ["Margaret", "Joseph", "Ana", "Thomas", "Renée", "Luis", "Patricia", "Wei", "Siobhán"]
LAST_NAMES = ["Doyle", "Ferreira", "O'Connell", "Nguyen", "Sullivan", "Costa", "Lévesque", "Murphy"]
STREETS = ["Pond Street", "Franklin Street", "Elm Street", "Marble Street", "Spring Street"]
KEEPINGS = [
    ("6 hens", "0.25"),
    ("4 hens; 2 ducks", "0.3"),
    ("2 goats", "0.5"),
    ("1 horse", "1.8"),
    ("10 hens; 1 goat", "0.6"),
    ("3 rabbits; 2 other: guinea pig", "0.2"),
    ("12 pigeons", "0.25"),
    ("2 sheep", "0.75"),
]


@dataclass
class SampleRegister:
    rows: list[list[str]]
    scans: dict[str, bytes]
    mistakes: dict[int, str] = field(default_factory=dict)  # row number -> column label

    def csv_bytes(self) -> bytes:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(HEADER)
        writer.writerows(self.rows)
        return out.getvalue().encode("utf-8-sig")

    def xlsx_bytes(self) -> bytes:
        from openpyxl import Workbook

        book = Workbook()
        sheet = book.active
        sheet.append(HEADER)
        for row in self.rows:
            sheet.append(row)
        out = io.BytesIO()
        book.save(out)
        return out.getvalue()

    def zip_bytes(self) -> bytes:
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as archive:
            for name, content in self.scans.items():
                archive.writestr(f"scans/{name}", content)
        return out.getvalue()

    def without_mistakes(self) -> SampleRegister:
        keep = [row for n, row in enumerate(self.rows, start=2) if n not in self.mistakes]
        return SampleRegister(keep, self.scans)


def _row(rng: random.Random, n: int, year: int) -> list[str]:
    animals, acres = KEEPINGS[n % len(KEEPINGS)]
    first = date(1988, 1, 4) + timedelta(days=rng.randrange(0, 30 * 365))
    first = min(first, date(year, 1, 1))
    return [
        f"{FIRST_NAMES[n % len(FIRST_NAMES)]} {LAST_NAMES[(n // 3) % len(LAST_NAMES)]}",
        f"{10 + n} {STREETS[n % len(STREETS)]}",
        f"{1 + n % 40}-{100 + n}-{n % 9 + 1}",
        acres,
        "02180",
        animals,
        first.isoformat() if n % 2 else f"{first.month}/{first.day}/{first.year}",
        f"{first:%y}-{n:03d}",
        str(year),
        f"permit-{n:03d}.pdf",
        f"Register book 1, page {n // 20 + 1}",
    ]


# The mistakes, by row number (row 1 is the header, so the n-th permit is row n + 2): what is
# written, and the column whose error must be named.
MISTAKE_AT = {
    7: ("Holder", ""),
    15: ("Animals", "6 chikens"),
    23: ("First permitted", "31/12/1999"),
    31: ("Parcel ID", "twelve-3"),
    44: ("Permit year", "26"),
    58: ("Document", "missing-scan.pdf"),
    67: ("ZIP", "2180-1"),
    79: ("Permit number", None),  # the number of row 78's permit again
    91: ("First permitted", "2999-01-01"),  # in the future: the action's own refusal
    103: ("Animals", "hens"),
    118: ("Parcel ID", None),  # the parcel of row 117 again
    126: ("Lot acres", "half"),
    140: ("Address", None),  # no address and an unknown parcel id
}


def sample_register(count: int = 150, year: int = 2026, seed: int = 25) -> SampleRegister:
    rng = random.Random(seed)
    rows = [_row(rng, n, year) for n in range(count)]
    sample = SampleRegister(rows, {row[9]: REGISTER_SCAN for row in rows})
    for number, (label, value) in MISTAKE_AT.items():
        if number - 2 >= count:
            continue
        row = rows[number - 2]
        column = HEADER.index(label)
        if label == "Permit number" or label == "Parcel ID" and value is None:
            value = rows[number - 3][column]
        elif label == "Address":
            row[HEADER.index("Parcel ID")] = "99-9999-9"
            value = ""
        row[column] = value
        sample.mistakes[number] = label
    return sample
