"""Check the upstream records and report findings. Findings never change data.

``records ──► validate``: each finding is ``(task, prompt_id, kind, detail)``; the build writes them to
``validation.json`` and the dataset card, and flags the affected rows.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass

from lctg_dataset.constants import ASPECTS, TASKS
from lctg_dataset.polarity import NEGATIVE, POSITIVE, condition_polarity
from lctg_dataset.source import Record
from lctg_dataset.templates import stated_range, word_candidates

#: Finding kinds and what they mean (rendered into the dataset card).
FINDING_KINDS: dict[str, str] = {
    "condition_disagrees_with_answer": (
        "the char_count condition states a range that differs from the scored char_count_answer"
    ),
    "degenerate_range": "char_count_answer has min == max (an exact length)",
    "inverted_range": "char_count_answer has min > max (no text can pass)",
    "unparseable_range": "the char_count condition does not state exactly two numbers",
    "keyword_not_in_condition": "the keyword does not occur in its condition statement",
    "prohibited_word_not_in_condition": "the prohibited word does not occur in its condition statement",
    "keyword_condition_negated": "the keyword condition tells the model not to use the keyword it is scored on",
    "prohibited_word_condition_requested": (
        "the prohibited-word condition asks the model to use the word it is scored on avoiding"
    ),
    "word_repeated_in_condition": (
        "the word occurs more than once in its condition (the template slot had to be chosen)"
    ),
    "keyword_equals_prohibited_word": "the keyword and the prohibited word are the same",
    "keyword_contains_prohibited_word": (
        "the keyword contains the prohibited word, so passing keyword forces failing prohibited_word"
    ),
    "prohibited_word_in_instruction": "the prohibited word occurs in the task instruction the model is asked to follow",
    "format_condition_differs": "the format condition is not the task's fixed sentence",
    "empty_field": "a text field is empty or blank",
    "missing_field": "an expected field is absent",
    "duplicate_prompt_id": "the prompt id occurs more than once in the task",
    "duplicate_prompt": "the prompt (the text the model is sent) is the same as another prompt's, under another id",
    "prompt_not_reconstructible": "prompt_<aspect> differs from task prompt + condition + base text",
}
#: Kinds where what a prompt says disagrees with what is scored; the corrected revision (1.1.0) re-fills these.
DISAGREEMENT_KINDS: frozenset[str] = frozenset({"condition_disagrees_with_answer"})
#: Word conditions that say the opposite of their aspect; the corrected revision re-fills them from a template
#: of the same pool that says the right thing.
POLARITY_KINDS: frozenset[str] = frozenset({"keyword_condition_negated", "prohibited_word_condition_requested"})
#: Kinds found after the 1.0.0 rows were frozen: reported in validation.json and the card, not in the rows'
#: ``flags`` (the faithful configs stay byte-identical).
UNFLAGGED_KINDS: frozenset[str] = POLARITY_KINDS | {"duplicate_prompt"}
#: Polarity a word condition must not have, per aspect (KEYWORD must not negate, P-WORD must not ask).
WRONG_POLARITY: dict[str, tuple[str, str]] = {
    "keyword": (NEGATIVE, "keyword_condition_negated"),
    "prohibited_word": (POSITIVE, "prohibited_word_condition_requested"),
}
#: Aspect a kind concerns (for flagging rows); kinds not listed concern every row of the record.
KIND_ASPECT: dict[str, str] = {
    "condition_disagrees_with_answer": "char_count",
    "degenerate_range": "char_count",
    "inverted_range": "char_count",
    "unparseable_range": "char_count",
    "keyword_not_in_condition": "keyword",
    "prohibited_word_not_in_condition": "prohibited_word",
    "keyword_condition_negated": "keyword",
    "prohibited_word_condition_requested": "prohibited_word",
    "prohibited_word_in_instruction": "prohibited_word",
    "format_condition_differs": "format",
}
#: Tasks whose records carry a title (pros_and_cons has none upstream).
TITLED_TASKS: frozenset[str] = frozenset({"summary", "ad_text"})


@dataclass(frozen=True)
class Finding:
    task: str
    prompt_id: int
    kind: str
    detail: str
    aspect: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in FINDING_KINDS:
            raise ValueError(f"unknown finding kind {self.kind!r}; valid: {', '.join(FINDING_KINDS)}")

    def to_dict(self) -> dict[str, object]:
        return asdict(self)


def validate(
    records: Mapping[str, Sequence[Record]],
    *,
    instructions: Mapping[tuple[str, int], str] | None = None,
    rebuilt_prompts: Mapping[tuple[str, int, str], str] | None = None,
) -> list[Finding]:
    """All findings, in source order. ``instructions`` maps (task, prompt_id) to the task instruction the
    model sees; ``rebuilt_prompts`` maps (task, prompt_id, aspect) to the prompt rebuilt from its parts."""
    findings: list[Finding] = []
    for task in TASKS:
        recs = records.get(task, [])
        findings += _duplicates(task, recs)
        findings += duplicate_prompts(task, recs)
        format_sentence = _majority(r.conditions["format"] for r in recs)
        for r in recs:
            findings += _record_findings(r, format_sentence)
            instruction = (instructions or {}).get((task, r.prompt_id))
            if instruction is not None and r.prohibited_word_answer and r.prohibited_word_answer in instruction:
                findings.append(
                    Finding(
                        task,
                        r.prompt_id,
                        "prohibited_word_in_instruction",
                        f"prohibited word 「{r.prohibited_word_answer}」 occurs in the task instruction",
                        "prohibited_word",
                    )
                )
            for aspect in ASPECTS:
                rebuilt = (rebuilt_prompts or {}).get((task, r.prompt_id, aspect))
                if rebuilt is not None and rebuilt != r.prompts[aspect]:
                    findings.append(
                        Finding(
                            task,
                            r.prompt_id,
                            "prompt_not_reconstructible",
                            f"prompt_{aspect} differs from task prompt + condition + base text",
                            aspect,
                        )
                    )
    return findings


def _majority(values: Iterable[str]) -> str | None:
    counts = Counter(values)
    return counts.most_common(1)[0][0] if counts else None


def _duplicates(task: str, recs: Sequence[Record]) -> list[Finding]:
    lines: dict[int, list[int]] = {}
    for r in recs:
        lines.setdefault(r.prompt_id, []).append(r.line)
    return [
        Finding(task, pid, "duplicate_prompt_id", f"prompt_id {pid} occurs on lines {ls}")
        for pid, ls in lines.items()
        if len(ls) > 1
    ]


def duplicate_prompts(task: str, recs: Sequence[Record]) -> list[Finding]:
    """Prompts of one aspect sent as the same text under two ids: a finding on each later id, naming the first
    (a model answers both alike, so the pair weighs twice in the aspect's score)."""
    first: dict[tuple[str, str], int] = {}
    found = []
    for r in recs:
        for aspect in ASPECTS:
            text = r.prompts.get(aspect)
            if not text:
                continue
            earlier = first.setdefault((aspect, text), r.prompt_id)
            if earlier != r.prompt_id:
                found.append(
                    Finding(
                        task,
                        r.prompt_id,
                        "duplicate_prompt",
                        f"prompt_{aspect} is the same text as {task}/{earlier}/{aspect}",
                        aspect,
                    )
                )
    return found


def _record_findings(r: Record, format_sentence: str | None) -> list[Finding]:
    out: list[Finding] = []

    def add(kind: str, detail: str) -> None:
        out.append(Finding(r.task, r.prompt_id, kind, detail, KIND_ASPECT.get(kind)))

    # empty / missing fields
    texts = {
        "base_text": r.base_text,
        "keyword_answer": r.keyword_answer,
        "prohibited_word_answer": r.prohibited_word_answer,
    }
    texts.update({a: c for a, c in r.conditions.items()})
    texts.update({f"prompt_{a}": p for a, p in r.prompts.items()})
    for name, value in texts.items():
        if not value.strip():
            add("empty_field", f"field {name!r} is empty ({r.file}:{r.line})")
    if r.task in TITLED_TASKS:
        if r.title is None:
            add("missing_field", f"field 'title' is absent ({r.file}:{r.line})")
        elif not r.title.strip():
            add("empty_field", f"field 'title' is empty ({r.file}:{r.line})")

    # char_count
    lo, hi = r.char_count_answer
    stated = stated_range(r.conditions["char_count"])
    if len(stated) != 2:
        add("unparseable_range", f"condition {r.conditions['char_count']!r} states {len(stated)} numbers")
    elif stated != [lo, hi]:
        add(
            "condition_disagrees_with_answer",
            f"condition states {stated[0]}–{stated[1]} chars but char_count_answer is [{lo}, {hi}]",
        )
    if lo == hi:
        add("degenerate_range", f"char_count_answer is [{lo}, {hi}] (exactly {lo} chars)")
    elif lo > hi:
        add("inverted_range", f"char_count_answer is [{lo}, {hi}] (min > max)")

    # words
    for aspect, word in (("keyword", r.keyword_answer), ("prohibited_word", r.prohibited_word_answer)):
        if not word:
            continue
        n = len(word_candidates(r.conditions[aspect], word))
        if n == 0:
            add(f"{aspect}_not_in_condition", f"「{word}」 does not occur in {aspect} condition")
        elif n > 1:
            out.append(
                Finding(
                    r.task,
                    r.prompt_id,
                    "word_repeated_in_condition",
                    f"「{word}」 occurs {n} times in the {aspect} condition",
                    aspect,
                )
            )
        wrong, kind = WRONG_POLARITY[aspect]
        if condition_polarity(r.conditions[aspect], word) == wrong:
            add(kind, f"the {aspect} condition 「{r.conditions[aspect]}」 is {wrong} about 「{word}」")
    kw, pw = r.keyword_answer, r.prohibited_word_answer
    if kw and pw:
        if kw == pw:
            add("keyword_equals_prohibited_word", f"keyword and prohibited word are both 「{kw}」")
        elif pw in kw:
            add("keyword_contains_prohibited_word", f"keyword 「{kw}」 contains prohibited word 「{pw}」")

    if format_sentence is not None and r.conditions["format"] != format_sentence:
        add("format_condition_differs", "format condition differs from the task's fixed sentence")
    return out
