"""Notice covers the decision (§20-20(9)): every abutter on the certified list had a letter by
registered mail, and the legal notice was published, each the ruleset's notice period before
the hearing; the legal notice names the applicant, the address, the animals and the
structures; and what the Board approved is no larger than what the letters described when
they were mailed (the application's own history at that moment, measured distances included).
"""

from __future__ import annotations

import re
from datetime import date, datetime

from django.utils import timezone

from facilities.choices import Species, StructureKind
from facilities.models import AnimalKept
from hearings.models import DocketItem, LegalNotice
from hearings.ruleset_in_force import ruleset_on
from permits.models import Applicant
from stoneham_boh.lib.dates import long_date
from stoneham_boh.town.calendar import days_before

from .anomaly import BREACH, Anomaly, decision_ref
from .hearing import PUBLIC_HEARINGS, REGISTERED, notices_for
from .keeping import enlargements, keeping_of

CITATION = "§20-20(9)"
LEGAL_NOTICE_CITATION = "M.G.L. c.4 §13"


def _approved_hearings(register):
    for decision in register.decisions:
        item = decision.docket_item
        if item.kind in PUBLIC_HEARINGS and decision.result == "approved":
            application = register.applications.get(item.application_id)
            if application is not None:
                # The item as loaded with the application's hearings and their notices.
                loaded = {i.pk: i for i in application.docket_items.all()}
                yield decision, loaded.get(item.pk, item), application


def decided_keeping(register, application, decision):
    """What the Board decided: the application's animals and structures as they stood when
    the decision was recorded (a plan of record filed later changes nothing decided)."""
    moment = register.decision_recorded_at.get(decision.pk)
    animals = (
        register.rows_as_of(AnimalKept, application.pk, moment)
        if moment is not None
        else list(application.animals.all())
    )
    return animals, register.structures_at(application, moment)


def _first_days(model, pks) -> dict:
    """pk -> the Town's day its first history row was written: when it came on record."""
    days: dict = {}
    rows = model.history.filter(id__in=list(pks)).order_by("history_date")
    for pk, when in rows.values_list("id", "history_date"):
        days.setdefault(pk, timezone.localdate(when))
    return days


def check_notices(register) -> list[Anomaly]:
    found = []
    hearings = list(_approved_hearings(register))
    # A letter or a legal notice dated before its hearing was docketed, or before the
    # notice was drafted, is a date the record cannot show (issue 33, 7).
    docketed = _first_days(
        DocketItem, {i.pk for _, _, application in hearings for i in application.docket_items.all()}
    )
    drafted = _first_days(
        LegalNotice, {legal.pk for _, i, _ in hearings if (legal := _legal(i)) is not None}
    )
    names = _names_borne({application.applicant_id for _, _, application in hearings})
    for decision, item, application in hearings:
        ref = decision_ref(decision, item)

        def add(sentence, ref=ref, found=found):
            found.append(Anomaly("notice", CITATION, ref, sentence, BREACH))

        held = item.meeting.date
        days = int(ruleset_on(held).rules["20-20.9"].value("notice_days"))
        notices = notices_for(item, application, register)
        if not notices.required:
            add("No abutter is on the application's certified list: no letter was due to anyone.")
        for abutter in notices.unlettered:
            add(f"{abutter.owner_names}, on the certified list, was sent no letter.")
        on_docket = docketed.get(notices.item.pk)
        for letter in notices.letters.values():
            if on_docket is not None and letter.mailed_on < on_docket:
                add(
                    f"The letter to abutter #{letter.abutter_id} is dated "
                    f"{long_date(letter.mailed_on)}, before its hearing was put on the docket "
                    f"({long_date(on_docket)})."
                )
            if letter.mailed_on > days_before(held, days):
                add(
                    f"The letter to abutter #{letter.abutter_id} was mailed on "
                    f"{long_date(letter.mailed_on)}, less than {days} days before the hearing."
                )
            if not REGISTERED.match(letter.article_number.replace(" ", "").upper()):
                add(
                    f"The letter to abutter #{letter.abutter_id} carries article number "
                    f"“{letter.article_number}”, which is not a registered-mail number."
                )
        legal = getattr(notices.item.meeting, "legal_notice", None)
        if legal is None or legal.published_on is None:
            add("No legal notice of the hearing was published.")
        else:
            first = drafted.get(legal.pk)
            if first is not None and min(legal.sent_on or first, legal.published_on) < first:
                add(
                    f"The legal notice is dated as sent or printed before it was drafted "
                    f"({long_date(first)})."
                )
            if (held - legal.published_on).days < days:
                add(
                    f"The legal notice was published on {long_date(legal.published_on)}, less "
                    f"than {days} days before the hearing."
                )
            for where in online_postings_missing(legal):
                add(
                    f"The legal notice's posting on {where} is not recorded "
                    f"({LEGAL_NOTICE_CITATION}: in print, on the newspaper's website and on the "
                    "statewide site)."
                )
            animals, structures = decided_keeping(register, application, decision)
            for missing in legal_notice_gaps(
                legal.text,
                application,
                animals,
                structures,
                _granted(application, decision),
                names=_named_by(names.get(application.applicant_id, []), legal.published_on),
            ):
                add(f"The legal notice does not name {missing}.")
        found += _larger_than_noticed(register, decision, item, notices, application, add)
    return found


def _legal(item):
    return getattr(item.meeting, "legal_notice", None)


