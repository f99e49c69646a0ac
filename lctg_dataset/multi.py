"""The ``multi`` config: one prompt per base text carrying all four (corrected) conditions at once."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from lctg_dataset.constants import ASPECTS, MULTI_VERSION, TASKS
from lctg_dataset.source import Record

#: Order of the conditions in a multi-constraint prompt: the content constraints, then the output format.
MULTI_ORDER: tuple[str, ...] = ("char_count", "keyword", "prohibited_word", "format")
#: Joins conditions inside the task prompt's [条件] block (one condition per line).
MULTI_JOIN = "\n"


def multi_rows(
    corrected: Mapping[str, Sequence[Mapping[str, Any]]],
    records: Mapping[str, Sequence[Record]],
    task_prompts: Mapping[str, str],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """One prompt per base text with all four (corrected) conditions, in ``MULTI_ORDER``. Records whose
    keyword equals or contains the prohibited word are excluded (passing one would force failing the other);
    returns (rows, excluded)."""
    by_key = {(t, row["prompt_id"], row["aspect"]): row for t in TASKS for row in corrected[t]}
    rows: list[dict[str, Any]] = []
    excluded: list[dict[str, Any]] = []
    for task in TASKS:
        for rec in records[task]:
            kw, pw = rec.keyword_answer, rec.prohibited_word_answer
            if kw == pw or pw in kw:
                excluded.append(
                    {
                        "task": task,
                        "prompt_id": rec.prompt_id,
                        "reason": f"keyword 「{kw}」 forces prohibited word 「{pw}」",
                    }
                )
                continue
            parts = [by_key[(task, rec.prompt_id, a)] for a in MULTI_ORDER]
            condition = MULTI_JOIN.join(p["condition"] for p in parts)
            rid = f"{task}/{rec.prompt_id}/multi"
            lo, hi = rec.char_count_answer
            rows.append(
                {
                    **{k: v for k, v in parts[0].items()},
                    "id": rid,
                    "aspect": "multi",
                    "prompt": task_prompts[task].format(lmt=condition, base_text=rec.base_text),
                    "condition": condition,
                    "template": None,  # four templates; their ids are in template_id
                    "template_id": "+".join(p["template_id"] for p in parts),
                    "template_values": {"min": lo, "max": hi, "word": None},
                    "constraint": {
                        "id": rid,
                        "task": task,
                        "prompt_id": rec.prompt_id,
                        "aspects": list(ASPECTS),
                        "min_chars": lo,
                        "max_chars": hi,
                        "keyword": kw,
                        "prohibited_word": pw,
                        "variant": None,
                        "dataset_version": MULTI_VERSION,
                    },
                    "flags": sorted({f for p in parts for f in p["flags"]}),
                }
            )
    return rows, excluded
