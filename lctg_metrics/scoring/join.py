"""Join: match every generation to its reference by id, and find the (id, sample) pairs that are missing.

The pipeline works on columns (parallel lists), not on one object per item: a large run scores a million
(generation, constraint) pairs, and per-item objects would cost more than the checks.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import repeat
from operator import add
from typing import Any

import numpy as np

from lctg_metrics.options import MISSING_POLICIES
from lctg_metrics.schema import Generation, Reference, ScoringError, check_generation
from lctg_metrics.scoring.counts import NO_VARIANT, Counts, T
from lctg_metrics.scoring.limits import check_expected

#: Reason recorded for a generation counted as a failure because it is missing.
MISSING_REASON = "missing generation (counted as failure)"


@dataclass
class GenerationColumns:
    """Generations as parallel lists (``cleaned`` and ``where`` may be None for "none given"). ``checked``: their
    types are known to be right and plain (``str`` ids and texts, no subclass; ``int`` samples in [0, 2**63); ``str``
    or None cleaned), so that they are not looked at again."""

    ids: list[Any]
    texts: list[Any]
    samples: list[Any]
    cleaned: list[Any] | None = None
    where: Sequence[str] | None = None
    failures: list[str | None] | None = None
    checked: bool = False

    @classmethod
    def from_generations(cls, generations: Iterable[Generation]) -> GenerationColumns:
        gens = list(generations)
        cleaned = [g.cleaned for g in gens]
        where = [g.where for g in gens]
        failures = [g.failure for g in gens]
        return cls(
            [g.id for g in gens],
            [g.text for g in gens],
            [g.sample for g in gens],
            cleaned if any(c is not None for c in cleaned) else None,
            where if any(where) else None,
            failures if any(failures) else None,
        )

    def failed(self) -> dict[int, str]:
        """Why each generation that is no answer (a refusal, a content-filter stop) fails, by index."""
        return {} if self.failures is None else {i: f for i, f in enumerate(self.failures) if f}

    def __len__(self) -> int:
        return len(self.ids)

    def generation(self, i: int) -> Generation:
        return Generation(
            self.ids[i],
            self.texts[i],
            self.samples[i],
            None if self.cleaned is None else self.cleaned[i],
            "" if self.where is None else self.where[i],
        )

    def label(self, i: int) -> str:
        return self.generation(i).label()


def index_references(references: Iterable[Reference | Mapping[str, Any]]) -> dict[str, Reference]:
    refs: dict[str, Reference] = {}
    cells: dict[tuple[Any, ...], str] = {}  # (task, prompt_id, variant, aspect) -> the id scored in that cell
    for i, r in enumerate(references):
        ref = r if isinstance(r, Reference) else Reference.from_mapping(r, where=f"references[{i}]")
        if ref.id in refs:
            raise ScoringError(f"references[{i}]: duplicate reference id {ref.id!r}")
        for aspect in ref.aspects:
            other = cells.setdefault((ref.task, ref.prompt_id, ref.variant, aspect), ref.id)
            if other != ref.id:  # one counts cell would hold both: its tallies would mix two prompts
                raise ScoringError(
                    f"references[{i}]: {ref.id!r} and {other!r} are both {ref.task} prompt {ref.prompt_id}"
                    f"{'' if ref.variant is None else f' variant {ref.variant}'} on {aspect}: score configs that "
                    "share prompts (e.g. one-aspect and multi) separately"
                )
        refs[ref.id] = ref
    if not refs:
        raise ScoringError("no references to score against")
    return refs


class RefTable(list):
    """The references of a mapping, in its order, with what each batch scored against them derives from the
    references alone (their constraints, tasks, key columns) made once: a sharded run scores many batches
    against one table. Derived values are shared, so arrays among them are read-only."""

    def __init__(self, ids: tuple[str, ...], refs: tuple[Reference, ...]) -> None:
        super().__init__(refs)
        self.ids = ids
        self.position = {rid: k for k, rid in enumerate(ids)}
        self._derived: dict[str, Any] = {}

    def derived(self, name: str, make: Any) -> Any:
        """``make(self)``, made on the first call for ``name`` and kept."""
        value = self._derived.get(name)
        if value is None:
            value = self._derived[name] = make(self)
        return value


#: The table of the mapping matched last, with its ids and references (a sharded run matches one mapping per batch).
_last_table: tuple[tuple[str, ...], tuple[Reference, ...], RefTable] | None = None


def ref_table(refs: Mapping[str, Reference]) -> RefTable:
    """The :class:`RefTable` of ``refs``: the last one made, if ``refs`` holds the same ids and references."""
    global _last_table
    ids, values = tuple(refs), tuple(refs.values())
    last = _last_table
    if last is not None and last[0] == ids and last[1] == values:  # identical objects compare at pointer speed
        return last[2]
    table = RefTable(ids, values)
    _last_table = (ids, values, table)
    return table


@dataclass
class Matches:
    """The reference of every generation: ``table`` holds the references (in their order), ``codes[g]`` is the index
    of generation g's reference in it and ``samples[g]`` its sample."""

    table: RefTable
    codes: np.ndarray
    samples: np.ndarray

    def references(self) -> list[Reference]:
        """The reference of each generation."""
        return list(map(self.table.__getitem__, self.codes.tolist()))

    def column(self, values: Sequence[Any]) -> list[Any]:
        """``values[k]`` (one per reference of the table) of each generation's reference."""
        return list(map(values.__getitem__, self.codes.tolist()))


