"""Hints that name a Python call work when followed: ``api.run('lctg', …)`` takes the generation dicts
``score_instructions``' other-family hint is given; ``run('ifsm', FILE)`` without a build says what to pass; the
missing-generations error in Python names ``missing='skip'``, not a flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.api import run, score_predictions_result
from lctg_metrics.cli import main
from lctg_metrics.inputs.generations import read_generations
from lctg_metrics.schema import ScoringError


@pytest.fixture(scope="module")
def gens(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("api_run") / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "-o", str(path)]) == 0
    return path


def test_run_takes_generation_dicts_as_a_file_holds_them(built_dataset: Path, gens: Path) -> None:
    import json

    records = [json.loads(line) for line in gens.read_text(encoding="utf-8").splitlines()]
    from_dicts = run("lctg", records, dataset=str(built_dataset))
    from_file = run("lctg", str(gens), dataset=str(built_dataset))
    assert from_dicts.flat == from_file.flat and from_dicts.signature == from_file.signature
    assert len(records) == len(read_generations(gens))


def test_run_names_the_field_a_dict_lacks(built_dataset: Path) -> None:
    with pytest.raises(ScoringError, match=r"generations\[0\]: missing field 'generation'"):
        run("lctg", [{"id": "summary/1614/format"}], dataset=str(built_dataset))


def test_run_ifsm_without_a_build_names_the_rows_to_pass() -> None:
    with pytest.raises(ScoringError, match=r"rows=lctg_dataset\.stories\.load_story_rows\(FOLDER"):
        run("ifsm", [{"id": "story_endings/x_0", "generation": "They went home."}])


def test_a_partial_run_in_python_names_the_keyword(built_dataset: Path) -> None:
    with pytest.raises(ScoringError) as e:
        score_predictions_result(["a"], ["summary/1614/format"], dataset=str(built_dataset))
    assert "missing='skip'" in str(e.value) and "--missing" not in str(e.value)
