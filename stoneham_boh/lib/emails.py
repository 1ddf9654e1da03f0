"""One canonical form of an e-mail address, so that two addresses are the same only when they
are the same to allauth.

allauth keeps every address as Python's `str.lower()` of what was typed and compares them
exactly. The database's case-insensitive lookups are not that: PostgreSQL's `iexact` is
`UPPER(a) = UPPER(b)`, which folds the dotless ı to I and the long ſ to S, so
`michael.chen@hotmaıl.com` would "equal" `michael.chen@hotmail.com`. Compare canonical forms,
exactly, in Python.
"""

from __future__ import annotations


def canonical_email(address: str | None) -> str:
    """The address as allauth stores it: surrounding blanks dropped, `str.lower()`."""
    return (address or "").strip().lower()


def same_email(a: str | None, b: str | None) -> bool:
    """Whether two typed addresses name the same mailbox, for the purpose of linking records."""
    left = canonical_email(a)
    return bool(left) and left == canonical_email(b)
