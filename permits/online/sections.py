"""The parts of an online application, as the resident fills them in and the clerk asks about.

A request for more information names parts from this list; the resident may then change those
parts only. The keys are stored in InformationRequest.sections, so they never change.
"""

from __future__ import annotations

SECTIONS = (
    ("applicant", "You: name, mailing address, phone"),
    ("lot", "The lot: address and ground"),
    ("animals", "The animals"),
    ("structures", "The structures and their distances"),
    ("keeping", "Manure, fencing and vermin control"),
    ("construction", "Construction"),
    ("documents", "Documents: the plan and the §20-20(1) papers"),
)
SECTION_KEYS = tuple(key for key, _ in SECTIONS)
SECTION_LABELS = dict(SECTIONS)


def labels(keys) -> list[str]:
    return [SECTION_LABELS[key] for key in SECTION_KEYS if key in keys]
