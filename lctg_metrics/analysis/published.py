"""Published LCTG Bench scores (the papers' Tables 2-4 / 表2-3) as typed rows, with consistency checks.

``lctg_metrics/data/published_scores.csv`` is a verbatim copy of the project's reference table: one row per
(source paper, task, model, aspect) with the controllability (``ctg``) and quality (``qual``) scores,
``aspect`` including the papers' ``average`` column. Model names are spelled out in full (the papers
abbreviate them, e.g. ``ca/calmlm2-7b-chat`` = ``cyberagent/calm2-7b-chat``).
"""

from __future__ import annotations

import csv
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from importlib import resources
from typing import Any

from lctg_dataset.constants import TASKS

#: The aspects the papers publish (fixed by the papers, not by the aspect registry: an aspect registered later
#: has no published scores).
ASPECTS: tuple[str, ...] = ("format", "char_count", "keyword", "prohibited_word")
#: Packaged copy of the published table.
PUBLISHED_FILE = "published_scores.csv"
#: Columns of the CSV, in order.
COLUMNS: tuple[str, ...] = ("source", "task", "model", "aspect", "ctg", "qual")
#: The two score columns: controllability and quality (GPT-4 judge).
METRICS: tuple[str, ...] = ("ctg", "qual")
#: The papers' Average column.
AVERAGE = "average"
#: Scores are printed with 3 decimals, so a mean of four rounded values can be off by up to 0.0005
#: and the rounded average by another 0.0005: anything beyond 0.001 is a real disagreement.
CONSISTENCY_TOLERANCE = 0.001


@dataclass(frozen=True)
class PublishedScore:
    """One published cell pair: a model's CTG and Qual score for one task × aspect in one paper."""

    source: str
    task: str
    model: str
    aspect: str
    ctg: float
    qual: float

    def value(self, metric: str) -> float:
        if metric not in METRICS:
            raise ValueError(f"unknown metric {metric!r}; valid: {', '.join(METRICS)}")
        return self.ctg if metric == "ctg" else self.qual


