"""A multi run's prompt-level rows (what the config exists for) are in ``lctg report`` made from its details alone,
with their legend; ``score --ci`` and its help say the intervals are the cells' (prompt-level rows have none); and
score's help shows ``--ci-resamples N`` and the seed as every command shows them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main


@pytest.fixture(scope="module")
def multi(built_dataset_derived: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Toy multi generations scored with --details and --json (the expected prompt-level values)."""
    base = tmp_path_factory.mktemp("r15report")
    b = str(built_dataset_derived)
    assert main(["sample", "--dataset", b, "--config", "multi", "--samples", "2", "-o", str(base / "gm.jsonl")]) == 0
    argv = ["score", str(base / "gm.jsonl"), "--dataset", b, "--config", "multi"]
    assert main([*argv, "--details", str(base / "dm.jsonl"), "--json", str(base / "rm.json")]) == 0
    return base


@pytest.mark.slow  # draws the report's figures
def test_the_report_from_details_alone_shows_prompt_level(multi: Path) -> None:
    expected = json.loads((multi / "rm.json").read_text(encoding="utf-8"))["prompt_level"]
    assert main(["report", str(multi / "dm.jsonl"), "-o", str(multi / "r.md")]) == 0
    text = (multi / "r.md").read_text(encoding="utf-8")
    line = "prompt-level: " + ", ".join(f"{t} {v:.3f}" for t, v in expected.items())
    assert line in text and "note: prompt-level = share of the task's prompts meeting all four controls" in text


@pytest.mark.slow  # draws the report's figures
def test_a_report_without_a_multi_task_has_no_prompt_level(built_dataset: Path, tmp_path: Path) -> None:
    b = str(built_dataset)
    assert main(["sample", "--dataset", b, "--task", "summary", "-o", str(tmp_path / "g.jsonl")]) == 0
    argv = ["score", str(tmp_path / "g.jsonl"), "--dataset", b, "--task", "summary"]
    assert main([*argv, "--details", str(tmp_path / "d.jsonl")]) == 0
    assert main(["report", str(tmp_path / "d.jsonl"), "-o", str(tmp_path / "r.md")]) == 0
    assert "prompt-level" not in (tmp_path / "r.md").read_text(encoding="utf-8")


def test_score_ci_says_prompt_level_rows_have_none(multi: Path, built_dataset_derived: Path, capsys) -> None:
    capsys.readouterr()
    argv = ["score", str(multi / "gm.jsonl"), "--dataset", str(built_dataset_derived), "--config", "multi", "--ci"]
    assert main([*argv, "--ci-resamples", "50"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.strip().startswith("prompt-level = "))
    assert line.endswith("; it has no interval (the [low,high] are the task × aspect cells')"), line


def test_score_help_names_the_flags_as_every_command(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--ci-resamples N " in text and "CI_RESAMPLES" not in text
    assert "seed of every random draw this command makes (the bootstrap's)" in text
    assert "rows have none" in text and "task × aspect cell and Avg" in text
