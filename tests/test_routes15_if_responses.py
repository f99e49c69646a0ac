"""``lctg if-score`` given a response file without ids (``key``, ``response``) says what it reads and where
M-IFEval responses go (``--input``), in one line, instead of a bare missing-field error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_routes11_outputs import _run, work  # noqa: F401 (the fixture: a build with instructions, toy files)


def test_a_key_response_file_is_told_what_if_score_reads(
    work: Path,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = [json.loads(line) for line in (work / "i.jsonl").read_text(encoding="utf-8").splitlines()[:3]]
    (work / "resp.jsonl").write_text(
        "".join(json.dumps({"key": g["id"], "response": g["generation"]}, ensure_ascii=False) + "\n" for g in lines),
        encoding="utf-8",
    )
    assert _run(work, "if-score resp.jsonl --dataset B", monkeypatch) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert err[0].startswith("lctg if-score: error: resp.jsonl:1: no 'id' field (the line has key, response): ")
    assert "id and generation lines" in err[0] and "with --input" in err[0]
