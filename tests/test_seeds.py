"""The seed of a searching test: the tree's own unless one is given (tests/seeds.py)."""

from tests import seeds


def test_a_seed_given_replays_that_run(monkeypatch):
    monkeypatch.setenv("STATEFUL_SEED", "1892102388")
    assert seeds.seed("STATEFUL_SEED", "postgresql") == 1892102388


def test_the_trees_seed_is_the_same_each_time_and_differs_by_database(monkeypatch):
    monkeypatch.delenv("STATEFUL_SEED", raising=False)
    on_sqlite = seeds.seed("STATEFUL_SEED", "django.db.backends.sqlite3")
    assert on_sqlite == seeds.seed("STATEFUL_SEED", "django.db.backends.sqlite3")
    assert on_sqlite != seeds.seed("STATEFUL_SEED", "django.db.backends.postgresql")
    assert 0 <= on_sqlite < 2**32


def test_random_searches_anew(monkeypatch):
    monkeypatch.setenv("FUZZ_SEED", "random")
    drawn = {seeds.seed("FUZZ_SEED") for _ in range(5)}
    assert len(drawn) > 1
