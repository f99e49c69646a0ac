"""The per-task rule tables: each task's words from :mod:`.vocabulary`, compiled once into patterns."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lctg_dataset.constants import TASKS
from lctg_metrics.cleaners.rule.guards import guard
from lctg_metrics.cleaners.rule.text import compile_ci
from lctg_metrics.cleaners.rule.vocabulary import (
    BRACKET_CLOSE,
    BRACKET_LABEL_WORDS,
    BRACKET_OPEN,
    CLOSE,
    DESIGN_CUES,
    EN_LABEL_WORDS,
    HEADING_WORDS,
    LABEL_MODIFIER,
    LABEL_QUALIFIER,
    LABEL_WORDS,
    META_NOUNS,
    OPEN,
    POINTER,
    POINTER_NOUNS,
    PROS_PAIR,
    SELF_CORE_NOUNS,
    SELF_NOUNS,
    SELF_REFERENCE,
    SUMMARY_CLAUSE_PREFIX,
    TOPIC_LABELS,
)


@dataclass(frozen=True)
class TaskRules:
    """The compiled patterns for one task."""

    task: str
    meta: re.Pattern[str]
    label_line: re.Pattern[str]
    label_prefix: re.Pattern[str]
    heading: re.Pattern[str]
    topic_line: re.Pattern[str] | None
    clause_prefix: re.Pattern[str] | None
    self_reference: re.Pattern[str]
    pointer: re.Pattern[str]
    design_cue: re.Pattern[str]


def _task_rules(task: str) -> TaskRules:
    """Compile one task's label, heading, meta-noun and self-reference patterns."""
    label = rf"{LABEL_MODIFIER}(?:{LABEL_WORDS[task]})\s*{LABEL_QUALIFIER}"
    any_modifier = r"[^\s【】\[\]＜＞<>〈〉《》〔〕]{0,8}"
    bracket_words = rf"{any_modifier}(?:{BRACKET_LABEL_WORDS[task]})\s*{LABEL_QUALIFIER}"
    bracket_label = rf"{BRACKET_OPEN}\s*(?:{label}|{bracket_words})\s*{BRACKET_CLOSE}"
    en_label = (
        rf"(?:[a-z]+[ \-]){{0,3}}(?:{EN_LABEL_WORDS[task]})s?(?:[ \-](?!and\b)[a-z]+){{0,3}}\s*"
        r"(?:\([^()\n]{0,20}\))?\s*[:：]"
    )
    topic = (
        rf"^(?:#{{1,6}}\s*)?(?:\*\*)?\s*{OPEN}\s*(?:(?:{TOPIC_LABELS})\s*[:：.．]\s*)?[^。！？!?\n]{{0,40}}?{PROS_PAIR}"
        rf"(?:について|に関して|の比較|比較|まとめ|一覧|とは|は)?[？?]?\s*{CLOSE}\s*(?:\*\*)?\s*[:：]?\s*$"
    )
    return TaskRules(
        task=task,
        meta=guard(compile_ci(META_NOUNS[task])),
        label_line=compile_ci(
            rf"^(?:#{{1,6}}\s*)?(?:\*\*)?\s*{OPEN}\s*(?:{label})\s*{CLOSE}\s*{LABEL_QUALIFIER}\s*(?:\*\*)?\s*[:：]?\s*"
            rf"(?:\*\*)?$|^(?:\*\*)?\s*{bracket_label}\s*{LABEL_QUALIFIER}\s*(?:\*\*)?\s*[:：]?$|^{en_label}$"
        ),
        label_prefix=compile_ci(
            rf"^(?:\*\*\s*(?:{label})\s*[:：]?\s*\*\*\s*[:：]?|{OPEN}\s*(?:{label})\s*{CLOSE}\s*[:：]"
            rf"|{bracket_label}|(?:{label})\s*[:：]|{en_label})[ \t\u3000]*"
        ),
        heading=compile_ci(rf"^#{{1,6}}\s+.*(?:{HEADING_WORDS[task]})"),
        topic_line=guard(compile_ci(topic)) if task == "pros_and_cons" else None,
        clause_prefix=re.compile(SUMMARY_CLAUSE_PREFIX) if task == "summary" else None,
        self_reference=compile_ci(SELF_REFERENCE.format(nouns=SELF_NOUNS[task], core=SELF_CORE_NOUNS[task])),
        pointer=compile_ci(POINTER.format(nouns=POINTER_NOUNS[task])),
        design_cue=compile_ci(DESIGN_CUES[task]),
    )


TASK_RULES: dict[str, TaskRules] = {task: _task_rules(task) for task in ("summary", "ad_text", "pros_and_cons")}
assert set(TASK_RULES) == set(TASKS), "rule cleaner tasks out of sync with lctg_dataset.constants.TASKS"


def rules_for(task: str) -> TaskRules:
    """The rules of a task; an unknown task raises with the valid names."""
    try:
        return TASK_RULES[task]
    except KeyError:
        raise ValueError(f"unknown task {task!r}; valid: {', '.join(TASK_RULES)}") from None
