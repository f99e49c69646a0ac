"""Every command refuses an output inside a built dataset folder (a folder with manifest.json and data/), as score
and sample do, through one check (:mod:`lctg_metrics.cli.outside`); an output beside the build is not refused."""

from __future__ import annotations

import pytest

from lctg_metrics.cli import main

COMMANDS = [
    (["report", "d.jsonl", "-o"], "r.html", "--output"),
    (["compare", "a.jsonl", "b.jsonl", "--json"], "c.json", "--json"),
    (["substitutability", "a.jsonl", "b.jsonl", "-o"], "sub", "--output"),
    (["ifsm", "g.jsonl", "--reader", "embedding", "--json"], "i.json", "--json"),
    (["ifsm", "g.jsonl", "--reader", "embedding", "--details"], "d.jsonl", "--details"),
    (["lm-eval-tasks", "--dataset", "B", "-o"], "tasks", "--output"),
    (["score", "g.jsonl", "--dataset", "C", "--json"], "r.json", "--json"),  # another build than the run's
]


@pytest.fixture
def build(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name in ("B", "C"):
        (tmp_path / name / "data").mkdir(parents=True)
        (tmp_path / name / "manifest.json").write_text('{"configs": {}}', encoding="utf-8")
    return tmp_path / "B"


@pytest.mark.parametrize(("argv", "name", "flag"), COMMANDS)
def test_an_output_inside_a_build_is_refused(build, argv, name, flag, capsys):
    target = f"B/deeper/{name}"
    assert main([*argv, target]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert err.endswith(f"{flag} {target} is inside the dataset folder B; write outputs elsewhere"), err
    assert sorted(p.name for p in build.iterdir()) == ["data", "manifest.json"]  # nothing written into it


@pytest.mark.parametrize(("argv", "name", "flag"), COMMANDS)
def test_an_output_beside_the_build_passes_this_check(build, argv, name, flag, capsys):
    main([*argv, f"out/{name}"])  # fails further on (its inputs do not exist), not on the output's place
    assert "inside the dataset folder" not in capsys.readouterr().err
