"""Declared limits on what scoring holds in memory, checked before anything of that size is allocated.

Scoring lays its tallies out densely over (reference, sample number): every id of the dataset times every sample
number seen. A file that gives one id 100,000 lines without a ``sample`` field numbers them 0..99,999, so the grid
grows with the dataset's ids times that — gigabytes for a few megabytes of input. Past these limits a run stops with
one line naming the limit, the sizes and the likely cause, instead of exhausting the machine.
"""

from __future__ import annotations

from collections.abc import Sequence

from lctg_metrics.schema import ScoringError

#: Expected generations a run may track: ids of the dataset × distinct sample numbers seen (5,000,000 bytes for the
#: streamed duplicate check; the full 1,680-id config allows 2,976 samples per id, a 5-variant build 595).
MAX_EXPECTED = 5_000_000
#: Cells of one task's count cube (prompts × variants × aspects × samples); at most 7 int64 tallies a cell.
MAX_CELLS = 20_000_000


def _hint(samples: Sequence[int] | int) -> str:
    if isinstance(samples, int):
        return ""
    top = max(samples) if len(samples) else 0
    return (
        f"; sample numbers reach {top} — a file without 'sample' fields numbers an id's k-th line as sample k "
        "(is one id repeated on many lines?)"
    )


def check_expected(n_refs: int, samples: Sequence[int] | int) -> None:
    """Raise unless ``n_refs`` ids × the sample numbers fit :data:`MAX_EXPECTED`."""
    n_samples = samples if isinstance(samples, int) else len(samples)
    if n_refs * n_samples > MAX_EXPECTED:
        raise ScoringError(
            f"{n_refs:,} ids × {n_samples:,} sample numbers = {n_refs * n_samples:,} expected "
            f"generations, over the limit of {MAX_EXPECTED:,} (lctg_metrics.scoring.limits."
            f"MAX_EXPECTED){_hint(samples)}"
        )


def check_cube(task: str, shape: Sequence[int]) -> None:
    """Raise unless a count cube of ``shape`` (prompts, variants, aspects, samples) fits :data:`MAX_CELLS`."""
    cells = 1
    for n in shape:
        cells *= int(n)
    if cells > MAX_CELLS:
        dims = " × ".join(f"{int(n):,}" for n in shape)
        raise ScoringError(
            f"{task}: counts of {dims} (prompts × variants × aspects × samples) = {cells:,} cells, "
            f"over the limit of {MAX_CELLS:,} (lctg_metrics.scoring.limits.MAX_CELLS); score fewer "
            "samples per run, or in shards (lctg_metrics.api.ShardScorer)"
        )
