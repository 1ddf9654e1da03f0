"""The machine's rule for the documents' wording (issue 33, finding 16): the administrator
rewords any paragraph, or tries to word a sentence the ruleset states, in words of their own
that may cite the regulation. A wording that states the regulation is refused by the action,
whoever calls it; one of the office's own is saved and prints on the next document; the audit
(permits/audit/wordings.py) must then find nothing."""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import rule

from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town import actions as town_actions
from stoneham_boh.town.standing import PARAGRAPHS, wording
from tests.permits.audit.driven import drives

# The paragraphs, and the sentences the ruleset took over from them (never the administrator's).
TAKEN_OVER = ("permit.excess", "revocation_notice.intro", "revocation_notice.removal")
KEYS = (*sorted(PARAGRAPHS), *TAKEN_OVER)
# The office's own words: the facts every paragraph offers, or, for the appeal, the law's route
# and the day counted from the decision, which that paragraph must print.
OWN = "Call {telephone} ({office_hours}) with any question."
APPEAL = (
    "You may appeal by {appeal_by} to the Superior Court (M.G.L. c.249 §4); the decision was "
    "made on {decided_on}."
)
# The regulation stated in the administrator's words, as finding 16 found it.
CITING = {
    "cites_the_section": "Up to twice this number may be kept without further permission "
    "(§20-20(3)).",
    "cites_it_spelt_out": "The Board may revoke a permit under Sec. 20 - 20 (5) only after a "
    "second violation.",
}


def own_wording(key: str) -> str:
    spec = PARAGRAPHS.get(key)
    return APPEAL if spec is not None and "appeal_by" in spec.required else OWN


class Wordings:
    @drives(town_actions.save_wording)
    @rule(
        key=st.sampled_from(KEYS),
        attempt=st.sampled_from(("own", "own", *CITING, "by_the_clerk")),
    )
    def the_administrator_rewords_a_paragraph(self, key, attempt):
        text = CITING.get(attempt) or own_wording(key)
        lawful = attempt == "own" and key in PARAGRAPHS
        try:
            record = town_actions.save_wording(
                key=key, text=text, by=self.clerk if attempt == "by_the_clerk" else self.admin
            )
        except ActionRefused as refused:
            assert not lawful, f"{key}: the office's own wording refused: {refused}"
            return
        assert lawful, f"{key} saved as {text!r} ({attempt})"
        assert wording(key) == record.text == text
