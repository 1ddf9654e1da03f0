"""Write tests/data/registers/: the town's register as offices really type and save it.

Run once (`python tests/data/make_registers.py`); the files it writes are committed, so the
suite reads the files, not this script. A register `NAME.csv` or `NAME.xlsx` is loaded with the
scans of `NAME.zip` beside it, when there is one. A name holding "refused" must be refused,
each problem named at its row and column (or at the upload's field); any other must be read.
"""

from __future__ import annotations

import codecs
import io
import zipfile
from pathlib import Path

HERE = Path(__file__).parent / "registers"
SCAN = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
HEADER = [
    "Holder",
    "Address",
    "Parcel ID",
    "ZIP",
    "Animals",
    "First permitted",
    "Permit number",
    "Permit year",
    "Document",
    "Notes",
]


def scans(path: Path, names, content: bytes = SCAN) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in names:
            archive.writestr(f"scans/{name}", content)


def csv_text(rows, header=HEADER, end="\r\n") -> str:
    def cell(value):
        text = str(value)
        return f'"{text}"' if any(c in text for c in ',"\n') else text

    return "".join(",".join(cell(v) for v in row) + end for row in [header, *rows])


def office_workbook() -> None:
    """A title merged over the columns, a holder merged over her two rows, typed dates and
    counts, a TOTAL line, and a second sheet of notes."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.title = "Permits"
    sheet.append(["Stoneham Board of Health: animal permits, 2026"])
    sheet.merge_cells("A1:J1")
    sheet.append(HEADER)
    rows = [
        [
            "Margaret Doyle",
            "14 Pond Street",
            "67 - 46 - 1",
            "02180",
            "hens (4)",
            "02-May-94",
            "94-17",
            "2026",
            "94-17.pdf",
            "Book 1, p. 3",
        ],
        [
            None,
            "16 Pond Street",
            "67-46-2",
            "02180",
            "2 goats",
            "1998",
            "98-4",
            "2026",
            "98-4.pdf",
            "Book 1, p. 9",
        ],
        [
            "Luis Ferreira",
            "3 Marble Street",
            "12-345-6",
            "",
            "6 hens; 1 rooster",
            "5/2/1994",
            "94-22",
            "2026",
            "94-22.pdf",
            "",
        ],
    ]
    for row in rows:
        sheet.append(row)
    sheet.merge_cells("A3:A4")  # Margaret Doyle holds both permits of the Pond Street lots
    sheet.append(["TOTAL", None, None, None, "13 animals", None, "3 permits", None, None, None])
    notes = book.create_sheet("Notes")
    notes.append(["Kept by the clerk; scans in the vault."])
    out = io.BytesIO()
    book.save(out)
    (HERE / "office_workbook.xlsx").write_bytes(out.getvalue())
    scans(HERE / "office_workbook.zip", ["94-17.pdf", "98-4.pdf", "94-22.pdf"])


def windows_csv() -> None:
    """Excel on Windows: Windows-1252 (é, curly apostrophe), CRLF, and a byte-order mark an
    editor put before it."""
    rows = [
        [
            "Renée Lévesque",
            "22 Elm Street",
            "20-120-3",
            "02180",
            "6 hens",
            "1999-04-01",
            "99-3",
            "2026",
            "99-3.pdf",
            "Register book 1",
        ],
        [
            "Siobhán O’Connell",
            "9 Spring Street",
            "21-121-4",
            "02180",
            "3 rabbits",
            "March 3, 2001",
            "01-7",
            "2026",
            "01-7.pdf",
            "",
        ],
    ]
    content = codecs.BOM_UTF8 + csv_text(rows).encode("cp1252")
    (HERE / "windows_1252_bom.csv").write_bytes(content)
    scans(HERE / "windows_1252_bom.zip", ["99-3.pdf", "01-7.pdf"])


def typed_forms() -> None:
    """What the office types: a date with its month in words and a two-digit year, a year
    alone, a count in brackets, spaces in the parcel id, no ZIP for a lot in town, and two
    holders named on purpose as joint."""
    rows = [
        [
            "Joseph Costa",
            "40 Franklin Street",
            "30-200-1",
            "",
            "hens (4)",
            "02-May-94",
            "94-30",
            "2026",
            "94-30.pdf",
            "",
        ],
        [
            "Ana Nguyen",
            "42 Franklin Street",
            "30 - 200 - 2",
            "",
            "2 goats",
            "1998",
            "98-31",
            "2026",
            "98-31.pdf",
            "",
        ],
        [
            "John & Mary Sullivan (joint)",
            "44 Franklin Street",
            "30-200-3",
            "02180",
            "ducks - 3",
            "1996-06-01",
            "96-32",
            "2026",
            "96-32.pdf",
            "",
        ],
    ]
    (HERE / "typed_forms.csv").write_text(csv_text(rows), encoding="utf-8")
    scans(HERE / "typed_forms.zip", ["94-30.pdf", "98-31.pdf", "96-32.pdf"])


def no_parcel_id() -> None:
    """A lot known by its address alone: read, and said to need its parcel before the vote."""
    rows = [
        [
            "Thomas Murphy",
            "7 Hillside Avenue",
            "",
            "02180",
            "5 hens",
            "1995-07-01",
            "95-40",
            "2026",
            "95-40.pdf",
            "",
        ],
    ]
    (HERE / "no_parcel_id.csv").write_text(csv_text(rows), encoding="utf-8")
    scans(HERE / "no_parcel_id.zip", ["95-40.pdf"])


def one_scan_many_rows() -> None:
    """Forty permits on one page of the register book, scanned once."""
    rows = [
        [
            f"Holder {n}",
            f"{n} Pond Street",
            f"50-{300 + n}-1",
            "02180",
            "4 hens",
            "1997-01-02",
            f"97-{n}",
            "2026",
            "book-page-12.pdf",
            "Book 1, p. 12",
        ]
        for n in range(1, 41)
    ]
    (HERE / "one_scan_forty_rows.csv").write_text(csv_text(rows), encoding="utf-8")
    scans(HERE / "one_scan_forty_rows.zip", ["book-page-12.pdf"])


def refused() -> None:
    two = [
        [
            "Doyle, Margaret / Doyle, Peter",
            "14 Pond Street",
            "67-46-1",
            "02180",
            "4 hens",
            "1994-05-02",
            "94-17",
            "2026",
            "94-17.pdf",
            "",
        ],
        [
            "John & Mary Sullivan",
            "44 Franklin Street",
            "30-200-3",
            "02180",
            "3 ducks",
            "1996-06-01",
            "96-32",
            "2026",
            "96-32.pdf",
            "",
        ],
    ]
    (HERE / "two_owners_in_a_cell-refused.csv").write_text(csv_text(two), encoding="utf-8")
    scans(HERE / "two_owners_in_a_cell-refused.zip", ["94-17.pdf", "96-32.pdf"])

    cutoff = [
        [
            "Wei Costa",
            "5 Elm Street",
            "22-122-5",
            "02180",
            "4 hens",
            "2002",
            "02-9",
            "2026",
            "02-9.pdf",
            "",
        ],
    ]
    (HERE / "year_alone_of_the_grandfathering_date-refused.csv").write_text(
        csv_text(cutoff), encoding="utf-8"
    )
    scans(HERE / "year_alone_of_the_grandfathering_date-refused.zip", ["02-9.pdf"])

    # 5,001 lines: more than a load reads.
    lines = ["Holder,Animals"] + [f"H{n},1 hen" for n in range(5_001)]
    (HERE / "too_many_rows-refused.csv").write_text("\r\n".join(lines), encoding="utf-8")

    # A workbook whose sheet inflates past its bound, and one whose shared strings do.
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(HEADER)
    book.active.append(
        ["A", "1 Pond Street", "1-1-1", "02180", "4 hens", "1994-05-02", "1", "2026", "1.pdf", ""]
    )
    out = io.BytesIO()
    book.save(out)
    for member, name in (
        ("xl/worksheets/sheet1.xml", "sheet_inflates-refused.xlsx"),
        ("xl/sharedStrings.xml", "shared_strings_inflate-refused.xlsx"),
    ):
        source = zipfile.ZipFile(io.BytesIO(out.getvalue()))
        target = io.BytesIO()
        with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
            for info in source.infolist():
                data = source.read(info)
                if info.filename == member:
                    data = data.replace(b"</", b" " * (9 * 1024 * 1024) + b"</", 1)
                archive.writestr(info.filename, data)
            if member not in source.namelist():  # openpyxl writes its strings inline
                archive.writestr(
                    member,
                    b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                    + b"<si><t>"
                    + b"A" * (9 * 1024 * 1024)
                    + b"</t></si></sst>",
                )
        (HERE / name).write_bytes(target.getvalue())

    # Scans of which one inflates eleven megabytes from a few kilobytes.
    rows = [
        [
            "A Holder",
            "1 Pond Street",
            "1-1-1",
            "02180",
            "4 hens",
            "1994-05-02",
            "94-1",
            "2026",
            "94-1.pdf",
            "",
        ]
    ]
    (HERE / "scan_inflates-refused.csv").write_text(csv_text(rows), encoding="utf-8")
    scans(HERE / "scan_inflates-refused.zip", ["94-1.pdf"], SCAN + b"\x00" * (11 * 1024 * 1024))


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    office_workbook()
    windows_csv()
    typed_forms()
    no_parcel_id()
    one_scan_many_rows()
    refused()
