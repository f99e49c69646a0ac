"""Multi (LCTG) generations given to ``if-score`` or ``ifsm`` (and to ``run("instr"|"ifsm", …)``) are named as the
multi config's, with the file and the command that scores them, ``--config multi`` included; followed as printed,
that command scores the file."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from lctg_metrics.cli import main


@pytest.fixture
def here(built_dataset_derived: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(built_dataset_derived)
    assert main(["sample", "--dataset", "B", "--config", "multi", "--samples", "1", "-o", "gm.jsonl"]) == 0
    return tmp_path


@pytest.mark.parametrize("command", ["if-score", "ifsm"])
def test_the_hint_names_the_multi_config_and_runs_as_printed(here: Path, command: str, capsys) -> None:
    capsys.readouterr()
    assert main([command, "gm.jsonl", "--dataset", "B"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "gm.jsonl holds LCTG generations of the multi config" in err, err
    printed = shlex.split(re.search(r"`(lctg [^`]+)`", err).group(1))
    assert printed == ["lctg", "score", "gm.jsonl", "--dataset", "B", "--config", "multi"], printed
    assert main(printed[1:]) == 0, capsys.readouterr().err


@pytest.mark.parametrize("family", ["instr", "ifsm"])
def test_the_python_route_names_the_file_and_config(here: Path, family: str) -> None:
    from lctg_metrics.api import run
    from lctg_metrics.schema import ScoringError

    with pytest.raises(ScoringError) as info:
        run(family, "gm.jsonl", dataset="B")
    said = str(info.value)
    assert said.startswith("gm.jsonl: ids like ") and "of the multi config" in said, said
    assert "`lctg score gm.jsonl --dataset B --config multi`" in said
    assert "run('lctg', ..., config='multi')" in said
    got = run("lctg", "gm.jsonl", dataset="B", config="multi")  # the Python call it names, followed
    assert got.signature.split("|")[0] == "lctg" and "data:1.1.0+multi" in got.signature, got.signature
    assert 0 <= got.flat["summary/average"] <= 1


def test_lctg_ids_of_the_all_config_are_still_named_without_a_config(here: Path, capsys) -> None:
    assert main(["sample", "--dataset", "B", "--samples", "1", "-o", "g1.jsonl"]) == 0
    capsys.readouterr()
    assert main(["if-score", "g1.jsonl", "--dataset", "B"]) == 2
    err = capsys.readouterr().err
    assert "`lctg score g1.jsonl --dataset B`" in err and "multi" not in err, err
