"""The benchmark's own database, apart from the demo's or production's: `<name>_bench` on the
PostgreSQL server DATABASE_URL names, or var/bench/bench.sqlite3; made anew for each run."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from django.conf import settings
from django.db import connection


def bench_database_url(url: str) -> str:
    """The benchmark's own database: `<name>_bench` on the same PostgreSQL server (query
    string kept), or var/bench/bench.sqlite3."""
    config = dj_database_url.parse(url)
    if "postgresql" in config["ENGINE"]:
        parts = urlsplit(url)
        return urlunsplit(parts._replace(path=f"/{config['NAME']}_bench"))
    return f"sqlite:///{settings.VAR_DIR / 'bench' / 'bench.sqlite3'}"


def recreate(url: str) -> None:
    config = dj_database_url.parse(url)
    if "postgresql" in config["ENGINE"]:
        # late: psycopg takes about a second to import and only PostgreSQL needs it
        import psycopg

        admin = psycopg.connect(
            host=config["HOST"] or "127.0.0.1",
            port=config["PORT"] or 5432,
            user=config["USER"] or "postgres",
            password=config["PASSWORD"] or None,
            dbname="postgres",
            autocommit=True,
        )
        with admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{config["NAME"]}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{config["NAME"]}"')
    else:
        path = Path(config["NAME"])
        path.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def connection_is_postgres() -> bool:
    return connection.vendor == "postgresql"


def analyse() -> None:
    """On PostgreSQL, refresh the planner's statistics after the bulk load, as autovacuum
    would in time. SQLite keeps none unless someone runs ANALYZE, and a deployment of the
    embedded database does not: measure it as it runs."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
