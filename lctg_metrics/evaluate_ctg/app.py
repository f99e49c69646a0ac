"""The metric Space's app: a Gradio page and API over the evaluate metric module beside this file.

The module is found by name (the one ``<name>.py`` here besides this app and the ``_*.py`` helpers it imports), so
the same app serves any of the project's metric modules. Inputs are JSON, as ``metric.compute`` takes them:
predictions (a list of strings), references (constraints, or row ids with ``{"dataset": ...}`` in the options) and
keyword options; the answer is ``compute``'s dict, the ``signature`` included. One API endpoint: ``/compute``.
``python app.py`` serves it (``GRADIO_SERVER_NAME`` / ``GRADIO_SERVER_PORT`` choose where, as in every Gradio app).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import evaluate
import gradio as gr

HERE = Path(__file__).resolve().parent
#: The metric module's script: the one ``<name>.py`` here that is neither this app nor a helper (``_*.py``).
SCRIPTS = sorted(p for p in HERE.glob("*.py") if p.name != Path(__file__).name and not p.name.startswith("_"))
if len(SCRIPTS) != 1:
    raise RuntimeError(f"{HERE}: expected one metric module script beside app.py, found {[p.name for p in SCRIPTS]}")
NAME = SCRIPTS[0].stem
metric = evaluate.load(str(SCRIPTS[0]))


def _json(text: str, what: str, kind: type) -> Any:
    """One input parsed, or a one-line error naming it."""
    try:
        value = json.loads(text) if text.strip() else kind()
    except json.JSONDecodeError as e:
        raise gr.Error(f"{what}: not JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    if not isinstance(value, kind):
        raise gr.Error(f"{what}: expected a JSON {'list' if kind is list else 'object'}, got {type(value).__name__}")
    return value


def compute(predictions: str, references: str, options: str) -> dict[str, Any]:
    """``metric.compute(predictions=..., references=..., **options)`` from three JSON texts."""
    preds = _json(predictions, "predictions", list)
    refs = _json(references, "references", list)
    kwargs = _json(options, "options", dict)
    try:
        return metric.compute(predictions=preds, references=refs, **kwargs)
    except Exception as e:  # the metric's own errors say what is wrong and where; show them as one line
        raise gr.Error(" ".join(f"{type(e).__name__}: {e}".split())) from None


demo = gr.Interface(
    fn=compute,
    inputs=[
        gr.Textbox(label="predictions (JSON list of strings)", lines=6, value='["京都の抹茶スイーツ専門店が新登場"]'),
        gr.Textbox(label="references (JSON list: the dataset's constraint column, or row ids with a dataset option)",
                   lines=6),
        gr.Textbox(label='options (JSON object, e.g. {"cleaner": "rule", "missing": "skip"})', value="{}"),
    ],
    outputs=gr.JSON(label="scores and signature"),
    title=f"{NAME}: {metric.info.description.strip().splitlines()[0]}" if metric.info.description else NAME,
    description=f"`evaluate.load(...)` of the `{NAME}` metric module; every score comes with its signature.",
    api_name="compute",
    flagging_mode="never",
)

if __name__ == "__main__":
    demo.launch()
