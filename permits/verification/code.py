"""The short code printed beside a permit's QR code, for a person to type on the verify page.

The code is the first 60 bits of the permit's unguessable verification token, written in
Crockford's base 32 (no I, L, O or U; case and dashes do not matter) as three groups of four:
short enough to type from paper, still far too many to guess. It is read back into the start
of the token, so it needs no column of its own.
"""

from __future__ import annotations

import string

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
# secrets.token_urlsafe's alphabet, in value order.
URLSAFE = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
TOKEN_CHARS = 10  # 10 x 6 bits
CODE_DIGITS = 12  # 12 x 5 bits
# What people type for the letters the alphabet leaves out.
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1", "-": None, " ": None})


def short_code(token: str) -> str:
    value = 0
    for char in token[:TOKEN_CHARS]:
        value = value * 64 + URLSAFE.index(char)
    digits = []
    for _ in range(CODE_DIGITS):
        value, digit = divmod(value, 32)
        digits.append(CROCKFORD[digit])
    code = "".join(reversed(digits))
    return "-".join(code[start : start + 4] for start in range(0, CODE_DIGITS, 4))


def token_start(typed: str) -> str | None:
    """The first characters of the token a typed code stands for; None if it is not a code."""
    cleaned = typed.strip().upper().translate(_READ_AS)
    if len(cleaned) != CODE_DIGITS or any(char not in CROCKFORD for char in cleaned):
        return None
    value = 0
    for char in cleaned:
        value = value * 32 + CROCKFORD.index(char)
    chars = []
    for _ in range(TOKEN_CHARS):
        value, digit = divmod(value, 64)
        chars.append(URLSAFE[digit])
    return "".join(reversed(chars))
