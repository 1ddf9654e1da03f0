"""manage.py audit_permits: exit 0 when the register is clean, 1 with every anomaly."""

from __future__ import annotations

from datetime import date, datetime
from io import StringIO
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.core.management import call_command
from django.utils.html import strip_tags

from facilities.models import Structure
from permits.audit import audit_register
from permits.models import AuditRun
from tests import factories

BOSTON = ZoneInfo("America/New_York")

pytestmark = pytest.mark.django_db


def _run() -> tuple[int, str]:
    out = StringIO()
    try:
        call_command("audit_permits", stdout=out)
    except SystemExit as exit:
        return exit.code, out.getvalue()
    return 0, out.getvalue()


def test_an_empty_register_audits_clean_with_exit_status_0():
    code, out = _run()
    assert code == 0
    assert "Checked 0 permits and 0 decisions" in out
    assert "no anomaly" in out


def test_every_anomaly_is_printed_with_its_provision_and_record_and_exit_status_1(clerk):
    permit = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    Structure.objects.filter(application=permit.application, label="C1").update(
        distance_property_line_ft=12
    )
    code, out = _run()
    assert code == 1
    assert f"§20-20(8) Permit {permit.number}: It was issued as a renewal" in out
    assert f"§20-15(4)(a) Permit {permit.number}: On the day of issue" in out
    assert "2 anomalies" in out


@pytest.mark.parametrize("today", [date(2027, 3, 2), date(2027, 11, 16)])
def test_the_demo_audits_clean(settings, tmp_path, today):
    """Every renewal of the demo renews a permit on file (last year's paper-register entry,
    accepted by the Board), in and out of the renewal window."""
    from stoneham_boh.ops.demo import load_demo

    with time_machine.travel(datetime(today.year, today.month, today.day, 12, tzinfo=BOSTON)):
        load_demo(today=today)
        report = audit_register(today=today)
    assert [a.line() for a in report.anomalies] == []


# --- the page -----------------------------------------------------------------------------


def test_the_command_keeps_its_run_for_the_page(clerk):
    permit = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    _run()
    run = AuditRun.objects.get()
    assert (run.source, run.ran_by, run.permits_checked, run.decisions_checked) == (
        "command",
        None,
        1,
        1,
    )
    assert [a["sentence"] for a in run.anomalies] == [
        "It was issued as a renewal, but renews no permit on file."
    ]
    assert run.anomalies[0]["record"]["pk"] == permit.pk


def _page(client) -> str:
    return " ".join(client.get("/permits/register/checked/").content.decode().split())


def _text(client) -> str:
    return " ".join(strip_tags(_page(client)).split())


def test_the_board_runs_the_check_now_and_reads_each_anomaly_with_a_link(
    client, board_member, clerk
):
    permit = factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    client.force_login(board_member)
    assert "The register has not been checked yet." in _page(client)
    response = client.post("/permits/register/checked/")
    assert response["Location"] == "/permits/register/checked/"
    page = _page(client)
    assert "The register was checked again: 1 anomaly." in page
    assert f'href="/permits/{permit.pk}/"' in page
    assert "It was issued as a renewal, but renews no permit on file." in page
    assert "1 permit and 1 decision checked: 1 anomaly." in page
    assert f"by {board_member.get_full_name()} on this page" in _text(client)
    assert AuditRun.objects.get().ran_by == board_member


def test_the_page_shows_the_last_run_and_its_age_without_reading_the_register_again(
    client, board_member, clerk
):
    with time_machine.travel(datetime(2027, 1, 15, 2, 0, tzinfo=BOSTON), tick=False):
        _run()  # the nightly run: an empty register
    factories.issued_permit(by=clerk, on=date(2027, 1, 14))
    with time_machine.travel(datetime(2027, 1, 15, 5, 0, tzinfo=BOSTON), tick=False):
        client.force_login(board_member)
        page = _text(client)
    assert "Last checked on January 15, 2027, 2:00 AM (3 hours ago)" in page
    assert "by the command manage.py audit_permits" in page
    assert "0 permits and 0 decisions checked: every one shows what the regulation asks." in page
    assert "renews no permit on file" not in page
    assert AuditRun.objects.count() == 1


def test_a_clerk_cannot_run_the_check_from_the_page(client, clerk):
    client.force_login(clerk)
    assert client.post("/permits/register/checked/").status_code == 403
    assert not AuditRun.objects.exists()


def test_the_menu_offers_the_page_to_the_board_not_the_clerk(client, board_member, clerk):
    client.force_login(board_member)
    assert "Register, checked" in client.get("/").content.decode()
    client.force_login(clerk)
    assert "Register, checked" not in client.get("/").content.decode()
    assert client.get("/permits/register/checked/").status_code == 403


@pytest.mark.django_db(transaction=True)
def test_a_register_restored_from_its_backup_audits_as_it_did(tmp_path, clerk, board_member):
    """The audit reads the records' history (who recorded what when): a restore keeps it."""
    from permits import actions
    from tests.hearings import builders
    from tests.permits.audit.test_audit import AFTER, noticed

    item = noticed(by=clerk)
    builders.decide(item, by=board_member)
    actions.issue_permit(application=item.application, by=clerk, on=AFTER)
    assert audit_register(today=date(2030, 4, 1)).clean
    archive = tmp_path / "boh.tar.gz"
    call_command("backup_data", str(archive), stdout=StringIO())
    call_command("flush", interactive=False, verbosity=0)
    call_command("restore_data", str(archive), stdout=StringIO())
    report = audit_register(today=date(2030, 4, 1))
    assert (report.permits_checked, report.decisions_checked, report.anomalies) == (1, 1, [])


def test_the_demo_audits_clean_after_every_permit_is_renewed_in_the_window(settings):
    """Issue 33: renewal season's first morning. Every active permit of the demo renewed
    together, its fee taken, on a day of the window: each renewal is a plain one (no false
    "enlarged renewal"), and the register audits clean."""
    from permits.actions import PaymentTaken, renew_together
    from permits.models import Permit
    from stoneham_boh.accounts.roles import Role
    from stoneham_boh.ops.demo import load_demo
    from tests.conftest import make_user

    today = date(2027, 11, 16)
    with time_machine.travel(datetime(2027, 11, 16, 12, tzinfo=BOSTON)):
        load_demo(today=today)
        clerk = make_user("season-clerk", Role.CLERK)
        active = list(Permit.objects.filter(status="active", year=2027).order_by("number"))
        batch = renew_together(
            permits=active,
            payments={p.pk: PaymentTaken(method="cash") for p in active},
            by=clerk,
            on=today,
        )
        report = audit_register(today=today)
    entries = list(batch.entries.all())
    renewed = [e for e in entries if e.permit_id]
    refused = {e.renews.number: e.refusal for e in entries if not e.permit_id}
    # Every one renews but the permit before the Board for revocation (§20-20(5)) and the one
    # whose renewal came in earlier, which is issued from its own page.
    assert len(renewed) == len(active) - 2, refused
    assert all(
        "before the Board for revocation" in refusal or "issue it from its own page" in refusal
        for refusal in refused.values()
    ), refused
    assert [a.line() for a in report.anomalies] == []
