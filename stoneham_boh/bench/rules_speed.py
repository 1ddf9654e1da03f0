"""Throughput of the rules, without Django: ``python -m stoneham_boh.bench.rules_speed [N]``
(``make bench`` reports the same measure of ``evaluate``, with Django's check_rules command).

Measures ``evaluate`` on already-parsed facts, and the whole JSON round trip (parse text,
validate, evaluate, dump text) that ``manage.py check_rules`` performs. Targets: 20,000
evaluations a second and 5,000 round trips a second on one core.
"""

from __future__ import annotations

import gc
import json
import sys
import time

from permits.rules.engine import evaluate
from permits.rules.facts import parse_facts
from permits.rules.json_output import check_json
from stoneham_boh.bench.rules_facts import generate_facts


def measure_evaluate(n: int = 10_000, seed: int = 0) -> float:
    """Evaluations per second of :func:`evaluate` on ``n`` generated, parsed facts."""
    facts = [parse_facts(obj) for obj in generate_facts(n, seed)]
    start = time.perf_counter()
    for item in facts:
        evaluate(item)
    return n / (time.perf_counter() - start)


def measure_round_trip(n: int = 10_000, seed: int = 0) -> float:
    """Items per second through JSON text -> validate, evaluate -> JSON text.

    As in ``check_rules``, the cyclic garbage collector is paused for the batch.
    """
    text = json.dumps(generate_facts(n, seed))
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        out = "[" + ", ".join([check_json(obj)[0] for obj in json.loads(text)]) + "]"
        elapsed = time.perf_counter() - start
    finally:
        if enabled:
            gc.enable()
    assert out
    return n / elapsed


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 10_000
    print(f"evaluate:   {measure_evaluate(n):,.0f} evaluations/s")
    print(f"round trip: {measure_round_trip(n):,.0f} items/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
