"""What the audit reports: one anomaly per record that cannot show what the regulation asks."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.urls import reverse

from stoneham_boh.lib.dates import long_date

# Two kinds of anomaly. A breach: the records show something the regulation forbids. Not
# shown: the records cannot show what the regulation asks (a record the product does not keep
# yet, or one missing); the audit never counts that as a pass.
BREACH = "breach"
NOT_SHOWN = "not_shown"
KIND_LABELS = {BREACH: "Breach", NOT_SHOWN: "Cannot be shown"}

# The invariant families, in the order the page lists them.
FAMILIES = {
    "provenance": "Provenance",
    "decided": "The permit is what the Board decided",
    "rules": "The rules on the day that counts",
    "notice": "Notice covers the decision",
    "parcel": "The lot is the parcel",
    "year": "One permit year at a time",
    "construction": "Construction",
    "together": "Renewals renewed together",
    "board": "The Board's decisions",
    "open_meeting": "The Open Meeting Law",
    "corrections": "Corrections keep the record",
    "law": "The law's clocks",
    "votes": "The Board's votes are its members' own",
    "wording": "The documents state the regulation in its own words",
}


@dataclass(frozen=True)
class RecordRef:
    """The record an anomaly is about, as a reader finds it."""

    kind: str  # "permit", "decision", "lot", "board member", "records request"
    pk: int
    label: str
    url_name: str = ""

    @property
    def url(self) -> str:
        return reverse(self.url_name, args=[self.pk]) if self.url_name else ""

    def __str__(self) -> str:
        return self.label


def permit_ref(permit) -> RecordRef:
    return RecordRef("permit", permit.pk, f"Permit {permit.number}", "permits:permit-detail")


def decision_ref(decision, item) -> RecordRef:
    return RecordRef(
        "decision",
        item.pk,
        f"Decision of {long_date(decision.decided_on)} on application #{item.application_id} "
        f"({item.get_kind_display().lower()})",
        "hearings:item-notices",
    )


def lot_ref(lot) -> RecordRef:
    return RecordRef("lot", lot.pk, f"Lot {lot.street_address}", "facilities:lot-detail")


@dataclass(frozen=True)
class Anomaly:
    family: str
    provision: str
    record: RecordRef
    sentence: str
    kind: str = BREACH

    @property
    def family_label(self) -> str:
        return FAMILIES[self.family]

    @property
    def kind_label(self) -> str:
        return KIND_LABELS[self.kind]

    def line(self) -> str:
        """One line for the command's output."""
        marker = "" if self.kind == BREACH else " [cannot be shown]"
        return f"{self.provision} {self.record}{marker}: {self.sentence}"

    def as_json(self) -> dict:
        """As an audit run keeps it (permits.models.AuditRun.anomalies)."""
        record = self.record
        return {
            "family": self.family,
            "provision": self.provision,
            "kind": self.kind,
            "sentence": self.sentence,
            "record": {
                "kind": record.kind,
                "pk": record.pk,
                "label": record.label,
                "url_name": record.url_name,
            },
        }

    @classmethod
    def from_json(cls, data: dict) -> Anomaly:
        return cls(
            family=data["family"],
            provision=data["provision"],
            record=RecordRef(**data["record"]),
            sentence=data["sentence"],
            kind=data["kind"],
        )


@dataclass
class Report:
    """What one run of the audit checked and found."""

    permits_checked: int = 0
    decisions_checked: int = 0
    anomalies: list[Anomaly] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def clean(self) -> bool:
        return not self.anomalies

    def by_family(self) -> list[tuple[str, list[Anomaly]]]:
        return [
            (label, [a for a in self.anomalies if a.family == key])
            for key, label in FAMILIES.items()
            if any(a.family == key for a in self.anomalies)
        ]
