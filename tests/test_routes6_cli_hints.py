"""Hints that work as printed: ``lctg report``/``compare`` given a folder, a missing file in a sub-folder, or another
family's details file; a renamed flag that may have meant another one; ``lctg score`` given an lm-eval output
folder without ``--from lm-eval``. Every error one line, exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main


def _err(capsys, argv: list[str]) -> str:
    try:
        code = main(argv)
    except SystemExit as e:
        code = e.code
    assert code == 2, argv
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err.strip()


def test_a_missing_details_file_keeps_its_path(tmp_path: Path, capsys) -> None:
    sub = tmp_path / "sub" / "missing.jsonl"
    err = _err(capsys, ["report", str(sub), "-o", str(tmp_path / "x.html")])
    assert f"details file {sub} does not exist" in err and f"--details {sub})" in err


def test_a_folder_names_a_details_file_inside(tmp_path: Path, capsys) -> None:
    rep = tmp_path / "rep"
    (rep / "runs").mkdir(parents=True)
    # a details line (its verdict fields) beside a JSONL file of something else: only the details file is offered
    (rep / "runs" / "d.jsonl").write_text(
        '{"id": "summary/1/format", "sample": 0, "aspect": "format", "passed": true}\n', encoding="utf-8"
    )
    (rep / "a_other.jsonl").write_text("{}\n", encoding="utf-8")
    err = _err(capsys, ["report", str(rep), "-o", str(tmp_path / "x.html")])
    assert f"{rep} is a folder" in err and f"e.g. {rep / 'runs' / 'd.jsonl'}" in err and "does not exist" not in err
    err = _err(capsys, ["compare", str(rep), str(rep / "runs" / "d.jsonl")])
    assert f"{rep} is a folder" in err


@pytest.mark.parametrize(
    "record, kind",
    [
        (
            {"key": "if/1", "instruction_id": "keywords:existence", "index": 0, "strict": True, "loose": True},
            "if-score",
        ),
        ({"id": "story_endings/q1", "hit": True, "choice": 1, "guard": None}, "ifsm"),
    ],
)
def test_another_familys_details_file_is_named(tmp_path: Path, capsys, record: dict, kind: str) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    err = _err(capsys, ["report", str(path), "-o", str(tmp_path / "x.html")])
    assert f"{path}: an lctg {kind} details file" in err and "not the --details output of lctg score" in err


def test_a_real_details_file_still_reads(built_dataset: Path, tmp_path: Path, capsys) -> None:
    """An honest input is untouched by the checks above: the details of a real run make a report."""
    pytest.importorskip("matplotlib")
    pytest.importorskip("jinja2")
    gens = tmp_path / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "--task", "ad_text", "-o", str(gens)]) == 0
    details = tmp_path / "runs" / "d.jsonl"
    args = ["score", str(gens), "--dataset", str(built_dataset), "--task", "ad_text", "--details", str(details)]
    assert main([*args, "--no-progress"]) == 0
    capsys.readouterr()
    assert main(["report", str(details), "-o", str(tmp_path / "r.html")]) == 0
    assert (tmp_path / "r.html").stat().st_size > 0


@pytest.mark.parametrize("old", ["--sample", "--no-sample"])
def test_the_old_sampling_switch_names_the_samples_flag_too(capsys, old: str) -> None:
    err = _err(capsys, ["lm-eval-tasks", "--dataset", "d", "-o", "t", old, "3"])
    new = "--do-sample" if old == "--sample" else "--no-do-sample"
    assert f"error: {old} is now {new} (the old name was removed)" in err and "--samples N" in err


def test_score_of_an_lm_eval_folder_hints_from_lm_eval(built_dataset: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out" / "model"
    out.mkdir(parents=True)
    (out / "samples_lctg_summary_format_2026.jsonl").write_text("{}\n", encoding="utf-8")
    err = _err(capsys, ["score", str(tmp_path / "out"), "--dataset", str(built_dataset)])
    assert err.startswith("lctg score: error: ") and "add --from lm-eval" in err
    plain = tmp_path / "plain"
    plain.mkdir()
    err = _err(capsys, ["score", str(plain), "--dataset", str(built_dataset)])
    assert "is a folder: give the generations file in it" in err and "lm-eval" not in err
