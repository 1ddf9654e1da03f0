"""The world of tests/trust/world.py, built once per test module and rolled back after it."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
import time_machine
from django.conf import settings
from django.db import connection, transaction
from django.test import Client, override_settings

from tests.trust.world import NOW, build_world


@contextmanager
def rolled_back_world(django_db_blocker, tmp_path_factory):
    """Build the world in a transaction that is rolled back when the module's tests are done.

    Each test then runs in a savepoint inside it (pytest-django's `db`), so what one test
    changes the next does not see. The module's tests must be marked `django_db`.
    """
    media_root = tmp_path_factory.mktemp("uploads")
    private = override_settings(
        MEDIA_ROOT=media_root,
        PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
        EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
    )
    with private, django_db_blocker.unblock(), time_machine.travel(NOW, tick=False):
        # pytest-django makes the test database only for modules with django_db tests:
        # never build on the real one.
        name = str(connection.settings_dict["NAME"])
        assert name.startswith("test_") or "memory" in name, f"not a test database: {name}"
        with transaction.atomic():
            built = build_world()
            built.media_root = media_root
            built.sessions = _log_everyone_in(built)
            yield built
            transaction.set_rollback(True)


def _log_everyone_in(world) -> dict[str, str]:
    """A session per role, made once: each request of a test then costs no log-in."""
    sessions = {}
    for role, user in world.users.items():
        client = Client()
        client.force_login(user)
        sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
    return sessions


def client_for(role: str, world) -> Client:
    """A test client logged in as `role` of the world ("anonymous": not logged in)."""
    client = Client()
    if role != "anonymous":
        client.cookies[settings.SESSION_COOKIE_NAME] = world.sessions[role]
    return client


@pytest.fixture(scope="module")
def built_world(django_db_setup, django_db_blocker, tmp_path_factory):
    with rolled_back_world(django_db_blocker, tmp_path_factory) as built:
        yield built


@pytest.fixture
def world(built_world, settings):
    """The module's world, with its uploads in reach (each test otherwise gets its own folder)."""
    settings.MEDIA_ROOT = built_world.media_root
    return built_world
