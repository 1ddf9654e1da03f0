"""The rules' worked examples (tests/rules/samples.py): each satisfies every rule, and a test's
copy is its own."""

from __future__ import annotations

from permits.rules import evaluate, parse_facts
from tests.rules.samples import SAMPLE_FACTS, sample_facts


def test_samples_satisfy_every_rule_and_copies_are_independent():
    for name in SAMPLE_FACTS:
        assert evaluate(parse_facts(sample_facts(name))).eligible, name
    copy = sample_facts("goats")
    copy["animals"].clear()
    assert SAMPLE_FACTS["goats"]["animals"]
