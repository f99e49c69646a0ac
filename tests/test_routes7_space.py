"""The Space page shows only the inputs its module takes (``lctg_ifsm`` takes no dataset: no dataset or revision
box) and, under each result, what the result's keys mean (the LCTG aspects; strict and loose)."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

pytestmark = [
    pytest.mark.slow,  # imports gradio and evaluate, loads a metric module
    pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed"),
]
PKG = PROJECT_ROOT / "lctg_metrics"


def _page(tmp_path: Path, monkeypatch, folder: str, name: str) -> dict:
    """The page config of the app serving ``name`` (the one app beside the module's script, as a build ships it)."""
    monkeypatch.setenv("GRADIO_ANALYTICS_ENABLED", "False")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    space = tmp_path / name
    space.mkdir()
    shutil.copy(PKG / "evaluate_ctg" / "app.py", space / "app.py")
    shutil.copy(PKG / folder / f"{name}.py", space / f"{name}.py")
    spec = importlib.util.spec_from_file_location(f"space_{name}", space / "app.py")
    app = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(app)
    assert app.NAME == name
    return app.demo.config


def _by_label(config: dict, start: str) -> dict:
    return next(c["props"] for c in config["components"] if str(c["props"].get("label", "")).startswith(start))


def _markdown(config: dict, elem_id: str) -> str | None:
    found = [c["props"] for c in config["components"] if c["props"].get("elem_id") == elem_id]
    return found[0]["value"] if found else None


@pytest.mark.parametrize(
    "folder, name, dataset_shown", [("evaluate_ctg", "lctg_ctg", True), ("evaluate_ifsm", "lctg_ifsm", False)]
)
def test_dataset_boxes_only_where_the_module_takes_a_dataset(
    tmp_path: Path, monkeypatch, folder: str, name: str, dataset_shown: bool
) -> None:
    import inspect

    import evaluate

    takes = "dataset" in inspect.signature(evaluate.load(str(PKG / folder / f"{name}.py"))._compute).parameters
    assert takes is dataset_shown  # the module's own options decide, read here independently of the app
    config = _page(tmp_path, monkeypatch, folder, name)
    for label in ("dataset:", "revision of a Hub repo id"):
        assert _by_label(config, label).get("visible", True) is dataset_shown, (name, label)
    assert _by_label(config, "generations").get("visible", True) is True  # the upload stays


@pytest.mark.parametrize(
    "folder, name, words",
    [
        ("evaluate_ctg", "lctg_ctg", ["FORMAT", "no preamble or closing", "C-COUNT", "character range", "KEYWORD",
                                      "P-WORD", "prohibited word"]),
        ("evaluate_if", "lctg_if", ["strict", "as written", "loose", "first line", "last line", "markdown"]),
    ],
)  # fmt: skip
def test_a_legend_under_each_result(tmp_path: Path, monkeypatch, folder: str, name: str, words: list[str]) -> None:
    config = _page(tmp_path, monkeypatch, folder, name)
    for elem_id in ("file-legend", "json-legend"):
        text = _markdown(config, elem_id)
        assert text is not None, elem_id
        assert all(w in text for w in words), (elem_id, text)
