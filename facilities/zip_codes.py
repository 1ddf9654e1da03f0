"""A ZIP code as a spreadsheet or a tax list keeps it: read as a number, it lost its leading 0
(every New England ZIP begins with 0). One reading for every input that carries one."""

from __future__ import annotations

import re

# 4 digits (or 4+4): a 5-digit ZIP whose leading 0 a number column dropped.
WITHOUT_ITS_0 = re.compile(r"^\d{4}(-\d{4})?$")


def with_its_leading_0(text: str) -> tuple[str, bool]:
    """The ZIP code with its 0 put back where a number column dropped it, and whether it was."""
    if WITHOUT_ITS_0.match(text):
        return "0" + text, True
    return text, False
