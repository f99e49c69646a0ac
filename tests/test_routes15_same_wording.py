"""One wording for an output over its own input in score, if-score and ifsm: ``FLAG PATH would overwrite the input
LABEL PATH; write it elsewhere``, the file left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_routes11_outputs import _run, work  # noqa: F401 (the fixture: a build with instructions, toy files)


@pytest.mark.parametrize(
    ("argv", "target"),
    [
        ("score g1.jsonl --dataset B --task summary --details g1.jsonl", "g1.jsonl"),
        ("if-score i.jsonl --dataset B --details i.jsonl", "i.jsonl"),
        ("if-score i.jsonl --dataset B --json i.jsonl", "i.jsonl"),
        ("ifsm g.jsonl --details g.jsonl", "g.jsonl"),
    ],
)
def test_one_wording(
    work: Path,  # noqa: F811
    argv: str,
    target: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = (work / target).read_bytes()
    assert _run(work, argv, monkeypatch) == 2
    err = capsys.readouterr().err.strip().splitlines()
    flag = argv.split()[-2]
    assert err == [f"lctg {argv.split()[0]}: error: {flag} {target} would overwrite the input GENERATIONS {target}; "
                   "write it elsewhere"]  # fmt: skip
    assert (work / target).read_bytes() == before
