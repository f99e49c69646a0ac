"""The lctg_ifsm Space takes no dataset (the module has none: its halves come from the stories copy): the page shows
neither box and says so, and a dataset or revision given to its endpoint is refused in one line whose command, run as
printed, scores against that build's halves; the other modules' boxes are still used."""

from __future__ import annotations

import importlib.util
import json
import re
import shlex
from pathlib import Path

import pytest

from tests.test_routes8_space import _app

pytestmark = [
    pytest.mark.slow,  # imports gradio and evaluate, loads a metric module
    pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed"),
]


def _boxes(app) -> dict[str, object]:
    import gradio as gr

    return {
        b.label.split(":")[0].split(" ")[0]: b
        for b in app.demo.blocks.values()
        if isinstance(b, gr.Textbox) and b.label and b.label.startswith(("dataset", "revision"))
    }


def test_the_ifsm_page_hides_both_boxes_empty_and_says_why(tmp_path, monkeypatch) -> None:
    import gradio as gr

    app = _app(tmp_path, monkeypatch, "evaluate_ifsm", "lctg_ifsm")
    boxes = _boxes(app)
    assert set(boxes) == {"dataset", "revision"}
    assert all(not b.visible and b.value == "" for b in boxes.values())
    notes = [b.value for b in app.demo.blocks.values() if isinstance(b, gr.Markdown) and b.elem_id == "no-dataset"]
    assert notes and "lctg_ifsm takes no dataset" in notes[0]


@pytest.mark.parametrize(("dataset", "revision"), [("me/lctg", "v1.1.0"), ("/nonexistent/folder", ""), ("", "v9")])
def test_a_dataset_given_to_the_ifsm_endpoint_is_refused(tmp_path, monkeypatch, dataset, revision) -> None:
    import gradio as gr

    app = _app(tmp_path, monkeypatch, "evaluate_ifsm", "lctg_ifsm")
    gens = tmp_path / "gs.jsonl"
    gens.write_text(json.dumps({"id": "story_endings/x_0", "generation": "An ending."}) + "\n", encoding="utf-8")
    with pytest.raises(gr.Error) as e:
        app.score_file(str(gens), dataset, revision, "{}")
    said = e.value.message
    assert "\n" not in said and said.startswith(
        ("dataset: " if dataset else "revision: ") + "lctg_ifsm takes no dataset"
    )
    if dataset:
        printed = shlex.split(re.search(r"`(lctg [^`]+)`", said).group(1))
        assert printed[:4] == ["lctg", "ifsm", "gs.jsonl", "--dataset"] and printed[4] == dataset
        assert printed[5:] == (["--revision", revision] if revision else [])


@pytest.fixture(scope="module")
def stories(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.shared_builds import stories_build
    from tests.test_story_config import STORIES

    return stories_build(source_dir, STORIES, tmp_path_factory)


def test_the_printed_command_scores_against_the_build(stories: Path, tmp_path, monkeypatch, capsys) -> None:
    """The refusal's command, followed literally against a build with that build's story endings, runs and signs
    the build's data."""
    import gradio as gr

    from lctg_metrics.cli import main

    app = _app(tmp_path, monkeypatch, "evaluate_ifsm", "lctg_ifsm")
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(stories)
    assert main(["sample", "--dataset", "B", "--config", "story_endings", "-o", "gs.jsonl"]) == 0
    with pytest.raises(gr.Error) as e:
        app.score_file(str(tmp_path / "gs.jsonl"), "B", "", "{}")
    printed = shlex.split(re.search(r"`(lctg [^`]+)`", e.value.message).group(1))[1:]
    assert main([*printed, "--json", "r.json"]) in (0, 1), capsys.readouterr().err  # 1: an invalid run, scored
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["signature"].startswith("ifsm|")


def test_the_ctg_boxes_are_still_shown_and_used(tmp_path, monkeypatch) -> None:
    app = _app(tmp_path, monkeypatch, "evaluate_ctg", "lctg_ctg")
    assert all(b.visible for b in _boxes(app).values())
