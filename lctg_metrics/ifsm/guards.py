"""Degenerate-ending guard: verdicts with reasons for endings the reader must not be shown."""

from __future__ import annotations

import re
from collections.abc import Sequence
from lctg_metrics.verdict import Verdict

GUARD_VERSION = "g1"
# Thresholds on word-bigram overlap, chosen so that no gold ending of Possible Stories dev+test is flagged
# (measured in benchmarks/ifsm_readers.md) while restated questions and copied sentences are.
MIN_WORDS = 2                # fewer words than this: empty
MAX_QUESTION_COVER = 0.5     # share of the question's bigrams found in the ending
MAX_SENTENCE_COPY = 0.6      # share of the ending's bigrams found in one context sentence
MAX_CONTEXT_COPY = 0.75      # share of the ending's bigrams found anywhere in the context
MAX_CANDIDATE_JACCARD = 0.8  # bigram Jaccard with a wrong candidate

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def words(text: str) -> list[str]:
    """Lower-cased word tokens (letters, digits, one apostrophe suffix)."""
    return _WORD.findall(text.lower())


def bigrams(text: str) -> set[tuple[str, ...]]:
    """Word bigrams (a one-word text gives its unigram)."""
    tokens = words(text)
    if len(tokens) < 2:
        return {tuple(tokens)} if tokens else set()
    return set(zip(tokens, tokens[1:]))


def sentences(text: str) -> list[str]:
    """Sentences of a context split after ``.``, ``!`` or ``?``."""
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def _share(part: set, whole: set) -> float:
    return len(part & whole) / len(part) if part else 0.0


def check_ending(ending: str, *, question: str, context: str, options: Sequence[str], gold_label: int) -> Verdict:
    """Whether ``ending`` may go to the reader: not empty, not the question, not the context, not a wrong candidate."""
    if len(words(ending)) < MIN_WORDS:
        return Verdict(False, f"empty: {len(words(ending))} word(s) < {MIN_WORDS}")
    grams = bigrams(ending)
    cover = _share(bigrams(question), grams)
    if cover >= MAX_QUESTION_COVER:
        return Verdict(False, f"question echo: {cover:.0%} of the question's bigrams >= {MAX_QUESTION_COVER:.0%}")
    for number, sentence in enumerate(sentences(context), 1):
        copied = _share(grams, bigrams(sentence))
        if copied >= MAX_SENTENCE_COPY:
            return Verdict(False, f"context copy: {copied:.0%} of the ending is context sentence {number}")
    copied = _share(grams, bigrams(context))
    if copied >= MAX_CONTEXT_COPY:
        return Verdict(False, f"context copy: {copied:.0%} of the ending's bigrams are in the context")
    for label, option in enumerate(options):
        if label == gold_label:
            continue
        other = bigrams(option)
        jaccard = len(grams & other) / len(grams | other) if grams | other else 0.0
        if jaccard >= MAX_CANDIDATE_JACCARD:
            return Verdict(False, f"copied candidate: bigram Jaccard {jaccard:.2f} with wrong option {label}")
    return Verdict(True, "ok")
