"""The Spaces and modules in their own words: the ifsm module and Space name their keywords for the LLM reader
(``llm_base_url``, ``llm_model``), the lctg_if Space names the multi config as the options box takes it (one step to
a score), and Space errors carry no Python class name and name the Space's one way to the stories."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.test_ifsm_cli import ENCODER, FIXTURE, N_BOOT, register_stand_in, write_head

pytestmark = [
    pytest.mark.slow,  # imports gradio and evaluate, loads metric modules
    pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed"),
]


def _app(tmp_path, monkeypatch, folder, name):
    from tests.test_routes8_space import _app as app

    return app(tmp_path, monkeypatch, folder, name)


def _module():
    import evaluate

    return evaluate.load(str(Path(__file__).parents[1] / "lctg_metrics" / "evaluate_ifsm" / "lctg_ifsm.py"))


def _gold_pair() -> tuple[list[str], list[str]]:
    from lctg_dataset.stories import load_story_rows

    rows = [r for r in load_story_rows(FIXTURE, include_contexts=True) if r["split"] == "eval"]
    return [r["gold_ending"] for r in rows], [r["id"] for r in rows]


def test_the_ifsm_module_names_its_llm_keywords() -> None:
    preds, refs = _gold_pair()
    for given in ({}, {"llm_base_url": "http://127.0.0.1:9/v1"}, {"llm_model": "m"}):
        with pytest.raises(ValueError) as e:
            _module().compute(predictions=preds, references=refs, reader="llm", stories_source=str(FIXTURE), **given)
        said = str(e.value)
        assert "llm_base_url=" in said and "llm_model=" in said and "--llm" not in said, said


def test_the_ifsm_space_names_its_options_for_the_llm_reader(tmp_path, monkeypatch) -> None:
    import gradio as gr

    app = _app(tmp_path, monkeypatch, "evaluate_ifsm", "lctg_ifsm")
    preds, refs = _gold_pair()
    with pytest.raises(gr.Error) as e:
        app.compute(json.dumps(preds), json.dumps(refs), json.dumps({"reader": "llm", "stories_source": str(FIXTURE)}))
    said = e.value.message
    assert "--llm" not in said and "Error:" not in said and "llm_base_url=" not in said, said
    found = re.search(r"add (\"llm_base_url\": \"[^\"]+\", \"llm_model\": \"[^\"]+\") to the options", said)
    assert found, said
    options = json.loads("{" + found.group(1) + "}")  # the words as printed are JSON the options box takes
    assert set(options) == {"llm_base_url", "llm_model"}


def test_space_errors_carry_no_class_name_and_one_way_to_the_stories(tmp_path, monkeypatch) -> None:
    import gradio as gr

    app = _app(tmp_path, monkeypatch, "evaluate_ifsm", "lctg_ifsm")
    for options, expected in (
        ({"split": "nope"}, "lctg_ifsm: split must be"),
        ({"ci_resamples": 0}, "ci_resamples must be"),
        ({"stories_source": str(tmp_path / "nope")}, "dev.jsonl: missing"),
    ):
        with pytest.raises(gr.Error) as e:
            app.compute('["x"]', '["story_endings/p-kite_q0"]', json.dumps(options))
        said = e.value.message
        assert expected in said and not re.match(r"^\w*(Error|Exception):", said), said
        if "stories_source" in options:
            assert '"stories_source": "DIR" in the options' in said
            assert "--stories-source" not in said and "load_story_rows" not in said, said


@pytest.fixture(scope="module")
def instructions_multi(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.shared_builds import lctg_build

    return lctg_build(tmp_path_factory, source_dir, "instructions_multi_build", instructions=True, multi=True)


@pytest.fixture
def here(instructions_multi: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(instructions_multi)
    assert main(["sample", "--dataset", "B", "--config", "multi", "--samples", "1", "-o", "gm.jsonl"]) == 0
    return tmp_path


def test_the_if_space_names_the_multi_config_in_its_options_words(here: Path, monkeypatch) -> None:
    import gradio as gr

    (here / "if").mkdir()
    app = _app(here / "if", monkeypatch, "evaluate_if", "lctg_if")
    with pytest.raises(gr.Error) as e:
        app.score_file(str(here / "gm.jsonl"), str(here / "B"), "", "{}")
    said = e.value.message
    assert "multi config" in said and "lctg_ctg" in said and "config='multi'" not in said, said
    found = re.search(r"add (\"config\": \"multi\") to its options", said)
    assert found, said
    (here / "ctg").mkdir()
    ctg = _app(here / "ctg", monkeypatch, "evaluate_ctg", "lctg_ctg")
    got = ctg.score_file(str(here / "gm.jsonl"), str(here / "B"), "", "{" + found.group(1) + "}")  # followed
    assert "data:1.1.0+multi" in got["signature"], got["signature"]


def test_stories_source_reads_tilde_and_pasted_blanks(tmp_path, monkeypatch) -> None:
    register_stand_in()
    head = write_head(tmp_path / "head.json")
    home = tmp_path / "home"
    (home / "ps").mkdir(parents=True)
    for name in ("dev.jsonl", "test.jsonl"):
        (home / "ps" / name).write_bytes((FIXTURE / name).read_bytes())
    monkeypatch.setenv("HOME", str(home))
    preds, refs = _gold_pair()
    kwargs = {"head": str(head), "dissimilarity": ENCODER, "ci_resamples": N_BOOT, "adversarial": False}
    module = _module()
    want = module.compute(predictions=preds, references=refs, stories_source=str(FIXTURE), **kwargs)
    for given in ("~/ps", " ~/ps\n", str(home / "ps") + " "):
        got = module.compute(predictions=preds, references=refs, stories_source=given, **kwargs)
        assert got["ifsm"] == want["ifsm"] and got["n"] == want["n"] == len(refs), given
