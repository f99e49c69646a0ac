"""Recover the crowdsourced condition templates from the filled conditions upstream released.

Upstream filled templates such as 「{min}文字以上{max}文字以内で要約して下さい」 with values and released
only the result. For every condition we recover ``(template, values)`` such that
``fill(template, values) == condition`` byte for byte, and pool the templates per (task, aspect).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

import regex

from lctg_dataset.constants import ASPECTS, TASKS, TEMPLATED_ASPECTS

#: Quote pairs that mark a word as the slot when a condition contains the word more than once
#: (e.g. a pros_and_cons prohibited word 「メリット」 that also occurs inside 「メリットとデメリット」).
QUOTE_PAIRS: tuple[tuple[str, str], ...] = (("「", "」"), ("『", "』"), ("｢", "｣"), ('"', '"'), ("“", "”"))
_NUMBER = regex.compile(r"[0-9]+")


class TemplateError(ValueError):
    """A condition cannot be turned into a template that reproduces it."""


@dataclass(frozen=True)
class Recovered:
    """A condition split into a template and the slot values that fill it back."""

    template: str
    values: Mapping[str, int | str]
    #: Offsets of every occurrence of the word when it occurs more than once (the slot is the chosen one).
    ambiguous_offsets: tuple[int, ...] = field(default=())
    chosen_offset: int | None = None


def escape(text: str) -> str:
    """Escape literal braces so the text survives ``str.format``."""
    return text.replace("{", "{{").replace("}", "}}")


def fill(template: str, values: Mapping[str, int | str]) -> str:
    """Fill a template's named slots (``{min}``, ``{max}``, ``{word}``)."""
    try:
        return template.format_map(dict(values))
    except (KeyError, IndexError, ValueError) as e:
        raise TemplateError(f"cannot fill template {template!r} with {dict(values)!r}: {e}") from None


def slots_of(template: str) -> tuple[str, ...]:
    """Named slots a template uses, in order of appearance (no duplicates)."""
    import string

    seen: list[str] = []
    for _, name, _, _ in string.Formatter().parse(template):
        if name is not None and name not in seen:
            seen.append(name)
    return tuple(seen)


def stated_range(condition: str) -> list[int]:
    """The integers a char_count condition states, in order (ASCII digits)."""
    return [int(m.group()) for m in _NUMBER.finditer(condition)]


def recover_char_count(condition: str) -> Recovered:
    """``{min}``/``{max}`` are the first and second number the condition states (as written, even where they
    disagree with the scored ``char_count_answer`` — validation reports that)."""
    matches = list(_NUMBER.finditer(condition))
    if len(matches) != 2:
        raise TemplateError(f"char_count condition {condition!r} states {len(matches)} numbers, expected 2")
    first, second = matches
    template = (
        escape(condition[: first.start()])
        + "{min}"
        + escape(condition[first.end() : second.start()])
        + "{max}"
        + escape(condition[second.end() :])
    )
    values = {"min": int(first.group()), "max": int(second.group())}
    if fill(template, values) != condition:  # e.g. a leading zero "050"
        raise TemplateError(f"char_count condition {condition!r} does not round-trip through {template!r}")
    return Recovered(template, values)


def word_candidates(condition: str, word: str) -> list[tuple[int, str]]:
    """Every (offset, template) obtained by turning one occurrence of ``word`` into ``{word}``."""
    out = []
    start = condition.find(word)
    while start != -1 and word:
        end = start + len(word)
        out.append((start, escape(condition[:start]) + "{word}" + escape(condition[end:])))
        start = condition.find(word, start + 1)
    return out


def _quoted(condition: str, start: int, end: int) -> bool:
    return any(
        condition[max(0, start - len(o)) : start] == o and condition[end : end + len(c)] == c for o, c in QUOTE_PAIRS
    )


def recover_word(condition: str, word: str, pool: Counter[str] | None = None) -> Recovered:
    """``{word}`` replaces one occurrence of the word. With several occurrences, prefer the template most
    common in the (task, aspect) ``pool``, then an occurrence inside quotes, then the first.
    A condition that does not contain its word becomes a slot-less template (validation reports it)."""
    cands = word_candidates(condition, word)
    if not cands:
        return Recovered(escape(condition), {})
    if len(cands) == 1:
        return Recovered(cands[0][1], {"word": word})
    pool = pool or Counter()

    def rank(item: tuple[int, str]) -> tuple[int, int, int]:
        offset, template = item
        return (-pool[template], 0 if _quoted(condition, offset, offset + len(word)) else 1, offset)

    offset, template = min(cands, key=rank)
    return Recovered(template, {"word": word}, ambiguous_offsets=tuple(o for o, _ in cands), chosen_offset=offset)


