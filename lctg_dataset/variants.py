"""The ``variants`` config: K rewordings of every non-format prompt, each condition re-filled with another
template of the same (task, aspect) pool, drawn with a seed so builds are reproducible."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_dataset.constants import DEFAULT_SEED, DEFAULT_VARIANTS, TASKS, TEMPLATED_ASPECTS, variants_version
from lctg_dataset.corrected import scored_values, template_values, with_
from lctg_dataset.polarity import contradicts
from lctg_dataset.source import Record
from lctg_dataset.templates import TemplateInfo, TemplatePool, fill


def _rng(seed: int, key: str) -> random.Random:
    digest = hashlib.sha256(f"lctg-variants|{seed}|{key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def fillable_templates(pool: TemplatePool, task: str, aspect: str) -> list[TemplateInfo]:
    """Templates of a (task, aspect) that carry every slot the aspect needs (slot-less ones cannot be re-filled)."""
    need = {"char_count": {"min", "max"}, "keyword": {"word"}, "prohibited_word": {"word"}}[aspect]
    return [t for t in pool.by_task_aspect(task, aspect) if set(t.slots) == need]


def draw(rng: random.Random, candidates: Sequence[TemplateInfo], aspect: str, k: int) -> list[TemplateInfo]:
    """K templates drawn without replacement (repeats only after every usable one was used). The first draw is
    over every fillable candidate; a drawn template that contradicts the aspect is replaced in place by a draw
    from the unused usable ones, so prompts whose draw never met such a template keep the variants they had."""
    usable = [t for t in candidates if not contradicts(aspect, t.template)]
    if not usable:
        return []
    chosen: list[TemplateInfo | None] = [
        t if t in usable else None for t in rng.sample(list(candidates), min(k, len(candidates)))
    ]
    for i, t in enumerate(chosen):
        if t is None:
            rest = [u for u in usable if u not in chosen] or usable
            chosen[i] = rng.sample(rest, 1)[0]
    out = [t for t in chosen if t is not None]
    while len(out) < k:
        rest = [t for t in usable if t not in out] or usable
        out += rng.sample(rest, min(k - len(out), len(rest)))
    return out


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
            candidates = sorted(
                (t for t in fillable_templates(pool, task, aspect) if t.template_id != row["template_id"]),
                key=lambda t: t.template_id,
            )
            chosen = draw(_rng(seed, row["id"]), candidates, aspect, k)
            if not chosen:
                raise ValueError(f"{row['id']}: no other usable template in the {task}/{aspect} pool")
            values = scored_values(rec, aspect)
            for v, t in enumerate(chosen):
                condition = fill(t.template, values)
                rid = f"{row['id']}/v{v}"
                out.append(
                    with_(
                        row,
                        id=rid,
                        condition=condition,
                        prompt=task_prompts[task].format(lmt=condition, base_text=rec.base_text),
                        template=t.template,
                        template_id=t.template_id,
                        template_values=template_values(values),
                        constraint=dict(row["constraint"], id=rid, variant=v, dataset_version=version),
                        variant=v,
                    )
                )
    return out
