"""The measurements of `make bench`: pages, rules, PDFs, renewals, and a live server.

Each function returns plain numbers; the run (run.py) gathers them into var/bench/latest.json
and the command (management/commands/bench.py) prints them.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.http import HttpResponse
from django.test import Client
from django.test.utils import CaptureQueriesContext, override_settings
from django.urls import include, path

from stoneham_boh.bench import rules_speed
from stoneham_boh.bench.rules_facts import generate_facts


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


@dataclass
class Page:
    """A page to measure: its name, who looks at it, and how to find its address."""

    name: str
    username: str | None
    url: Callable[[], str]


def count_queries(client: Client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    if response.status_code != 200:
        raise RuntimeError(f"{url} answered {response.status_code}")
    return len(captured.captured_queries)


def client_for(username: str | None) -> Client:
    client = Client()
    if username:
        client.force_login(get_user_model().objects.get(username=username))
    return client


def page_queries(pages: list[Page]) -> dict[str, int]:
    return {page.name: count_queries(client_for(page.username), page.url()) for page in pages}


def trivial_page(request):
    """The floor of a page: the whole middleware stack, a signed-in session, no template."""
    return HttpResponse("<!doctype html><title>ok</title><p>ok</p>")


TRIVIAL = "trivial_page"


def _bench_urls():
    """The project's URLs plus the trivial page, only while the benchmark times pages: the
    trivial page is no page of the site."""
    module = ModuleType("stoneham_boh.bench_urls")
    module.urlpatterns = [
        path("bench/trivial/", trivial_page, name=TRIVIAL),
        path("", include(settings.ROOT_URLCONF)),
    ]
    return module


def trivial_name(username: str | None) -> str:
    return f"{TRIVIAL} ({username or 'anonymous'})"


def page_timings(pages: list[Page], repeats: int = 40) -> dict[str, dict[str, float]]:
    """Median and 95th percentile of each page, and its median as a multiple of a trivial
    Django page seen by the same visitor (anonymous, or signed in with the same role: the
    session, user and second-factor look-ups every signed-in page pays), timed in the same
    rounds.

    The pages are timed in rounds, one request each per round, so that whatever else the
    machine runs meanwhile weighs on every page alike, the trivial ones included. Each round
    takes the pages in a new order (seeded, so runs compare): in a fixed order the trivial
    pages ran back to back at the start of each round on a warm processor cache, and came out
    15 to 20 per cent faster than when they followed a full page, which inflated every ratio.
    """
    visitors = dict.fromkeys(page.username for page in pages)
    trivial = [
        Page(trivial_name(username), username, lambda: "/bench/trivial/") for username in visitors
    ]
    measured = [*trivial, *pages]
    with override_settings(ROOT_URLCONF=_bench_urls()):
        clients = {page.name: client_for(page.username) for page in measured}
        urls = {page.name: page.url() for page in measured}
        for _ in range(3):  # warm caches, templates and connections
            for page in measured:
                clients[page.name].get(urls[page.name])
        samples: dict[str, list[float]] = {page.name: [] for page in measured}
        order = list(measured)
        shuffle = random.Random(20).shuffle
        for _ in range(repeats):
            shuffle(order)
            for page in order:
                started = time.perf_counter()
                response = clients[page.name].get(urls[page.name])
                samples[page.name].append((time.perf_counter() - started) * 1000)
                if response.status_code != 200:
                    raise RuntimeError(f"{urls[page.name]} answered {response.status_code}")
    medians = {name: statistics.median(times) for name, times in samples.items()}
    return {
        page.name: {
            "median_ms": round(medians[page.name], 2),
            "p95_ms": round(percentile(samples[page.name], 0.95), 2),
            "x_trivial": round(medians[page.name] / medians[trivial_name(page.username)], 1),
        }
        for page in measured
    }


def cpu_workload_ms() -> float:
    """A fixed pure-Python workload, to compare one machine's speed with another's."""
    return round(best_of(lambda: sum(i * i % 7 for i in range(300_000))) * 1000, 1)


def rules_evals_per_s(n: int = 10_000) -> float:
    """evaluate() on parsed facts, on one core (the rules' own measure, on the bench's seed)."""
    return round(rules_speed.measure_evaluate(n, seed=11))


def check_rules_cli_evals_per_s(n: int = 10_000) -> float:
    """`manage.py check_rules` end to end on a list of `n` facts: parse, evaluate, print."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as handle:
        json.dump(generate_facts(n, seed=12), handle)
        path = handle.name
    try:
        started = time.perf_counter()
        subprocess.run(
            [sys.executable, str(settings.BASE_DIR / "manage.py"), "check_rules", path],
            check=True,
            stdout=subprocess.DEVNULL,
            env=os.environ.copy(),
        )
        return round(n / (time.perf_counter() - started))
    finally:
        Path(path).unlink(missing_ok=True)


def best_of(fn: Callable[[], object], repeats: int = 10) -> float:
    fn()  # warm
    samples = []
    for _ in range(repeats):
        started = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


class LiveServer:
    """gunicorn with two workers on the loopback address, for the duration of a `with`."""

    def __init__(self, port: int, workers: int = 2):
        self.port = port
        self.workers = workers
        self.process: subprocess.Popen | None = None

    def __enter__(self):
        gunicorn = Path(sys.executable).with_name("gunicorn")
        self.process = subprocess.Popen(
            [
                str(gunicorn),
                "stoneham_boh.wsgi",
                "--workers",
                str(self.workers),
                "--bind",
                f"127.0.0.1:{self.port}",
                "--log-level",
                "warning",
            ],
            cwd=settings.BASE_DIR,
            env={**os.environ, "DEBUG": "0"},
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/")
                conn.getresponse().read()
                return self
            except OSError:
                time.sleep(0.3)
        raise RuntimeError("gunicorn did not start")

    def __exit__(self, *exc):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=20)


def load(port: int, path: str, cookie: str, seconds: float = 8.0, threads: int = 8) -> dict:
    """Requests from `threads` clients for `seconds` (bounded), on the loopback address only."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def client():
        mine = []
        while time.monotonic() < stop_at:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            started = time.perf_counter()
            try:
                conn.request("GET", path, headers={"Cookie": cookie, "Host": "127.0.0.1"})
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
            except OSError:
                ok = False
            finally:
                conn.close()
            mine.append((time.perf_counter() - started) * 1000)
            if not ok:
                with lock:
                    errors[0] += 1
        with lock:
            latencies.extend(mine)

    workers = [threading.Thread(target=client) for _ in range(threads)]
    started = time.perf_counter()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - started
    return {
        "rps": round(len(latencies) / elapsed, 1),
        "p95_ms": round(percentile(latencies, 0.95), 1) if latencies else None,
        "errors": errors[0],
    }
