"""Build the ``story_endings`` rows: split by passage, instruction per item, contexts only on request."""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
from typing import Any

from lctg_dataset.stories.instructions import TEMPLATE_SET, choose_template, make_instruction, make_prompt
from lctg_dataset.stories.source import StoryRecord, read_stories

CONFIG_NAME = "story_endings"
DEFAULT_SEED = 0
FIT, EVAL = "fit", "eval"  # fit: train or calibrate a reader; eval: report IFSM (paper: half of each split)

# Row schema (one row per question); ``document`` and ``prompt`` are None unless contexts are included,
# because ROCStories contexts may not be redistributed (see the Possible Stories README).
ROW_FIELDS = (
    "id",
    "passage_id",
    "question_id",
    "source_split",
    "split",
    "question",
    "instruction",
    "template_id",
    "template_set",
    "options",
    "gold_label",
    "gold_ending",
    "document",
    "prompt",
)


def split_passages(passage_ids: Iterable[str], seed: int = DEFAULT_SEED) -> dict[str, str]:
    """Passage id → ``fit``/``eval``: the first half (rounded up) in seeded-digest order is ``fit``."""
    unique = sorted(set(passage_ids), key=lambda p: hashlib.sha256(f"{seed}|{p}".encode()).hexdigest())
    cut = (len(unique) + 1) // 2
    return {p: (FIT if i < cut else EVAL) for i, p in enumerate(unique)}


def build_rows(
    records: Sequence[StoryRecord],
    *,
    seed: int = DEFAULT_SEED,
    include_contexts: bool = False,
) -> list[dict[str, Any]]:
    """One row per record, in record order; contexts (and so prompts) only with ``include_contexts``."""
    halves = split_passages((r.passage_id for r in records), seed)
    rows = []
    for record in records:
        template = choose_template(record.question_id, seed)
        instruction = make_instruction(record.question, template)
        rows.append(
            {
                "id": f"{CONFIG_NAME}/{record.question_id}",
                "passage_id": record.passage_id,
                "question_id": record.question_id,
                "source_split": record.source_split,
                "split": halves[record.passage_id],
                "question": record.question,
                "instruction": instruction,
                "template_id": template.id,
                "template_set": TEMPLATE_SET,
                "options": list(record.options),
                "gold_label": record.gold_label,
                "gold_ending": record.options[record.gold_label],
                "document": record.document if include_contexts else None,
                "prompt": make_prompt(record.document, instruction) if include_contexts else None,
            }
        )
    return rows


def load_story_rows(
    source: str | os.PathLike[str] | None = None,
    *,
    split: str | None = None,
    seed: int = DEFAULT_SEED,
    include_contexts: bool = False,
) -> list[dict[str, Any]]:
    """Rows from the local Possible Stories copy; ``split`` (``fit``/``eval``/None) keeps one half."""
    if split not in (None, FIT, EVAL):
        raise ValueError(f"split must be {FIT!r}, {EVAL!r} or None, got {split!r}")
    rows = build_rows(read_stories(source), seed=seed, include_contexts=include_contexts)
    return [r for r in rows if split is None or r["split"] == split]


def fill_contexts(rows: Sequence[dict[str, Any]], source: str | os.PathLike[str] | None = None) -> list[dict[str, Any]]:
    """Copies of ``rows`` with ``document`` and ``prompt`` filled from the user's local copy, by question id."""
    by_id = {r.question_id: r for r in read_stories(source)}
    filled = []
    for row in rows:
        record = by_id.get(row["question_id"])
        if record is None:
            raise KeyError(f"row {row['id']}: question_id not found in the local Possible Stories copy")
        if record.passage_id != row["passage_id"]:
            raise ValueError(f"row {row['id']}: passage_id {row['passage_id']} differs from the source's")
        filled.append({**row, "document": record.document, "prompt": make_prompt(record.document, row["instruction"])})
    return filled
