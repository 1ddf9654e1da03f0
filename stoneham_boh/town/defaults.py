"""Field defaults read from the town's settings (a model's ``default=`` names these, so a new
meeting proposes the Board's own room and a new abutter address the town's own name)."""

from __future__ import annotations

from stoneham_boh.town.current import current_town


def meeting_place() -> str:
    return current_town().meeting_place


def newspaper_name() -> str:
    return current_town().newspaper_name


def town_name() -> str:
    return current_town().name


def assessors() -> str:
    return current_town().assessors
