"""The run options every family shares (``ci_resamples``, ``seed``) are checked by one rule on every Python route,
by their public names: ``run`` of each family, the lctg_if and lctg_ifsm modules."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.api import run, score_predictions
from lctg_metrics.evaluate_ctg.lctg_ctg import LctgCtg
from lctg_metrics.schema import ScoringError
from tests.test_family_samples import LINES as IF_LINES
from tests.test_family_samples import ROWS as IF_ROWS
from tests.test_if_evaluate import _load_module as load_if
from tests.test_ifsm_cli import FIXTURE
from tests.test_ifsm_evaluate import _load_module as load_ifsm

IFSM_GENS = [{"id": "story_endings/a_0", "generation": "x"}]
INSTR_GENS = [{"id": i, "generation": t} for i, t in IF_LINES[:2]]
BAD = [
    ({"ci_resamples": 0}, r"ci_resamples must be a positive int, got 0"),
    ({"ci_resamples": -3}, r"ci_resamples must be a positive int, got -3"),
    ({"ci_resamples": 200_000}, r"ci_resamples 200,000 is over the limit of 100,000"),
    # what the seed draws: the bootstrap (lctg, instr), also the split and templates (ifsm: test_routes17_seed_words)
    ({"seed": -1}, r"seed must be an integer >= 0 \((a bootstrap seed|the seed of the eval/fit [^)]+)\), got -1"),
]


@pytest.mark.parametrize(("options", "message"), BAD)
def test_every_family_refuses_the_same_bad_values_by_the_public_name(
    built_dataset: Path, options: dict, message: str
) -> None:
    calls = {
        "lctg": lambda o: run("lctg", [], dataset=str(built_dataset), options={"ci": True, **o}),
        "instr": lambda o: run("instr", INSTR_GENS, rows=IF_ROWS, options=o),
        "ifsm": lambda o: run("ifsm", IFSM_GENS, rows=[{"id": "x"}], options=o),
    }
    for name, call in calls.items():
        with pytest.raises(ScoringError, match=rf"^{name}: {message}") as info:
            call(options)
        assert "n_resamples" not in str(info.value) and "\n" not in str(info.value)


def test_ifsm_zero_resamples_is_refused_not_signed_boot_0() -> None:
    with pytest.raises(ScoringError, match=r"^ifsm: ci_resamples must be a positive int, got 0$"):
        run("ifsm", IFSM_GENS, rows=[{"id": "x"}], options={"ci_resamples": 0})


def test_an_honest_resample_count_and_seed_still_run() -> None:
    got = run("instr", INSTR_GENS, rows=IF_ROWS, options={"ci_resamples": 50, "seed": 7})
    assert "boot:50" in got.signature or any(k.endswith("_low") for k in got.flat)


def test_the_modules_name_seed_and_ci_resamples() -> None:
    lctg_if = load_if().LctgIf(keep_in_memory=True)
    refs = [{"instruction_id_list": r["instruction_id_list"], "kwargs": r["kwargs"]} for r in IF_ROWS[:2]]
    texts = [t for _, t in IF_LINES[:2]]
    with pytest.raises(ValueError, match=r"^instr: seed must be an integer >= 0 \(a bootstrap seed\), got -1$"):
        lctg_if.compute(predictions=texts, references=refs, ci=True, seed=-1)
    ifsm = load_ifsm().LctgIfsm(keep_in_memory=True)
    for kwargs, message in BAD:
        with pytest.raises(ValueError, match=rf"^ifsm: {message}"):
            ifsm.compute(predictions=["x"], references=["story_endings/a_0"], reader="embedding",
                         stories_source=str(FIXTURE), **kwargs)  # fmt: skip


def test_seed_or_resamples_without_ci_is_refused_as_the_cli_refuses_it(built_dataset: Path) -> None:
    message = r"seed=3 only seeds the resampling of the confidence intervals; pass ci=True with it, or drop it$"
    with pytest.raises(ScoringError, match=rf"^lctg: {message}"):
        run("lctg", [], dataset=str(built_dataset), options={"seed": 3})
    with pytest.raises(ScoringError, match=rf"^instr: {message}"):
        run("instr", INSTR_GENS, rows=IF_ROWS, options={"ci": False, "seed": 3})
    with pytest.raises(ScoringError, match=r"^lctg: ci_resamples=200 only sets the resamples of the confidence"):
        run("lctg", [], dataset=str(built_dataset), options={"ci_resamples": 200})
    with pytest.raises(ScoringError, match=r"^seed=4 only seeds the resampling"):
        score_predictions(["x"], ["summary/1614/format"], dataset=str(built_dataset), seed=4)
    ctg = LctgCtg(keep_in_memory=True)
    with pytest.raises(ValueError, match=r"^seed=4 only seeds the resampling"):
        ctg.compute(predictions=["x"], references=["summary/1614/format"], dataset=str(built_dataset), seed=4)
    refs = [{"instruction_id_list": r["instruction_id_list"], "kwargs": r["kwargs"]} for r in IF_ROWS[:2]]
    with pytest.raises(ValueError, match=rf"^instr: {message}"):
        load_if().LctgIf(keep_in_memory=True).compute(predictions=["a", "b"], references=refs, ci=False, seed=3)


def test_the_default_seed_or_one_with_ci_still_runs(built_dataset: Path) -> None:
    recs = [{"id": "summary/1614/format", "generation": "x"}]
    plain = run("lctg", recs, dataset=str(built_dataset), options={"seed": 0, "missing": "skip"})
    with_ci = run("lctg", recs, dataset=str(built_dataset), options={"ci": True, "seed": 3, "missing": "skip"})
    assert plain.signature == with_ci.signature and "summary/format/ci_low" in with_ci.flat
    # IFSM's seed also draws its split and templates, and its intervals are always on: no ci rule on it
    with pytest.raises(ScoringError, match=r"^story_endings rows: question_id"):  # past the options, to the rows
        run("ifsm", IFSM_GENS, rows=[{"id": "x"}], options={"seed": 3})
