"""Beyond the upstream release: opt-in configs derived from the faithful rows and the template pool.

- ``corrected`` (1.1.0): conditions whose text disagrees with the scored values are re-filled from their
  own template with the scored values, so what the prompt says and what is checked agree.
- ``variants`` (1.1.0+variants.k{K}.s{S}): K rewordings of every non-format prompt, each condition
  re-filled with another template of the same (task, aspect) pool (seeded).
- ``multi`` (1.1.0+multi): one prompt per base text carrying all four conditions.

None of them changes the faithful 1.0.0 configs; scores on them are not comparable with the papers.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from lctg_dataset.constants import ASPECTS, CORRECTED_VERSION, TASKS, TEMPLATED_ASPECTS
from lctg_dataset.source import Record
from lctg_dataset.templates import TemplateInfo, TemplatePool, fill
from lctg_dataset.validate import DISAGREEMENT_KINDS, Finding

#: Default number of variants per prompt and seed (issue: ``--variants K --seed S``, default 5).
DEFAULT_VARIANTS = 5
DEFAULT_SEED = 0
#: Order of the conditions in a multi-constraint prompt: the content constraints, then the output format.
MULTI_ORDER: tuple[str, ...] = ("char_count", "keyword", "prohibited_word", "format")
#: Joins conditions inside the task prompt's [条件] block (one condition per line).
MULTI_JOIN = "\n"


def variants_version(k: int, seed: int) -> str:
    return f"{CORRECTED_VERSION}+variants.k{k}.s{seed}"


MULTI_VERSION = f"{CORRECTED_VERSION}+multi"


@dataclass(frozen=True)
class Change:
    """One edit of the corrected revision, for the machine-readable changelog."""

    id: str
    field: str
    old: Any
    new: Any
    finding: str

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "field": self.field, "old": self.old, "new": self.new, "finding": self.finding}


def scored_values(r: Record, aspect: str) -> dict[str, Any]:
    """The slot values a condition must state so that it says what is scored."""
    if aspect == "char_count":
        return {"min": r.char_count_answer[0], "max": r.char_count_answer[1]}
    if aspect == "keyword":
        return {"word": r.keyword_answer}
    if aspect == "prohibited_word":
        return {"word": r.prohibited_word_answer}
    return {}


def _template_values(values: Mapping[str, Any]) -> dict[str, Any]:
    return {"min": values.get("min"), "max": values.get("max"), "word": values.get("word")}


def _with(row: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    out = dict(row)
    out.update(changes)
    return out


def corrected_rows(
    rows: Mapping[str, Sequence[Mapping[str, Any]]],
    records: Mapping[str, Sequence[Record]],
    pool: TemplatePool,
    task_prompts: Mapping[str, str],
    findings: Sequence[Finding],
) -> tuple[dict[str, list[dict[str, Any]]], list[Change]]:
    """The 1.1.0 rows and every change made. Only disagreement findings are corrected; consistent but
    unusual records (exact-length ranges, words in the instruction) are left as they are."""
    to_fix = {(f.task, f.prompt_id, f.aspect): f.kind for f in findings if f.kind in DISAGREEMENT_KINDS}
    by_key = {(r.task, r.prompt_id): r for t in TASKS for r in records[t]}
    out: dict[str, list[dict[str, Any]]] = {}
    changes: list[Change] = []
    for task in TASKS:
        out[task] = []
        for row in rows[task]:
            key = (task, row["prompt_id"], row["aspect"])
            constraint = dict(row["constraint"], dataset_version=CORRECTED_VERSION)
            if key not in to_fix:
                out[task].append(_with(row, constraint=constraint))
                continue
            rec = by_key[(task, row["prompt_id"])]
            values = scored_values(rec, row["aspect"])
            condition = fill(row["template"], values)
            prompt = task_prompts[task].format(lmt=condition, base_text=rec.base_text)
            for name, old, new in (("condition", row["condition"], condition), ("prompt", row["prompt"], prompt),
                                   ("template_values", row["template_values"], _template_values(values))):
                changes.append(Change(row["id"], name, old, new, to_fix[key]))
            out[task].append(_with(row, condition=condition, prompt=prompt, template_values=_template_values(values),
                                   constraint=constraint))
    return out, changes


def _rng(seed: int, key: str) -> random.Random:
    digest = hashlib.sha256(f"lctg-variants|{seed}|{key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def usable_templates(pool: TemplatePool, task: str, aspect: str) -> list[TemplateInfo]:
    """Templates of a (task, aspect) that carry every slot the aspect needs (slot-less ones cannot be re-filled)."""
    need = {"char_count": {"min", "max"}, "keyword": {"word"}, "prohibited_word": {"word"}}[aspect]
    return [t for t in pool.by_task_aspect(task, aspect) if set(t.slots) == need]


def variant_rows(
    corrected: Mapping[str, Sequence[Mapping[str, Any]]],
    records: Mapping[str, Sequence[Record]],
    pool: TemplatePool,
    task_prompts: Mapping[str, str],
    *,
    k: int = DEFAULT_VARIANTS,
    seed: int = DEFAULT_SEED,
) -> list[dict[str, Any]]:
    """K variants of every non-format prompt: same base text and scored values, condition re-filled with
    templates drawn without replacement from the same pool, excluding the prompt's own template (when the
    pool has fewer than K others, templates repeat only after all were used)."""
    if k < 1:
        raise ValueError(f"--variants must be >= 1, got {k}")
    by_key = {(r.task, r.prompt_id): r for t in TASKS for r in records[t]}
    version = variants_version(k, seed)
    out: list[dict[str, Any]] = []
    for task in TASKS:
        for row in corrected[task]:
            aspect = row["aspect"]
            if aspect not in TEMPLATED_ASPECTS:
                continue
            rec = by_key[(task, row["prompt_id"])]
            candidates = sorted((t for t in usable_templates(pool, task, aspect) if t.template_id != row["template_id"]),
                                key=lambda t: t.template_id)
            if not candidates:
                raise ValueError(f"{row['id']}: no other usable template in the {task}/{aspect} pool")
            rng = _rng(seed, row["id"])
            chosen: list[TemplateInfo] = []
            while len(chosen) < k:
                chosen += rng.sample(candidates, min(k - len(chosen), len(candidates)))
            values = scored_values(rec, aspect)
            for v, t in enumerate(chosen):
                condition = fill(t.template, values)
                rid = f"{row['id']}/v{v}"
                out.append(
                    _with(
                        row,
                        id=rid,
                        condition=condition,
                        prompt=task_prompts[task].format(lmt=condition, base_text=rec.base_text),
                        template=t.template,
                        template_id=t.template_id,
                        template_values=_template_values(values),
                        constraint=dict(row["constraint"], id=rid, variant=v, dataset_version=version),
                        variant=v,
                    )
                )
    return out


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
                excluded.append({"task": task, "prompt_id": rec.prompt_id,
                                 "reason": f"keyword 「{kw}」 forces prohibited word 「{pw}」"})
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
                        "id": rid, "task": task, "prompt_id": rec.prompt_id, "aspects": list(ASPECTS),
                        "min_chars": lo, "max_chars": hi, "keyword": kw, "prohibited_word": pw,
                        "variant": None, "dataset_version": MULTI_VERSION,
                    },
                    "flags": sorted({f for p in parts for f in p["flags"]}),
                }
            )
    return rows, excluded
