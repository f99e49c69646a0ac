"""The lctg_if module with row ids: a part of the config is refused, never signed as a whole run (as ``lctg
if-score`` refuses it); empty inputs and a reference dict without its fields are one-line errors, not evaluate's
IndexError or KeyError."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from lctg_metrics.evaluate_if.lctg_if import LctgIf
from lctg_metrics.schema import ScoringError
from tests.shared_builds import lctg_build


@pytest.fixture(scope="module")
def build(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lctg_build(tmp_path_factory, source_dir, "instructions_build", instructions=True)


@pytest.fixture(scope="module")
def outputs(build: Path, tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    path = tmp_path_factory.mktemp("if_outputs") / "i.jsonl"
    assert main(["sample", "--dataset", str(build), "--config", "instructions", "-o", str(path)]) == 0
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_a_partial_run_by_row_id_is_refused(build: Path, outputs: list[dict]) -> None:
    with pytest.raises(ValueError, match=rf"no prediction for {len(outputs) - 1} of the {len(outputs)} row\(s\)"):
        LctgIf().compute(predictions=[outputs[0]["generation"]], references=[outputs[0]["id"]], dataset=str(build))


@pytest.mark.slow  # over 2 s: a whole run, or every module of the package read
def test_the_whole_run_by_row_id_scores_as_if_score(
    build: Path, outputs: list[dict], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = LctgIf().compute(
        predictions=[o["generation"] for o in outputs], references=[o["id"] for o in outputs], dataset=str(build)
    )
    gen = tmp_path / "i.jsonl"
    gen.write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in outputs), encoding="utf-8")
    assert main(["if-score", str(gen), "--dataset", str(build), "--json", str(tmp_path / "r.json")]) == 0
    cli = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert out["signature"] == cli["signature"] and "cover:" not in out["signature"]
    assert out["prompt_level_strict"] == pytest.approx(cli["scores"]["prompt_level"]["strict"]["estimate"])


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"predictions": [], "references": []}, "predictions is empty"),
        ({"predictions": ["a"], "references": []}, "references is empty"),
        ({"predictions": ["a"], "references": [{"instruction_id_list": ["rule:no_comma"]}]}, "'kwargs' field"),
        ({"predictions": ["a"], "references": [{"kwargs": ["{}"]}]}, "'instruction_id_list' field"),
    ],
)
def test_wrong_inputs_are_one_line(kwargs: dict, named: str) -> None:
    with pytest.raises(ScoringError, match=named) as e:
        LctgIf().compute(**kwargs)
    assert "\n" not in str(e.value)


def test_an_honest_dict_reference_still_scores() -> None:
    out = LctgIf().compute(
        predictions=["京都で抹茶。"], references=[{"instruction_id_list": ["rule:no_comma"], "kwargs": ["{}"]}]
    )
    assert out["prompt_level_strict"] == 1.0
