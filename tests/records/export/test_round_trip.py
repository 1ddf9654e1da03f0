"""Everything out and back (issue 25 point 4): the demo's records exported, restored into an
empty database, and exported again are the same records, byte for byte; the documents come
back; and the register's audit finds on the restored database what it found on the original:
nothing."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils import timezone

from permits.audit import audit_register
from permits.models import Permit
from records.export.kinds import KINDS, exported_models, file_stem

PDF = b"%PDF-1.4\n% a paper permit, scanned\n%%EOF\n"


def audit_lines() -> tuple[int, int, list[str]]:
    report = audit_register(today=timezone.localdate())
    return report.permits_checked, report.decisions_checked, [a.line() for a in report.anomalies]


def jsonl_files(folder: Path) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.jsonl"))}


@pytest.mark.django_db(transaction=True)
def test_the_records_restored_from_an_export_are_the_same_and_audit_the_same(tmp_path, settings):
    call_command("load_demo", stdout=io.StringIO())
    permit = (
        Permit.objects.filter(register_document__isnull=False).first() or Permit.objects.first()
    )
    document = permit.application.documents.first()
    if document is None or not document.file:
        from django.core.files.uploadedfile import SimpleUploadedFile

        from permits.actions import upload_document

        document = upload_document(
            application=permit.application,
            kind="approval",
            upload=SimpleUploadedFile("scan.pdf", PDF),
            by=permit.issued_by,
        )
    stored = document.file.name
    content = default_storage.open(stored).read()
    audited = audit_lines()
    assert audited[0] > 0 and audited[2] == []  # the demo's register is clean

    first, second = tmp_path / "first", tmp_path / "second"
    call_command("export_records", str(first), stdout=io.StringIO())
    assert (first / "files" / stored).read_bytes() == content

    call_command("flush", interactive=False, verbosity=0)
    (Path(settings.MEDIA_ROOT) / stored).unlink()
    assert not Permit.objects.exists()
    out = io.StringIO()
    call_command("restore_records", str(first), stdout=out)
    assert "The log-ins have no password" in out.getvalue()

    call_command("export_records", str(second), stdout=io.StringIO())
    exported, again = jsonl_files(first), jsonl_files(second)
    assert set(exported) == set(again)
    different = [name for name in exported if exported[name] != again[name]]
    assert not different, different
    assert (Path(settings.MEDIA_ROOT) / stored).read_bytes() == content
    assert audit_lines() == audited


@pytest.mark.django_db
def test_every_kind_the_issue_names_has_its_file_with_a_csv_excel_reads(tmp_path, clerk):
    from tests.factories import applicant

    applicant(by=clerk, name="Renée Lévesque")
    call_command("export_records", str(tmp_path / "out"), stdout=io.StringIO())
    out = tmp_path / "out"
    named = [
        "applicants",
        "lots",
        "applications",
        "permits",
        "hearings",
        "notices",
        "decisions",
        "variances",
        "inspections",
        "orders",
        "complaints",
        "meetings",
        "minutes",
    ]
    for kind in named:
        assert (out / f"{kind}.jsonl").exists() and (out / f"{kind}.csv").exists(), kind
    assert (out / "decisions-hearings.vote.csv").exists()  # decisions with their votes
    assert list(out.glob("history-*.jsonl"))
    raw = (out / "applicants.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # the BOM: Excel reads the file as UTF-8
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[0]["name"] == "Renée Lévesque"
    assert json.loads((out / "applicants.jsonl").read_text(encoding="utf-8"))["name"] == (
        "Renée Lévesque"
    )


@pytest.mark.django_db
def test_the_schema_says_what_every_exported_field_means(tmp_path):
    call_command("export_records", str(tmp_path / "out"), stdout=io.StringIO())
    schema = json.loads((tmp_path / "out" / "schema.json").read_text(encoding="utf-8"))
    assert set(schema["kinds"]) == set(KINDS)
    for model in exported_models():
        described = schema["files"][file_stem(model)]
        header = next(
            csv.reader((tmp_path / "out" / f"{file_stem(model)}.csv").open(encoding="utf-8-sig"))
        )
        assert [f["name"] for f in described["fields"]] == header, model
        assert all(f["meaning"] for f in described["fields"])
    permit = {f["name"]: f for f in schema["files"]["permits"]["fields"]}
    assert permit["register_number"]["meaning"] == "number on the paper permit"
    assert permit["grandfathered"]["help"] == "§20-20(8)."
    assert permit["status"]["values"]["provisional"]
    assert permit["lot_id"]["type"] == "id of a record in lots"


@pytest.mark.django_db
def test_the_export_holds_no_password(tmp_path, admin_user):
    call_command("export_records", str(tmp_path / "out"), stdout=io.StringIO())
    staff = (tmp_path / "out" / "staff.jsonl").read_text(encoding="utf-8")
    assert admin_user.username in staff
    assert "password" not in staff and admin_user.password not in staff


@pytest.mark.django_db
def test_a_restore_refuses_a_database_that_holds_records(tmp_path, clerk):
    call_command("export_records", str(tmp_path / "out"), stdout=io.StringIO())
    with pytest.raises(CommandError, match="already holds records"):
        call_command("restore_records", str(tmp_path / "out"), stdout=io.StringIO())


@pytest.mark.django_db
def test_an_export_refuses_a_folder_that_is_not_empty(tmp_path):
    (tmp_path / "old.txt").write_text("x")
    with pytest.raises(CommandError, match="is not empty"):
        call_command("export_records", str(tmp_path), stdout=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_the_towns_settings_an_amendment_and_a_records_request_come_out_and_back(
    tmp_path, admin_user, clerk
):
    """Found by moving the round trip onto the test world: an amendment names its town, and
    the town was not exported, so the restore into an empty database failed; the records
    office's requests were not exported at all."""
    from permits.amendments.models import Amendment
    from records.models import RecordsRequest
    from stoneham_boh.town.models import Town
    from tests.permits.amendments.builders import amend
    from tests.records.test_actions import logged

    amendment = amend(admin_user)
    logged(clerk)
    town_name = Town.objects.get(is_current=True).board_name
    folder = tmp_path / "export"
    call_command("export_records", str(folder), stdout=io.StringIO())
    assert (folder / "town.jsonl").exists() and (folder / "records_requests.jsonl").exists()

    call_command("flush", interactive=False, verbosity=0)
    call_command("restore_records", str(folder), stdout=io.StringIO())
    restored = Amendment.objects.get()
    assert (restored.pk, restored.town.board_name) == (amendment.pk, town_name)
    assert RecordsRequest.objects.get().requester == "A. Reporter"