def online_postings_missing(legal) -> list[str]:
    """The online appearances of the legal notice (c.4 §13) with no day on record."""
    missing = []
    if legal.website_posted_on is None:
        missing.append("the newspaper's website")
    if legal.statewide_posted_on is None:
        missing.append("the statewide public-notice site")
    return missing


def _larger_than_noticed(register, decision, item, notices, application, add) -> list:
    mailed = sorted({n.pk for n in notices.letters.values()})
    if not mailed:
        return []
    printings = _printings(notices.item)
    moments = sorted(
        {
            _as_printed(register.letter_recorded_at[pk], printings)
            for pk in mailed
            if pk in register.letter_recorded_at
        }
    )
    moments = moments[:1] + moments[-1:] if len(moments) > 1 else moments
    said = []
    animals, structures = decided_keeping(register, application, decision)
    after = keeping_of(animals, structures)
    for moment in moments:
        noticed_animals, noticed_structures = register.keeping_as_of(application.pk, moment)
        before = keeping_of(noticed_animals, noticed_structures)
        for more in enlargements(before, after):
            if more not in said:
                said.append(more)
                add(f"The Board approved more than the abutters' letters described: {more}.")
    return []


def _printings(item) -> list:
    """The moments the item's letters were printed, oldest first (kept on the item)."""
    moments = []
    for entry in item.noticed_facts or []:
        if entry.get("printed_at"):
            moments.append(datetime.fromisoformat(entry["printed_at"]))
    return sorted(moments)


def _as_printed(recorded: datetime, printings: list) -> datetime:
    """What a letter recorded as mailed at `recorded` described: the application as it stood
    when the letters were last printed before then (issue 33, 6), else when it was recorded."""
    before = [moment for moment in printings if moment <= recorded]
    return before[-1] if before else recorded


def _words(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def _animal_names(animal) -> list[str]:
    if animal.name:
        base = animal.name.lower()
    elif animal.species in Species.values:
        base = Species(animal.species).label.lower()
    else:
        base = animal.species.replace("_", " ")
    noun = _words(base.split(" (")[0])
    return [noun, noun + "s", noun + "es", noun.rstrip("y") + "ies", noun.replace(" ", "")]


def _granted(application, decision) -> list[str]:
    """The citations of the rules the decision varied (§20-21), as the ruleset of its day
    cites them."""
    rules = ruleset_on(decision.decided_on).rules
    varied = [
        rule
        for variance in application.variances.all()
        if variance.decision_id == decision.pk and variance.granted
        for rule in variance.rules or ()
    ]
    return [rules[rule].citation if rule in rules else rule for rule in dict.fromkeys(varied)]


def _names_borne(applicant_ids: set) -> dict[int, list[tuple]]:
    """Each applicant's names on record, with the moment each was recorded (their history),
    in one query for the whole register."""
    borne: dict[int, list[tuple]] = {}
    rows = Applicant.history.filter(id__in=applicant_ids).values_list("id", "name", "history_date")
    for applicant_id, name, moment in rows:
        borne.setdefault(applicant_id, []).append((name, moment))
    return borne


def _named_by(borne: list[tuple], published_on: date) -> list[str]:
    """The names the applicant bore by the end of the day the notice was printed: a notice
    names the applicant as they were then, and a name changed afterwards (a marriage, the
    holder's own correction) does not make it wrong."""
    return [name for name, moment in borne if timezone.localtime(moment).date() <= published_on]


def legal_notice_gaps(
    text: str, application, animals, structures, variances: list[str] = (), names=()
) -> list[str]:
    """What the legal notice's paragraph for this application fails to name: the applicant
    (by a name on record when it was printed, `names`, or today's), the address, the animals,
    the structures and the relief granted (each variance's section: a variance is granted
    only on a notice that asked for it, §20-20(9))."""
    words = _words(text)
    gaps = []
    address = _words(application.lot.street_address)
    if not any(_words(name) in words for name in {application.applicant.name, *names}):
        gaps.append(f"the applicant, {application.applicant.name}")
    if address not in words:
        gaps.append(f"the address, {application.lot.street_address}")
    # The paragraph that names this application, else the whole text.
    paragraphs = [p for p in re.split(r"\n\s*\n|\n(?=\d+\.)", text) if address in _words(p)]
    scope = _words(paragraphs[0]) if paragraphs else words
    for animal in animals:
        if animal.count <= 0:
            continue
        names = "|".join(re.escape(n) for n in _animal_names(animal))
        counts = [int(c) for c in re.findall(rf"(\d+) (?:[a-z]+ )?(?:{names})\b", scope)]
        if not counts or max(counts) < animal.count:
            gaps.append(f"{animal.count} {_animal_names(animal)[0]}")
    for structure in structures:
        kind = StructureKind(structure.kind).label if structure.kind in StructureKind.values else ""
        options = [_words(k) for k in re.split(r"[/(]", kind.lower()) if k.strip()]
        options.append(_words(structure.kind.replace("_", " ")))
        if not any(re.search(rf"\b{re.escape(o)}", scope) for o in options if o):
            gaps.append(f"the {kind.lower() or structure.kind} {structure.label}")
    section = paragraphs[0].casefold() if paragraphs else text.casefold()
    for citation in variances:
        if citation.casefold() not in section:
            gaps.append(f"the variance granted, of {citation}")
    return gaps
