"""Bootstrap intervals of a result or a details file, in the shapes the tables and reports read."""

from __future__ import annotations

from lctg_metrics import stats
from lctg_metrics.scoring import ScoreResult
from lctg_metrics.scoring.counts import Counts


def ci_table(
    result: ScoreResult, *, n_resamples: int = 1000, seed: int = 0, level: float = 0.95
) -> dict[str, dict[str, tuple[float, float]]]:
    """Bootstrap CIs (prompts resampled) of every score of ``result``, from its counts, in the shape
    ``render.format_table(result, cis=...)`` takes: ``{task: {aspect | "average": (low, high)},
    "overall": {"average": (low, high)}}``."""
    intervals = stats.bootstrap_ci(result.counts, n_resamples=n_resamples, seed=seed, level=level)
    out: dict[str, dict[str, tuple[float, float]]] = {}
    for key, iv in intervals.items():
        task, _, aspect = key.partition("/")
        out.setdefault(task, {})[aspect] = (iv.low, iv.high)
    return out


def intervals(counts: Counts, field: str, n_resamples: int, seed: int) -> dict[str, dict[str, float]]:
    """``{setting: {"estimate", "low", "high"}}`` of one field (the report's score tables)."""
    found = stats.bootstrap_ci(counts, n_resamples=n_resamples, seed=seed, field=field)
    return {k: iv.to_dict() for k, iv in found.items()}
