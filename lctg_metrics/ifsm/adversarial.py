"""Built-in adversarial endings: each set must score clearly below the reader's gold accuracy."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from lctg_metrics.ifsm.guards import sentences
from lctg_metrics.ifsm.items import MCItem, context_of, with_ending

Row = Mapping[str, Any]
# A fluent ending that fits most stories and answers no question (the "generic" set).
GENERIC_ENDING = "In the end, everything went back to normal."


def _wrong_label(row: Row) -> int:
    return (int(row["gold_label"]) + 1) % len(row["options"])


def _statement(question: str) -> str:
    return question.strip().rstrip("?").strip() + "."


def question_restated(row: Row) -> MCItem:
    """The question turned into a statement (``Which is the worst outcome.``)."""
    return with_ending(row, _statement(str(row["question"])))


def wrong_plus_question(row: Row) -> MCItem:
    """A wrong candidate with the question appended."""
    return with_ending(row, f"{row['options'][_wrong_label(row)]} {_statement(str(row['question']))}")


def context_copy(row: Row) -> MCItem:
    """The context's first sentence copied as the ending."""
    return with_ending(row, sentences(context_of(row))[0])


def generic(row: Row) -> MCItem:
    """The same generic ending for every item."""
    return with_ending(row, GENERIC_ENDING)


def distractor_swap(row: Row) -> MCItem:
    """A wrong candidate in the gold slot and the gold ending in its place (same four endings, wrong one tested)."""
    wrong = _wrong_label(row)
    item = with_ending(row, str(row["options"][wrong]))
    options = list(item.options)
    options[wrong] = str(row["options"][row["gold_label"]])
    return MCItem(item.id, item.context, item.question, tuple(options), item.target)


#: Word-for-word substitutes that keep a question's meaning (a lazy rewording an embedding reader still matches).
_REWORD = {
    "which": "whichever",
    "what": "whatever",
    "worst": "most terrible",
    "best": "finest",
    "possible": "conceivable",
    "outcome": "result",
    "ending": "conclusion",
    "likely": "probable",
    "would": "could",
    "happen": "occur",
    "most": "extremely",
    "why": "because",
    "did": "had",
    "is": "seems",
}
#: A small English-to-Japanese word table: the question carried into another language word by word.
_JA = {
    "which": "どれ",
    "what": "何",
    "why": "なぜ",
    "is": "は",
    "the": "",
    "a": "",
    "most": "最も",
    "worst": "最悪の",
    "best": "最良の",
    "possible": "可能な",
    "outcome": "結果",
    "ending": "結末",
    "would": "だろう",
    "be": "",
    "likely": "ありそうな",
    "to": "に",
    "for": "のため",
    "did": "した",
    "do": "する",
    "of": "の",
    "and": "と",
    "he": "彼",
    "she": "彼女",
    "they": "彼ら",
    "happen": "起きる",
    "after": "後",
    "if": "もし",
}
_ZERO_WIDTH = "\u200b"
_LOOK_ALIKE = str.maketrans("aeopcx", "аеорсх")  # Cyrillic letters that look Latin


def _words(question: str) -> list[str]:
    return question.strip().rstrip("?").split()


def question_reworded(row: Row) -> MCItem:
    """The question reworded word by word into a garbled statement ("In the end, whichever seems that …")."""
    return with_ending(
        row, "In the end, " + " ".join(_REWORD.get(w.lower(), w) for w in _words(str(row["question"]))) + "."
    )


def question_fragment(row: Row) -> MCItem:
    """The question's last four words only (its key phrase, e.g. "worst possible outcome")."""
    return with_ending(row, " ".join(_words(str(row["question"]))[-4:]) + ".")


def question_obfuscated(row: Row) -> MCItem:
    """The question as a statement with zero-width spaces inside words and Cyrillic look-alike letters."""
    text = " ".join(w[:2] + _ZERO_WIDTH + w[2:] for w in _statement(str(row["question"])).split())
    return with_ending(row, text.translate(_LOOK_ALIKE))


def question_translated(row: Row) -> MCItem:
    """ "The end: " and the question carried into Japanese word by word (words outside the table kept)."""
    return with_ending(
        row,
        "The end: " + " ".join(_JA.get(w.lower(), w) for w in _words(str(row["question"]))).replace("  ", " ") + "。",
    )


def all_candidates(row: Row) -> MCItem:
    """All four candidate endings in one."""
    return with_ending(row, " ".join(str(o) for o in row["options"]))


def over_length(row: Row) -> MCItem:
    """The gold ending written ten times (far past one last sentence)."""
    return with_ending(row, " ".join([str(row["options"][row["gold_label"]])] * 10))


ADVERSARIAL_SETS: dict[str, Callable[[Row], MCItem]] = {
    "question_reworded": question_reworded,
    "question_fragment": question_fragment,
    "question_obfuscated": question_obfuscated,
    "question_translated": question_translated,
    "all_candidates": all_candidates,
    "over_length": over_length,
    "question_restated": question_restated,
    "wrong_plus_question": wrong_plus_question,
    "context_copy": context_copy,
    "generic": generic,
    "distractor_swap": distractor_swap,
}
