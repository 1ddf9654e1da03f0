"""The machine's rule for the documents' wording (issue 33, finding 16): the administrator
rewords any paragraph, or tries to word a sentence the ruleset states, in words of their own
that may cite the regulation. A wording that states the regulation is refused by the action,
whoever calls it; one saved prints on the next document; the audit (permits/audit/wordings.py)
must then find nothing."""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import rule

from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.town import actions as town_actions
from stoneham_boh.town.standing import PARAGRAPHS, regulation_cited, wording
from tests.permits.audit.driven import drives

# The paragraphs, and the sentences the ruleset took over from them (never the administrator's).
KEYS = (
    *sorted(PARAGRAPHS),
    "permit.excess",
    "revocation_notice.intro",
    "revocation_notice.removal",
)
WORDINGS = (
    "Call {telephone} ({office_hours}) with any question.",
    # The law's route cited, which a paragraph may state: not the regulation.
    "You may appeal by {appeal_by} to the Superior Court (M.G.L. c.249 §4); the decision was "
    "made on {decided_on}.",
    # The regulation stated in the administrator's words, as finding 16 found it.
    "Up to twice this number may be kept without further permission (§20-20(3)).",
    "The Board may revoke a permit under Sec. 20 - 20 (5) only after a second violation.",
    "Call {telefone}.",
)


class Wordings:
    @drives(town_actions.save_wording)
    @rule(key=st.sampled_from(KEYS), text=st.sampled_from(WORDINGS), by_admin=st.booleans())
    def the_administrator_rewords_a_paragraph(self, key, text, by_admin):
        must_refuse = not by_admin or key not in PARAGRAPHS or bool(regulation_cited(text))
        try:
            record = town_actions.save_wording(
                key=key, text=text, by=self.admin if by_admin else self.clerk
            )
        except ActionRefused:
            return
        assert not must_refuse, f"{key} saved as {text!r}"
        assert wording(key) == record.text == text
