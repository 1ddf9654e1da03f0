"""backup_data and restore_data round-trip the records and the uploaded files."""

from __future__ import annotations

import io
import os
import stat
import tarfile
from pathlib import Path

import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.core.management import call_command
from django.core.management.base import CommandError

from permits.models import Permit
from stoneham_boh.ops.backup import row_counts

PDF = b"%PDF-1.4\n% a site plan\n%%EOF\n"


def history_authors() -> list[tuple[str, str | None]]:
    """Who changed each permit, as the history tables say (a sample of what must survive)."""
    return sorted(
        (row.number, row.history_user.username if row.history_user else None)
        for row in Permit.history.select_related("history_user")
    )


@pytest.mark.django_db(transaction=True)
def test_the_records_and_uploads_survive_a_backup_and_a_restore_into_an_empty_database(
    tmp_path, settings, universe
):
    """The universe's records (tests/universe.py: every action called once, every kind of
    record and its history on file, a fraction of the demo's rows) and its uploads."""
    with universe.committed(media_root=settings.MEDIA_ROOT) as world:
        stored = default_storage.save("documents/2027/01/site-plan.pdf", ContentFile(PDF))
        uploaded = world.document_a.file.name  # one the world uploaded through the actions
        before = row_counts()
        authors = history_authors()
        assert before["permits.permit"] > 0 and before["stoneham_boh.user"] > 0
        archive = tmp_path / "boh-backup.tar.gz"
        call_command("backup_data", str(archive), stdout=io.StringIO())

        call_command("flush", interactive=False, verbosity=0)
        (Path(settings.MEDIA_ROOT) / stored).unlink()
        (Path(settings.MEDIA_ROOT) / uploaded).unlink()
        assert row_counts()["permits.permit"] == 0

        output = io.StringIO()
        call_command("restore_data", str(archive), stdout=output)
        assert "every model's count matches" in output.getvalue()
        assert row_counts() == before
        assert history_authors() == authors
        assert (Path(settings.MEDIA_ROOT) / stored).read_bytes() == PDF
        assert (Path(settings.MEDIA_ROOT) / uploaded).read_bytes().startswith(b"%PDF")
        # The users can log in again with their passwords and their roles.
        from django.test import Client

        client = Client()
        assert client.login(username="clerk1", password="a-long-test-password")
        assert client.get("/home/").status_code == 200


@pytest.mark.django_db(transaction=True)
def test_restore_refuses_a_database_that_holds_records_unless_forced(tmp_path, clerk):
    archive = tmp_path / "boh-backup.tar.gz"
    call_command("backup_data", str(archive), stdout=io.StringIO())
    with pytest.raises(CommandError, match="already holds records"):
        call_command("restore_data", str(archive), stdout=io.StringIO())
    call_command("restore_data", str(archive), "--force", stdout=io.StringIO())
    assert row_counts()["stoneham_boh.user"] == 1


@pytest.mark.django_db(transaction=True)
def test_restore_refuses_an_archive_that_would_write_outside_the_upload_folder(tmp_path):
    archive = tmp_path / "evil.tar.gz"
    call_command("backup_data", str(archive), stdout=io.StringIO())
    evil = tmp_path / "evil2.tar.gz"
    with tarfile.open(archive, "r:gz") as source, tarfile.open(evil, "w:gz") as target:
        for member in source.getmembers():
            target.addfile(member, source.extractfile(member))
        payload = b"owned"
        info = tarfile.TarInfo("uploads/../../escaped.txt")
        info.size = len(payload)
        target.addfile(info, io.BytesIO(payload))
    with pytest.raises(CommandError, match="leaves MEDIA_ROOT"):
        call_command("restore_data", str(evil), stdout=io.StringIO())
    assert not (tmp_path / "escaped.txt").exists()
    assert row_counts()["stoneham_boh.user"] == 0, "nothing was restored from the bad archive"


@pytest.mark.django_db
def test_restore_says_plainly_when_the_file_is_not_a_backup(tmp_path):
    not_a_backup = tmp_path / "notes.tar.gz"
    not_a_backup.write_text("hello")
    with pytest.raises(CommandError):
        call_command("restore_data", str(not_a_backup), stdout=io.StringIO())
    with pytest.raises(CommandError, match="No backup at"):
        call_command("restore_data", str(tmp_path / "missing.tar.gz"), stdout=io.StringIO())


@pytest.mark.django_db(transaction=True)
def test_a_backup_is_readable_by_its_owner_only_even_with_a_lenient_umask(tmp_path):
    archive = tmp_path / "boh-backup.tar.gz"
    old_umask = os.umask(0o022)
    try:
        call_command("backup_data", str(archive), stdout=io.StringIO())
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600


@pytest.mark.django_db(transaction=True)
def test_restore_warns_about_a_backup_that_others_can_read(tmp_path):
    archive = tmp_path / "boh-backup.tar.gz"
    call_command("backup_data", str(archive), stdout=io.StringIO())
    call_command("flush", interactive=False, verbosity=0)
    archive.chmod(0o644)
    warnings = io.StringIO()
    call_command("restore_data", str(archive), stdout=io.StringIO(), stderr=warnings)
    assert "readable by other users" in warnings.getvalue()
    assert "chmod 600" in warnings.getvalue()

    call_command("flush", interactive=False, verbosity=0)
    archive.chmod(0o600)
    quiet = io.StringIO()
    call_command("restore_data", str(archive), stdout=io.StringIO(), stderr=quiet)
    assert "readable" not in quiet.getvalue()


@pytest.mark.django_db(transaction=True)
def test_a_restored_lot_is_found_at_its_address_from_a_backup_made_before_its_look_up_words(
    tmp_path, clerk
):
    """A backup made before the lots carried their look-up words (issue 39) holds none: the
    restore writes them, so the lot on file is found and a second one at its address refused."""
    from facilities.addresses import lots_at_address
    from facilities.models import Lot
    from tests import factories

    lot = factories.lot(street_address="204 Marble Street")
    Lot.objects.update(address_number="", street_word="")  # as a backup of that time holds
    archive = tmp_path / "boh-backup.tar.gz"
    call_command("backup_data", str(archive), stdout=io.StringIO())
    call_command("restore_data", str(archive), "--force", stdout=io.StringIO())
    restored = Lot.objects.get(pk=lot.pk)
    assert (restored.address_number, restored.street_word) == ("204", "marble")
    assert lots_at_address("204 MARBLE ST") == [restored]