@dataclass(frozen=True)
class TemplateInfo:
    """One distinct template of a (task, aspect) pool."""

    template_id: str
    task: str
    aspect: str
    template: str
    slots: tuple[str, ...]
    prompt_ids: tuple[int, ...]

    @property
    def n_prompts(self) -> int:
        return len(self.prompt_ids)


@dataclass(frozen=True)
class TemplatePool:
    """All recovered templates, and which one each (task, prompt_id, aspect) condition uses."""

    templates: tuple[TemplateInfo, ...]
    assignment: Mapping[tuple[str, int, str], tuple[str, Recovered]]  # key -> (template_id, recovered)

    def by_task_aspect(self, task: str, aspect: str) -> list[TemplateInfo]:
        return [t for t in self.templates if t.task == task and t.aspect == aspect]

    def get(self, template_id: str) -> TemplateInfo:
        for t in self.templates:
            if t.template_id == template_id:
                return t
        raise KeyError(f"unknown template id {template_id!r}")


def recover(condition: str, aspect: str, *, word: str | None = None, pool: Counter[str] | None = None) -> Recovered:
    """Recover one condition's template. ``format`` conditions are fixed sentences: template = condition."""
    if aspect == "format":
        return Recovered(escape(condition), {})
    if aspect == "char_count":
        return recover_char_count(condition)
    if aspect in ("keyword", "prohibited_word"):
        if word is None:
            raise TemplateError(f"{aspect} recovery needs the word")
        return recover_word(condition, word, pool)
    raise TemplateError(f"unknown aspect {aspect!r}; valid: format, {', '.join(TEMPLATED_ASPECTS)}")


def build_pool(items: Iterable[tuple[str, int, str, str, str | None]]) -> TemplatePool:
    """Recover every condition and pool the templates.

    ``items`` are ``(task, prompt_id, aspect, condition, word)`` (word is None for format/char_count).
    Two passes: unambiguous conditions first, so an ambiguous one can prefer a template others use.
    Template ids are ``{task}/{aspect}/{nnn}`` numbered in order of first use in the source.
    """
    items = list(items)
    first_pass: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for task, _pid, aspect, condition, word in items:
        if aspect in ("keyword", "prohibited_word") and word is not None:
            cands = word_candidates(condition, word)
            if len(cands) == 1:
                first_pass[(task, aspect)][cands[0][1]] += 1
    recovered: list[tuple[tuple[str, int, str], Recovered]] = []
    for task, pid, aspect, condition, word in items:
        rec = recover(condition, aspect, word=word, pool=first_pass[(task, aspect)])
        if fill(rec.template, rec.values) != condition:
            raise TemplateError(f"{task}/{pid}/{aspect}: template {rec.template!r} does not reproduce the condition")
        recovered.append(((task, pid, aspect), rec))

    ids: dict[tuple[str, str, str], str] = {}
    users: dict[str, list[int]] = defaultdict(list)
    counters: Counter[tuple[str, str]] = Counter()
    assignment: dict[tuple[str, int, str], tuple[str, Recovered]] = {}
    for key, rec in recovered:
        task, pid, aspect = key
        tkey = (task, aspect, rec.template)
        if tkey not in ids:
            counters[(task, aspect)] += 1
            ids[tkey] = f"{task}/{aspect}/{counters[(task, aspect)]:03d}"
        tid = ids[tkey]
        users[tid].append(pid)
        assignment[key] = (tid, rec)
    task_order = {t: i for i, t in enumerate(TASKS)}
    aspect_order = {a: i for i, a in enumerate(ASPECTS)}
    templates = tuple(
        sorted(
            (
                TemplateInfo(tid, task, aspect, template, slots_of(template), tuple(users[tid]))
                for (task, aspect, template), tid in ids.items()
            ),
            key=lambda t: (task_order.get(t.task, 99), aspect_order.get(t.aspect, 99), t.template_id),
        )
    )
    return TemplatePool(templates, assignment)
