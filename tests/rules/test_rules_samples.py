"""The benchmark's facts generator: deterministic, valid, and a realistic mix."""

from __future__ import annotations

from permits.rules import check, evaluate, parse_facts
from permits.rules.samples import SAMPLE_FACTS, generate_facts, sample_facts


def test_same_seed_same_facts_other_seed_other_facts():
    assert generate_facts(50, seed=7) == generate_facts(50, seed=7)
    assert generate_facts(50, seed=7) != generate_facts(50, seed=8)


def test_generated_facts_are_all_valid_and_mixed():
    results = [check(facts) for facts in generate_facts(500, seed=1)]
    assert all("error" not in result for result in results)
    eligible = sum(result["eligible"] for result in results)
    assert 0 < eligible < len(results)
    assert any(not result["permit_required"] for result in results)


def test_samples_satisfy_every_rule_and_copies_are_independent():
    for name in SAMPLE_FACTS:
        assert evaluate(parse_facts(sample_facts(name))).eligible, name
    copy = sample_facts("goats")
    copy["animals"].clear()
    assert SAMPLE_FACTS["goats"]["animals"]
