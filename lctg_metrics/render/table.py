"""The one table model every view renders: a header, rows of cells (a value with an optional CI, or text),
and the score columns (the registered aspects, then the task average) with their headings."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from lctg_metrics import aspects

#: Key of the task-average column, and its heading in the papers' tables and in upstream's all_scores.csv.
AVERAGE = "average"
AVERAGE_HEADING = "Avg"
#: What a cell without a value shows.
MISSING = "-"


def columns() -> tuple[str, ...]:
    """Score columns in table order: every registered aspect, then the average."""
    return (*aspects.names(), AVERAGE)


def heading(column: str) -> str:
    """The papers' heading of a score column (``FORMAT``, ``C-COUNT``, …, ``Avg``)."""
    if column == AVERAGE:
        return AVERAGE_HEADING
    return aspects.REGISTRY[column].heading if column in aspects.REGISTRY else column


def csv_stem(column: str) -> str:
    """Upstream ``all_scores.csv`` heading stem of a score column (``Format``, ``C-count``, …, ``Avg``)."""
    if column == AVERAGE:
        return AVERAGE_HEADING
    return aspects.REGISTRY[column].column if column in aspects.REGISTRY else column


@dataclass(frozen=True)
class Cell:
    """Text shown as is, or a value (3 decimals; ``-`` when None or NaN) with an optional (low, high) CI.
    ``style`` tells the HTML renderer how to show text (``code``, ``gen``)."""

    text: str | None = None
    value: float | None = None
    ci: tuple[float, float] | None = None
    style: str = ""


def text(s: str, style: str = "") -> Cell:
    return Cell(text=s, style=style)


def score(value: float | None, ci: tuple[float, float] | None = None) -> Cell:
    return Cell(value=value, ci=ci)


@dataclass(frozen=True)
class Table:
    """Rows of cells under a header. ``ci_sep`` joins CI bounds (the terminal table writes ``[a,b]``, reports
    ``[a, b]``); ``numeric`` are the columns right-aligned in HTML (default: all but the first)."""

    header: Sequence[str]
    rows: Sequence[Sequence[Cell]]
    ci_sep: str = ", "
    numeric: Sequence[int] | None = None
    styles: dict[int, str] = field(default_factory=dict)

    def show(self, cell: Cell) -> str:
        if cell.text is not None:
            return cell.text
        if cell.value is None or not math.isfinite(cell.value):
            return MISSING
        out = f"{cell.value:.3f}"
        if cell.ci is not None:
            out += f" [{cell.ci[0]:.3f}{self.ci_sep}{cell.ci[1]:.3f}]"
        return out

    def text_rows(self) -> list[list[str]]:
        return [[self.show(c) for c in row] for row in self.rows]

    def is_numeric(self, i: int) -> bool:
        return i in self.numeric if self.numeric is not None else i > 0
