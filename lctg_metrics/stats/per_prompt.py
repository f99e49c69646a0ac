"""Per-prompt mean and spread over samples (the μ_i and σ_i of the substitutability paper), from counts."""

from __future__ import annotations

import numpy as np

from lctg_metrics.scoring.counts import Counts
from lctg_metrics.stats.cubes import TALLIES, Data, as_counts, check_field, cubes, point_scores, setting_key

#: σ_i is the population standard deviation (ddof=0): for values in [0, 1] it lies in [0, 0.5].
STD_DDOF = 0


def _per_prompt(counts: Counts, field: str) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    n, d = TALLIES[field]
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for task, tc in counts.tasks.items():
        num, den = tc.tally(n), tc.tally(d)  # (U, V, A, S)
        scored = den > 0
        k = scored.sum(axis=-1)
        value = np.divide(num, den, out=np.zeros(num.shape), where=scored)
        mean = np.divide(value.sum(axis=-1), k, out=np.zeros(k.shape), where=k > 0)
        var = np.divide(
            (np.where(scored, value - mean[..., None], 0.0) ** 2).sum(axis=-1),
            k - STD_DDOF,
            out=np.zeros(k.shape),
            where=k > STD_DDOF,
        )
        for j, aspect in enumerate(tc.aspects):
            present = k[:, :, j] > 0  # prompts (and variants) with a scored sample
            if present.any():
                out[setting_key(task, aspect)] = (mean[:, :, j][present], np.sqrt(var[:, :, j][present]))
    return out


def per_prompt_stats(data: Data, *, field: str = "passed") -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per prompt (and variant): mean μ_i and population standard deviation σ_i (ddof=0) of the 0/1 values over
    its samples, by setting ``task/aspect``. Unscored values are skipped and prompts with no scored sample left
    out. Returns ``{setting: (means, stds)}``."""
    check_field(field)
    return _per_prompt(as_counts(data), field)


def scores_and_per_prompt(
    data: Data, *, field: str = "passed"
) -> tuple[dict[str, float], dict[str, tuple[np.ndarray, np.ndarray]]]:
    """:func:`~lctg_metrics.stats.scores` and :func:`per_prompt_stats` of the same data, counting it once."""
    counts = as_counts(data)
    return point_scores(cubes(counts, field)), _per_prompt(counts, field)
