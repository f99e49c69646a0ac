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


ADVERSARIAL_SETS: dict[str, Callable[[Row], MCItem]] = {
    "question_restated": question_restated,
    "wrong_plus_question": wrong_plus_question,
    "context_copy": context_copy,
    "generic": generic,
    "distractor_swap": distractor_swap,
}
