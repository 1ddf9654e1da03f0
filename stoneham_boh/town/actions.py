"""Changes of the town's own wording: the standing paragraphs of its letters (standing.py).

Like every actions module: atomic, keyword-only, names who acted (`by`), re-checks what it
depends on and raises `ActionRefused` with every reason when it cannot proceed. The form
checks the same things at its field; the action holds them whatever calls it.
"""

from __future__ import annotations

from django.db import transaction

from stoneham_boh.accounts.roles import Role, roles_of
from stoneham_boh.lib.errors import ActionRefused
from stoneham_boh.lib.history import save_as
from stoneham_boh.town.current import current_town
from stoneham_boh.town.models import StandingText
from stoneham_boh.town.standing import PARAGRAPHS, wording_problems


@transaction.atomic
def save_wording(*, key: str, text: str, by) -> StandingText:
    """The administrator's wording of paragraph `key`, printed from the next document on; its
    earlier wordings stay in the record's history. Refused for a paragraph that is not the
    administrator's to word (a sentence stating the regulation is the ruleset's), and for a
    wording with a stray placeholder, without a fact of the law it must print, or citing the
    regulation."""
    if Role.ADMIN.value not in roles_of(by):
        raise ActionRefused("Only an administrator words the letters.")
    spec = PARAGRAPHS.get(key)
    if spec is None:
        raise ActionRefused(
            f"“{key}” is not a paragraph the administrator words: a sentence that states what "
            "the regulation means is printed from the regulation itself."
        )
    town = current_town()
    if town.pk is None:
        raise ActionRefused("Save the town's settings first: the wording belongs to a town.")
    text = text.strip()
    problems = wording_problems(spec, text)
    if problems:
        raise ActionRefused("The wording was not saved.", problems)
    record = StandingText.objects.select_for_update().filter(town=town, key=key).first()
    record = record or StandingText(town=town, key=key)
    record.text = text
    return save_as(record, by)
