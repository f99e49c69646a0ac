"""Percentile bootstrap confidence intervals over prompts (tasks as strata), from counts."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass

import numpy as np

from lctg_metrics.stats.cubes import Cube, Data, cubes, point_scores, scores_of


@dataclass(frozen=True)
class Interval:
    """A point estimate with a (low, high) percentile bootstrap interval."""

    estimate: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return asdict(self)


def is_int(x: object) -> bool:
    t = type(x)
    return t is int or (t is not bool and isinstance(x, (int, np.integer)))


#: The most bootstrap resamples a run may ask for: the weights are a (resamples × prompts) float array, 480 MB at
#: this limit for a 600-prompt task; 1,000 (the default) already puts the percentile error far below a CI's width.
MAX_RESAMPLES = 100_000


def check_resampling(n_resamples: int, level: float, *, name: str = "n_resamples") -> None:
    """ValueError naming ``name`` (the flag or argument) unless 1 <= n_resamples <= :data:`MAX_RESAMPLES` and
    0 < level < 1."""
    if not is_int(n_resamples) or n_resamples < 1:
        raise ValueError(f"{name} must be a positive int, got {n_resamples!r}")
    if n_resamples > MAX_RESAMPLES:
        raise ValueError(
            f"{name} {n_resamples:,} is over the limit of {MAX_RESAMPLES:,} resamples "
            "(lctg_metrics.stats.bootstrap.MAX_RESAMPLES); 1,000 to 10,000 is usual"
        )
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level!r}")


def check_seed(seed: int, *, name: str = "seed", what: str = "a bootstrap seed") -> None:
    """ValueError naming ``name`` (the flag or argument) unless ``seed`` is an int >= 0 (what numpy's generator
    takes); ``what``: what the seed draws, as the command's help says it."""
    if not is_int(seed) or seed < 0:
        raise ValueError(f"{name} must be an integer >= 0 ({what}), got {seed!r}")


def bootstrap_weights(rng: np.random.Generator, n_units: int, n_resamples: int) -> np.ndarray:
    """``(B, n_units)`` multiplicities of each unit in B resamples with replacement (vectorised)."""
    idx = rng.integers(0, n_units, size=(n_resamples, n_units))
    idx += (np.arange(n_resamples) * n_units)[:, None]
    counts = np.bincount(idx.ravel(), minlength=n_resamples * n_units)
    return counts.reshape(n_resamples, n_units).astype(float)


def resampled(cube: Cube, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``(B, A, S)`` tallies of the resamples given by ``(B, U)`` unit weights."""
    num, den = cube.flat()
    return cube.shaped(weights @ num), cube.shaped(weights @ den)


def bootstrap_scores(
    cs: Mapping[str, Cube],
    rng: np.random.Generator,
    n_resamples: int,
    keep: Mapping[str, np.ndarray] | None = None,
    weights: Mapping[str, np.ndarray] | None = None,
) -> dict[str, np.ndarray]:
    """Scores of B prompt-resamples: within each task, prompts are drawn with replacement and carry all their
    samples and aspects along (task averages are resampled jointly; tasks are strata)."""
    if weights is None:
        weights = {t: bootstrap_weights(rng, len(c.units), n_resamples) for t, c in cs.items()}
    num, den = {}, {}
    for t, c in cs.items():
        num[t], den[t] = resampled(c, weights[t])
    return scores_of(cs, num, den, keep)


def percentile_interval(values: np.ndarray, level: float) -> tuple[float, float]:
    alpha = (1 - level) / 2
    finite = values[np.isfinite(values)]
    if finite.size == 0:
        return (math.nan, math.nan)
    low, high = np.quantile(finite, [alpha, 1 - alpha])
    return (float(low), float(high))


def bootstrap_ci(
    data: Data, *, n_resamples: int = 1000, seed: int = 0, level: float = 0.95, field: str = "passed"
) -> dict[str, Interval]:
    """Percentile bootstrap CI of every score in :func:`~lctg_metrics.stats.scores`, resampling prompts.

    The unit is one ``prompt_id`` of one task: all its samples, aspects and variants are drawn together, so the
    task average keeps the correlation between a prompt's aspects; tasks are resampled separately (stratified)
    for ``overall/average``. Returns ``{setting: Interval(estimate, low, high)}``.
    """
    check_resampling(n_resamples, level)
    cs = cubes(data, field)
    point = point_scores(cs)
    boot = bootstrap_scores(cs, np.random.default_rng(seed), n_resamples)
    return {k: Interval(point[k], *percentile_interval(boot[k], level)) for k in point}
