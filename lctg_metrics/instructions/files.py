"""Reading instruction-scoring inputs: generations JSONL, the ``instructions`` config of a built dataset folder,
and M-IFEval-ja's input and response files; ``score_mifeval`` on top. Errors name the file, line or row, id and
field, in one line."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from lctg_dataset.jsonl import read_jsonl
from lctg_metrics.instructions.mifeval import read_mifeval_inputs, read_mifeval_responses
from lctg_metrics.instructions.score import prompt_of_row, score_instructions

#: The columns of the ``instructions`` config that scoring reads (the others are carried along).
REQUIRED_COLUMNS = ("id", "instruction_id_list", "kwargs")
MANIFEST = "manifest.json"
#: Data name in the signature of an M-IFEval-ja run.
MIFEVAL_DATA = "m-ifeval-ja"


def read_generations(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """``{"id", "generation"}`` per JSONL line (other fields ignored); a bad or repeated line raises naming it."""
    p = Path(path)
    if not p.is_file():
        raise ValueError(f"generations file {p} does not exist or is not a file")
    out: list[dict[str, Any]] = []
    first: dict[Any, int] = {}
    try:
        for line, obj in read_jsonl(p):
            for name in ("id", "generation"):
                if name not in obj:
                    raise ValueError(f"{p}:{line}: missing field {name!r}")
            key, text = obj["id"], obj["generation"]
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise ValueError(f"{p}:{line}: field 'id' must be a string, got {key!r}")
            if not isinstance(text, str):
                raise ValueError(f"{p}:{line}: id {key!r}: field 'generation' must be a string, "
                                 f"got {type(text).__name__}")
            if key in first:
                raise ValueError(f"{p}:{line}: id {key!r} appears again (first at line {first[key]})")
            first[key] = line
            out.append({"id": key, "generation": text})
    except UnicodeDecodeError as e:
        raise ValueError(f"{p}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    return out


def config_files(dataset: str | os.PathLike[str], config: str = "instructions") -> list[Path]:
    """The parquet files of ``config`` listed in the folder's ``manifest.json``."""
    root = Path(dataset)
    path = root / MANIFEST
    if not path.is_file():
        raise ValueError(f"--dataset {root}: no {MANIFEST}; point it at a folder written by build_dataset.py")
    try:
        configs = json.loads(path.read_text(encoding="utf-8")).get("configs", {})
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}:{e.lineno}: invalid JSON ({e.msg})") from None
    if config not in configs:
        raise ValueError(f"{path}: key 'configs': no config {config!r}; valid: {', '.join(configs) or '(none)'}")
    files = [root / f for f in configs[config].get("files", [])]
    if not files:
        raise ValueError(f"{path}: key 'configs.{config}.files' lists no file")
    for f in files:
        if not f.is_file():
            raise ValueError(f"{path}: key 'configs.{config}.files': {f} does not exist")
    from lctg_metrics.inputs import verify_files  # noqa: PLC0415

    return verify_files(root, configs[config]["files"])  # each against its sha256 in the manifest


def read_config_rows(dataset: str | os.PathLike[str], config: str = "instructions") -> list[dict[str, Any]]:
    """Rows of an instructions config, each checked (ids known, kwargs valid) before any scoring."""
    import pyarrow.parquet as pq  # noqa: PLC0415

    rows: list[dict[str, Any]] = []
    for f in config_files(dataset, config):
        try:
            table = pq.read_table(f)
        except Exception as e:  # pyarrow raises several types for unreadable files
            raise ValueError(f"{f}: not a readable parquet file ({e})") from None
        missing = [c for c in REQUIRED_COLUMNS if c not in table.column_names]
        if missing:
            raise ValueError(f"{f}: missing column {missing[0]!r} (config {config!r} needs "
                             f"{', '.join(REQUIRED_COLUMNS)}; is it an instructions config?)")
        for number, row in enumerate(table.to_pylist()):
            prompt_of_row(row, f"{f}: row {number}")
            rows.append(row)
    return rows


def read_mifeval(input_path: str | os.PathLike[str],
                 responses_path: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """M-IFEval-ja input rows as scoring rows (``id`` = key) and its responses as generations, joined on the
    prompt text (the response files carry no key)."""
    inputs, responses = read_mifeval_inputs(input_path), read_mifeval_responses(responses_path)
    missing = [row["key"] for row in inputs if row["prompt"] not in responses]
    if missing:
        raise ValueError(f"{responses_path}: no response for keys {missing[:10]} (joined on the prompt text)")
    rows = []
    for number, row in enumerate(inputs, 1):
        rows.append({"id": row["key"], "prompt": row["prompt"], "instruction_id_list": row["instruction_id_list"],
                     "kwargs": row["kwargs"]})
        prompt_of_row(rows[-1], f"{input_path}:{number}")
    generations = [{"id": row["key"], "generation": responses[row["prompt"]]} for row in inputs]
    return rows, generations


def score_mifeval(input_path: str | os.PathLike[str],
                  responses_path: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Score one model's M-IFEval-ja responses. Details: one dict per instruction ``{"key", "instruction_id",
    "index", "strict", "loose", "reason"}`` (reason of the strict verdict); summary: the signature, prompt- and
    instruction-level strict/loose accuracy and counts."""
    rows, generations = read_mifeval(input_path, responses_path)
    result = score_instructions(generations, rows, ci=False, data=MIFEVAL_DATA, source=str(responses_path))
    s = result.aggregate.scores
    summary = {"signature": result.signature, "prompts": result.aggregate.prompts,
               "instructions": result.aggregate.instructions,
               **{f"{level}_{mode}": s[f"{level}_level"][mode]["estimate"]
                  for level in ("prompt", "instruction") for mode in ("strict", "loose")}}
    return result.details, summary


__all__ = ["MIFEVAL_DATA", "REQUIRED_COLUMNS", "config_files", "read_config_rows", "read_generations",
           "read_mifeval", "score_mifeval"]
