"""The error every action raises when it refuses: a message a person can act on."""

from __future__ import annotations


class ActionRefused(Exception):  # noqa: N818 - the Board's word: the action is refused
    """An action would break the regulation or the workflow; nothing was changed.

    `reasons` lists every cause, so a screen can show them all at once.
    """

    def __init__(self, message: str, reasons: list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.reasons = reasons or []

    def __str__(self) -> str:
        if not self.reasons:
            return self.message
        return f"{self.message} " + " ".join(self.reasons)
