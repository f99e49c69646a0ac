"""The conflict table: instruction pairs that must never be combined in one prompt (for the dataset config).

Two kinds: pairs that always conflict (``CONFLICTS``), and pairs that conflict through their kwargs, found by
``find_conflicts``: a word that the response must contain (keyword, start/end phrase, ending, first word)
has to satisfy every script or punctuation rule of the same prompt, so the rule's own checker is run on it; of
fixed answers (``options``) one must, since the response gives one; and the required words alone may not hold more
kanji than a kanji cap allows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache
from typing import Any

from lctg_metrics.instructions.registry import REGISTRY, check
from lctg_metrics.instructions.text import is_kanji


@cache
def _declared() -> dict[frozenset[str], str]:
    # inside: the dataset builder's package imports ``datasets`` (and pandas), which ``lctg --help`` must not pay
    from lctg_dataset.instructions import load_declarations

    return dict(load_declarations().conflicts)


class _Conflicts(Mapping[frozenset[str], str]):
    """The declared pairs, read from the declarations on first use."""

    def __getitem__(self, pair: frozenset[str]) -> str:
        return _declared()[pair]

    def __iter__(self) -> Iterator[frozenset[str]]:
        return iter(_declared())

    def __len__(self) -> int:
        return len(_declared())

    def __repr__(self) -> str:
        return repr(_declared())


#: Pairs that can never both be followed (unordered), with the reason: declared once, as data, in the dataset
#: builder's instruction declarations (``lctg_dataset/instructions/declarations.json``, the latest version).
CONFLICTS: Mapping[frozenset[str], str] = _Conflicts()

#: Instructions whose own checker decides whether a required word fits the prompt (the word must pass it).
_SCRIPT_RULES = (
    "script:hiragana_only",
    "script:katakana_only",
    "script:no_hiragana",
    "script:no_katakana",
    "script:no_kanji",
    "script:kansuuji",
    "rule:no_comma",
    "rule:no_period",
)
#: kwargs holding text that must appear in the response verbatim.
_REQUIRED_TEXT = ("keywords", "keyword", "phrase", "ending", "first_word", "start_word", "prompt_to_repeat", "answer")
#: Instructions about Japanese text that make no sense with a response language other than ja.
_JAPANESE_ONLY = (
    "script:",
    "style:",
    "startend:nominal_ending",
    "startend:unified_ending",
    "task:shiritori",
    "rule:no_comma",
    "rule:no_period",
)


def _required_words(instruction_id: str, kwargs: Mapping[str, Any]) -> list[str]:
    if instruction_id == "keywords:frequency" and kwargs.get("min") in (None, 0):
        return []
    words: list[str] = []
    for name in _REQUIRED_TEXT:
        value = kwargs.get(name)
        words += [value] if isinstance(value, str) else list(value or [])
    return words


def find_conflicts(instructions: Sequence[tuple[str, Mapping[str, Any]]]) -> list[str]:
    """Reasons why the instructions of one prompt cannot all be followed (empty list: compatible)."""
    found: list[str] = []
    ids = [i for i, _ in instructions]
    for a_index, a in enumerate(ids):
        for b in ids[a_index + 1 :]:
            reason = CONFLICTS.get(frozenset((a, b)))
            if reason:
                found.append(f"{a} × {b}: {reason}")
    forbidden = {w for i, kw in instructions if i == "keywords:forbidden" for w in kw.get("words", [])}
    for instruction_id, kwargs in instructions:
        for word in _required_words(instruction_id, kwargs):
            if any(f in word for f in forbidden):
                found.append(f"{instruction_id} × keywords:forbidden: 「{word}」 is both required and forbidden")
            for rule, rule_kwargs in instructions:
                if rule in _SCRIPT_RULES and rule != instruction_id and not check(rule, word, rule_kwargs).passed:
                    found.append(f"{instruction_id} × {rule}: required 「{word}」 breaks the rule")
                if rule == "script:furigana" and not check(rule, word, {}).passed:
                    found.append(f"{instruction_id} × {rule}: furigana would split 「{word}」")
        options = list(kwargs.get("options") or []) if instruction_id == "format:constrained_response" else []
        for rule, rule_kwargs in instructions:
            if options and rule in _SCRIPT_RULES and not any(check(rule, o, rule_kwargs).passed for o in options):
                found.append(f"{instruction_id} × {rule}: every fixed answer breaks the rule")
        if instruction_id == "script:kanji_count" and kwargs.get("max") is not None:
            kanji = sum(is_kanji(ch) for i, kw in instructions for word in _required_words(i, kw) for ch in word)
            if kanji > kwargs["max"]:
                found.append(
                    f"script:kanji_count × required words: they alone hold {kanji} kanji > max {kwargs['max']}"
                )
        if instruction_id == "script:language" and kwargs.get("language") != "ja":
            found += [
                f"script:language({kwargs.get('language')}) × {other}: a Japanese-text rule"
                for other in ids
                if other.startswith(_JAPANESE_ONLY) and other != "script:language"
            ]
    return list(dict.fromkeys(found))


def conflict_table() -> list[dict[str, str]]:
    """The static table as rows ``{"a", "b", "reason"}`` (sorted), plus the kwarg-dependent rules."""
    rows = [{"a": min(pair), "b": max(pair), "reason": reason} for pair, reason in CONFLICTS.items()]
    rows += [
        {
            "a": "<any instruction with a required word>",
            "b": rule,
            "reason": "the required word must itself pass the rule",
        }
        for rule in (*_SCRIPT_RULES, "script:furigana")
    ]
    rows.append({"a": "script:language (not ja)", "b": " ".join(_JAPANESE_ONLY), "reason": "Japanese-text rules"})
    return sorted(rows, key=lambda row: (row["a"], row["b"]))


def unknown_ids(ids: Iterable[str]) -> list[str]:
    """Ids in ``ids`` that the registry does not know (for config validation)."""
    return [i for i in ids if i not in REGISTRY]
