"""Which kind of record each model holds, and the file it is written to.

Every model of the Board's apps is exported, so a model added later is taken out too: one
this table does not name goes with its app's other records, under "other". History tables
(django-simple-history's) are the kind "history", whatever they record.
"""

from __future__ import annotations

from django.apps import apps

# The town's settings are records too: an amendment of the regulation names its town, and a
# restore into an empty database has no town but the export's.
APPS = ("stoneham_boh", "town", "facilities", "permits", "hearings", "inspections", "records")

# kind -> (what it is, its models in the order they are listed; the first is the kind's own)
KINDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "applicants": (
        "Applicants and permit holders, and their online accounts' links and requests.",
        (
            "permits.applicant",
            "permits.invitation",
            "permits.accountlink",
            "permits.detailschange",
            "permits.notification",
        ),
    ),
    "lots": (
        "Lots (parcels) as the Assessor records them, the parcel map, and site plans.",
        (
            "facilities.lot",
            "facilities.parcel",
            "facilities.footprint",
            "facilities.parcelimport",
            "facilities.siteplan",
        ),
    ),
    "applications": (
        "Applications for a permit or a renewal, with their structures, animals, documents, "
        "fees, payments and abutter lists.",
        (
            "permits.application",
            "facilities.structure",
            "facilities.animalkept",
            "permits.document",
            "permits.feeschedule",
            "permits.payment",
            "permits.informationrequest",
            "hearings.setbackenlargement",
            "permits.renewalrequest",
            "facilities.abutterlist",
            "facilities.abutter",
            "facilities.abutterdraft",
            "facilities.draftabutter",
        ),
    ),
    "permits": (
        "Permits issued, renewed, entered from the paper register, revoked or voided.",
        (
            "permits.permit",
            "permits.permitanimal",
            "permits.permitnumbercounter",
            "permits.renewalbatch",
            "permits.renewalbatchentry",
        ),
    ),
    "hearings": (
        "Matters on the Board's docket: hearings, approvals, revocation proceedings.",
        (
            "hearings.docketitem",
            "hearings.boardapproval",
            "hearings.revocationproceeding",
        ),
    ),
    "notices": (
        "Notices: abutters' letters, legal notices in the newspaper, meeting postings, charges.",
        (
            "hearings.abutternotice",
            "hearings.legalnotice",
            "hearings.meetingposting",
            "hearings.noticecharge",
            "hearings.legalnoticeproof",
        ),
    ),
    "decisions": (
        "The Board's decisions, each member's vote on every motion, disputes settled, and "
        "executive sessions.",
        (
            "hearings.decision",
            "hearings.vote",
            "hearings.votesettlement",
            "hearings.executivesession",
        ),
    ),
    "variances": ("Variances the Board granted, and their terms.", ("hearings.variance",)),
    "inspections": (
        "Inspections, their checklist findings and photos, and the agents' field reports the "
        "office could not record on them.",
        (
            "inspections.inspection",
            "inspections.checklistfinding",
            "inspections.photo",
            "inspections.fieldreport",
            "inspections.fieldreportphoto",
        ),
    ),
    "orders": ("Orders to correct a violation.", ("inspections.order",)),
    "complaints": (
        "Complaints received (private: the complainant's identity).",
        ("inspections.complaint",),
    ),
    "meetings": (
        "The Board's meetings, attendance, members, seats, and the days the town is closed.",
        (
            "hearings.meeting",
            "hearings.meetingattendance",
            "hearings.boardmember",
            "hearings.boardseats",
            "town.townclosure",
        ),
    ),
    "minutes": (
        "Minutes of the meetings, and their release.",
        ("hearings.minutes", "hearings.minutesrelease"),
    ),
    "town": (
        "The town's settings, the standing wording of its letters, and the Board's amendments "
        "of its regulation.",
        ("town.town", "town.standingtext", "permits.amendment"),
    ),
    "corrections": (
        "Clerical errors corrected by the clerk, with the reason: a receipt taken back, a "
        "parcel id, a decision's wording (never its vote).",
        (
            "permits.receiptundone",
            "facilities.parcelidcorrection",
            "hearings.decisioncorrection",
        ),
    ),
    "letters": ("Letters the clerk wrote to applicants.", ("permits.clerkletter",)),
    "records_requests": (
        "Public records requests (M.G.L. c.66 §10), their redactions and the exemptions cited.",
        ("records.recordsrequest", "records.redaction", "records.exemption"),
    ),
    "retention": (
        "The record series and their periods, legal holds, and the log of records destroyed.",
        ("records.recordseries", "records.legalhold", "records.destruction"),
    ),
    "audits": ("Each run of the register's audit, and what it found.", ("permits.auditrun",)),
    "staff": (
        "The log-ins that acted on the records (names and roles; no passwords).",
        ("stoneham_boh.user",),
    ),
    "history": ("Every change to every record: who, when, and the record as it then was.", ()),
    "other": ("Records of kinds this table does not name yet.", ()),
}

# Fields never exported: a password hash is no record of the Board's.
NOT_EXPORTED = {"stoneham_boh.user": {"password", "user_permissions"}}


def _is_history(model) -> bool:
    return model._meta.model_name.startswith("historical")


def exported_models() -> list:
    """Every concrete model of the Board's apps, in a stable order."""
    return [
        model
        for model in apps.get_models()
        if model._meta.app_label in APPS and not model._meta.proxy and model._meta.managed
    ]


def kind_of(model) -> str:
    label = model._meta.label_lower
    if _is_history(model):
        return "history"
    for kind, (_, labels) in KINDS.items():
        if label in labels:
            return kind
    return "other"


def file_stem(model) -> str:
    """`permits` for the kind's own model, `permits-permitanimal` for the others."""
    kind = kind_of(model)
    labels = KINDS[kind][1]
    if labels and labels[0] == model._meta.label_lower:
        return kind
    return f"{kind}-{model._meta.app_label}.{model._meta.model_name}"


def by_stem() -> dict[str, object]:
    return {file_stem(model): model for model in exported_models()}
