"""A complainant's identity in a records package: withheld unless the clerk released it.

A complaint to the Board names who complained and how to reach them. Disclosed, the name
invites retaliation by the neighbour complained of and deters the next complaint; the public
records law lets it be withheld as an unwarranted invasion of privacy and as investigatory
material whose disclosure would prejudice enforcement (M.G.L. c.4 §7(26)(c) and (f)). So every
package withholds it by default, naming the exemption where the name would be; the clerk may
release it to a request (records.actions.release_complainant), with the reason on record.
"""

from __future__ import annotations

CITATION = "M.G.L. c.4 §7(26)(c), (f)"
WORDING = (
    "The complainant's identity is withheld by default: its disclosure would be an unwarranted "
    "invasion of personal privacy and would prejudice the Board's enforcement, which relies on "
    "residents reporting their neighbours."
)


def target(complaint) -> str:
    return f"complainant:{complaint.pk}"


def names_someone(complaint) -> bool:
    return bool(
        (complaint.complainant_name or "").strip() or (complaint.complainant_contact or "").strip()
    )
