"""Inputs that once made a page answer 500, sent by both fuzzers (forms and query strings)."""

# Input that reaches int() or Decimal() on its way to a query, and once answered 500 (second
# trust round): digits that are not ASCII (str.isdigit() says yes, int() or the database says
# no), numbers past Python's 4,300-digit limit or any column's range, exponents no column holds.
NUMERIC_TRAPS = [
    "²",
    "٣",
    "१२",
    "𝟗",
    "#²",
    "9" * 4301,
    "9" * 30,
    "#" + "9" * 30,
    "-" + "9" * 30,
    "1e999999",
    "-1e999999",
    "1E+400",
    "9" * 40 + ".5",
    "0.0000000000000000000000001",
    "0x10",
    "1_000",
    "+5",
    " 7 ",
    "1,5",
]
