"""``lctg report`` is one report per scoring run, so per config: its help says so, several DETAILS files are refused
naming the rule and the command for one of them, and a file holding several runs says the same."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from lctg_metrics.cli import main


def test_the_help_says_one_report_per_config(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "once per config's details" in text


@pytest.fixture
def here(built_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(built_dataset)
    assert main(["sample", "--dataset", "B", "--samples", "1", "-o", "g.jsonl"]) == 0
    assert main(["score", "g.jsonl", "--dataset", "B", "--details", "d_all.jsonl", "--json", "r.json"]) == 0
    return tmp_path


@pytest.mark.slow  # scores a build's sample
def test_several_details_files_are_refused_naming_the_rule(here: Path, capsys) -> None:
    (here / "d_multi.jsonl").write_bytes((here / "d_all.jsonl").read_bytes())
    capsys.readouterr()
    assert main(["report", "d_all.jsonl", "d_multi.jsonl", "-o", "rep.md"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "takes one DETAILS file, got 2 (d_all.jsonl, d_multi.jsonl)" in err, err
    assert "once per config" in err and not (here / "rep.md").exists()
    printed = shlex.split(err.rpartition("e.g. ")[2])
    assert printed[:3] == ["lctg", "report", "d_multi.jsonl"], printed


@pytest.mark.slow  # scores a build's sample
def test_a_file_of_several_runs_names_the_rule(here: Path, capsys) -> None:
    lines = (here / "d_all.jsonl").read_text(encoding="utf-8").splitlines()
    other = [json.dumps({**json.loads(x), "signature": json.loads(x)["signature"] + "x"}) for x in lines]
    (here / "both.jsonl").write_text("\n".join(lines + other) + "\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["report", "both.jsonl", "-o", "rep.md"]) == 2
    err = capsys.readouterr().err.strip()
    assert "2 different signatures" in err and "lctg report once per config" in err, err
