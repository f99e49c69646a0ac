"""Counts: the mergeable partial result of scoring.

Per task, integer tallies in a dense cube indexed by (prompt_id, variant, aspect, sample) — the prompt_id is
the unit the bootstrap resamples — plus per-(prompt, variant, sample) prompt-level tallies. Counts of two
shards of a generation set add up (``a + b``) to the counts of the whole set; every score, interval, paired
comparison, report and CSV is computed from them by :mod:`lctg_metrics.scoring.aggregate`. A cell holds one
(id, sample) at most, so adding two shards that scored the same generation is an error.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from lctg_dataset.constants import TASKS
from lctg_metrics import aspects as _aspects
from lctg_metrics.schema import ScoringError
from lctg_metrics.scoring.limits import check_cube
from lctg_metrics.scoring.task_counts import TaskCounts, padded

#: Tallies per (prompt, variant, aspect, sample) cell.
TALLY: tuple[str, ...] = ("passed", "total", "appropriate", "parsed", "unparseable", "failed", "judged")
#: Tallies per (prompt, variant, sample): prompts with every aspect passed, prompts with several aspects,
#: generations scored (one per (id, sample), whatever its number of aspects), generations whose reasoning block
#: the ``think`` option stripped, generations that end inside an unclosed ``<think>``, that have nothing after their
#: reasoning, whose think tags do not make one leading block.
PROMPT_TALLY: tuple[str, ...] = (
    "all_passed",
    "multi",
    "generations",
    "think_stripped",
    "think_unfinished",
    "think_no_answer",
    "think_malformed",
)
#: Variant code of references that are not prompt variants.
NO_VARIANT = -1
P, T, APPROPRIATE, PARSED, UNPARSEABLE, FAILED, JUDGED = range(len(TALLY))
ALL_PASSED, MULTI, GENERATIONS, THINK_STRIPPED, THINK_UNFINISHED, THINK_NO_ANSWER, THINK_MALFORMED = range(
    len(PROMPT_TALLY)
)


#: Cell tallies kept when nothing was judged (the judge's tallies would all be zero): passed, total.
PLAIN_TALLY = 2
#: Prompt tallies kept when the ``think`` option stripped or failed nothing: all_passed, multi, generations.
PLAIN_PROMPT_TALLY = 3


def _kinds(parts: Iterable[TaskCounts]) -> tuple[int, int]:
    """How many cell and prompt tallies the sum of ``parts`` holds."""
    parts = list(parts)
    return max(p.cells.shape[-1] for p in parts), max(p.prompts.shape[-1] for p in parts)


def aspect_order(names: Iterable[str]) -> tuple[str, ...]:
    order = {a: i for i, a in enumerate(_aspects.REGISTRY)}
    return tuple(sorted(set(names), key=lambda a: (order.get(a, len(order)), a)))


@dataclass(frozen=True, eq=False)
class Counts:
    """Tallies of every task scored so far (tasks in upstream order)."""

    tasks: Mapping[str, TaskCounts]

    @classmethod
    def empty(cls) -> Counts:
        return cls({})

    def __add__(self, other: Counts) -> Counts:
        if not isinstance(other, Counts):
            return NotImplemented
        out: dict[str, TaskCounts] = {}
        for task in TASKS:
            a, b = self.tasks.get(task), other.tasks.get(task)
            if a is None or b is None:
                if a is not None or b is not None:
                    out[task] = a if a is not None else b  # type: ignore[assignment]
                continue
            axes = (
                tuple(sorted(set(a.units) | set(b.units))),
                tuple(sorted(set(a.variants) | set(b.variants))),
                aspect_order([*a.aspects, *b.aspects]),
                tuple(sorted(set(a.samples) | set(b.samples))),
            )
            kinds = _kinds((a, b))
            wa, wb = a.widened(*axes, kinds), b.widened(*axes, kinds)
            cells, prompts = wa.cells + wb.cells, wa.prompts + wb.prompts
            twice = np.argwhere(cells[..., T] > 1)
            if twice.size:
                u, v, k, s = twice[0]
                variant = "" if axes[1][v] == NO_VARIANT else f" variant {axes[1][v]}"
                raise ScoringError(
                    f"{task} prompt {axes[0][u]}{variant} aspect {axes[2][k]} sample {axes[3][s]} was "
                    "scored in both parts: each (id, sample) must be in exactly one shard"
                )
            out[task] = TaskCounts(*axes, cells, prompts)
        return Counts(out)

    __radd__ = __add__  # so that sum(parts, Counts.empty()) and sum(parts) both work

    @classmethod
    def total(cls, parts: Sequence[Counts]) -> Counts:
        """``parts[0] + parts[1] + ...`` with one allocation per task: adding many parts two by two would copy the
        growing sum once per part."""
        out: dict[str, TaskCounts] = {}
        for task in TASKS:
            mine = [p.tasks[task] for p in parts if task in p.tasks]
            if len(mine) < 2:
                out.update({task: mine[0]} if mine else {})
                continue
            axes = (
                tuple(sorted(set().union(*(m.units for m in mine)))),
                tuple(sorted(set().union(*(m.variants for m in mine)))),
                aspect_order(a for m in mine for a in m.aspects),
                tuple(sorted(set().union(*(m.samples for m in mine)))),
            )
            kc, kp = _kinds(mine)
            check_cube(task, tuple(map(len, axes)))
            cells = np.zeros((*map(len, axes), kc), dtype=np.int64)
            prompts = np.zeros((len(axes[0]), len(axes[1]), len(axes[3]), kp), dtype=np.int64)
            for m in mine:
                iu, iv, is_ = (
                    np.searchsorted(axes[0], m.units),
                    np.searchsorted(axes[1], m.variants),
                    np.searchsorted(axes[3], m.samples),
                )
                cells[np.ix_(iu, iv, np.array([axes[2].index(a) for a in m.aspects], dtype=np.intp), is_)] += padded(
                    m.cells, kc
                )
                prompts[np.ix_(iu, iv, is_)] += padded(m.prompts, kp)
            if (cells[..., T] > 1).any():
                functools.reduce(operator.add, parts)  # raises, naming the cell scored twice
            out[task] = TaskCounts(*axes, cells, prompts)
        return cls(out)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Counts):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    # -------------------------------------------------------------- plain values (JSON, Dataset.map rows)

    def to_rows(self) -> dict[str, list[Any]]:
        """One row per non-empty cell as columns of equal length (``Dataset.map(batched=True)`` output);
        prompt-level tallies ride on the rows of each prompt's first aspect."""
        cols: dict[str, list[Any]] = {
            k: [] for k in ("task", "prompt_id", "variant", "aspect", "sample", *TALLY, *PROMPT_TALLY)
        }
        for task, tc in self.tasks.items():
            present = tc.cells[..., T] > 0
            u, v, a, s = np.nonzero(present)  # the cells in the order of np.argwhere (C order)
            first = a == np.argmax(present, axis=2)[u, v, s]  # the prompt's first aspect with generations
            cols["task"] += [task] * len(u)
            for key, labels, at in (
                ("prompt_id", tc.units, u),
                ("variant", tc.variants, v),
                ("aspect", tc.aspects, a),
                ("sample", tc.samples, s),
            ):
                cols[key] += [labels[i] for i in at.tolist()]
            kept = tc.cells.shape[-1]
            for k, name in enumerate(TALLY):
                cols[name] += tc.cells[u, v, a, s, k].tolist() if k < kept else [0] * len(u)
            kept = tc.prompts.shape[-1]
            for k, name in enumerate(PROMPT_TALLY):
                cols[name] += np.where(first, tc.prompts[u, v, s, k], 0).tolist() if k < kept else [0] * len(u)
        return cols

    @classmethod
    def from_rows(cls, cols: Mapping[str, Sequence[Any]]) -> Counts:
        """Inverse of :meth:`to_rows`; rows of the same cell (from different shards) are added, and a cell
        scored in two shards is an error."""
        per_task: dict[str, list[int]] = {}
        for i, task in enumerate(cols.get("task", ())):
            if task not in TASKS:
                raise ScoringError(f"counts row {i}: unknown task {task!r}; valid: {', '.join(TASKS)}")
            per_task.setdefault(task, []).append(i)
        out: dict[str, TaskCounts] = {}
        for task in TASKS:
            rows = per_task.get(task)
            if not rows:
                continue
            col = {k: [cols[k][i] for i in rows] for k in ("prompt_id", "variant", "aspect", "sample")}
            col["variant"] = [NO_VARIANT if v is None else v for v in col["variant"]]
            axes = (
                tuple(sorted(set(col["prompt_id"]))),
                tuple(sorted(set(col["variant"]))),
                aspect_order(col["aspect"]),
                tuple(sorted(set(col["sample"]))),
            )
            at = (
                np.searchsorted(axes[0], col["prompt_id"]),
                np.searchsorted(axes[1], col["variant"]),
                np.array([axes[2].index(a) for a in col["aspect"]], dtype=np.intp),
                np.searchsorted(axes[3], col["sample"]),
            )
            values = {
                name: np.array([cols[name][i] for i in rows], dtype=np.int64)
                for name in (*TALLY, *PROMPT_TALLY)
                if name in cols or not name.startswith("think_")
            }  # rows written before the think tallies
            kc = len(TALLY) if any(values[name].any() for name in TALLY[PLAIN_TALLY:]) else PLAIN_TALLY
            kp = (
                len(PROMPT_TALLY)
                if any(values[name].any() for name in PROMPT_TALLY[PLAIN_PROMPT_TALLY:] if name in values)
                else PLAIN_PROMPT_TALLY
            )
            check_cube(task, tuple(map(len, axes)))
            cells = np.zeros((*map(len, axes), kc), dtype=np.int64)
            prompts = np.zeros((len(axes[0]), len(axes[1]), len(axes[3]), kp), dtype=np.int64)
            for k, name in enumerate(TALLY[:kc]):
                np.add.at(cells[..., k], at, values[name])
            for k, name in enumerate(PROMPT_TALLY[:kp]):
                if name in values:
                    np.add.at(prompts[..., k], (at[0], at[1], at[3]), values[name])
            twice = np.argwhere(cells[..., T] > 1)
            if twice.size:
                u, v, a, s = twice[0]
                raise ScoringError(
                    f"{task} prompt {axes[0][u]} aspect {axes[2][a]} sample {axes[3][s]} appears in "
                    "several parts: each (id, sample) must be scored in exactly one shard"
                )
            out[task] = TaskCounts(*axes, cells, prompts)
        return cls(out)

    def prompt_total(self, k: int) -> int:
        """The sum of one prompt-level tally (an index into PROMPT_TALLY) over every task."""
        return int(sum(tc.prompt_tally(k).sum() for tc in self.tasks.values()))

    def to_dict(self) -> dict[str, Any]:
        """A canonical plain form (sorted rows), for JSON and equality."""
        rows = self.to_rows()
        order = sorted(
            range(len(rows["task"])),
            key=lambda i: tuple(rows[k][i] for k in ("task", "prompt_id", "variant", "aspect", "sample")),
        )
        return {k: [v[i] for i in order] for k, v in rows.items()}
