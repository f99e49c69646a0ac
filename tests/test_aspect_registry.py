"""An aspect is one module: a toy aspect registered here appears in scoring, details, the table and the JSON
without touching any other file."""

from __future__ import annotations

import json

import pytest

from lctg_metrics import aspects
from lctg_metrics.aspects import Aspect, Verdict
from lctg_metrics.render import format_table
from lctg_metrics.scoring import Generation, ScoringError, score


def _ends_with_period(texts, constraint, options) -> Verdict:
    cleaned = texts[1].rstrip()
    return Verdict(cleaned.endswith("。"), "ends with 「。」" if cleaned.endswith("。") else "does not end with 「。」")


TOY = Aspect("ends_with_period", _ends_with_period, heading="PERIOD", column="Period")


def _ref(pid: int, names: list[str]) -> dict:
    return {
        "id": f"summary/{pid}/toy",
        "task": "summary",
        "prompt_id": pid,
        "aspects": names,
        "min_chars": None,
        "max_chars": None,
        "keyword": "京都",
        "prohibited_word": None,
        "variant": None,
        "dataset_version": "toy",
    }


def test_a_registered_aspect_flows_through_every_output():
    refs = [_ref(1, ["ends_with_period", "keyword"]), _ref(2, ["ends_with_period", "keyword"])]
    gens = [
        Generation("summary/1/toy", "京都に新しい店ができた。"),
        Generation("summary/2/toy", "大阪に新しい店ができた"),
    ]
    with aspects.registered(TOY):
        result = score(gens, refs, cleaner="none")
        table = format_table(result)
    assert result.scores["summary"]["ends_with_period"] == 0.5
    assert result.scores["summary"]["keyword"] == 0.5
    assert result.prompt_level == {"summary": 0.5}
    assert {(it.id, it.aspect, it.passed) for it in result.items} >= {
        ("summary/1/toy", "ends_with_period", True),
        ("summary/2/toy", "ends_with_period", False),
    }
    assert "PERIOD" in table.splitlines()[0]
    assert json.loads(json.dumps(result.to_dict()))["counts"]["summary"]["ends_with_period"]["total"] == 2
    # once unregistered, the name is unknown again (and says which names are valid)
    with pytest.raises(ScoringError, match="unknown aspect.*ends_with_period"):
        score(gens, refs, cleaner="none")


def test_registering_a_name_twice_is_refused():
    with aspects.registered(TOY), pytest.raises(ValueError, match="already registered"):
        aspects.register(TOY)


def test_an_aspect_names_only_known_constraint_fields():
    with pytest.raises(ValueError, match="unknown constraint field"):
        Aspect("x", _ends_with_period, heading="X", column="X", fields=("colour",))
