"""The ``instructions`` config: each LCTG base text and task with 1–3 verifiable Japanese instructions, drawn
with a seed from the declarations so builds are reproducible, never combining a declared conflicting pair, and
(from 1.1.0) only instructions the task admits and the base text does not make vacuous."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_dataset.constants import DEFAULT_SEED, TASKS, instructions_version
from lctg_dataset.instructions.declarations import LATEST, Declaration, Declarations, Variant, load_declarations
from lctg_dataset.rows import instruction_of
from lctg_dataset.source import Record

#: Prompts per (task, base text): 420 LCTG records × 2 = 840 prompts.
PROMPTS_PER_TEXT = 2
#: How many instructions a prompt carries (drawn uniformly), as in IFEval-style prompts.
N_INSTRUCTIONS = (1, 2, 3)
#: The instruction that forbids words, and its kwarg: no required text of the prompt may contain them.
FORBIDDING = ("keywords:forbidden", "words")
#: Joins the instruction sentences inside the task prompt's [条件] block (one per line, as in ``multi``).
JOIN = "\n"

Chosen = tuple[Declaration, Variant, dict[str, Any]]


def _rng(seed: int, key: str) -> random.Random:
    digest = hashlib.sha256(f"lctg-instructions|{seed}|{key}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def record_values(r: Record, task_prompt: str) -> dict[str, Any]:
    """The record fields a kwarg may be taken from."""
    lo, hi = r.char_count_answer
    return {
        "keyword": r.keyword_answer,
        "prohibited_word": r.prohibited_word_answer,
        "char_min": lo,
        "char_max": hi,
        "instruction": instruction_of(task_prompt, r.base_text),
    }


def sample_kwargs(variant: Variant, values: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """The kwargs of one variant: literals as declared, choices drawn, record fields filled."""
    out: dict[str, Any] = {}
    for name, spec in variant.kwargs.items():
        if isinstance(spec, dict) and "choice" in spec:
            out[name] = rng.choice(spec["choice"])
        elif isinstance(spec, dict):
            value = values[spec["record"]]
            out[name] = [value] if spec.get("as_list") else value
        else:
            out[name] = spec
    return out


def sentence(variant: Variant, kwargs: Mapping[str, Any]) -> str:
    """The instruction sentence: the template with its slots filled (lists joined as 「a」「b」 inside 「…」)."""
    shown = {k: "」「".join(v) if isinstance(v, list) else str(v) for k, v in kwargs.items()}
    return variant.template.format(**shown)


def _texts(d: Declarations, kwargs: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    for name in d.required_text_kwargs:
        value = kwargs.get(name)
        out += [value] if isinstance(value, str) else [v for v in (value or []) if isinstance(v, str)]
    return out


def clash(d: Declarations, chosen: Sequence[Chosen], new: Declaration, kwargs: Mapping[str, Any]) -> str | None:
    """Why ``new`` with ``kwargs`` may not join ``chosen`` (None: it may)."""
    for old, _, old_kwargs in chosen:
        reason = d.apart(old.id, new.id)
        if reason:
            return f"{old.id} × {new.id}: {reason}"
        for a, a_kw, b, b_kw in ((old, old_kwargs, new, kwargs), (new, kwargs, old, old_kwargs)):
            if a.id in d.script_rules and _texts(d, b_kw):
                return f"{b.id} × {a.id}: a required text would have to pass the script rule"
            if a.id == FORBIDDING[0]:
                for word in a_kw[FORBIDDING[1]]:
                    if any(word in text for text in _texts(d, b_kw)):
                        return f"{b.id} × {a.id}: 「{word}」 is both required and forbidden"
    return None


def draw(
    d: Declarations, task: str, values: Mapping[str, Any], rng: random.Random, base_text: str = ""
) -> list[Chosen]:
    """1–3 instructions of distinct categories for one prompt; categories weighted as declared; only instructions
    the task admits on this base text (the compatibility table, if the version has one)."""
    n = rng.choice(N_INSTRUCTIONS)
    usable = [x for x in d.instructions if x.variants_for(task) and d.admits(task, x.id, base_text)]
    left = [c for c in d.categories if any(x.category == c for x in usable)]
    chosen: list[Chosen] = []
    while len(chosen) < n and left:
        category = rng.choices(left, weights=[d.category_weights[c] for c in left])[0]
        left.remove(category)
        candidates = [x for x in usable if x.category == category]
        while candidates:
            decl = candidates.pop(rng.randrange(len(candidates)))
            variant = rng.choice(decl.variants_for(task))
            kwargs = sample_kwargs(variant, values, rng)
            if clash(d, chosen, decl, kwargs) is None:
                chosen.append((decl, variant, kwargs))
                break
    return chosen


def instruction_rows(
    records: Mapping[str, Sequence[Record]],
    task_prompts: Mapping[str, str],
    *,
    seed: int = DEFAULT_SEED,
    per_text: int = PROMPTS_PER_TEXT,
    declarations: Declarations | None = None,
    version: str = LATEST,
) -> list[dict[str, Any]]:
    """``per_text`` prompts per (task, base text), in source order; each row's kwargs are stored as JSON.
    ``version`` picks the declarations of a config version (``1.0.0`` rebuilds the first release byte for byte)."""
    d = declarations or load_declarations(version)
    dataset_version = instructions_version(seed, version)
    rows = []
    for task in TASKS:
        for r in records[task]:
            values = record_values(r, task_prompts[task])
            for k in range(per_text):
                rid = f"instructions/{task}/{r.prompt_id}/{k}"
                chosen = draw(d, task, values, _rng(seed, rid), r.base_text)
                condition = JOIN.join(sentence(v, kw) for _, v, kw in chosen)
                rows.append(
                    {
                        "id": rid,
                        "task": task,
                        "prompt_id": r.prompt_id,
                        "base_text": r.base_text,
                        "prompt": task_prompts[task].format(lmt=condition, base_text=r.base_text),
                        "instruction_id_list": [x.id for x, _, _ in chosen],
                        "kwargs": [json.dumps(kw, ensure_ascii=False, sort_keys=True) for _, _, kw in chosen],
                        "categories": [x.category for x, _, _ in chosen],
                        "dataset_version": dataset_version,
                    }
                )
    return rows
