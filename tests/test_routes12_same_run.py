"""One run is one model, however it is given: ``compare`` and ``substitutability`` refuse two files holding the same
run (a copy, its lines in another order, the same run's details written twice), in one line naming both paths, as
they refuse one file given twice; runs that differ in one verdict are still two models."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main

SIG = (
    "lctg|profile:upstream|count:cp|norm:none|affix:10/10/10|short:fail|empty:score|think:keep|"
    "cleaner:rule@1.0|judge:none|data:1.0.0|version:0.1.0"
)
ASPECTS = ("format", "char_count", "keyword", "prohibited_word")


def _records(passing: int, n_prompts: int = 10, flip: int | None = None) -> list[dict]:
    """Summary details: in every aspect the first ``passing`` prompts pass; ``flip``: that prompt's format verdict
    turned (one verdict apart)."""
    out = []
    for p in range(n_prompts):
        for aspect in ASPECTS:
            passed = (p < passing) != (p == flip and aspect == "format")
            out.append(
                {
                    "id": f"summary/{100 + p}/{aspect}",
                    "sample": 0,
                    "task": "summary",
                    "prompt_id": 100 + p,
                    "aspect": aspect,
                    "variant": None,
                    "passed": passed,
                    "reason": "ok" if passed else "missing keyword 「猫」",
                    "generation": f"本文{p}",
                    "cleaned": f"本文{p}",
                    "signature": SIG,
                }
            )
    return out


def _write(path: Path, records: list[dict], newline: str = "\n") -> str:
    path.write_bytes("".join(json.dumps(r, ensure_ascii=False) + newline for r in records).encode("utf-8"))
    return str(path)


@pytest.fixture
def runs(tmp_path: Path) -> dict[str, str]:
    base = _records(6)
    return {
        "d1": _write(tmp_path / "d1.jsonl", base),
        "copy": _write(tmp_path / "copy.jsonl", base),
        "reordered": _write(tmp_path / "reordered.jsonl", base[::-1], newline="\r\n"),
        "d2": _write(tmp_path / "d2.jsonl", _records(6, flip=2)),
        "d3": _write(tmp_path / "d3.jsonl", _records(3)),
        "d4": _write(tmp_path / "d4.jsonl", _records(8)),
    }


def _err(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("other", ["copy", "reordered"])
def test_compare_refuses_two_files_of_one_run(other: str, runs: dict[str, str], capsys) -> None:
    err = _err(["compare", runs["d1"], runs[other], "--ci-resamples", "20"], capsys)
    assert f"{other} ({runs[other]}) is a copy of the same run as d1 ({runs['d1']}) (identical records)" in err, err
    assert err.endswith("compare needs each model's own details; give each model's own file")


def test_substitutability_refuses_two_files_of_one_run_among_others(runs: dict[str, str], capsys) -> None:
    err = _err(["substitutability", runs["d3"], runs["d1"], runs["d4"], runs["copy"]], capsys)
    assert f"copy ({runs['copy']}) is a copy of the same run as d1 ({runs['d1']}) (identical records)" in err, err
    assert "substitutability needs each model's own details" in err


def test_one_file_twice_is_still_named_as_one_file(runs: dict[str, str], capsys) -> None:
    err = _err(["compare", runs["d1"], runs["d1"]], capsys)
    assert "is the same file as" in err and "copy of the same run" not in err


def test_runs_one_verdict_apart_are_two_models(runs: dict[str, str], capsys) -> None:
    """An honest pair of nearly equal runs is compared (the refusal is not a closeness test)."""
    assert main(["compare", runs["d1"], runs["d2"], "--ci-resamples", "20"]) == 0
    out, err = capsys.readouterr()
    assert "same run" not in err and "summary" in out


def test_three_different_runs_are_analysed(runs: dict[str, str], capsys) -> None:
    pytest.importorskip("numpy")
    main(["substitutability", runs["d1"], runs["d3"], runs["d4"]])
    assert "same run" not in capsys.readouterr().err


@pytest.mark.slow  # samples and scores a run twice
def test_the_same_run_scored_twice_is_one_model(built_dataset: Path, tmp_path: Path, monkeypatch, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    b = str(built_dataset)
    assert main(["sample", "--dataset", b, "--task", "summary", "--seed", "4", "-o", "g.jsonl"]) == 0
    for name in ("a.jsonl", "b.jsonl"):
        assert main(["score", "g.jsonl", "--dataset", b, "--task", "summary", "--details", name]) == 0
    capsys.readouterr()
    err = _err(["compare", "a.jsonl", "b.jsonl"], capsys)
    assert "b (b.jsonl) is a copy of the same run as a (a.jsonl) (identical records)" in err, err


def test_part_of_one_run_is_not_a_second_model(runs: dict[str, str], tmp_path: Path, capsys) -> None:
    """The details of some prompts of a run (its ``--task`` part, here the first 6 prompts of 10) hold records of the
    whole run line for line: one model, refused; the same prompts of another run are a second model."""
    part = _write(tmp_path / "part.jsonl", _records(6)[: 6 * len(ASPECTS)])
    err = _err(["compare", runs["d1"], part, "--ci-resamples", "20"], capsys)
    assert f"part ({part}) is part of the same run as d1 ({runs['d1']})" in err, err
    other_part = _write(tmp_path / "other_part.jsonl", _records(6, flip=2)[: 6 * len(ASPECTS)])
    main(["compare", runs["d1"], other_part, "--ci-resamples", "20"])
    assert "same run" not in capsys.readouterr().err
