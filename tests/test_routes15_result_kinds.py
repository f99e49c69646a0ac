"""``--json`` of score, if-score and ifsm never replaces another command's result JSON (the family is the signature's
first field): one line naming what the file holds; a command's own earlier result is still replaced."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_routes11_outputs import _run, work  # noqa: F401 (the fixture: a build with instructions, toy files)

#: Result JSONs written here by hand, one per family, as each command lays them out (several lines, signature first).
RESULTS = {
    "r_lctg.json": '{\n  "signature": "lctg|profile:upstream|version:0",\n  "scores": {}\n}\n',
    "r_instr.json": '{\n  "signature": "instr|checkers:2.10|version:0",\n  "mode": "both"\n}\n',
    "r_ifsm.json": '{\n  "format": "lctg-ifsm-result",\n  "signature": "ifsm|reader:x|version:0",\n  "ifsm": 0.5\n}\n',
}
FOREIGN = [
    ("score g1.jsonl --dataset B --task summary --json r_instr.json", "r_instr.json", "lctg if-score --json"),
    ("score g1.jsonl --dataset B --task summary --json r_ifsm.json", "r_ifsm.json", "lctg ifsm --json"),
    ("if-score i.jsonl --dataset B --json r_lctg.json", "r_lctg.json", "lctg score --json"),
    ("if-score i.jsonl --dataset B --json r_ifsm.json", "r_ifsm.json", "lctg ifsm --json"),
    ("ifsm g.jsonl --json r_lctg.json", "r_lctg.json", "lctg score --json"),
    ("ifsm g.jsonl --json r_instr.json", "r_instr.json", "lctg if-score --json"),
]


@pytest.mark.parametrize(("argv", "target", "writer"), FOREIGN)
def test_json_refuses_another_command_s_result(
    work: Path,  # noqa: F811
    argv: str,
    target: str,
    writer: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (work / target).write_text(RESULTS[target], encoding="utf-8")
    assert _run(work, argv, monkeypatch) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert f"--json {target} exists and is not a result lctg {argv.split()[0]} wrote" in err[0]
    assert f"result JSON ({writer})" in err[0]
    assert (work / target).read_text(encoding="utf-8") == RESULTS[target]


@pytest.mark.slow  # two whole runs
@pytest.mark.parametrize(
    ("argv", "target"),
    [
        ("score g1.jsonl --dataset B --task summary --json r_lctg.json", "r_lctg.json"),
        ("if-score i.jsonl --dataset B --json r_instr.json", "r_instr.json"),
    ],
)
def test_its_own_earlier_result_is_still_replaced(
    work: Path,
    argv: str,
    target: str,
    monkeypatch: pytest.MonkeyPatch,  # noqa: F811
) -> None:
    (work / target).write_text(RESULTS[target], encoding="utf-8")
    assert _run(work, argv, monkeypatch) == 0
    assert (work / target).read_text(encoding="utf-8") != RESULTS[target]
