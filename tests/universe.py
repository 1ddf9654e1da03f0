"""The universe: the world of tests/world.py, built through the actions once per test process,
then laid into each module that reads it (as zulip builds its fixtures once).

Building the world calls every action of every app (about 15 s of a worker's time, more under
load); five trust modules and six accessibility crawls each built it again. Now the first module
that asks builds it inside a transaction, under the action watch of tests/watched_actions.py
(the history proof reads those calls), copies every model table's rows as they stand, and rolls
the build back. A module that asks later gets the same rows written back in one pass:

- rolled back (`laid`): inside a transaction that is undone when the module is done, each of its
  tests in a savepoint of its own (pytest-django's `db`), as before;
- committed (`committed`), for a live server that reads through a connection of its own, the
  database then emptied as a transactional test's is.

Every model table is emptied before the rows go back, the content types, permissions and role
groups included: a transactional test's flush makes those again under new ids, and the world's
rows must meet the ids they were built with. The Python records of the world (`World.objects`)
are copied for each module, so that what one module's test changes on an instance the next
module does not see. Uploaded files stay in the universe's own folder, made once.
"""

from __future__ import annotations

import copy
import shutil
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, time

import time_machine
from django.apps import apps
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test import Client, override_settings

from tests.watched_actions import watching_actions
from tests.world import NOW, World, build_world

Rows = dict[str, tuple[list[str], list[tuple]]]


@dataclass
class Universe:
    world: World
    calls: dict  # each action's calls while the world was built: who acted, which history rows
    rows: Rows  # every model table's rows, as the build left them

    @contextmanager
    def laid(self):
        """The world's rows in a transaction rolled back after the `with` block, on the world's
        day (NOW, the clock stopped), as the module's tests have always read it."""
        with (
            _settings(self.world.media_root),
            time_machine.travel(NOW, tick=False),
            transaction.atomic(),
        ):
            _write(self.rows)
            try:
                yield _fresh(self.world)
            finally:
                transaction.set_rollback(True)
                _forget_cached_ids()

    @contextmanager
    def committed(self, media_root=None):
        """The world's rows committed, for a live server or a test of its own transactions; the
        database emptied after. The clock is the caller's. With `media_root`, the world's uploads
        are copied there for a test that deletes or writes them (the universe's own folder serves
        every module)."""
        world = _fresh(self.world)
        if media_root is not None:
            shutil.copytree(self.world.media_root, media_root, dirs_exist_ok=True)
            world.media_root = media_root
        with _settings(world.media_root):
            with transaction.atomic():
                _write(self.rows)
            try:
                yield world
            finally:
                call_command("flush", verbosity=0, interactive=False, reset_sequences=False)
                _forget_cached_ids()


@contextmanager
def rolled_back(media_root):
    """Records a module builds once for all its tests (the demo, the benchmark's set), in a
    transaction undone after the `with` block, with the settings every test has and the town's
    own installed, as the `_the_town` fixture installs them for each test. The caller has
    unblocked the database (pytest-django's `django_db_blocker`)."""
    from stoneham_boh.ops.demo_town import install_stoneham

    _refuse_a_real_database()
    with _settings(media_root), transaction.atomic():
        install_stoneham()
        try:
            yield
        finally:
            transaction.set_rollback(True)
            _forget_cached_ids()


def build_universe(media_root) -> Universe:
    """Build the world through the actions, watched, on the world's day; keep its rows; undo it.
    The caller has unblocked the database (pytest-django's `django_db_blocker`)."""
    _refuse_a_real_database()
    with (
        _settings(media_root),
        watching_actions() as calls,
        time_machine.travel(NOW, tick=False),
        transaction.atomic(),
    ):
        world = build_world()
        world.media_root = media_root
        world.sessions = _log_everyone_in(world)
        rows = _read()
        transaction.set_rollback(True)
    _forget_cached_ids()
    return Universe(world=world, calls=dict(calls), rows=rows)


def client_for(role: str, world) -> Client:
    """A test client logged in as `role` of the world ("anonymous": not logged in)."""
    client = Client()
    if role != "anonymous":
        client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client


def _refuse_a_real_database() -> None:
    # pytest-django makes the test database only for runs with database tests: never build on
    # the real one.
    name = str(connection.settings_dict["NAME"])
    assert name.startswith("test_") or "memory" in name, f"not a test database: {name}"


def _settings(media_root):
    """What every test has (tests/conftest.py), for the world outside any test; the uploads
    folder is the universe's."""
    return override_settings(
        MEDIA_ROOT=media_root,
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )


def _log_everyone_in(world) -> dict[str, str]:
    """A session per role, made once: each request of a test then costs no log-in."""
    sessions = {}
    for role, user in world.users.items():
        client = Client()
        client.force_login(user)
        sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return sessions


def _tables() -> list[str]:
    # The models' tables (many-to-many tables included), not the cache's nor the migrations'.
    return sorted(connection.introspection.django_table_names(only_existing=True))


# The table and column names below are the models' own (Django's introspection), never input:
# hence the noqa of each statement built from them.


def _read() -> Rows:
    rows = {}
    with connection.cursor() as cursor:
        for table in _tables():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")  # noqa: S608
            columns = [column[0] for column in cursor.description]
            rows[table] = (columns, [tuple(map(_as_stored, row)) for row in cursor.fetchall()])
    return rows


def _as_stored(value):
    """SQLite hands dates and times back as Python's (Django's converters) but takes a time only
    as the text it keeps; each is written back as that text. PostgreSQL takes them as they are."""
    if connection.vendor == "sqlite" and isinstance(value, date | time):
        return str(value)
    return value


def _write(rows: Rows) -> None:
    """Every model table as `rows` has it. The foreign keys are checked at commit (Django makes
    them deferrable), so the tables are written in any order."""
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        for table in _tables():
            cursor.execute(f"DELETE FROM {quote(table)}")  # noqa: S608
        for table, (columns, values) in rows.items():
            if values:
                names = ", ".join(quote(column) for column in columns)
                marks = ", ".join(["%s"] * len(columns))
                insert = f"INSERT INTO {quote(table)} ({names}) VALUES ({marks})"  # noqa: S608
                cursor.executemany(insert, values)
        # PostgreSQL's id sequences do not follow explicit ids: set them past the rows written,
        # or a test's new record could be given an id the world holds.
        for statement in connection.ops.sequence_reset_sql(no_style(), apps.get_models()):
            cursor.execute(statement)
    settle_deferred_checks()
    _forget_cached_ids()


def settle_deferred_checks() -> None:
    """Check now the foreign keys of the rows written in this transaction, which the database
    would check at commit. Each test's teardown has PostgreSQL run the checks still pending
    (Django's TestCase does, before it rolls the test's savepoint back), and the rollback puts
    them back in the queue: left pending, every row of a module's records was checked again
    after every one of its tests (18 ms a test of the access matrix, 904 tests)."""
    connection.check_constraints()


def _forget_cached_ids() -> None:
    """Django keeps content types by id in memory; the ids change with the rows laid or undone."""
    ContentType.objects.clear_cache()


def _fresh(world: World) -> World:
    """A copy of the world's records for one module: its tests may change their instances."""
    return copy.deepcopy(world)
