"""Sharded scoring: :class:`ShardScorer` scores one batch of generations to mergeable count rows (for
``Dataset.map(..., num_proc=N)`` or any worker pool) and :func:`merge` adds shards up; ``finalize`` gives the
result a whole run gives."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from lctg_metrics.cleaners import get_cleaner
from lctg_metrics.compute_inputs import references_from
from lctg_metrics.profiles import resolve_options
from lctg_metrics.scoring import (
    Counts,
    GenerationColumns,
    ScoreResult,
    ScoringError,
    finalize,
    gc_paused,
    index_references,
    score_part,
)


class ShardScorer:
    """Score one batch of generations to count rows: ``Dataset.map(ShardScorer(refs), batched=True,
    num_proc=N, remove_columns=...)``. A batch has columns ``id``, ``generation``, optionally ``sample`` and
    ``cleaned``; any batch size works. Without ``sample`` every row is sample 0, as ``lctg score`` reads a file of one
    generation per id (shards cannot number several samples of an id by occurrence: give them a ``sample`` column)."""

    def __init__(
        self, references: Iterable[Any], *, cleaner: str = "rule", profile: str = "upstream", **options: Any
    ) -> None:
        self.refs = index_references(references_from(references))
        self.options = resolve_options(profile, **options)
        self.cleaner = get_cleaner(cleaner)

    def counts(self, batch: Mapping[str, Sequence[Any]]) -> Counts:
        if hasattr(batch, "columns") and hasattr(batch, "to_dict"):  # a pandas batch (Ray Data's batch_format)
            batch = batch.to_dict(orient="list")
        for column in ("id", "generation"):
            if column not in batch:
                raise ScoringError(f"batch has no {column!r} column (columns: {sorted(batch)})")
        if "sample" not in batch:  # one generation per id: sample 0, as a file without the field is read
            batch = {**batch, "sample": _first_samples(batch["id"])}
        lengths = {c: len(batch[c]) for c in ("id", "generation", "sample", "cleaned") if c in batch}
        if len(set(lengths.values())) > 1:
            raise ScoringError(
                f"batch columns differ in length ({', '.join(f'{c}: {n}' for c, n in lengths.items())}); "
                "each row is one generation"
            )
        if not len(batch["id"]):
            return Counts.empty()
        cols = GenerationColumns(
            list(batch["id"]),
            list(batch["generation"]),
            list(batch["sample"]),
            list(batch["cleaned"]) if "cleaned" in batch else None,
        )
        with gc_paused():
            return score_part(cols, self.refs, options=self.options, cleaner=self.cleaner).counts

    def __call__(self, batch: Mapping[str, Sequence[Any]]) -> dict[str, list[Any]]:
        return self.counts(batch).to_rows()

    def finalize(self, parts: Any, *, missing: str = "error") -> ScoreResult:
        """The result of every shard's counts or count rows (see :func:`merge`)."""
        counts = merge(parts)
        if not counts.tasks:
            raise ScoringError(
                "finalize: the parts hold no counts (no shard scored any generation); pass the "
                "output of Dataset.map(ShardScorer(...)) or the scorer's counts"
            )
        return finalize(counts, self.refs, options=self.options, cleaner=self.cleaner.describe(), missing=missing)


def _first_samples(ids: Sequence[Any]) -> list[int]:
    """Sample 0 for every row of a batch without a ``sample`` column; an id given twice is refused in one line (its
    samples cannot be numbered by occurrence across shards)."""
    seen: set[Any] = set()
    for i in ids:
        if i in seen:
            raise ScoringError(
                f"batch has no 'sample' column and id {i!r} twice: several samples of an id need a 'sample' column "
                "(0, 1, ... per id; shards cannot number them by occurrence)"
            )
        seen.add(i)
    return [0] * len(ids)


def merge(parts: Any) -> Counts:
    """Add up shards: Counts objects, count-row mappings (:meth:`Counts.to_rows`), or a ``datasets.Dataset`` of
    count rows (the output of ``Dataset.map(ShardScorer(...))``)."""
    if isinstance(parts, Counts):
        return parts
    if hasattr(parts, "to_dict") and hasattr(parts, "column_names"):  # a datasets.Dataset
        return Counts.from_rows(parts.to_dict())
    if isinstance(parts, Mapping):
        return Counts.from_rows(parts)
    total = Counts.empty()
    for part in parts:
        total = total + merge(part)
    return total
