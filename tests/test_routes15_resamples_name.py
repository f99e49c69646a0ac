"""One name for the resamples in every JSON file a command writes (``ci.resamples``, as ``lctg score --json``):
``if-score --json`` (from a build and from M-IFEval files) and ``compare --json`` no longer write ``n_resamples``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_routes11_outputs import _run, work  # noqa: F401 (the fixture: a build with instructions, toy files)


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.slow  # a whole if-score run and a compare
def test_if_score_and_compare_name_the_resamples_as_score_does(
    work: Path,
    monkeypatch: pytest.MonkeyPatch,  # noqa: F811
) -> None:
    assert _run(work, "if-score i.jsonl --dataset B --ci-resamples 50 --seed 4 --json r15_i.json", monkeypatch) == 0
    got = json.loads((work / "r15_i.json").read_text(encoding="utf-8"))
    assert got["ci"]["resamples"] == 50 and got["ci"]["seed"] == 4 and got["ci"]["level"] == 0.95
    assert "n_resamples" not in _keys(got)
    assert _run(work, "score g1.jsonl --dataset B --task summary --ci --ci-resamples 50 --json r15_s.json",
                monkeypatch) == 0  # fmt: skip
    score = json.loads((work / "r15_s.json").read_text(encoding="utf-8"))
    assert score["ci"]["resamples"] == 50
    assert _run(work, "compare d1.jsonl d2.jsonl --ci-resamples 200 --json r15_c.json", monkeypatch) == 0
    compared = json.loads((work / "r15_c.json").read_text(encoding="utf-8"))
    assert compared["resamples"] == 200 and "n_resamples" not in _keys(compared)


def test_the_family_json_of_run_names_them_too() -> None:
    from lctg_metrics.api import run
    from tests.test_family_samples import LINES, ROWS

    got = run("instr", [{"id": i, "generation": t} for i, t in LINES[:2]], rows=ROWS, options={"ci_resamples": 30})
    assert got.json["ci"]["resamples"] == 30 and "n_resamples" not in _keys(got.json)
