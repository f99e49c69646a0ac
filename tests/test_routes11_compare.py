"""One file is never two models: ``compare d1 d1`` and ``substitutability d1 d1 d2`` are refused (so is a copy of
one run, tests/test_routes12_same_run.py), while two runs of different seeds compare; an
if-score details file given to substitutability names substitutability, not other commands."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lctg_metrics.cli import main


@pytest.fixture(scope="module")
def work(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("same_run")
    b = str(built_dataset)
    for seed in (1, 2):
        g = base / f"g{seed}.jsonl"
        assert main(["sample", "--dataset", b, "--task", "summary", "--seed", str(seed), "-o", str(g)]) == 0
        assert (
            main(["score", str(g), "--dataset", b, "--task", "summary", "--details", str(base / f"d{seed}.jsonl")]) == 0
        )
    shutil.copy(base / "d1.jsonl", base / "copy.jsonl")
    return base


def _run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as e:
        return int(e.code or 0)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["compare", "d1.jsonl", "d1.jsonl"], "is the same file as"),
        (["substitutability", "d1.jsonl", "d1.jsonl", "d2.jsonl"], "is the same file as"),
    ],
)
def test_one_run_given_as_two_models_is_refused(
    work: Path, argv: list[str], said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(work)
    assert _run(argv) == 2
    err = capsys.readouterr().err.strip()
    assert said in err and "\n" not in err and "give each model's own file" in err


def test_two_runs_still_compare(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(work)
    assert _run(["compare", "d1.jsonl", "d2.jsonl"]) == 0


def test_other_details_name_the_command_that_reads_them(
    work: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(work)
    line = '{"key": "instructions/x/0", "instruction_id": "rule:no_comma", "index": 0, "strict": true, "loose": true}\n'
    (work / "di.jsonl").write_text(line, encoding="utf-8")
    assert _run(["substitutability", "d1.jsonl", "d2.jsonl", "di.jsonl"]) == 2
    err = capsys.readouterr().err
    assert "lctg substitutability reads LCTG Bench details" in err and "report/compare" not in err
