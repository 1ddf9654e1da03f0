"""A record's id as typed into an address or sent back by a form, read without surprises.

`str.isdigit()` accepts "²" and "٣", which `int()` or the database then refuse, and a string
of 4,301 nines passes it but not `int()`; a number past 64 bits overflows the query. Each was
a server error. An id here is ASCII digits only, short enough for a 64-bit primary key.
"""

from __future__ import annotations

MAX_DIGITS = 18  # 999,999,999,999,999,999 fits a signed 64-bit key on every database


def record_id(text) -> int | None:
    """The id `text` names, or None when it names none (blank, not ASCII digits, too long)."""
    text = str(text if text is not None else "").strip()
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text)
    return None
