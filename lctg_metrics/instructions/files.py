"""Reading instruction-scoring inputs: the ``instructions`` config of a built dataset folder (through the input
layer, :mod:`lctg_metrics.inputs`, as every family reads a dataset folder and a generations file) and M-IFEval-ja's
input and response files; ``score_mifeval`` on top. Errors name the file, line or row, id and field, in one line."""

from __future__ import annotations

import os
from typing import Any

from lctg_metrics.inputs.families import read_config_table
from lctg_metrics.instructions.mifeval import read_mifeval_inputs, read_mifeval_responses
from lctg_metrics.instructions.score import prompt_of_row, score_instructions
from lctg_metrics.schema import ScoringError

#: The columns of the ``instructions`` config that scoring reads (the others are carried along).
REQUIRED_COLUMNS = ("id", "instruction_id_list", "kwargs")
#: Data name in the signature of an M-IFEval-ja run.
MIFEVAL_DATA = "m-ifeval-ja"


def read_config_rows(dataset: str | os.PathLike[str], config: str = "instructions") -> list[dict[str, Any]]:
    """Rows of an instructions config (files from the folder's manifest, read by the input layer), each checked (ids
    known, kwargs valid) before any scoring."""
    rows = read_config_table(dataset, config, REQUIRED_COLUMNS)
    for where, row in rows:
        prompt_of_row(row, where)
    return [row for _, row in rows]


def read_mifeval(
    input_path: str | os.PathLike[str], responses_path: str | os.PathLike[str]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """M-IFEval-ja input rows as scoring rows (``id`` = key) and its responses as generations, joined on the
    prompt text (the response files carry no key)."""
    inputs, responses = read_mifeval_inputs(input_path), read_mifeval_responses(responses_path)
    missing = [row["key"] for row in inputs if row["prompt"] not in responses]
    if missing:
        raise ScoringError(f"{responses_path}: no response for keys {missing[:10]} (joined on the prompt text)")
    rows = []
    for number, row in enumerate(inputs, 1):
        rows.append(
            {
                "id": row["key"],
                "prompt": row["prompt"],
                "instruction_id_list": row["instruction_id_list"],
                "kwargs": row["kwargs"],
            }
        )
        prompt_of_row(rows[-1], f"{input_path}:{number}")
    generations = [{"id": row["key"], "generation": responses[row["prompt"]]} for row in inputs]
    return rows, generations


def score_mifeval(
    input_path: str | os.PathLike[str], responses_path: str | os.PathLike[str]
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Score one model's M-IFEval-ja responses. Details: one dict per instruction ``{"key", "instruction_id",
    "index", "strict", "loose", "reason"}`` (reason of the strict verdict); summary: the signature, prompt- and
    instruction-level strict/loose accuracy and counts."""
    rows, generations = read_mifeval(input_path, responses_path)
    result = score_instructions(generations, rows, ci=False, data=MIFEVAL_DATA, source=str(responses_path))
    s = result.aggregate.scores
    summary = {
        "signature": result.signature,
        "prompts": result.aggregate.prompts,
        "instructions": result.aggregate.instructions,
        **{
            f"{level}_{mode}": s[f"{level}_level"][mode]["estimate"]
            for level in ("prompt", "instruction")
            for mode in ("strict", "loose")
        },
    }
    return result.details, summary


__all__ = ["MIFEVAL_DATA", "REQUIRED_COLUMNS", "read_config_rows", "read_mifeval", "score_mifeval"]
