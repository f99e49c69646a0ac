"""Turn records + recovered templates into dataset rows (one per task × prompt_id × aspect).

``templates ──► rows``. Every row carries the constraint the metric checks (``constraint``), so
``references=ds["constraint"]`` is all :mod:`lctg_metrics` needs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import datasets

from lctg_dataset.constants import ASPECTS, CONSTRAINT_SCHEMA, DATASET_VERSION, TASKS
from lctg_dataset.source import Record, SourceError
from lctg_dataset.templates import TemplatePool, escape, fill
from lctg_dataset.validate import KIND_ASPECT, UNFLAGGED_KINDS, Finding

#: Marks the start of the condition block in every upstream task prompt (scripts/utils/prompt.py).
CONDITION_MARKER = "[条件]"

CONSTRAINT_FEATURES = datasets.Features(
    {
        name: datasets.Sequence(datasets.Value("string")) if arrow == "list<string>" else datasets.Value(arrow)
        for name, (arrow, _) in CONSTRAINT_SCHEMA.items()
    }
)

ROW_FEATURES = datasets.Features(
    {
        "id": datasets.Value("string"),
        "task": datasets.Value("string"),
        "prompt_id": datasets.Value("int64"),
        "aspect": datasets.Value("string"),
        "prompt": datasets.Value("string"),
        "instruction": datasets.Value("string"),
        "condition": datasets.Value("string"),
        "template": datasets.Value("string"),
        "template_id": datasets.Value("string"),
        "template_values": {
            "min": datasets.Value("int32"),
            "max": datasets.Value("int32"),
            "word": datasets.Value("string"),
        },
        "base_text": datasets.Value("string"),
        "title": datasets.Value("string"),
        "constraint": dict(CONSTRAINT_FEATURES),
        "flags": datasets.Sequence(datasets.Value("string")),
    }
)

#: Rows of the prompt-variant config also record which variant (0..K-1) they are.
VARIANT_FEATURES = datasets.Features({**ROW_FEATURES, "variant": datasets.Value("int32")})

#: Rows of the ``instructions`` config (``kwargs``: one JSON object per instruction, in list order).
INSTRUCTION_FEATURES = datasets.Features(
    {
        "id": datasets.Value("string"),
        "task": datasets.Value("string"),
        "prompt_id": datasets.Value("int64"),
        "base_text": datasets.Value("string"),
        "prompt": datasets.Value("string"),
        "instruction_id_list": datasets.Sequence(datasets.Value("string")),
        "kwargs": datasets.Sequence(datasets.Value("string")),
        "categories": datasets.Sequence(datasets.Value("string")),
        "dataset_version": datasets.Value("string"),
    }
)

#: Rows of the ``story_endings`` config (``lctg_dataset.stories.ROW_FIELDS``); ``document`` and ``prompt`` are
#: null unless the ROCStories contexts were included.
STORY_FEATURES = datasets.Features(
    {
        "id": datasets.Value("string"),
        "passage_id": datasets.Value("string"),
        "question_id": datasets.Value("string"),
        "source_split": datasets.Value("string"),
        "split": datasets.Value("string"),
        "question": datasets.Value("string"),
        "instruction": datasets.Value("string"),
        "template_id": datasets.Value("string"),
        "template_set": datasets.Value("string"),
        "options": datasets.Sequence(datasets.Value("string")),
        "gold_label": datasets.Value("int32"),
        "gold_ending": datasets.Value("string"),
        "document": datasets.Value("string"),
        "prompt": datasets.Value("string"),
    }
)

TEMPLATE_FEATURES = datasets.Features(
    {
        "template_id": datasets.Value("string"),
        "task": datasets.Value("string"),
        "aspect": datasets.Value("string"),
        "template": datasets.Value("string"),
        "slots": datasets.Sequence(datasets.Value("string")),
        "n_prompts": datasets.Value("int32"),
        "prompt_ids": datasets.Sequence(datasets.Value("int64")),
    }
)


def row_id(task: str, prompt_id: int, aspect: str) -> str:
    """The id scoring joins on: ``{task}/{prompt_id}/{aspect}``, e.g. ``summary/1614/char_count``."""
    return f"{task}/{prompt_id}/{aspect}"


def task_prompt_templates(
    records: Mapping[str, Sequence[Record]], protocol: Mapping[str, Any] | None
) -> dict[str, str]:
    """The task prompt per task (str.format fields ``{lmt}``, ``{base_text}``).

    Taken from the protocol prompts when the source has them, else recovered from a task's first record
    by cutting its base text and format condition out of ``prompt_format``.
    """
    if protocol is not None:
        return {t: protocol["task_prompt"][t] for t in TASKS}
    out: dict[str, str] = {}
    for task in TASKS:
        if not records.get(task):
            raise SourceError(f"task {task!r} has no records; cannot recover its task prompt")
        r = records[task][0]
        prompt, base, cond = escape(r.prompts["format"]), escape(r.base_text), escape(r.conditions["format"])
        if prompt.count(base) != 1 or prompt.replace(base, "", 1).count(cond) != 1:
            raise SourceError(f"{r.where('prompt_format')}: cannot locate base text and condition in the prompt")
        out[task] = prompt.replace(base, "{base_text}", 1).replace(cond, "{lmt}", 1)
    return out


def instruction_of(task_prompt: str, base_text: str) -> str:
    """The task instruction the model sees: the prompt before the condition block, base text filled in
    where the instruction contains it (pros_and_cons puts its topic there)."""
    head, sep, _ = task_prompt.partition(CONDITION_MARKER)
    if not sep:
        raise SourceError(f"task prompt has no {CONDITION_MARKER!r} block: {task_prompt[:40]!r}…")
    return head.rstrip("\n").format(base_text=base_text)


def constraint_of(
    r: Record, aspects: Sequence[str], *, rid: str, version: str = DATASET_VERSION, variant: int | None = None
) -> dict[str, Any]:
    """The scored values for ``aspects`` of a record; fields of other aspects stay null."""
    lo, hi = r.char_count_answer
    return {
        "id": rid,
        "task": r.task,
        "prompt_id": r.prompt_id,
        "aspects": list(aspects),
        "min_chars": lo if "char_count" in aspects else None,
        "max_chars": hi if "char_count" in aspects else None,
        "keyword": r.keyword_answer if "keyword" in aspects else None,
        "prohibited_word": r.prohibited_word_answer if "prohibited_word" in aspects else None,
        "variant": variant,
        "dataset_version": version,
    }


def build_rows(
    records: Mapping[str, Sequence[Record]],
    pool: TemplatePool,
    task_prompts: Mapping[str, str],
    findings: Sequence[Finding],
) -> dict[str, list[dict[str, Any]]]:
    """Rows per task, in source order, aspects in ``ASPECTS`` order. ``prompt`` is rebuilt from its parts
    (task prompt ∘ filled template ∘ base text); validation reports any row where that differs from upstream,
    and the row keeps upstream's prompt (the faithful build never changes data)."""
    flags: dict[tuple[str, int, str], list[str]] = {}
    for f in findings:
        if f.kind in UNFLAGGED_KINDS:
            continue
        for aspect in [f.aspect] if f.aspect else ([KIND_ASPECT[f.kind]] if f.kind in KIND_ASPECT else ASPECTS):
            key = (f.task, f.prompt_id, aspect)
            if f.kind not in flags.setdefault(key, []):
                flags[key].append(f.kind)
    out: dict[str, list[dict[str, Any]]] = {}
    for task in TASKS:
        rows = []
        for r in records[task]:
            instruction = instruction_of(task_prompts[task], r.base_text)
            for aspect in ASPECTS:
                tid, rec = pool.assignment[(task, r.prompt_id, aspect)]
                condition = fill(rec.template, rec.values)
                rid = row_id(task, r.prompt_id, aspect)
                rows.append(
                    {
                        "id": rid,
                        "task": task,
                        "prompt_id": r.prompt_id,
                        "aspect": aspect,
                        "prompt": r.prompts[aspect],
                        "instruction": instruction,
                        "condition": condition,
                        "template": rec.template,
                        "template_id": tid,
                        "template_values": {
                            "min": rec.values.get("min"),
                            "max": rec.values.get("max"),
                            "word": rec.values.get("word"),
                        },
                        "base_text": r.base_text,
                        "title": r.title,
                        "constraint": constraint_of(r, [aspect], rid=rid),
                        "flags": flags.get((task, r.prompt_id, aspect), []),
                    }
                )
        out[task] = rows
    return out


def rebuilt_prompts(
    records: Mapping[str, Sequence[Record]], pool: TemplatePool, task_prompts: Mapping[str, str]
) -> dict[tuple[str, int, str], str]:
    """Each prompt rebuilt from task prompt, recovered template + values, and base text."""
    out = {}
    for task in TASKS:
        for r in records[task]:
            for aspect in ASPECTS:
                _, rec = pool.assignment[(task, r.prompt_id, aspect)]
                condition = fill(rec.template, rec.values)
                out[(task, r.prompt_id, aspect)] = task_prompts[task].format(lmt=condition, base_text=r.base_text)
    return out


def template_rows(pool: TemplatePool) -> list[dict[str, Any]]:
    return [
        {
            "template_id": t.template_id,
            "task": t.task,
            "aspect": t.aspect,
            "template": t.template,
            "slots": list(t.slots),
            "n_prompts": t.n_prompts,
            "prompt_ids": list(t.prompt_ids),
        }
        for t in pool.templates
    ]
