"""The Python API, the metric modules and the Space with wrong inputs: 0 resamples refused by the public option's
name (no zero-width "interval"), unknown keyword arguments named by the public call with what it accepts, another
family's ids named with the module that scores them; the Space refuses a dataset given twice and names a Batch
API file for what it is."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pytest

from lctg_metrics.api import score_predictions
from tests.conftest import PROJECT_ROOT
from tests.test_if_score import _generations, _rows, _write_dataset

PKG = PROJECT_ROOT / "lctg_metrics"
CONSTRAINT = {"task": "summary", "format": True, "char_count": None, "keyword": None, "prohibited_word": None}


@pytest.mark.parametrize("resamples", [0, -3])
def test_score_predictions_refuses_no_resamples_by_the_option_name(resamples):
    with pytest.raises(ValueError, match=rf"^ci_resamples must be a positive int, got {resamples}$"):
        score_predictions(["x"], [CONSTRAINT], ci=True, ci_resamples=resamples)


def test_score_predictions_names_itself_for_an_unknown_keyword():
    with pytest.raises(TypeError) as e:
        score_predictions(["x"], [CONSTRAINT], bogus=1)
    said = str(e.value)
    assert said.startswith("score_predictions() got unknown keyword argument(s) bogus; accepted: "), said
    assert "score_predictions_result" not in said and "missing" in said.split("accepted: ")[1].split(", ")


def test_instruction_ids_to_score_predictions_name_lctg_if(tmp_path):
    dataset = _write_dataset(tmp_path / "lctg", _rows())
    with pytest.raises(ValueError, match="score those with the lctg_if metric module"):
        score_predictions(["x"], ["instructions/summary/1614/0"], dataset=str(dataset))


def _module(name: str, folder: str):
    import evaluate

    return evaluate.load(str(PKG / folder / f"{name}.py"))


@pytest.mark.slow  # loads evaluate and the modules
def test_the_modules_name_their_compute_and_options(tmp_path):
    dataset = _write_dataset(tmp_path / "lctg", _rows())
    gens = _generations()
    lctg_if = _module("lctg_if", "evaluate_if")
    kwargs = {"predictions": [g["generation"] for g in gens], "references": [g["id"] for g in gens]}
    with pytest.raises(ValueError, match=r"^ci_resamples must be a positive int, got 0$"):
        lctg_if.compute(**kwargs, dataset=str(dataset), ci=True, ci_resamples=0)
    assert lctg_if.compute(**kwargs, dataset=str(dataset), ci=True, ci_resamples=5)["prompt_level_strict_low"] >= 0
    with pytest.raises(TypeError) as e:
        lctg_if.compute(**kwargs, dataset=str(dataset), source="x")
    assert str(e.value).startswith("lctg_if.compute() got unknown keyword argument(s) source; accepted: dataset, ")
    with pytest.raises(ValueError, match="it is a row of the all config: score those with the lctg_ctg metric module"):
        lctg_if.compute(predictions=["x"], references=["summary/1614/format"], dataset=str(dataset))
    for name, folder in (("lctg_ctg", "evaluate_ctg"), ("lctg_ifsm", "evaluate_ifsm")):
        with pytest.raises(TypeError) as e:
            _module(name, folder).compute(predictions=["x"], references=["y"], bogus="z")
        said = str(e.value)
        assert said.startswith(f"{name}.compute() got unknown keyword argument(s) bogus; accepted: "), said
        assert "_compute" not in said


def _app(tmp_path: Path, monkeypatch, folder: str, name: str):
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    space = tmp_path / name
    space.mkdir()
    shutil.copy(PKG / "evaluate_ctg" / "app.py", space / "app.py")
    shutil.copy(PKG / folder / f"{name}.py", space / f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"space9_{name}", space / "app.py")
    app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(app)
    return app


@pytest.mark.slow  # imports gradio
@pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed")
def test_the_space_refuses_two_datasets_and_names_a_batch_file(tmp_path, monkeypatch):
    import gradio as gr

    app = _app(tmp_path, monkeypatch, "evaluate_if", "lctg_if")
    dataset = str(_write_dataset(tmp_path / "lctg", _rows()))
    gens = tmp_path / "g.jsonl"
    gens.write_text("".join(json.dumps(g, ensure_ascii=False) + "\n" for g in _generations()), encoding="utf-8")
    with pytest.raises(gr.Error) as e:
        app.score_file(str(gens), dataset, "", json.dumps({"dataset": "elsewhere"}))
    assert "differ; give the dataset once (the box)" in e.value.message and "'elsewhere'" in e.value.message
    same = app.score_file(str(gens), dataset, "", json.dumps({"dataset": dataset, "ci": False}))
    alone = app.score_file(str(gens), "", "", json.dumps({"dataset": dataset, "ci": False}))
    assert same == alone and same["prompt_level_strict"] == 0.5  # if/1 and if/4 pass every instruction (hand table)
    batch = tmp_path / "out.jsonl"
    line = {"custom_id": "if/1", "response": {"status_code": 200, "body": {}}, "error": None}
    batch.write_text(json.dumps(line) + "\n", encoding="utf-8")
    with pytest.raises(gr.Error) as e:
        app.score_file(str(batch), dataset, "", "{}")
    assert "this is a Batch API output" in e.value.message and "--from openai-batch" in e.value.message
    assert len(e.value.message.splitlines()) == 1


@pytest.mark.parametrize("where", ["nope", "g.jsonl", "./nope", "sub/deeper/nope", "nope.parquet"])
def test_load_of_a_local_path_never_asks_the_hub(where, tmp_path, monkeypatch):
    import lctg_dataset

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HF_ENDPOINT", "http://127.0.0.1:9")  # nothing listens: asking would fail another way
    (tmp_path / "g.jsonl").write_text("{}\n", encoding="utf-8")
    with pytest.raises(OSError) as e:
        lctg_dataset.load("summary", path=where)
    said = str(e.value)
    assert len(said.splitlines()) == 1, said
    if where == "g.jsonl":
        assert said == "dataset g.jsonl is a file; give the dataset folder (it holds manifest.json)"
    else:
        assert said.startswith(f"dataset {where}: no such folder, and not a Hub dataset repo id (ORG/NAME)"), said
    monkeypatch.setenv("LCTG_DATASET", "nope")
    with pytest.raises(FileNotFoundError, match="^dataset nope: no such folder"):
        lctg_dataset.load("summary")


@pytest.mark.slow  # reads the build
def test_the_missing_generations_error_speaks_python_in_python(built_dataset):
    from lctg_metrics.inputs.folder import read_rows

    ids = [r["id"] for r in read_rows(built_dataset, "all", tasks=["summary"])][:5]
    with pytest.raises(ValueError) as e:
        score_predictions(["x"] * len(ids), ids, dataset=str(built_dataset))
    said = str(e.value)
    assert "expected generations are missing" in said and "missing='skip'" in said and "missing='fail'" in said
    assert "--missing" not in said and "--task" not in said, said
    assert score_predictions(["x"] * len(ids), ids, dataset=str(built_dataset), missing="skip")["signature"]


def test_score_instructions_refuses_zero_resamples_with_intervals() -> None:
    # an interval from 0 resamples would be zero-width: refused before scoring; without intervals 0 is never read
    from lctg_metrics.instructions.score import score_instructions

    rows = [
        {
            "key": "k1",
            "prompt": "一文で答えてください。",
            "instruction_id_list": ["length:sentences"],
            "kwargs": [{"max": 1}],
        }
    ]
    with pytest.raises(ValueError, match=r"^n_resamples must be a positive int, got 0$"):
        score_instructions([{"id": "k1", "generation": "はい。"}], rows, ci=True, n_resamples=0)
