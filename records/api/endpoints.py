"""The public records the API gives, each as an endpoint: what it lists, the fields of each
item and what they mean, and how an item is read from the records.

Only what the Board's public pages already show goes out: permits in force (the verification
page), variances in effect (the variance register), hearings (the legal notices), decisions
with their votes (read at a public meeting), approved minutes. Nothing else of a person: no
mailing address, e-mail or telephone of anyone, nothing of complaints or complainants. The
field lists here are the documentation page's too, so the two cannot disagree.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from django.db.models import Exists, F, OuterRef, QuerySet
from django.urls import reverse

from hearings.models import BoardMember, Decision, DocketItem, Meeting, Minutes, Variance, Vote
from hearings.wording import reliefs
from permits.models import Permit, PermitAnimal

# Each endpoint reads plain rows (values()), never records: a page of hearings lists a
# couple of thousand matters (a Board session accepting a hundred paper-register entries is
# one meeting), and building a model instance for each, with its application and lot, cost
# ten times what the answer itself does.


@dataclass(frozen=True)
class Endpoint:
    name: str
    title: str
    description: str
    fields: tuple[tuple[str, str], ...]
    # The rows listed, in their order: a values() query, paginated by the view.
    items: Callable[[date], QuerySet]
    # One row as the API gives it, from the row and the page's context.
    item: Callable[[dict, dict], dict]
    # What a page's rows need besides themselves, read once a page in one query each
    # (animals, matters, votes, member names...); the view adds "url", which makes a path
    # an absolute address.
    context: Callable[[list[dict]], dict] = lambda rows: {}
    # Items a page unless the client asks for another number (?per_page=).
    per_page: int = 50


def _grouped(rows, key: str = "parent") -> dict[int, list[dict]]:
    """`rows` (dicts) by their `key`, in their order."""
    groups: dict[int, list[dict]] = defaultdict(list)
    for row in rows:
        groups[row.pop(key)].append(row)
    return groups


def _permit(row: dict, context: dict) -> dict:
    return {
        "number": row["number"],
        "year": row["year"],
        "issued_to": row["holder_name"] or row["holder__name"],  # Permit.issued_to
        "address": row["lot__street_address"],
        "parcel_id": row["lot__parcel_id"],
        "animals": context["animals"].get(row["id"], []),
        "issued_on": row["issued_on"],
        "expires_on": row["expires_on"],
        "grandfathered": row["grandfathered"],
        "conditions": row["conditions"],
        "variances": row["variances_text"],
        "verify_url": context["url"](reverse("permits:permit-verify", args=[row["verify_token"]])),
    }


def _permits(today: date) -> QuerySet:
    return (
        Permit.objects.in_status(Permit.Status.ACTIVE, today)
        .order_by("year", "sequence")
        .values(
            "id",
            "number",
            "year",
            "holder_name",
            "holder__name",
            "lot__street_address",
            "lot__parcel_id",
            "issued_on",
            "expires_on",
            "grandfathered",
            "conditions",
            "variances_text",
            "verify_token",
        )
    )


def _permit_animals(rows: list[dict]) -> dict:
    animals = (
        PermitAnimal.objects.filter(permit_id__in=[row["id"] for row in rows])
        # A permit's own order (PermitAnimal's: species, then name), permit by permit.
        .order_by("permit_id", "species", "name", "pk")
        .values("count", "name", parent=F("permit_id"), kind=F("species"))
    )
    return {
        "animals": {
            permit: [{"kind": a["kind"], "name": a["name"], "count": a["count"]} for a in listed]
            for permit, listed in _grouped(animals).items()
        }
    }


def _variance(row: dict, context: dict) -> dict:
    return {
        "id": row["id"],
        "holder": row["application__applicant__name"],
        "address": row["application__lot__street_address"],
        "parcel_id": row["application__lot__parcel_id"],
        "rules": [
            {"rule": r.rule, "citation": r.citation, "title": r.title}
            for r in reliefs(row["rules"])
        ],
        "finding": row["finding"],
        "conditions": row["conditions"],
        "granted_on": row["granted_on"],
        "expires_on": row["expires_on"],
        "decision_url": context["url"](reverse("hearings:variance-decision", args=[row["id"]])),
    }


def _variances(today: date) -> QuerySet:
    return (
        Variance.objects.in_effect(today)
        .order_by("granted_on", "pk")
        .values(
            "id",
            "rules",
            "finding",
            "conditions",
            "granted_on",
            "expires_on",
            "application__applicant__name",
            "application__lot__street_address",
            "application__lot__parcel_id",
        )
    )


# A matter before the Board, as the hearings and the decisions give it: a docket item's
# kind, status and lot.
MATTER_COLUMNS = ("kind", "status", "application__lot__street_address")
KIND_LABELS = dict(DocketItem.Kind.choices)


def _matter(kind: str, status: str, address: str | None) -> dict:
    return {
        "kind": kind,
        "kind_label": KIND_LABELS.get(kind, kind),  # as get_kind_display() reads it
        "status": status,
        # An application made online has no lot until the clerk matches it.
        "address": address or "",
    }


def _hearing(row: dict, context: dict) -> dict:
    published = row["legal_notice__published_on"] is not None
    return {
        "meeting_id": row["id"],
        "date": row["date"],
        "time": row["time"],
        "place": row["place"],
        "cancelled": row["cancelled"],
        "matters": context["matters"].get(row["id"], []),
        "legal_notice": {
            "newspaper": row["legal_notice__newspaper"],
            "published_on": row["legal_notice__published_on"],
            "text": row["legal_notice__text"],
        }
        if published
        else None,
    }


def _hearings(today: date) -> QuerySet:
    return (
        # EXISTS, not a join with DISTINCT: the count and the page read each meeting once.
        Meeting.objects.filter(Exists(DocketItem.objects.filter(meeting=OuterRef("pk"))))
        .order_by("-date", "-time", "-pk")
        .values(
            "id",
            "date",
            "time",
            "place",
            "cancelled",
            "legal_notice__newspaper",
            "legal_notice__published_on",
            "legal_notice__text",
        )
    )


def _meeting_matters(rows: list[dict]) -> dict:
    matters: dict[int, list[dict]] = defaultdict(list)
    # Tuples, not dicts: a page may list a couple of thousand matters.
    for meeting, *matter in (
        DocketItem.objects.filter(meeting_id__in=[row["id"] for row in rows])
        .exclude(status=DocketItem.Status.WITHDRAWN)
        .order_by("meeting_id", "position", "pk")
        .values_list("meeting_id", *MATTER_COLUMNS)
    ):
        matters[meeting].append(_matter(*matter))
    return {"matters": matters}


RESULT_LABELS = dict(Decision.Result.choices)


def _decision(row: dict, context: dict) -> dict:
    return {
        "id": row["id"],
        "decided_on": row["decided_on"],
        "meeting_date": row["docket_item__meeting__date"],
        "matter": _matter(*(row[f"docket_item__{column}"] for column in MATTER_COLUMNS)),
        "result": row["result"],
        "result_label": RESULT_LABELS.get(row["result"], row["result"]),
        "conditions": row["conditions"],
        "reasons": row["reasons"],
        "votes": [
            {"member": context["names"].get(vote["member_id"], ""), "vote": vote["vote"]}
            for vote in context["votes"].get(row["id"], [])
        ],
    }


def _decisions(today: date) -> QuerySet:
    return (
        Decision.objects.filter(decided_on__lte=today)
        .order_by("-decided_on", "-pk")
        .values(
            "id",
            "decided_on",
            "result",
            "conditions",
            "reasons",
            "docket_item__meeting__date",
            *(f"docket_item__{column}" for column in MATTER_COLUMNS),
        )
    )


def _votes_and_names(rows: list[dict]) -> dict:
    votes = _grouped(
        Vote.objects.filter(decision_id__in=[row["id"] for row in rows])
        .order_by("decision_id", "pk")
        .values("member_id", "vote", parent=F("decision_id"))
    )
    users = {vote["member_id"] for listed in votes.values() for vote in listed}
    names = {}
    for user, name in (
        BoardMember.objects.filter(user_id__in=users)
        .order_by("term_start")
        .values_list("user_id", "name")
    ):
        names[user] = name  # the latest term's name, as printed
    return {"votes": votes, "names": names}


def _minutes(row: dict, context: dict) -> dict:
    return {
        "meeting_id": row["meeting_id"],
        "meeting_date": row["meeting__date"],
        "approved_on": row["approved_on"],
        "text": row["approved_text"],
        "url": context["url"](reverse("hearings:public-minutes-detail", args=[row["meeting_id"]])),
    }


def _approved_minutes(today: date) -> QuerySet:
    return (
        Minutes.objects.published()
        .filter(approved_on__lte=today)
        .order_by("-meeting__date", "-pk")
        .values("meeting_id", "meeting__date", "approved_on", "approved_text")
    )


ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "permits",
        "Permits in force",
        "Every permit to keep animals in force today, oldest first.",
        (
            ("number", "The permit's number."),
            ("year", "The year it runs for (expires_on is its last day)."),
            ("issued_to", "The holder, as printed on the permit."),
            ("address", "The street address of the lot where the animals are kept."),
            ("parcel_id", "The lot's map-block-lot."),
            ("animals", "What the permit allows: each kind (the rules' word), name and count."),
            ("issued_on", "The date of issue."),
            ("expires_on", "The date it expires."),
            ("grandfathered", "Whether the keeping is grandfathered (§20-20(8))."),
            ("conditions", "The conditions printed on the permit."),
            ("variances", "The variances it rests on, as printed."),
            ("verify_url", "The public page that confirms the permit."),
        ),
        _permits,
        _permit,
        _permit_animals,
    ),
    Endpoint(
        "variances",
        "Variances in effect",
        "Every variance granted by the Board and in effect today (§20-21).",
        (
            ("id", "The variance's number in the register."),
            ("holder", "The applicant it was granted to."),
            ("address", "The lot's street address."),
            ("parcel_id", "The lot's map-block-lot."),
            ("rules", "The rules it varies: rule id, citation and title."),
            ("finding", "The Board's finding."),
            ("conditions", "Its conditions."),
            ("granted_on", "The date granted."),
            ("expires_on", "The date it ends; empty while it runs with the permit."),
            ("decision_url", "The written decision."),
        ),
        _variances,
        _variance,
    ),
    Endpoint(
        "hearings",
        "Hearings",
        "Every meeting with matters before the Board, newest first, with the legal notice "
        "once published.",
        (
            ("meeting_id", "The meeting's number."),
            ("date", "The date of the meeting."),
            ("time", "Its time."),
            ("place", "Where it is held."),
            ("cancelled", "Whether it was cancelled."),
            ("matters", "The matters heard: kind, status and the lot's street address."),
            ("legal_notice", "The notice as published: newspaper, date and text (or null)."),
        ),
        _hearings,
        _hearing,
        _meeting_matters,
        # A meeting carries its matters: a session accepting a hundred paper-register
        # entries lists a hundred, and fifty such meetings made a page of 300 KB.
        per_page=10,
    ),
    Endpoint(
        "decisions",
        "Decisions",
        "Every decision of the Board, newest first, with each member's vote.",
        (
            ("id", "The decision's number."),
            ("decided_on", "The date of the vote."),
            ("meeting_date", "The meeting it was taken at."),
            ("matter", "The matter decided: kind, status and the lot's street address."),
            ("result", "The result (approved, denied, revoked...)."),
            ("conditions", "Its conditions."),
            ("reasons", "The Board's reasons."),
            ("votes", "Each member's vote, by the name printed on the decision."),
        ),
        _decisions,
        _decision,
        _votes_and_names,
    ),
    Endpoint(
        "minutes",
        "Approved minutes",
        "The minutes of each meeting once the Board approved them, newest first.",
        (
            ("meeting_id", "The meeting's number."),
            ("meeting_date", "The date of the meeting."),
            ("approved_on", "The date the Board approved the minutes."),
            ("text", "The minutes as approved."),
            ("url", "The minutes' public page."),
        ),
        _approved_minutes,
        _minutes,
    ),
)

BY_NAME = {endpoint.name: endpoint for endpoint in ENDPOINTS}
