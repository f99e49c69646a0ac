"""The ``corrected`` revision (1.1.0): conditions that disagree with what is scored are re-filled.

A char_count condition stating another range is re-filled from its own template with the scored values; a
word condition that says the opposite of its aspect (「…という言葉を使わないで」 for KEYWORD) is re-filled with
the same word from the closest template of the same pool that says the right thing.

``rows + findings ──► corrected rows + changes``. Every other row equals the faithful one; every edit is a
:class:`Change` for the machine-readable changelog and the card.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lctg_dataset.constants import CORRECTED_VERSION, TASKS
from lctg_dataset.polarity import NEGATIVE, POSITIVE, polarity
from lctg_dataset.source import Record
from lctg_dataset.templates import TemplateInfo, TemplatePool, fill
from lctg_dataset.validate import DISAGREEMENT_KINDS, POLARITY_KINDS, Finding

#: Findings the corrected revision re-fills.
FIXED_KINDS: frozenset[str] = DISAGREEMENT_KINDS | POLARITY_KINDS
#: What a word condition must say about its word, per aspect.
RIGHT_POLARITY: dict[str, str] = {"keyword": POSITIVE, "prohibited_word": NEGATIVE}


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


def template_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """The ``template_values`` struct of a row (every slot present, unused ones null)."""
    return {"min": values.get("min"), "max": values.get("max"), "word": values.get("word")}


def with_(row: Mapping[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of ``row`` with some fields replaced."""
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
    """The 1.1.0 rows and every change made. Only disagreement and polarity findings are corrected; consistent
    but unusual records (exact-length ranges, words in the instruction) are left as they are."""
    to_fix = {(f.task, f.prompt_id, f.aspect): f.kind for f in findings if f.kind in FIXED_KINDS}
    by_key = {(r.task, r.prompt_id): r for t in TASKS for r in records[t]}
    out: dict[str, list[dict[str, Any]]] = {}
    changes: list[Change] = []
    for task in TASKS:
        out[task] = []
        for row in rows[task]:
            key = (task, row["prompt_id"], row["aspect"])
            constraint = dict(row["constraint"], dataset_version=CORRECTED_VERSION)
            if key not in to_fix:
                out[task].append(with_(row, constraint=constraint))
                continue
            rec = by_key[(task, row["prompt_id"])]
            values = scored_values(rec, row["aspect"])
            template = pool.get(row["template_id"])
            if to_fix[key] in POLARITY_KINDS:
                template = replacement_template(pool, template)
            condition = fill(template.template, values)
            new = {
                "condition": condition,
                "prompt": task_prompts[task].format(lmt=condition, base_text=rec.base_text),
                "template": template.template,
                "template_id": template.template_id,
                "template_values": template_values(values),
            }
            changes += [
                Change(row["id"], name, row[name], value, to_fix[key])
                for name, value in new.items()
                if row[name] != value
            ]
            out[task].append(with_(row, **new, constraint=constraint))
    return out, changes


def _closeness(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def replacement_template(pool: TemplatePool, wrong: TemplateInfo) -> TemplateInfo:
    """For a word template that says the opposite of its aspect: the template of the same (task, aspect) pool
    that says the right thing (a KEYWORD template that asks for the word, a P-WORD one that forbids it) with
    the same slots and the closest wording (difflib ratio; ties: the lowest template id)."""
    candidates = [
        t
        for t in pool.by_task_aspect(wrong.task, wrong.aspect)
        if t.slots == wrong.slots and polarity(t.template) == RIGHT_POLARITY[wrong.aspect]
    ]
    if not candidates:
        raise ValueError(
            f"{wrong.template_id}: no template of the {wrong.task}/{wrong.aspect} pool says the right thing"
        )
    return min(candidates, key=lambda t: (-_closeness(wrong.template, t.template), t.template_id))
