"""Fixtures shared by every test: users of each role, fast hashing, private upload folder."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group

from stoneham_boh.accounts.roles import Role


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    # The database cache's table (a migration makes it; --nomigrations builds only models).
    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("createcachetable", verbosity=0)


@pytest.fixture(autouse=True)
def _fast_and_isolated(settings, tmp_path):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MEDIA_ROOT = tmp_path / "uploads"
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"


def make_user(username: str, role: Role | None, **fields):
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.create_user(
        username=username,
        password="a-long-test-password",
        first_name=fields.pop("first_name", username.title()),
        is_superuser=role is Role.ADMIN,
        is_staff=role is Role.ADMIN,
        **fields,
    )
    if role is not None and role is not Role.ADMIN:
        user.groups.add(Group.objects.get(name=role.value))
    if role is Role.BOARD:
        seat_on_the_board(user)
    return user


def seat_on_the_board(user):
    """A Board log-in is a member in office from 2000, appointed by the administrator through
    the roll's own actions: the Board gains a seat for it, so one member alone is a quorum of
    one and each member added keeps every seat filled. No chair is named (a test that needs
    one appoints it): without a chair in office, a member present records the roll call."""
    from datetime import date

    from django.contrib.auth import get_user_model

    from hearings.actions import appoint_board_member, set_board_seats
    from hearings.models import BoardMember

    start = date(2000, 1, 1)
    administrator = get_user_model().objects.filter(username="roll-administrator").first()
    if administrator is None:
        administrator = get_user_model().objects.create_user(
            username="roll-administrator", is_superuser=True, is_staff=True
        )
    in_office = BoardMember.objects.in_office(start).count()
    set_board_seats(
        seats=in_office + 1,
        effective_on=start,
        authority="Town by-law (tests)",
        by=administrator,
        today=start,
    )
    return appoint_board_member(
        user=user,
        name=user.get_full_name() or user.username,
        appointed_on=start,
        term_start=start,
        appointing_document="Select Board vote (tests)",
        by=administrator,
        today=start,
    )


@pytest.fixture
def clerk(db):
    return make_user("clerk1", Role.CLERK)


@pytest.fixture
def agent(db):
    return make_user("agent1", Role.AGENT)


@pytest.fixture
def board_member(db):
    return make_user("board1", Role.BOARD)


@pytest.fixture
def admin_user(db):
    return make_user("admin1", Role.ADMIN)


@pytest.fixture
def applicant_user(db):
    return make_user("applicant1", Role.APPLICANT)


@pytest.fixture
def clerk_client(client, clerk):
    client.force_login(clerk)
    return client


def pytest_report_header(config):
    """The fuzzing's seed for this run, to replay a failure it finds (FUZZ_SEED=...)."""
    from tests.trust import test_fuzzing

    return f"fuzzing: FUZZ_EXAMPLES={test_fuzzing.FUZZ_EXAMPLES} FUZZ_SEED={test_fuzzing.FUZZ_SEED}"
