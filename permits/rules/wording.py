"""Plain-English pieces shared by the messages of every check."""

from __future__ import annotations

from .vocabulary import KIND_LABELS


def num(value: int | float) -> str:
    """``1600`` -> ``1,600``; ``6.5`` -> ``6.5``; ``40.0`` -> ``40``."""
    if value.__class__ is int:
        return str(value) if -1000 < value < 1000 else f"{value:,}"
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def quantity(value: int | float, unit: str) -> str:
    """A number with its unit, e.g. ``1,600 sq ft``; a bare number when ``unit`` is empty."""
    return f"{num(value)} {unit}" if unit else num(value)


def structure_name(kind: str, ident: str) -> str:
    """``Stable S1``: how messages name a structure."""
    return f"{KIND_LABELS.get(kind, kind)} {ident}"


def plural(count: int, word: str, words: str | None = None) -> str:
    return f"{num(count)} {word if count == 1 else (words or word + 's')}"


def listing(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
