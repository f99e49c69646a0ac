"""A value out of its bound is refused for the bound before the ``ci`` hint: ``ci_resamples=0`` (or ``seed=-1``)
without ``ci`` names the bound, so following a hint never leads to a second refusal, on every Python route."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.api import run, score_predictions
from lctg_metrics.evaluate_ctg.lctg_ctg import LctgCtg
from tests.test_family_samples import LINES as IF_LINES
from tests.test_family_samples import ROWS as IF_ROWS
from tests.test_if_evaluate import _load_module as load_if

INSTR_GENS = [{"id": i, "generation": t} for i, t in IF_LINES[:2]]
REFS = [{"instruction_id_list": r["instruction_id_list"], "kwargs": r["kwargs"]} for r in IF_ROWS[:2]]
BAD = [
    ({"ci_resamples": 0}, r"ci_resamples must be a positive int, got 0$"),
    ({"seed": -1}, r"seed must be an integer >= 0 \(a bootstrap seed\), got -1$"),
]


@pytest.mark.parametrize(("given", "message"), BAD)
def test_every_route_names_the_bound_first(built_dataset: Path, given: dict, message: str) -> None:
    ids = ["summary/1614/format"]
    calls = [
        lambda: LctgCtg(keep_in_memory=True).compute(
            predictions=["x"], references=ids, dataset=str(built_dataset), **given
        ),  # fmt: skip
        lambda: score_predictions(["x"], ids, dataset=str(built_dataset), **given),
        lambda: run("lctg", [], dataset=str(built_dataset), options=given),
        lambda: run("instr", INSTR_GENS, rows=IF_ROWS, options={"ci": False, **given}),
        lambda: (
            load_if().LctgIf(keep_in_memory=True).compute(predictions=["a", "b"], references=REFS, ci=False, **given)
        ),  # fmt: skip
    ]
    for call in calls:
        with pytest.raises(ValueError, match=message) as info:
            call()
        assert "pass ci=True" not in str(info.value)


def test_a_good_value_without_ci_still_gets_the_hint_and_following_it_scores(built_dataset: Path) -> None:
    ids = ["summary/1614/format"]
    with pytest.raises(ValueError, match=r"^ci_resamples=50 only sets the resamples .*pass ci=True with it"):
        LctgCtg(keep_in_memory=True).compute(predictions=["x"], references=ids, dataset=str(built_dataset),
                                             ci_resamples=50, missing="skip")  # fmt: skip
    got = LctgCtg(keep_in_memory=True).compute(predictions=["x"], references=ids, dataset=str(built_dataset),
                                               ci=True, ci_resamples=50, missing="skip")  # fmt: skip
    assert "summary/format/ci_low" in got
