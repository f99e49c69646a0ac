"""The Space app's one-line errors: an unknown option names the module and the options it takes (not a private
method's TypeError), and another module's row ids name the module that scores them; honest calls still score."""

from __future__ import annotations

import importlib.util
import inspect
import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

pytestmark = [
    pytest.mark.slow,  # imports gradio and evaluate, loads a metric module
    pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed"),
]
PKG = PROJECT_ROOT / "lctg_metrics"


def _app(tmp_path: Path, monkeypatch, folder: str, name: str):
    """The app serving ``name``, beside the module's script as a build ships it."""
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    space = tmp_path / name
    space.mkdir()
    shutil.copy(PKG / "evaluate_ctg" / "app.py", space / "app.py")
    shutil.copy(PKG / folder / f"{name}.py", space / f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"space8_{name}", space / "app.py")
    app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(app)
    return app


@pytest.mark.parametrize(("folder", "name"), [("evaluate_ctg", "lctg_ctg"), ("evaluate_if", "lctg_if")])
def test_an_unknown_option_names_the_module_and_what_it_takes(tmp_path, monkeypatch, folder, name):
    import evaluate
    import gradio as gr

    app = _app(tmp_path, monkeypatch, folder, name)
    taken = set(inspect.signature(evaluate.load(str(PKG / folder / f"{name}.py"))._compute).parameters)
    with pytest.raises(gr.Error) as e:
        app.compute('["x"]', '["summary/26/format"]', '{"bogus": 1}')
    said = e.value.message
    assert said.startswith(f"options: unknown option 'bogus' for {name}; accepted: "), said
    assert "_compute" not in said and "TypeError" not in said
    assert set(said.split("accepted: ")[1].split(", ")) == taken - {"predictions", "references"}


@pytest.mark.parametrize(
    ("folder", "name", "ids", "other"),
    [
        ("evaluate_ctg", "lctg_ctg", ["instructions/summary/1614/0", "instructions/ad_text/3/1"], "lctg_if"),
        ("evaluate_if", "lctg_if", ["summary/1614/format", "ad_text/3/keyword"], "lctg_ctg"),
    ],
)
def test_another_module_s_ids_name_that_module(tmp_path, monkeypatch, folder, name, ids, other):
    import gradio as gr

    app = _app(tmp_path, monkeypatch, folder, name)
    with pytest.raises(gr.Error) as e:
        app.compute(json.dumps(["x"] * len(ids)), json.dumps(ids), json.dumps({"dataset": str(tmp_path)}))
    said = e.value.message
    assert f"which {name} does not score: score them with the {other} metric module" in said, said
    gens = tmp_path / "g.jsonl"
    gens.write_text("".join(json.dumps({"id": i, "generation": "x"}) + "\n" for i in ids), encoding="utf-8")
    with pytest.raises(gr.Error, match=f"score them with the {other} metric module"):
        app.score_file(str(gens), str(tmp_path), "", "{}")


def test_the_json_tab_s_examples_still_score(tmp_path, monkeypatch):
    from lctg_metrics.api import score_predictions

    app = _app(tmp_path, monkeypatch, "evaluate_ctg", "lctg_ctg")
    for preds, refs, options in app.EXAMPLES["lctg_ctg"]:
        assert app.compute(json.dumps(preds), json.dumps(refs), json.dumps(options)) == score_predictions(
            preds, refs, **options
        )


def test_an_earlier_option_name_is_named_with_the_current_one(tmp_path, monkeypatch):
    """The ifsm Space given ``n_boot`` (an earlier name) says it is ``ci_resamples``, as ``lctg_ifsm.compute`` and
    ``run`` say; an option no version had stays an unknown option."""
    import gradio as gr

    app = _app(tmp_path, monkeypatch, "evaluate_ifsm", "lctg_ifsm")
    for old, new in (("n_boot", "ci_resamples"), ("stories", "stories_source")):
        with pytest.raises(gr.Error) as e:
            app.compute('["x"]', '["story_endings/1/0"]', json.dumps({old: 5}))
        said = e.value.message
        assert said.startswith(f"options: {old!r} is {new!r} ("), said
        assert "\n" not in said and "TypeError" not in said
    with pytest.raises(gr.Error) as e:
        app.compute('["x"]', '["story_endings/1/0"]', '{"bogus": 5}')
    assert e.value.message.startswith("options: unknown option 'bogus' for lctg_ifsm; accepted: ")
