"""What an upload the metric Space's app cannot score is, said in one line: a details file given where generations go
(refused, as ``lctg score`` refuses it) or a Batch API file (named, with the route that reads it). Shipped beside
``app.py`` in every module folder (``lctg_metrics.metric_module.SPACE_APP_FILES``)."""

from __future__ import annotations

import json

import gradio as gr

try:  # beside this file, as every build's module folder (a Space) ships it
    from _space_content import DETAILS_FIELDS  # type: ignore[import-not-found]
except ModuleNotFoundError:  # the package's own app, or the app copied alone beside a script, with lctg installed
    from lctg_metrics.evaluate_ctg._space_content import DETAILS_FIELDS


def refuse_details(path: str, where: str) -> None:
    """A details file uploaded where generations go (an LCTG details line carries its generation too): refused in
    one line, as ``lctg score`` refuses it."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            first = json.loads(f.readline())
    except (OSError, ValueError):
        return  # the reader names what is wrong
    if isinstance(first, dict):
        what = next((w for fields, w in DETAILS_FIELDS if all(k in first for k in fields)), None)
        if what is not None:
            raise gr.Error(f"{where} is {what}, not generations: upload the generations file that run scored")


def batch_hint(path: str) -> str:
    """For a Batch API file (its first line has ``custom_id``): what it is and the route that reads it."""
    try:
        with open(path, encoding="utf-8-sig") as f:
            first = json.loads(f.readline())
    except (OSError, ValueError):
        return ""
    if not isinstance(first, dict) or "custom_id" not in first:
        return ""
    if "response" in first or "error" in first:
        return (
            "; this is a Batch API output: the Space reads {id, generation} rows; score it with `lctg score FILE "
            "--from openai-batch --dataset DATASET` (`lctg if-score` for instructions), or convert each line to "
            "{id: custom_id, generation: the answer's text}"
        )
    return "; this is a Batch API input (the requests `lctg prompts --format openai-batch` writes), not the answers"
