"""A Python call's refusal of a config names ``config=`` (the keyword it was given), not the command's
``--dataset B:``; the command line keeps its own wording."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.cli import main

pytestmark = pytest.mark.slow  # reads a build


@pytest.fixture
def here(built_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(built_dataset)
    assert main(["sample", "--dataset", "B", "--samples", "1", "-o", "g.jsonl"]) == 0
    return tmp_path


def test_run_names_config_for_an_unknown_config(here: Path) -> None:
    from lctg_metrics.api import run
    from lctg_metrics.schema import ScoringError

    with pytest.raises(ScoringError) as e:
        run("lctg", "g.jsonl", dataset="B", config="nope")
    said = str(e.value)
    assert said.startswith("config='nope': no such config in dataset 'B'; valid: all"), said
    assert "--dataset" not in said and "--config" not in said


def test_the_command_keeps_its_flag(here: Path, capsys) -> None:
    assert main(["score", "g.jsonl", "--dataset", "B", "--config", "nope"]) == 2
    err = capsys.readouterr().err
    assert "--dataset B: unknown config 'nope'" in err and "config='nope'" not in err, err
