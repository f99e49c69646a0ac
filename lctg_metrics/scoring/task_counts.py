"""One task's tallies: the dense cube over (prompt_id, variant, aspect, sample) and the per-prompt tallies beside it,
widened onto larger axes when two shards' counts are added (:class:`lctg_metrics.scoring.counts.Counts`, whose
tally layout, ``TALLY`` and ``PROMPT_TALLY``, says what each index of the last axis holds)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from lctg_metrics.scoring.limits import check_cube


def padded(tallies: np.ndarray, k: int) -> np.ndarray:
    """``tallies`` with its last axis (a tally index) as long as ``k``: the tallies not kept are zero."""
    if tallies.shape[-1] >= k:
        return tallies
    out = np.zeros((*tallies.shape[:-1], k), dtype=tallies.dtype)
    out[..., : tallies.shape[-1]] = tallies
    return out


@dataclass(frozen=True, eq=False)
class TaskCounts:
    """The tallies of one task. ``cells[u, v, a, s, k]`` and ``prompts[u, v, s, k]`` (k over TALLY/PROMPT_TALLY).

    Tallies that are zero everywhere because no step made them are not stored: without a judge ``cells`` holds
    the first ``counts.PLAIN_TALLY`` (passed, total), and without ``think`` findings ``prompts`` the first
    ``counts.PLAIN_PROMPT_TALLY``; :meth:`tally` and :meth:`prompt_tally` read any tally (zeros where not stored)."""

    units: tuple[int, ...]
    variants: tuple[int, ...]
    aspects: tuple[str, ...]
    samples: tuple[int, ...]
    cells: np.ndarray
    prompts: np.ndarray

    def tally(self, k: int) -> np.ndarray:
        """``cells[..., k]``, whether stored or not (a read-only zero view when not)."""
        if k < self.cells.shape[-1]:
            return self.cells[..., k]
        return np.broadcast_to(np.zeros((), dtype=self.cells.dtype), self.cells.shape[:-1])

    def prompt_tally(self, k: int) -> np.ndarray:
        """``prompts[..., k]``, whether stored or not (a read-only zero view when not)."""
        if k < self.prompts.shape[-1]:
            return self.prompts[..., k]
        return np.broadcast_to(np.zeros((), dtype=self.prompts.dtype), self.prompts.shape[:-1])

    def widened(
        self,
        units: Sequence[int],
        variants: Sequence[int],
        aspects: Sequence[str],
        samples: Sequence[int],
        kinds: tuple[int, int] | None = None,
    ) -> TaskCounts:
        """The same tallies on larger axes (zeros where this one has none); ``kinds``: how many cell and prompt
        tallies to hold (default: as many as this one holds)."""
        kc, kp = kinds or (self.cells.shape[-1], self.prompts.shape[-1])
        check_cube("counts", (len(units), len(variants), len(aspects), len(samples)))
        cells = np.zeros((len(units), len(variants), len(aspects), len(samples), kc), dtype=np.int64)
        prompts = np.zeros((len(units), len(variants), len(samples), kp), dtype=np.int64)
        iu = np.searchsorted(units, self.units)
        iv = np.searchsorted(variants, self.variants)
        ia = np.array([aspects.index(a) for a in self.aspects], dtype=np.intp)
        is_ = np.searchsorted(samples, self.samples)
        cells[np.ix_(iu, iv, ia, is_)] = padded(self.cells, kc)
        prompts[np.ix_(iu, iv, is_)] = padded(self.prompts, kp)
        return TaskCounts(tuple(units), tuple(variants), tuple(aspects), tuple(samples), cells, prompts)
