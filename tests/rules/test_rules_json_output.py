"""The fast JSON writer prints exactly what ``json.dumps`` of the contract's dict would."""

from __future__ import annotations

import json

import pytest

from permits.rules import check, evaluate, parse_facts
from permits.rules.json_output import check_json, result_json
from stoneham_boh.bench.rules_facts import generate_facts
from tests.rules.samples import sample_facts


def test_results_are_byte_identical_to_json_dumps():
    for facts in generate_facts(1000, seed=11):
        result = evaluate(parse_facts(facts))
        assert result_json(result) == json.dumps(result.to_dict())


def test_unusual_numbers_and_text_are_encoded_like_json():
    facts = sample_facts("goats")
    facts["structures"][0]["id"] = 'Bärn "B" \\ ☃'
    facts["structures"][0]["distances_ft"]["property_line"] = 49.99999999999999
    facts["lot"]["area_acres"] = 1e-7
    result = evaluate(parse_facts(facts))
    assert result_json(result) == json.dumps(result.to_dict())


@pytest.mark.parametrize("obj", [sample_facts("horses"), {"application": 3}, [], None])
def test_check_json_matches_check(obj):
    text, valid = check_json(obj)
    assert json.loads(text) == check(obj)
    assert valid is ("error" not in check(obj))