def match(cols: GenerationColumns, refs: Mapping[str, Reference]) -> list[Reference]:
    """The reference of every generation (see :func:`match_codes`)."""
    return match_codes(cols, refs).references()


def match_codes(cols: GenerationColumns, refs: Mapping[str, Reference]) -> Matches:
    """The reference of every generation, as indices into the references. Checks (types, known ids, no duplicate
    (id, sample)) run as whole-column passes; only a failing one looks for the item to name."""
    n = len(cols)
    if not n:
        raise ScoringError("no generations to score")
    if not cols.checked and not (
        set(map(type, cols.texts)) <= {str}
        and set(map(type, cols.ids)) <= {str}
        and set(map(type, cols.samples)) <= {int}
        and min(cols.samples) >= 0
        and (cols.cleaned is None or set(map(type, cols.cleaned)) <= {str, type(None)})
    ):
        for i in range(n):
            check_generation(cols.generation(i))
    table = ref_table(refs)
    codes = np.fromiter(map(table.position.get, cols.ids, repeat(-1)), dtype=np.intp, count=n)
    if (codes < 0).any():
        i = int(np.argmax(codes < 0))
        raise ScoringError(
            f"{cols.label(i)}: unknown id {cols.ids[i]!r} (not in the dataset/references; ids look "
            "like 'summary/1614/char_count')"
        )
    samples = np.fromiter(cols.samples, dtype=np.int64, count=n)
    stride = int(samples.max()) + 1
    if stride * len(refs) < 2**62:  # (id, sample) as one int, reference index × stride + sample
        keys = codes * stride + samples
        if stride * len(refs) <= 4 * n + 2**20:
            twice = bool(np.bincount(keys, minlength=stride * len(refs)).max() > 1)
        else:
            twice = len(np.unique(keys)) != n
    else:  # sample numbers too large for 64-bit keys: Python ints
        twice = len(set(map(add, map(stride.__mul__, codes.tolist()), cols.samples))) != n
    if twice:
        seen: dict[tuple[str, int], int] = {}
        for i, key in enumerate(zip(cols.ids, cols.samples)):
            first = seen.setdefault(key, i)
            if first != i:
                raise ScoringError(
                    f"{cols.label(i)}: duplicate (id, sample) ({key[0]!r}, {key[1]}); first at {cols.label(first)}"
                )
    return Matches(table, codes, samples)


def absent_pairs(counts: Counts, refs: Mapping[str, Reference]) -> tuple[list[tuple[str, int]], list[int]]:
    """The (id, sample) pairs of ``refs`` × the samples seen that have no generation in ``counts`` (in reference
    order, then sample order), and the samples seen."""
    samples = sorted({s for tc in counts.tasks.values() for s in tc.samples})
    check_expected(len(refs), samples)
    by_task: dict[str, list[Reference]] = defaultdict(list)
    for ref in refs.values():
        by_task[ref.task].append(ref)
    scored: dict[str, np.ndarray] = {}
    for task, mine in by_task.items():
        tc = counts.tasks.get(task)
        seen = np.zeros((len(mine), len(samples)), dtype=bool)
        if tc is not None:
            cols = np.searchsorted(samples, tc.samples)
            unit = {u: k for k, u in enumerate(tc.units)}
            variant = {v: k for k, v in enumerate(tc.variants)}
            for r, ref in enumerate(mine):
                u, v = unit.get(ref.prompt_id), variant.get(NO_VARIANT if ref.variant is None else ref.variant)
                if u is not None and v is not None:
                    cells = tc.cells[u, v, [tc.aspects.index(a) for a in ref.aspects if a in tc.aspects], :, T]
                    seen[r, cols] = cells.sum(axis=0) > 0 if len(cells) else False
        for r, ref in enumerate(mine):
            scored[ref.id] = seen[r]
    axis = np.array(samples, dtype=np.int64)
    return [(rid, s) for rid in refs if not scored[rid].all() for s in axis[~scored[rid]].tolist()], samples


def check_missing(
    absent: Sequence[tuple[str, int]], refs: Mapping[str, Reference], samples: Sequence[int], missing: str
) -> None:
    """Raise naming the missing generations unless ``missing="fail"`` counts them as failures or ``missing="skip"``
    scores only the generations present."""
    if missing not in MISSING_POLICIES:
        raise ValueError(f"unknown missing policy {missing!r}; valid: {', '.join(MISSING_POLICIES)}")
    if not absent or missing in ("fail", "skip"):
        return
    by_task: dict[str, int] = defaultdict(int)
    for rid, _ in absent:
        by_task[refs[rid].task] += 1
    shown = ", ".join(f"{rid}#{s}" for rid, s in absent[:8])
    raise ScoringError(
        f"{len(absent)} of {len(refs) * len(samples)} expected generations are missing "
        f"({dict(by_task)}; {_describe_samples(samples)}), e.g. {shown}. Score only some tasks with --task/task=, "
        "score the generations present with --missing skip / missing='skip' (the coverage goes into the signature), "
        "or count missing generations as failures with --missing fail / missing='fail'"
    )


def _describe_samples(samples: Sequence[int]) -> str:
    if len(samples) <= 6:
        return f"samples {list(samples)}"
    return f"{len(samples)} samples {samples[0]}..{samples[-1]}"
