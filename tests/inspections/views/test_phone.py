"""The agent's phone without a signal, as the server sees it (issue 28): a checklist that waited
on the phone arrives like any other and is answered as data; the pages the phone may keep are
the agent's own day; the worker and the manifest are the agent's alone."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from inspections import actions
from inspections.history import inspection_history
from inspections.models import Inspection, Photo
from inspections.views.common import KEEP_HEADER
from stoneham_boh.accounts.roles import Role
from stoneham_boh.lib.history import history_of
from tests.conftest import make_user
from tests.inspections.builders import (
    IN_THE_BARN,
    JSON,
    TODAY,
    VERMIN,
    answers_for,
    hen_permit,
    jpeg,
    queued,
    record_url,
    scheduled,
)

pytestmark = pytest.mark.django_db


def test_a_checklist_queued_on_the_phone_is_recorded_with_its_field_time_and_photos(
    agent_client, agent, clerk
):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    data = {**queued(inspection), f"photos-{VERMIN}": [jpeg("a.jpg"), jpeg("b.jpg")]}
    response = agent_client.post(record_url(inspection), data, **JSON)
    assert response.status_code == 200
    answer = response.json()
    assert answer["recorded"] is True
    assert answer["url"] == reverse("inspections:inspection-detail", args=[inspection.pk])
    inspection.refresh_from_db()
    assert inspection.is_completed
    assert inspection.recorded_on_phone_at == IN_THE_BARN
    assert Photo.objects.filter(finding__inspection=inspection).count() == 2
    # The history keeps both: the field time as a change, the arrival as the change's time.
    completed = history_of(Inspection).filter(id=inspection.pk, status="completed").get()
    assert completed.history_date > IN_THE_BARN
    assert completed.history_user == agent
    changes = [change for entry in inspection_history(inspection) for change in entry.changes]
    assert ("recorded on the phone at", "—", "June 15, 2027, 8:40 a.m.") in changes
    # And the inspection's page says when it was recorded, and when it arrived.
    page = agent_client.get(answer["url"]).content.decode()
    assert "Recorded on the phone:" in page
    assert "8:40 a.m., without a signal; it reached the office" in page


def test_a_queued_checklist_sent_twice_is_recorded_once(agent_client, clerk):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    first = agent_client.post(record_url(inspection), queued(inspection), **JSON)
    second = agent_client.post(record_url(inspection), queued(inspection), **JSON)
    assert first.json()["recorded"] and second.json()["recorded"]
    assert "not recorded twice" in second.json()["message"]
    assert inspection.findings.count() == len(answers_for(inspection))


def test_a_queued_checklist_for_an_inspection_recorded_meanwhile_is_refused_saying_by_whom(
    agent_client, clerk
):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    colleague = make_user("agent2", Role.AGENT, first_name="Dana", last_name="Reyes")
    actions.record_inspection(inspection=inspection, by=colleague, answers=answers_for(inspection))
    response = agent_client.post(record_url(inspection), queued(inspection), **JSON)
    assert response.status_code == 409
    answer = response.json()
    assert answer["recorded"] is False
    assert "already completed" in answer["message"]
    assert answer["reasons"] == ["Recorded by Dana Reyes on June 15 at 9:00 a.m."]
    inspection.refresh_from_db()
    assert inspection.recorded_on_phone_at is None
    assert not inspection.findings.filter(result="violation").exists()


def test_a_queued_checklist_for_a_cancelled_inspection_gives_the_clerks_reason(
    agent_client, agent, clerk
):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    actions.cancel_inspection(inspection=inspection, by=agent, reason="The owner moved away.")
    answer = agent_client.post(record_url(inspection), queued(inspection), **JSON).json()
    assert answer["reasons"] == [
        "Cancelled by Agent1 on June 15 at 9:00 a.m.: The owner moved away."
    ]


def test_a_queued_checklist_with_errors_is_refused_with_each_item_and_nothing_recorded(
    agent_client, clerk
):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    data = queued(inspection, problems={VERMIN: ("violation", "")})
    response = agent_client.post(record_url(inspection), data, **JSON)
    assert response.status_code == 422
    assert response.json()["reasons"] == ["§20-16(6): Describe the violation you found."]
    inspection.refresh_from_db()
    assert inspection.is_scheduled


def test_a_phone_whose_clock_runs_ahead_is_told_to_check_it(agent_client, clerk):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    ahead = (timezone.now() + timedelta(hours=2)).isoformat()
    data = {**queued(inspection), "recorded_on_phone_at": ahead}
    response = agent_client.post(record_url(inspection), data, **JSON)
    assert response.status_code == 422
    assert "clock is ahead" in response.json()["reasons"][0]


def test_a_queued_checklist_sent_after_the_session_ended_is_refused_as_data_and_not_recorded(
    client, clerk
):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    response = client.post(record_url(inspection), queued(inspection), **JSON)
    assert response.status_code == 401
    assert response.json()["session_ended"] is True
    inspection.refresh_from_db()
    assert inspection.is_scheduled


def test_a_queued_checklist_without_the_sessions_csrf_token_is_refused(agent, clerk):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    phone = Client(enforce_csrf_checks=True)
    phone.force_login(agent)
    response = phone.post(record_url(inspection), queued(inspection), **JSON)
    assert response.status_code == 403
    inspection.refresh_from_db()
    assert inspection.is_scheduled


def test_the_phone_may_keep_the_agents_list_and_todays_inspections_only(agent_client, clerk):
    lot = hen_permit(by=clerk).lot
    today = scheduled(lot=lot, by=clerk)
    later = scheduled(lot=lot, by=clerk, day=TODAY + timedelta(days=3))
    detail = reverse("inspections:inspection-detail", args=[today.pk])
    agent_id = str(agent_client.get(reverse("home")).wsgi_request.user.pk)
    assert agent_client.get(reverse("inspections:agenda"))[KEEP_HEADER] == agent_id
    assert agent_client.get(detail)[KEEP_HEADER] == agent_id
    assert agent_client.get(record_url(today))[KEEP_HEADER] == agent_id
    # Not a filtered list, an inspection of another day, or a checklist sent back with errors.
    assert KEEP_HEADER not in agent_client.get(reverse("inspections:agenda") + "?whose=all")
    assert KEEP_HEADER not in agent_client.get(record_url(later))
    sent_back = agent_client.post(record_url(today), {"token": "not-a-token"})
    assert sent_back.status_code == 200 and KEEP_HEADER not in sent_back


def test_a_clerks_inspection_pages_are_never_kept_on_a_phone(client, clerk):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    client.force_login(clerk)
    assert KEEP_HEADER not in client.get(reverse("inspections:agenda"))
    detail = client.get(reverse("inspections:inspection-detail", args=[inspection.pk]))
    assert KEEP_HEADER not in detail
    assert "offline-inspections.js" not in detail.content.decode()
    assert 'rel="manifest"' not in detail.content.decode()


def test_the_agents_service_worker_controls_the_inspection_pages_and_keeps_our_own_files(
    agent_client,
):
    response = agent_client.get(reverse("inspections:service-worker"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/javascript")
    assert response["Cache-Control"] == "private, no-store"
    script = response.content.decode()
    assert reverse("inspections:service-worker").startswith("/inspections/")
    assert 'const SCOPE = "/inspections/"' in script
    assert "/static/js/checklist-draft.js" in script
    assert "X-Keep-On-Phone" in script
    assert re.search(r'STATIC_CACHE = "boh-static-[0-9a-f]{12}"', script)


def test_the_manifest_opens_the_agents_list(agent_client):
    response = agent_client.get(reverse("inspections:manifest"))
    manifest = json.loads(response.content)
    assert manifest["start_url"] == manifest["scope"] == "/inspections/"
    assert manifest["display"] == "standalone"


def test_the_worker_is_not_served_to_another_role(client, clerk):
    client.force_login(clerk)
    assert client.get(reverse("inspections:service-worker")).status_code == 403
    assert client.get(reverse("inspections:manifest")).status_code == 403


def test_the_checklists_answers_carry_no_autocomplete_so_back_restores_them(agent_client, clerk):
    inspection = scheduled(lot=hen_permit(by=clerk).lot, by=clerk)
    html = agent_client.get(record_url(inspection)).content.decode()
    radios = re.findall(r"<input type=\"radio\"[^>]*>", html)
    assert radios and not [radio for radio in radios if "autocomplete" in radio]


def test_a_request_too_large_says_it_counts_everything_sent_at_once(agent_client, settings):
    settings.REQUEST_MAX_BYTES = 1000
    response = agent_client.post(
        reverse("inspections:inspection-new"), {"x": "y" * 2000}, HTTP_ACCEPT="text/html"
    )
    assert response.status_code == 413
    text = response.content.decode()
    assert "all its files and photos together, may be at most 1000" in text
    assert "this was 2.0" in text


def _backlog(agent, lot, overdue: int, coming: int) -> None:
    """`overdue` visits past their day, one due today and `coming` in the days ahead."""
    days = [*(TODAY - timedelta(days=1 + n % 9) for n in range(overdue)), TODAY]
    days += [TODAY + timedelta(days=1 + n % 10) for n in range(coming)]
    Inspection.objects.bulk_create(
        Inspection(lot=lot, kind=Inspection.Kind.ROUTINE, scheduled_for=day, agent=agent)
        for day in days
    )


def _phone_status(page: str) -> dict:
    status = re.search(r"<p[^>]*data-phone-day-status[^>]*>", page).group(0)
    return {name: int(value) for name, value in re.findall(r'data-phone-(\w+)="(\d+)"', status)}


def test_the_phone_keeps_the_whole_day_however_many_are_overdue(agent_client, agent, clerk):
    """Thirty overdue and today's one all stand on the first page the phone keeps, before
    what is coming up (issue 39: paged by 25, the overdue left today's visit off the phone)."""
    _backlog(agent, hen_permit(by=clerk).lot, overdue=30, coming=30)
    first = agent_client.get(reverse("inspections:agenda")).content.decode()
    day = first.split('<h2 class="h5 mt-4 ">Coming up</h2>')[0]
    assert day.count('class="list-group-item') == 31
    assert '<h2 class="h5 mt-4 ">Today</h2>' in day
    assert _phone_status(first) == {"keeps": 31, "due": 31}
    later = agent_client.get(reverse("inspections:agenda"), {"page": 2}).content.decode()
    assert "Overdue since" not in later and "Coming up" in later


def test_a_backlog_beyond_the_stated_size_is_listed_whole_and_kept_in_part(
    agent_client, agent, clerk, monkeypatch
):
    monkeypatch.setattr("inspections.views.inspections.PHONE_KEEPS_AT_MOST", 10)
    _backlog(agent, hen_permit(by=clerk).lot, overdue=12, coming=0)
    page = agent_client.get(reverse("inspections:agenda")).content.decode()
    assert page.count('class="list-group-item') == 13
    assert _phone_status(page) == {"keeps": 10, "due": 13}
