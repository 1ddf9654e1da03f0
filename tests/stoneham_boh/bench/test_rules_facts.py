"""The benchmark's load for the rules (stoneham_boh/bench/rules_facts.py): deterministic, valid,
a realistic mix; and the rules' throughput measured without Django, as the rules run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from permits.rules import check
from stoneham_boh.bench.rules_facts import generate_facts

ROOT = Path(__file__).resolve().parents[3]


def test_same_seed_same_facts_other_seed_other_facts():
    assert generate_facts(50, seed=7) == generate_facts(50, seed=7)
    assert generate_facts(50, seed=7) != generate_facts(50, seed=8)


def test_generated_facts_are_all_valid_and_mixed():
    results = [check(facts) for facts in generate_facts(500, seed=1)]
    assert all("error" not in result for result in results)
    eligible = sum(result["eligible"] for result in results)
    assert 0 < eligible < len(results)
    assert any(not result["permit_required"] for result in results)


def test_the_rules_speed_is_measured_without_loading_django():
    script = (
        "import sys\n"
        "from stoneham_boh.bench import rules_speed\n"
        "rules_speed.main(['200'])\n"
        "print('django loaded' if 'django' in sys.modules else 'no django')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert "evaluations/s" in done.stdout and "round trip:" in done.stdout
    assert done.stdout.strip().endswith("no django")
