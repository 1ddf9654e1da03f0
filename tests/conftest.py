"""Fixtures shared by every test: users of each role, fast hashing, private upload folder."""

from __future__ import annotations

import os

import pytest
from django.contrib.auth.models import Group
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from stoneham_boh.accounts.roles import Role

# Hypothesis per environment (HYPOTHESIS_PROFILE, else "ci" under CI=true, else "dev"): CI
# has no deadline (a loaded machine is not a slow test) and prints each failing example's
# blob to replay it; dev is the everyday loop. A test's own settings() still narrow these.
hypothesis_settings.register_profile(
    "ci", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.register_profile("dev", deadline=None, max_examples=50)
hypothesis_settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


# Tests that run only when their marker is asked for: timing assertions (`perf`) measure the
# machine as much as the code, so they run alone, never in a loaded everyday run; the tests of
# the migrations (`migrations`) need a database migrated from zero, which the suite does not
# make (--nomigrations), so `make test` runs them in a process of their own beside it.
ASKED_FOR_ONLY = ("perf", "migrations")


# The modules that take ten seconds or more of a worker (measured on PostgreSQL, most first).
# pytest-xdist hands out a module at a time in the order collected (`--no-loadscope-reorder` in
# the Makefile): these go first, so that no worker starts one when the other is nearly done;
# the rest follow in their usual order. A module missing here costs time, never a result.
HEAVY_FIRST = (
    "tests/trust/test_fuzzing.py",
    "tests/trust/test_query_string_fuzzing.py",
    "tests/trust/test_access_matrix.py",
    "tests/stoneham_boh/export/test_round_trip.py",
    "tests/permits/audit/test_command.py",
    "tests/trust/test_backup_restore.py",
    "tests/stoneham_boh/test_demo.py",
    "tests/hearings/views/test_access.py",
    "tests/permits/register_import/test_loading.py",
    "tests/inspections/views/test_access.py",
    "tests/stoneham_boh/test_demo_seasons.py",
    "tests/permits/audit/test_audit.py",
    "tests/trust/test_private_responses.py",
    "tests/rules/test_rules_compare.py",
    "tests/stoneham_boh/test_page_queries.py",
    "tests/permits/audit/test_found_by_the_machine.py",
)


def _heavy_first(items) -> None:
    rank = {path: index for index, path in enumerate(HEAVY_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(rank)))


def pytest_collection_modifyitems(config, items):
    _heavy_first(items)  # a stable sort: the rest keep their order
    unasked = [marker for marker in ASKED_FOR_ONLY if marker not in (config.option.markexpr or "")]
    left_out = [item for item in items if any(item.get_closest_marker(m) for m in unasked)]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    # The database cache's table (a migration makes it; --nomigrations builds only models).
    from django.core.management import call_command

    with django_db_blocker.unblock():
        call_command("createcachetable", verbosity=0)


@pytest.fixture(scope="session")
def _worker_var_dir(tmp_path_factory):
    """VAR_DIR for this test process: under xdist each worker has its own base folder, so two
    workers never write the same generated file (the demo's parcel zip failed its CRC so)."""
    folder = tmp_path_factory.getbasetemp() / "var"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.fixture(scope="session")
def universe(django_db_setup, django_db_blocker, tmp_path_factory):
    """The world of tests/world.py, built through the actions once per test process (each
    pytest-xdist worker builds its own), its rows kept to be laid into each module that reads it
    (tests/universe.py)."""
    from tests.universe import build_universe

    with django_db_blocker.unblock():
        return build_universe(tmp_path_factory.mktemp("universe-uploads"))


@pytest.fixture(scope="module")
def built_world(universe, django_db_blocker):
    """The universe laid into a transaction that is rolled back when the module's tests are
    done; each test runs in a savepoint inside it (pytest-django's `db`), so what one test
    changes the next does not see. The module's tests must be marked `django_db`, and not
    `transaction=True` (a transactional test empties the database after it)."""
    with django_db_blocker.unblock(), universe.laid() as world:
        yield world


@pytest.fixture
def world(built_world, settings):
    """The module's world, with its uploads in reach (each test otherwise gets its own folder)."""
    settings.MEDIA_ROOT = built_world.media_root
    return built_world


# A test that uses the database finds Stoneham's settings installed, as the demo installs them.
_DATABASE_FIXTURES = {"db", "transactional_db", "live_server", "django_db_reset_sequences"}


@pytest.fixture(autouse=True)
def _the_town(request):
    if request.node.get_closest_marker("django_db") is None and not (
        _DATABASE_FIXTURES & set(request.fixturenames)
    ):
        return
    request.getfixturevalue("_django_db_helper")
    from stoneham_boh.ops.demo_town import install_stoneham

    install_stoneham()


@pytest.fixture(autouse=True)
def _fast_and_isolated(settings, tmp_path, _worker_var_dir):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.MEDIA_ROOT = tmp_path / "uploads"
    settings.VAR_DIR = _worker_var_dir
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


@pytest.fixture(scope="module")
def plain_template_rendering():
    """Templates rendered as the site renders them, without the test framework's instrument: a
    signal on every template rendered whose receiver copies the whole context, so that a test
    may read `response.context`. For the modules that send thousands of requests and read only
    the status and the body (the access matrix, the fuzzers): the matrix, 64 s to 60 s."""
    from django.template import Template
    from django.test.utils import _TestState

    instrumented = Template._render
    Template._render = _TestState.saved_data.template_render
    yield
    Template._render = instrumented
