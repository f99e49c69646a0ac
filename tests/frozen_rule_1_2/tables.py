"""The per-task rule tables: each task's words from :mod:`.vocabulary`, compiled once into patterns."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lctg_dataset.constants import TASKS
from tests.frozen_rule_1_2.text import _c
from tests.frozen_rule_1_2.vocabulary import (
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
class _TaskRules:
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


def _task_rules(task: str) -> _TaskRules:
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
    return _TaskRules(
        task=task,
        meta=_c(META_NOUNS[task]),
        label_line=_c(
            rf"^(?:#{{1,6}}\s*)?(?:\*\*)?\s*{OPEN}\s*(?:{label})\s*{CLOSE}\s*{LABEL_QUALIFIER}\s*(?:\*\*)?\s*[:：]?\s*"
            rf"(?:\*\*)?$|^(?:\*\*)?\s*{bracket_label}\s*{LABEL_QUALIFIER}\s*(?:\*\*)?\s*[:：]?$|^{en_label}$"
        ),
        label_prefix=_c(
            rf"^(?:\*\*\s*(?:{label})\s*[:：]?\s*\*\*\s*[:：]?|{OPEN}\s*(?:{label})\s*{CLOSE}\s*[:：]"
            rf"|{bracket_label}|(?:{label})\s*[:：]|{en_label})[ \t\u3000]*"
        ),
        heading=_c(rf"^#{{1,6}}\s+.*(?:{HEADING_WORDS[task]})"),
        topic_line=_c(topic) if task == "pros_and_cons" else None,
        clause_prefix=re.compile(SUMMARY_CLAUSE_PREFIX) if task == "summary" else None,
        self_reference=_c(SELF_REFERENCE.format(nouns=SELF_NOUNS[task], core=SELF_CORE_NOUNS[task])),
        pointer=_c(POINTER.format(nouns=POINTER_NOUNS[task])),
        design_cue=_c(DESIGN_CUES[task]),
    )


_RULES: dict[str, _TaskRules] = {task: _task_rules(task) for task in ("summary", "ad_text", "pros_and_cons")}
assert set(_RULES) == set(TASKS), "rule cleaner tasks out of sync with lctg_dataset.constants.TASKS"


def _rules_for(task: str) -> _TaskRules:
    """The rules of a task; an unknown task raises with the valid names."""
    try:
        return _RULES[task]
    except KeyError:
        raise ValueError(f"unknown task {task!r}; valid: {', '.join(_RULES)}") from None
