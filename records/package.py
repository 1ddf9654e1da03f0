"""A permit's file as one package for a public records request (M.G.L. c.66 §10): the
application, its plans and documents, the certified abutter list, the notices (letters,
legal notice, its postings and proofs), the Board's decisions with each vote, the variances,
the inspections of the lot with their photos, and the complaints about it.

What a redaction withholds is named with its exemption where it would have been: the
complainant of a complaint, a whole file, or words of a record's text (records.passages). A
complainant's identity is withheld by default, under records.complainants' exemption, unless the
clerk released it to the request. The PDF lists everything; the zip holds the PDF, every file
not withheld, and a manifest of what was withheld and why.
"""

from __future__ import annotations

import io
import json
import zipfile
from dataclasses import dataclass, field

from facilities.models import Abutter
from hearings.models import AbutterNotice, DocketItem, LegalNoticeProof, Variance
from inspections.models import Complaint, Inspection, Photo
from permits.models import Document
from records import complainants, passages
from records.models import ComplainantRelease, RecordsRequest, Redaction
from stoneham_boh.lib.pdf import render_pdf
from stoneham_boh.lib.uploads import clean_file_name


@dataclass(frozen=True)
class Withheld:
    """Where a redaction stands: what it hides and the exemption counsel worded."""

    target: str
    citation: str
    wording: str

    @property
    def label(self) -> str:
        return f"Withheld under {self.citation}: {self.wording}"


@dataclass
class PackedFile:
    """A stored file of the record, with its place in the zip, or the redaction that keeps it
    out."""

    target: str
    section: str
    title: str
    field_file: object
    withheld: Withheld | None = None

    @property
    def zip_name(self) -> str:
        return f"{self.section}/{self.target.replace(':', '-')}-{clean_file_name(self.title)}"


@dataclass
class Package:
    request: RecordsRequest
    permit: object
    application: object
    documents: list = field(default_factory=list)
    abutters: list = field(default_factory=list)
    hearings: list = field(default_factory=list)  # (item, letters, legal notice, proofs)
    variances: list = field(default_factory=list)
    inspections: list = field(default_factory=list)  # (inspection, [(finding, [photos])])
    complaints: list = field(default_factory=list)  # (complaint, Withheld | None, target)
    files: list[PackedFile] = field(default_factory=list)
    withheld: dict[str, Withheld] = field(default_factory=dict)
    released: set = field(default_factory=set)  # complaints whose complainant was released
    # (kind, pk) -> {passage: label}: words withheld from a record's text (records.passages)
    passages: dict = field(default_factory=dict)

    def shown(self, kind: str, record, text: str):
        """The record's text as the package prints it: each withheld passage in its place
        named by its exemption."""
        return passages.masked(text, self.passages.get((kind, record.pk), {}))

    def file(self, target: str, section: str, title: str, field_file) -> PackedFile:
        packed = PackedFile(target, section, title, field_file, self.withheld.get(target))
        self.files.append(packed)
        return packed


def redactions_of(request: RecordsRequest) -> dict[str, Withheld]:
    return {
        r.target: Withheld(r.target, r.exemption.citation, r.exemption.wording)
        for r in Redaction.objects.filter(request=request, withdrawn=False).select_related(
            "exemption"
        )
    }


def assemble(request: RecordsRequest) -> Package:
    """The permit's file as the request's package, with its redactions in place."""
    permit = request.permit
    if permit is None:
        raise ValueError("The request names no permit whose file answers it.")
    application = permit.application
    package = Package(request, permit, application, withheld=redactions_of(request))
    for redaction in Redaction.objects.filter(
        request=request, withdrawn=False, target__startswith="passage:"
    ).select_related("exemption"):
        place = passages.place_of(redaction.target)
        if place is not None:
            label = f"Withheld under {redaction.exemption.citation}"
            package.passages.setdefault(place, {})[redaction.passage] = label
    for document in Document.objects.filter(application=application, voided=False):
        packed = (
            package.file(
                f"document:{document.pk}", "documents", document.original_name, document.file
            )
            if document.file
            else None
        )
        package.documents.append((document, packed))
    abutter_list = getattr(application, "abutter_list", None)
    if abutter_list is not None:
        package.abutters = list(Abutter.objects.filter(abutter_list=abutter_list))
    items = DocketItem.objects.filter(application=application).select_related(
        "meeting", "meeting__legal_notice", "decision"
    )
    for item in items:
        letters = list(AbutterNotice.objects.filter(docket_item=item).select_related("abutter"))
        legal = getattr(item.meeting, "legal_notice", None)
        proofs = []
        if legal is not None:
            for proof in LegalNoticeProof.objects.filter(legal_notice=legal, voided=False):
                proofs.append(
                    package.file(
                        f"notice-proof:{proof.pk}", "notices", proof.original_name, proof.file
                    )
                )
        decision = getattr(item, "decision", None)
        votes = list(decision.votes.select_related("member")) if decision is not None else []
        package.hearings.append((item, letters, legal, proofs, decision, votes))
    package.variances = list(Variance.objects.filter(application=application))
    for inspection in Inspection.objects.filter(lot=permit.lot).order_by("scheduled_for", "pk"):
        findings = []
        for finding in inspection.findings.all():
            photos = [
                package.file(f"photo:{photo.pk}", "photos", photo.original_name, photo.image)
                for photo in Photo.objects.filter(finding=finding)
            ]
            finding.shown_note = package.shown("finding", finding, finding.note)
            findings.append((finding, photos))
        inspection.shown_summary = package.shown("inspection", inspection, inspection.summary)
        package.inspections.append((inspection, findings))
    released = set(
        ComplainantRelease.objects.filter(request=request, withdrawn=False).values_list(
            "complaint_id", flat=True
        )
    )
    for complaint in Complaint.objects.filter(lot=permit.lot).order_by("received_on", "pk"):
        target = complainants.target(complaint)
        withheld = package.withheld.get(target)
        if (
            withheld is None
            and complaint.pk not in released
            and complainants.names_someone(complaint)
        ):
            withheld = Withheld(target, complainants.CITATION, complainants.WORDING)
            package.withheld[target] = withheld
        complaint.shown_description = package.shown("complaint", complaint, complaint.description)
        package.complaints.append((complaint, withheld, target))
    package.released = released
    return package


def package_pdf(package: Package, http_request) -> bytes:
    """The package as one PDF, on the Board's letterhead (the same source as its letters)."""
    return render_pdf("pdf/records_package.html", {"package": package}, request=http_request)


def package_zip(package: Package, http_request) -> bytes:
    """The PDF, every file not withheld, and a manifest naming each withheld part and its
    exemption."""
    buffer = io.BytesIO()
    manifest = {
        "request": package.request.pk,
        "permit": package.permit.number,
        "files": [],
        "withheld": [
            {"target": w.target, "exemption": w.citation, "wording": w.wording}
            for w in package.withheld.values()
        ],
    }
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(
            f"permit-{package.permit.number}-file.pdf", package_pdf(package, http_request)
        )
        for packed in package.files:
            if packed.withheld is not None:
                continue
            try:
                with packed.field_file.open("rb") as stored:
                    archive.writestr(packed.zip_name, stored.read())
            except FileNotFoundError:
                manifest["files"].append({"name": packed.zip_name, "missing": True})
                continue
            manifest["files"].append({"name": packed.zip_name})
        archive.writestr("manifest.json", json.dumps(manifest, indent=2))
    return buffer.getvalue()
