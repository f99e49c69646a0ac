"""Multi generations scored without the multi config get the CLI's hint on the Python routes too: ``run("lctg", ...)``
and the ``lctg_ctg`` module (which takes ``config=`` as ``lctg_if`` does) name ``config='multi'``; following it
scores the run as ``lctg score --config multi`` does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.api import run, score_predictions
from lctg_metrics.cli import main
from lctg_metrics.evaluate_ctg.lctg_ctg import LctgCtg
from lctg_metrics.schema import ScoringError

HINT = r"id 'summary/\d+/multi' is a row of the dataset's multi config, not of all: pass config='multi'$"


@pytest.fixture(scope="module")
def multi(built_dataset_derived: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    """Toy multi generations (one sample) and lctg score --config multi's JSON result of them."""
    base = tmp_path_factory.mktemp("r15multi")
    gens, result = base / "gm.jsonl", base / "gm.json"
    b = str(built_dataset_derived)
    assert main(["sample", "--dataset", b, "--config", "multi", "--samples", "1", "-o", str(gens)]) == 0
    assert main(["score", str(gens), "--dataset", b, "--config", "multi", "--json", str(result)]) == 0
    return gens, json.loads(result.read_text(encoding="utf-8"))


def test_run_names_config_multi_and_following_it_scores(built_dataset_derived: Path, multi) -> None:
    gens, cli = multi
    with pytest.raises(ScoringError, match=rf"^{gens}:1: {HINT}"):
        run("lctg", str(gens), dataset=str(built_dataset_derived))
    got = run("lctg", str(gens), dataset=str(built_dataset_derived), config="multi")
    assert got.signature == cli["signature"] and got.json["scores"] == cli["scores"]


def test_the_module_takes_config_and_names_it(built_dataset_derived: Path, multi) -> None:
    gens, cli = multi
    lines = [json.loads(line) for line in gens.read_text(encoding="utf-8").splitlines()]
    kwargs = {
        "predictions": [g["generation"] for g in lines],
        "references": [g["id"] for g in lines],
        "dataset": str(built_dataset_derived),
    }
    module = LctgCtg(keep_in_memory=True)
    with pytest.raises(ScoringError, match=rf"^references\[0\]: {HINT}"):
        module.compute(**kwargs)
    got = module.compute(**kwargs, config="multi")
    assert got["signature"] == cli["signature"]
    assert got["summary/average"] == pytest.approx(cli["scores"]["summary"]["average"], abs=1e-12)
    # score_predictions without config looks the ids up in any config (as before); with it, in that one
    assert score_predictions(**kwargs)["signature"] == cli["signature"]
    with pytest.raises(ScoringError, match=r"^references\[0\]: id 'summary/\d+/format' is a row of the dataset's all"):
        score_predictions(["x"], ["summary/1614/format"], dataset=str(built_dataset_derived), config="multi")


def test_config_without_a_dataset_is_one_line() -> None:
    with pytest.raises(ValueError, match=r"^lctg_ctg: config='multi' names the config of dataset= .*no dataset"):
        LctgCtg(keep_in_memory=True).compute(predictions=["x"], references=["summary/1614/format"], config="multi")
    with pytest.raises(ScoringError, match=r"^config='multi' names the config row ids are read from; pass dataset="):
        score_predictions(["x"], ["summary/1614/format"], config="multi")
