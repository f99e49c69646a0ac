"""Small items: ``ShardScorer(5)`` is one line naming the argument; ifsm's seed bound says what its seed draws, as
its help does; the lctg_ctg Space says ``config`` in the options box's words; ``lctg substitutability -o`` into a
folder another command wrote is refused (as ``lm-eval-tasks`` refuses one this command wrote), and its own earlier
output is replaced, the published tables' included."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main


@pytest.mark.parametrize("given", [5, "x", None, {"aspects": []}])
def test_shard_scorer_names_its_argument(given) -> None:
    from lctg_metrics.shards import ShardScorer

    with pytest.raises(TypeError) as info:
        ShardScorer(given)
    said = str(info.value)
    assert said.startswith("references must be a list of constraint dicts") and type(given).__name__ in said
    assert "\n" not in said


def test_ifsm_seed_bound_says_what_the_help_says(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["ifsm", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "(the eval/fit split, the instruction templates and the bootstrap)" in help_text
    assert main(["ifsm", "x.jsonl", "--seed", "-1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith(
        "--seed must be an integer >= 0 (the seed of the eval/fit split, the instruction templates and the bootstrap), "
        "got -1"
    ), err
    assert "bootstrap seed)" not in err


@pytest.mark.slow  # imports gradio and evaluate
@pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed")
def test_the_ctg_space_names_config_as_the_options_box_takes_it(built_dataset_derived: Path, tmp_path, monkeypatch):
    import gradio as gr

    from tests.test_routes8_space import _app

    app = _app(tmp_path, monkeypatch, "evaluate_ctg", "lctg_ctg")
    gm = tmp_path / "gm.jsonl"
    assert main(["sample", "--dataset", str(built_dataset_derived), "--config", "multi", "-o", str(gm)]) == 0
    with pytest.raises(gr.Error) as e:
        app.score_file(str(gm), str(built_dataset_derived), "", "{}")
    said = e.value.message
    assert 'add "config": "multi" to the options' in said and "pass config=" not in said, said
    options = json.dumps({"config": "multi"})  # what the message says, typed in the box
    got = app.score_file(str(gm), str(built_dataset_derived), "", options)
    assert "data:1.1.0+multi" in got["signature"]
    assert '{"config": "multi"}' in app.FILE_OPTIONS_EXAMPLE


@pytest.mark.slow  # draws the maps
def test_substitutability_refuses_another_command_s_folder(built_dataset: Path, tmp_path: Path, capsys) -> None:
    tasks = tmp_path / "TB"
    assert main(["lm-eval-tasks", "--dataset", str(built_dataset), "-o", str(tasks)]) == 0
    before = {p.name: p.read_bytes() for p in tasks.iterdir()}
    capsys.readouterr()
    assert main(["substitutability", "--published", "-o", str(tasks)]) == 2
    err = capsys.readouterr().err
    assert "holds files this command did not write (README.md, lctg.yaml" in err and "new or empty folder" in err
    assert {p.name: p.read_bytes() for p in tasks.iterdir()} == before
    own = tmp_path / "S"
    assert main(["substitutability", "--published", "-o", str(own)]) == 0
    assert main(["substitutability", "--published", "-o", str(own)]) == 0  # its own earlier output: replaced
    assert main(["lm-eval-tasks", "--dataset", str(built_dataset), "-o", str(own)]) != 0  # and the other way round
