"""IFSM's seed out of bounds names what it draws (the split, the templates and the bootstrap) on the Python routes as
``lctg ifsm --seed`` does; the other families keep "a bootstrap seed"."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_dataset.stories import load_story_rows
from lctg_metrics.schema import ScoringError

FIXTURE = Path(__file__).parent / "data" / "ifsm"
DRAWS = "the seed of the eval/fit split, the instruction templates and the bootstrap"


def test_run_names_what_the_ifsm_seed_draws() -> None:
    from lctg_metrics.api import run

    rows = load_story_rows(FIXTURE, include_contexts=True)
    with pytest.raises(ScoringError) as e:
        run("ifsm", [], rows=rows, options={"seed": -1})
    assert str(e.value) == f"ifsm: seed must be an integer >= 0 ({DRAWS}), got -1"


def test_the_lctg_family_keeps_its_bootstrap_wording() -> None:
    from lctg_metrics.family import load, option_values

    with pytest.raises(ScoringError) as e:
        option_values(load("lctg"), {"seed": -1, "ci": True})
    assert "(a bootstrap seed)" in str(e.value) and "split" not in str(e.value)


@pytest.mark.slow  # loads the evaluate module
def test_the_module_names_what_the_ifsm_seed_draws() -> None:
    import evaluate

    module = evaluate.load(str(Path(__file__).parents[1] / "lctg_metrics" / "evaluate_ifsm" / "lctg_ifsm.py"))
    with pytest.raises(ValueError) as e:
        module.compute(predictions=[], references=[], seed=-1, stories_source=str(FIXTURE))
    assert f"seed must be an integer >= 0 ({DRAWS}), got -1" in str(e.value)
