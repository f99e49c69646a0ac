"""Streaming: score generations that come in chunks, so that a run of millions holds one chunk at a time.

Every chunk goes through :func:`score_part` to :class:`Counts`; the counts are added up (:class:`_Sum`), a
generation already scored in an earlier chunk is found with one byte per (reference, sample) (:class:`_Seen`), and
missing generations are looked for once, after merging (:func:`finalize`). Per-item verdicts go to a callback chunk
by chunk, in input order, the missing ones last. Any chunk size gives the same result, details and notes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import numpy as np

from lctg_metrics.cleaners import Cleaner
from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.schema import Generation, Reference, ScoringError
from lctg_metrics.scoring.check import PROGRESS_THRESHOLD
from lctg_metrics.scoring.counts import Counts
from lctg_metrics.scoring.join import absent_pairs
from lctg_metrics.scoring.limits import check_expected
from lctg_metrics.scoring.part import ignored_cleaned, ignored_note, score_part
from lctg_metrics.scoring.pipeline import early_signature, finalize, gc_paused, missing_items
from lctg_metrics.scoring.result import ItemVerdict, ScoreResult


class _Seen:
    """The (reference, sample) pairs scored so far: a byte per pair, samples numbered as they first appear."""

    def __init__(self, refs: Mapping[str, Reference]) -> None:
        self.row = {rid: k for k, rid in enumerate(refs)}
        self.column: dict[int, int] = {}
        self.bits = np.zeros((len(refs), 16), dtype=bool)

    def add(self, ids: Sequence[str], samples: Sequence[int]) -> int | None:
        """Mark a chunk's pairs (distinct within the chunk); the index of the first one marked before, or None."""
        for s in set(samples) - self.column.keys():
            self.column[s] = len(self.column)
        check_expected(len(self.row), list(self.column))
        if len(self.column) > self.bits.shape[1]:  # grow by doubling: linear over the run
            wider = np.zeros((self.bits.shape[0], 2 * len(self.column)), dtype=bool)
            wider[:, : self.bits.shape[1]] = self.bits
            self.bits = wider
        r = np.fromiter(map(self.row.__getitem__, ids), dtype=np.intp, count=len(ids))
        c = np.fromiter(map(self.column.__getitem__, samples), dtype=np.intp, count=len(samples))
        before = self.bits[r, c]
        if before.any():
            return int(np.argmax(before))
        self.bits[r, c] = True
        return None


class _Sum:
    """Counts added up as they come: parts wait until they are as large as the sum so far, then are added to it in
    one allocation, so that each cell is copied a few times over the run, not once per chunk."""

    def __init__(self) -> None:
        self.total, self.waiting = Counts.empty(), 0
        self.parts: list[Counts] = []

    def add(self, counts: Counts) -> None:
        self.parts.append(counts)
        self.waiting += _size(counts)
        if self.waiting >= _size(self.total):
            self.total, self.parts, self.waiting = Counts.total([self.total, *self.parts]), [], 0

    def result(self) -> Counts:
        return Counts.total([self.total, *self.parts]) if self.parts else self.total


def _size(counts: Counts) -> int:
    return sum(tc.cells.size + tc.prompts.size for tc in counts.tasks.values())


@gc_paused()
def score_chunks(
    chunks: Iterable[Sequence[Generation]],
    refs: Mapping[str, Reference],
    *,
    options: ScoringOptions,
    cleaner: Cleaner,
    missing: str = "error",
    dataset_source: str | None = None,
    on_items: Callable[[list[ItemVerdict], str], None] | None = None,
    first_at: Callable[[str, int], str] | None = None,
    progress: bool = False,
) -> ScoreResult:
    """Score chunks of generations (cleaner without LLM calls, no judge) as :func:`score` scores them all at once.

    ``on_items(items, signature)`` receives every chunk's per-item verdicts, then the missing ones (those of a run
    that succeeds: nothing is handed on for a chunk that fails). ``first_at(id, sample)`` names where a generation
    seen in an earlier chunk was (default: "an earlier chunk"). The signature is built once: before the first chunk
    (:func:`early_signature`), or with ``missing="skip"``, whose signature holds the coverage known only at the end,
    by :func:`finalize`, the verdicts held back until then and handed on once, signed with it."""
    signature = early_signature(
        options, refs, cleaner=cleaner.describe(), missing=missing, dataset_source=dataset_source
    )
    held: list[ItemVerdict] = []  # the verdicts of a run signed at the end
    seen, total, ignored, scored, bar = _Seen(refs), _Sum(), 0, 0, None
    for chunk in chunks:
        if not len(chunk):
            continue
        part = score_part(chunk, refs, options=options, cleaner=cleaner)
        again = seen.add(part.cols.ids, part.cols.samples)
        if again is not None:
            rid, s = part.cols.ids[again], part.cols.samples[again]
            where = first_at(rid, s) if first_at is not None else "an earlier chunk"
            raise ScoringError(f"{part.cols.label(again)}: duplicate (id, sample) ({rid!r}, {s}); first at {where}")
        total.add(part.counts)
        ignored += ignored_cleaned(part.cols, cleaner)
        if on_items is not None and signature is None:
            held += part.items()
        elif on_items is not None and signature is not None:
            on_items(part.items(), signature)
        scored += len(chunk)
        del chunk, part  # one chunk in memory at a time, not two
        if progress and bar is None and scored > PROGRESS_THRESHOLD:
            from tqdm.auto import tqdm

            bar = tqdm(desc="lctg: checking", unit="gen")
        if bar is not None:
            bar.update(scored - bar.n)
    if bar is not None:
        bar.close()
    if not scored:
        raise ScoringError("no generations to score")
    counts = total.result()
    result = finalize(
        counts,
        refs,
        options=options,
        cleaner=cleaner.describe(),
        missing=missing,
        notes=[ignored_note(ignored, cleaner)] if ignored else [],
        dataset_source=dataset_source,
        signed=signature,
    )
    if on_items is not None and signature is None:
        on_items(held, result.signature)
    elif on_items is not None and missing == "fail":
        on_items(missing_items(absent_pairs(counts, refs)[0], refs), result.signature)
    return result


__all__ = ["score_chunks"]