@dataclass(frozen=True)
class Inconsistency:
    """A published average that is not the mean of the four published aspect scores."""

    source: str
    task: str
    model: str
    metric: str
    published_average: float
    mean_of_aspects: float
    difference: float  # published_average - mean_of_aspects

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class SourceDifference:
    """The same task × model × aspect × metric printed with different values in two papers."""

    task: str
    model: str
    aspect: str
    metric: str
    values: dict[str, float]  # source -> value

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _parse_score(text: str, where: str, column: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{where}: {column} must be a number in [0, 1], got {text!r}") from None
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{where}: {column} must be in [0, 1], got {value}")
    return value


def load_published(path: str | os.PathLike[str] | None = None) -> list[PublishedScore]:
    """Read the published table (the packaged copy by default), checking every row.

    Every (source, task, model) must have exactly the four aspects plus ``average``; errors name the
    file and line.
    """
    if path is None:
        ref = resources.files("lctg_metrics") / "data" / PUBLISHED_FILE
        name = f"lctg_metrics/data/{PUBLISHED_FILE}"
        text = ref.read_text(encoding="utf-8")
    else:
        name = os.fspath(path)
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
    reader = csv.reader(text.splitlines())
    header = next(reader, None)
    if header is None or tuple(header) != COLUMNS:
        raise ValueError(f"{name}:1: expected header {','.join(COLUMNS)}, got {header!r}")
    rows: list[PublishedScore] = []
    seen: dict[tuple[str, str, str, str], int] = {}
    for line, fields in enumerate(reader, start=2):
        where = f"{name}:{line}"
        if not fields:
            continue
        if len(fields) != len(COLUMNS):
            raise ValueError(f"{where}: expected {len(COLUMNS)} fields, got {len(fields)}: {fields!r}")
        source, task, model, aspect, ctg, qual = fields
        if task not in TASKS:
            raise ValueError(f"{where}: unknown task {task!r}; valid: {', '.join(TASKS)}")
        if aspect not in (*ASPECTS, AVERAGE):
            raise ValueError(f"{where}: unknown aspect {aspect!r}; valid: {', '.join((*ASPECTS, AVERAGE))}")
        key = (source, task, model, aspect)
        if key in seen:
            raise ValueError(f"{where}: duplicate row {key} (first on line {seen[key]})")
        seen[key] = line
        rows.append(
            PublishedScore(
                source, task, model, aspect, _parse_score(ctg, where, "ctg"), _parse_score(qual, where, "qual")
            )
        )
    for group, aspects in _groups(rows).items():
        missing = [a for a in (*ASPECTS, AVERAGE) if a not in aspects]
        if missing:
            raise ValueError(f"{name}: {group} lacks the aspect row(s) {missing}")
    return rows


def _groups(rows: Iterable[PublishedScore]) -> dict[tuple[str, str, str], dict[str, PublishedScore]]:
    groups: dict[tuple[str, str, str], dict[str, PublishedScore]] = {}
    for r in rows:
        groups.setdefault((r.source, r.task, r.model), {})[r.aspect] = r
    return groups


def sources(rows: Sequence[PublishedScore] | None = None) -> list[str]:
    """The source papers, in file order."""
    rows = load_published() if rows is None else rows
    return list(dict.fromkeys(r.source for r in rows))


def check_consistency(
    rows: Sequence[PublishedScore] | None = None, *, tolerance: float = CONSISTENCY_TOLERANCE
) -> list[Inconsistency]:
    """Every (source, task, model, metric) whose published average differs from the mean of the four
    published aspect scores by more than ``tolerance`` (3-decimal rounding allows up to 0.001)."""
    rows = load_published() if rows is None else rows
    found: list[Inconsistency] = []
    for (source, task, model), by_aspect in _groups(rows).items():
        if not all(a in by_aspect for a in (*ASPECTS, AVERAGE)):
            raise ValueError(f"{(source, task, model)} lacks some of {[*ASPECTS, AVERAGE]}")
        for metric in METRICS:
            mean = sum(by_aspect[a].value(metric) for a in ASPECTS) / len(ASPECTS)
            avg = by_aspect[AVERAGE].value(metric)
            if abs(avg - mean) > tolerance:
                found.append(Inconsistency(source, task, model, metric, avg, round(mean, 6), round(avg - mean, 6)))
    return found


def cross_source_differences(
    rows: Sequence[PublishedScore] | None = None, *, tolerance: float = 0.0
) -> list[SourceDifference]:
    """Cells (task, model, aspect, metric) printed by several papers with values more than
    ``tolerance`` apart. (The two papers evaluated different releases, so ad_text differs wholesale.)"""
    rows = load_published() if rows is None else rows
    cells: dict[tuple[str, str, str, str], dict[str, float]] = {}
    for r in rows:
        for metric in METRICS:
            cells.setdefault((r.task, r.model, r.aspect, metric), {})[r.source] = r.value(metric)
    out = []
    for (task, model, aspect, metric), values in cells.items():
        if len(values) > 1 and max(values.values()) - min(values.values()) > tolerance + 1e-12:
            out.append(SourceDifference(task, model, aspect, metric, values))
    return out


def published_table(
    rows: Sequence[PublishedScore] | None = None,
    *,
    source: str,
    metric: str,
    include_average: bool = False,
) -> dict[str, dict[str, float]]:
    """One paper's scores as ``{"summary/keyword": {model: score}}`` (upstream task/aspect order)."""
    rows = load_published() if rows is None else rows
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}; valid: {', '.join(METRICS)}")
    known = sources(rows)
    if source not in known:
        raise ValueError(f"unknown source {source!r}; valid: {known}")
    aspects = (*ASPECTS, AVERAGE) if include_average else ASPECTS
    table: dict[str, dict[str, float]] = {}
    for task in TASKS:
        for aspect in aspects:
            cells = {
                r.model: r.value(metric) for r in rows if r.source == source and r.task == task and r.aspect == aspect
            }
            if cells:
                table[f"{task}/{aspect}"] = cells
    return table


__all__ = [
    "AVERAGE",
    "COLUMNS",
    "CONSISTENCY_TOLERANCE",
    "METRICS",
    "PUBLISHED_FILE",
    "Inconsistency",
    "PublishedScore",
    "SourceDifference",
    "check_consistency",
    "cross_source_differences",
    "load_published",
    "published_table",
    "sources",
]
