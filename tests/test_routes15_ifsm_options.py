"""The lctg_ifsm module (and its Space) takes every option docs/scoring.md lists for IFSM, as ``run("ifsm", ...)``
takes them (``reader_options``, ``guard_encoder``, ``attack_cache``, ``ci``), with ``reader`` defaulting to
``embedding`` as ``lctg ifsm`` does; what cannot apply is refused in one line saying why."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from lctg_metrics.api import run
from tests.test_ifsm_cli import FIXTURE
from tests.test_ifsm_evaluate import eval_rows, head, metric, module  # noqa: F401 (fixtures)

COMMON = {"stories_source": str(FIXTURE), "dissimilarity": "none", "adversarial": False, "ci_resamples": 200}


def _numbers(out: dict) -> dict:
    return {k: v for k, v in out.items() if isinstance(v, float) or k == "signature"}


def test_run_s_options_are_the_module_s_keywords(metric, head: Path, eval_rows: list[dict]) -> None:  # noqa: F811
    preds, ids = [r["gold_ending"] for r in eval_rows], [r["id"] for r in eval_rows]
    options = {"reader_options": {"head_path": str(head)}, "guard_encoder": "none", "attack_cache": False, "ci": True}
    got = metric.compute(predictions=preds, references=ids, reader="embedding", **COMMON, **options)
    expected = run("ifsm", [{"id": i, "generation": p} for i, p in zip(ids, preds)], rows=eval_rows,
                   options={"reader": "embedding", **COMMON, **options})  # fmt: skip
    assert _numbers(got) == _numbers(expected.flat) and "ifsm_ci_low" in got
    # reader defaults to embedding, as lctg ifsm's; head= is reader_options={"head_path": ...}
    default = metric.compute(predictions=preds, references=ids, head=str(head), guard_encoder="none", **COMMON)
    assert _numbers(default) == _numbers(got)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"ci": False}, r"^ifsm: ci=False: IFSM always computes its 95% intervals \(a run's validity is read"),
        ({"ci": "yes"}, r"^ifsm: ci must be a bool, got 'yes'$"),
        ({"attack_cache": "no"}, r"^ifsm: attack_cache must be a bool, got 'no'$"),
        ({"return_items": "yes"}, r"^lctg_ifsm: return_items must be a bool, got 'yes'$"),
        ({"reader_options": "x"}, r"^lctg_ifsm: reader_options must be a dict"),
        (
            {"reader_options": {"head_path": "a.json"}, "head": "b.json"},
            r"^lctg_ifsm: reader_options\['head_path'\] and head= both set the reader's head_path; give one$",
        ),
    ],
)
def test_what_cannot_apply_is_one_line(metric, eval_rows: list[dict], kwargs: dict, message: str) -> None:  # noqa: F811
    with pytest.raises(ValueError, match=message) as info:
        metric.compute(predictions=["a b"], references=[eval_rows[0]["id"]], **COMMON, **kwargs)
    assert "\n" not in str(info.value)


@pytest.mark.slow  # imports gradio and evaluate
@pytest.mark.skipif(importlib.util.find_spec("gradio") is None, reason="gradio is not installed")
def test_the_space_takes_them(tmp_path, monkeypatch, head: Path, eval_rows: list[dict]) -> None:  # noqa: F811
    import gradio as gr

    from tests.test_routes8_space import _app

    app = _app(tmp_path, monkeypatch, "evaluate_ifsm", "lctg_ifsm")
    preds, ids = [r["gold_ending"] for r in eval_rows], [r["id"] for r in eval_rows]
    options = {**COMMON, "reader_options": {"head_path": str(head)}, "guard_encoder": "none", "attack_cache": False,
               "ci": True}  # fmt: skip
    got = app.compute(json.dumps(preds), json.dumps(ids), json.dumps(options))
    expected = run("ifsm", [{"id": i, "generation": p} for i, p in zip(ids, preds)], rows=eval_rows,
                   options={"reader": "embedding", **options})  # fmt: skip
    assert _numbers(got) == _numbers(expected.flat)
    with pytest.raises(gr.Error, match=r"ci=False: IFSM always computes its 95% intervals"):
        app.compute(json.dumps(preds), json.dumps(ids), json.dumps({**COMMON, "ci": False}))
