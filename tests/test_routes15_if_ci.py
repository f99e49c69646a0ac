"""The lctg_if module and its Space give the instr family's confidence intervals by default, as ``lctg if-score`` and
``run("instr", ...)`` do: ``seed=`` alone is taken there as in run; ``ci=False`` leaves them out."""

from __future__ import annotations

import importlib.util
import json

import pytest

from lctg_metrics.api import run
from tests.test_family_samples import LINES, ROWS
from tests.test_if_evaluate import _load_module as load_if

REFS = [{"instruction_id_list": r["instruction_id_list"], "kwargs": r["kwargs"]} for r in ROWS[:2]]
TEXTS = [t for _, t in LINES[:2]]
ROWS_BY_POSITION = [{"id": str(i), **r} for i, r in enumerate(REFS)]
GENS = [{"id": str(i), "generation": t} for i, t in enumerate(TEXTS)]
INTERVALS = ("prompt_level_strict_low", "prompt_level_strict_high", "instruction_level_loose_low")


def test_the_module_gives_intervals_by_default_as_run_does() -> None:
    got = load_if().LctgIf(keep_in_memory=True).compute(predictions=TEXTS, references=REFS)
    expected = run("instr", GENS, rows=ROWS_BY_POSITION).flat
    assert all(k in got for k in INTERVALS) and all(k in expected for k in INTERVALS)
    assert {k: got[k] for k in INTERVALS} == {k: expected[k] for k in INTERVALS}


def test_seed_alone_is_taken_as_run_takes_it() -> None:
    got = load_if().LctgIf(keep_in_memory=True).compute(predictions=TEXTS, references=REFS, seed=1)
    expected = run("instr", GENS, rows=ROWS_BY_POSITION, options={"seed": 1}).flat
    assert {k: got[k] for k in INTERVALS} == {k: expected[k] for k in INTERVALS}


def test_ci_false_leaves_them_out_and_then_refuses_a_seed() -> None:
    module = load_if().LctgIf(keep_in_memory=True)
    got = module.compute(predictions=TEXTS, references=REFS, ci=False)
    assert not any(k.endswith(("_low", "_high")) for k in got) and "prompt_level_strict" in got
    with pytest.raises(ValueError, match=r"^instr: seed=3 only seeds the resampling .*pass ci=True with it"):
        module.compute(predictions=TEXTS, references=REFS, ci=False, seed=3)


def test_the_card_says_the_default() -> None:
    from tests.conftest import PROJECT_ROOT

    card = (PROJECT_ROOT / "lctg_metrics" / "evaluate_if" / "README.md").read_text(encoding="utf-8")
    assert "**ci** (`bool`, default `True`" in card and "default `False`): also return percentile" not in card


@pytest.mark.slow  # imports gradio and evaluate
@pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed")
def test_the_space_gives_them_and_takes_seed_alone(tmp_path, monkeypatch) -> None:
    from tests.test_routes8_space import _app

    app = _app(tmp_path, monkeypatch, "evaluate_if", "lctg_if")
    plain = app.compute(json.dumps(TEXTS), json.dumps(REFS), "{}")
    seeded = app.compute(json.dumps(TEXTS), json.dumps(REFS), '{"seed": 1}')
    expected = run("instr", GENS, rows=ROWS_BY_POSITION, options={"seed": 1}).flat
    assert all(k in plain for k in INTERVALS)
    assert {k: seeded[k] for k in INTERVALS} == {k: expected[k] for k in INTERVALS}
