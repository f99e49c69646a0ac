"""Other tools' files: generations read from lm-evaluation-harness and OpenAI Batch API outputs, prompts
written as Batch API input lines.

    read_generations_from("generations.csv", "lctg", id_field="qid", text_field="output")
    read_generations_from("results/", "lm-eval")           # every samples_*.jsonl of an lm_eval --log_samples run
    read_generations_from("batch_output.jsonl", "openai-batch")
    prompt_records(rows, "openai-batch", model="gpt-4o", samples=3)

Batch API requests are named ``custom_id = "{row id}#{sample}"`` (row ids never contain ``#``); reading an
output file maps them back. A ``custom_id`` without ``#`` is the row id of sample 0.
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable, Mapping
from io import StringIO
from pathlib import Path
from typing import Any

from lctg_metrics.formats.batch import (
    BATCH_URL,
    CUSTOM_ID_SEPARATOR,
    batch_answer,
    custom_id,
    parse_custom_id,
    read_openai_batch,
)
from lctg_metrics.inputs import generations
from lctg_metrics.inputs.parse import jsonl_rows
from lctg_metrics.schema import Generation, ScoringError

#: What ``read_generations_from`` reads: our own files, lm-eval ``--log_samples`` files, Batch API output files.
FROM_FORMATS = ("lctg", "lm-eval", "openai-batch")
#: What ``prompt_records`` writes: ``{"id", "prompt"}`` lines, or Batch API input lines.
PROMPT_FORMATS = ("jsonl", "openai-batch")
#: lm-eval log fields that hold responses: ``resps`` (every raw response) or ``filtered_resps`` (after filters).
LM_EVAL_TEXT_FIELDS = ("resps", "filtered_resps")


def read_generations_from(
    path: str | os.PathLike[str],
    fmt: str = "lctg",
    *,
    id_field: str = "id",
    text_field: str = "generation",
    missing: str = "error",
) -> list[Generation]:
    """Generations from a file written by us or by another tool (``fmt`` in :data:`FROM_FORMATS`).

    ``lctg``: JSONL/CSV/parquet with ``id_field`` and ``text_field`` columns (plus ``sample``, ``cleaned``).
    ``lm-eval``: a ``samples_<task>_<date>.jsonl`` file, or a folder searched for them; the row id is
    ``doc[id_field]``, the samples are the responses of ``resps`` (``repeats`` = k gives samples 0..k-1;
    ``text_field="filtered_resps"`` takes the filtered ones instead).
    ``openai-batch``: a Batch API output file (chat completions or ``/v1/responses`` bodies). A refusal or a
    content-filter stop is an answer that fails every aspect, its reason in the details. Failed requests follow
    ``missing``: ``error`` is one error naming the first failed line and counting the others, ``skip`` leaves them
    out (the scorer then reports them as missing), ``fail`` scores them as failures saying why.
    """
    if fmt not in FROM_FORMATS:
        raise ScoringError(f"unknown generations format {fmt!r}; valid: {', '.join(FROM_FORMATS)}")
    p = Path(path)
    if fmt == "lm-eval":
        return _read_lm_eval(p, id_field, text_field)
    if not p.is_file():
        raise ScoringError(f"generations file {p} does not exist or is not a file")
    if fmt == "openai-batch":
        return _guard(p, lambda: read_openai_batch(p, missing))
    if id_field == "id" and text_field == "generation":
        return generations.read_generations(p)
    return _guard(p, lambda: _read_renamed(p, id_field, text_field))


def _guard(p: Path, read: Any) -> list[Generation]:
    """Turn decoding and OS errors into one line naming the file."""
    try:
        return read()
    except UnicodeDecodeError as e:
        raise ScoringError(f"{p}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    except OSError as e:
        raise ScoringError(f"{p}: cannot read ({e.strerror or e})") from None


# ------------------------------------------------------------------------- lctg, other column names


def _read_renamed(p: Path, id_field: str, text_field: str) -> list[Generation]:
    """Today's reader (:mod:`lctg_metrics.inputs.generations`: its checks, its sample numbering) over renamed
    columns."""
    suffix = p.suffix.lower()
    if suffix in (".jsonl", ".json", ".ndjson"):
        rows = list(jsonl_rows(p, generations.read_text(p)))
    elif suffix == ".csv":
        rows = list(generations._csv_rows(p, _csv_renamed(p, generations.read_text(p), id_field, text_field)))
        id_field, text_field = "id", "generation"  # renamed in the header
    elif suffix == ".parquet":
        rows = list(generations._parquet_rows(p))
    else:
        raise ScoringError(f"{p}: unknown generations format {suffix!r}; use .jsonl, .csv or .parquet")
    if not rows:
        raise ScoringError(
            f"{p}: no generations (the file is empty{' or holds only its header' if suffix == '.csv' else ''})"
        )
    renamed = []
    for where, row in rows:
        if not isinstance(row, Mapping):
            raise ScoringError(f"{where}: expected an object, got {type(row).__name__}")
        if id_field not in row:
            raise ScoringError(f"{where}: missing id field {id_field!r} (fields: {', '.join(map(str, row))})")
        if text_field not in row:
            raise ScoringError(f"{where}: missing text field {text_field!r} for id {row[id_field]!r}")
        new = {k: v for k, v in row.items() if k not in ("id", "generation")}
        new["id"], new["generation"] = row[id_field], row[text_field]
        renamed.append((where, new))
    return generations._generations(renamed)


def _csv_renamed(p: Path, text: str, id_field: str, text_field: str) -> str:
    """The CSV text with ``id_field``/``text_field`` named ``id``/``generation`` in its header line (columns
    already called so are set aside), so line numbers stay those of the file."""
    header_line, sep, rest = text.partition("\n")
    header = next(csv.reader([header_line]), [])
    if id_field not in header or text_field not in header:
        raise ScoringError(f"{p}:1: CSV header must include {id_field!r} and {text_field!r}, got {header}")
    rename = {id_field: "id", text_field: "generation"}
    names = [rename.get(h, f"{h} (not used)" if h in ("id", "generation") else h) for h in header]
    out = StringIO()
    csv.writer(out, lineterminator="").writerow(names)
    return out.getvalue() + sep + rest


# --------------------------------------------------------------------------------------- lm-eval


def lm_eval_sample_files(path: Path) -> list[Path]:
    """The ``samples_*.jsonl`` files of an lm-eval output: the file itself, or every one under a folder."""
    if path.is_file():
        return [path]
    if path.is_dir():
        files = sorted(path.rglob("samples_*.jsonl"))
        if not files:
            raise ScoringError(
                f"{path}: no samples_*.jsonl files under this folder; run lm_eval with --log_samples "
                "--output_path and point at that output folder"
            )
        return files
    raise ScoringError(f"lm-eval samples path {path} does not exist")


def _read_lm_eval(path: Path, id_field: str, text_field: str) -> list[Generation]:
    field = "resps" if text_field == "generation" else text_field
    if field not in LM_EVAL_TEXT_FIELDS:
        raise ScoringError(f"lm-eval samples hold responses in {' or '.join(LM_EVAL_TEXT_FIELDS)}, not {text_field!r}")
    out: list[Generation] = []
    for f in lm_eval_sample_files(path):
        out += _guard(f, lambda f=f: _lm_eval_file(f, id_field, field))
    return out


def _lm_eval_file(p: Path, id_field: str, field: str) -> list[Generation]:
    out: list[Generation] = []
    seen: dict[Any, tuple[str, list[str]]] = {}  # doc_id -> (where, texts): one line per filter repeats a doc
    for where, rec in jsonl_rows(p, generations.read_text(p)):
        doc = rec.get("doc")
        if not isinstance(doc, Mapping) or field not in rec:
            raise ScoringError(f"{where}: not an lm-eval --log_samples record (needs 'doc' and {field!r})")
        if id_field not in doc:
            raise ScoringError(
                f"{where}: doc {rec.get('doc_id')!r} has no field {id_field!r} (its fields: "
                f"{', '.join(map(str, doc))}); is this an LCTG task?"
            )
        texts = _responses(rec[field], field, where)
        key = rec.get("doc_id", doc[id_field])
        if key in seen:
            if seen[key][1] != texts:
                raise ScoringError(f"{where}: doc {key!r} logged again with other responses than {seen[key][0]}")
            continue
        seen[key] = (where, texts)
        out += [
            Generation(id=doc[id_field], text=t, sample=s, where=f"{where} sample {s}") for s, t in enumerate(texts)
        ]
    return out


def _responses(value: Any, field: str, where: str) -> list[Any]:
    """The responses of one doc: ``resps`` is one list per request (ours send one), ``filtered_resps`` one
    text (take_first) or one list (take_first_k) per request."""
    if not isinstance(value, list) or len(value) != 1:
        n = len(value) if isinstance(value, list) else type(value).__name__
        raise ScoringError(f"{where}: {field} must hold one request (a generate_until task), got {n}")
    texts = value[0] if isinstance(value[0], list) else [value[0]]
    if not texts:
        raise ScoringError(f"{where}: {field} holds no response")
    return texts


# ------------------------------------------------------------------------------------------ prompts


def prompt_records(
    rows: Iterable[Mapping[str, Any]], fmt: str, *, model: str | None = None, samples: int = 1
) -> list[dict[str, Any]]:
    """What ``lctg prompts`` writes for dataset rows (``fmt`` in :data:`PROMPT_FORMATS`).

    ``jsonl``: ``{"id", "prompt"}`` per row; with ``samples`` > 1 one line per sample, each with ``"sample"``.
    ``openai-batch``: one Batch API input line per (row, sample), ``custom_id`` ``"{id}#{sample}"``, the prompt
    as the only user message (as the benchmark sends it) and nothing else in the body but ``model``."""
    if fmt not in PROMPT_FORMATS:
        raise ScoringError(f"unknown prompts format {fmt!r}; valid: {', '.join(PROMPT_FORMATS)}")
    if type(samples) is not int or samples < 1:
        raise ScoringError(f"samples must be a positive integer, got {samples!r}")
    if fmt == "openai-batch" and not (isinstance(model, str) and model):
        raise ScoringError("the openai-batch prompts format needs a model name (e.g. --model gpt-4o)")
    out: list[dict[str, Any]] = []
    for i, row in enumerate(rows):
        rid, prompt = row.get("id"), row.get("prompt")
        if not isinstance(rid, str) or CUSTOM_ID_SEPARATOR in rid or not isinstance(prompt, str):
            raise ScoringError(
                f"rows[{i}]: needs a string 'id' without {CUSTOM_ID_SEPARATOR!r} and a string "
                f"'prompt' (a prompt config of the dataset), got id {rid!r}"
            )
        for s in range(samples):
            if fmt == "jsonl":
                out.append(
                    {"id": rid, "prompt": prompt} if samples == 1 else {"id": rid, "sample": s, "prompt": prompt}
                )
            else:
                out.append(
                    {
                        "custom_id": custom_id(rid, s),
                        "method": "POST",
                        "url": BATCH_URL,
                        "body": {"model": model, "messages": [{"role": "user", "content": prompt}]},
                    }
                )
    return out


__all__ = [
    "BATCH_URL",
    "CUSTOM_ID_SEPARATOR",
    "FROM_FORMATS",
    "LM_EVAL_TEXT_FIELDS",
    "PROMPT_FORMATS",
    "batch_answer",
    "custom_id",
    "lm_eval_sample_files",
    "parse_custom_id",
    "prompt_records",
    "read_generations_from",
]
