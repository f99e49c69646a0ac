"""The multiple-choice item a reader answers, what a reader is (:class:`Reader`, named by its :class:`ReaderInfo`),
and how a generated ending is placed among the candidates. The readers themselves are in :mod:`.readers`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


@dataclass(frozen=True)
class MCItem:
    """Context, question and candidate endings; ``target`` is the slot that holds the ending under test."""

    id: str
    context: str
    question: str
    options: tuple[str, ...]
    target: int


@dataclass(frozen=True)
class ReaderInfo:
    """What identifies a reader in a signature, and how far to trust it."""

    name: str
    version: str
    digest: str
    weak: bool
    measured_accuracy: float | None = None  # on gold endings of the eval half, when known in advance
    note: str = ""


class Reader(Protocol):
    """Answers items; ``None`` means no parseable answer (counted, never guessed)."""

    info: ReaderInfo

    def choose(self, items: Sequence[MCItem]) -> list[int | None]: ...


def context_of(row: Mapping[str, Any]) -> str:
    """The row's ROCStories context; a row without one raises naming the row and the fix."""
    document = row.get("document")
    if not document:
        raise ValueError(
            f"row {row.get('id')}: 'document' is empty; fill contexts from your local copy with"
            " lctg_dataset.stories.fill_contexts(rows)"
        )
    return str(document)


def with_ending(row: Mapping[str, Any], ending: str) -> MCItem:
    """The row's item with ``ending`` in place of the gold ending (the paper's step 1)."""
    options = list(row["options"])
    options[row["gold_label"]] = ending
    return MCItem(str(row["id"]), context_of(row), str(row["question"]), tuple(options), int(row["gold_label"]))


def gold_item(row: Mapping[str, Any]) -> MCItem:
    """The row's item as released (the oracle: the gold ending is the generation)."""
    return with_ending(row, str(row["options"][row["gold_label"]]))
