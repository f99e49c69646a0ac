"""Spearman rank correlation on numpy (average ranks for ties).

numpy does this in a few vectorised lines; scipy.stats.spearmanr gives the same values (tests check it) but
would make scipy a dependency of every install for one function.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np


def as_vector(values: Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    a = np.asarray(values, dtype=float)
    if a.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} contains NaN or infinite values: {a.tolist()}")
    return a


def average_ranks(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """Ranks 1..n in ascending order, tied values sharing the mean of their ranks (``[1, 2, 2]`` ->
    ``[1, 2.5, 2.5]``)."""
    a = as_vector(values, "values")
    _, inverse, counts = np.unique(a, return_inverse=True, return_counts=True)
    ends = np.cumsum(counts)  # rank of the last member of each group of equal values
    return ((ends - (counts - 1) / 2)[inverse]).astype(float)


def spearman(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Spearman rank correlation: Pearson correlation of average ranks (ties share their mean rank).

    Raises ValueError on a length mismatch, fewer than 2 values, or a constant input (undefined).
    """
    a, b = as_vector(x, "x"), as_vector(y, "y")
    if a.size != b.size:
        raise ValueError(f"x and y must have the same length, got {a.size} and {b.size}")
    if a.size < 2:
        raise ValueError(f"Spearman correlation needs at least 2 pairs, got {a.size}")
    for name, v in (("x", a), ("y", b)):
        if np.all(v == v[0]):
            raise ValueError(f"Spearman correlation is undefined: {name} is constant (every value is {v[0]:g})")
    ra, rb = average_ranks(a), average_ranks(b)
    ra -= ra.mean()
    rb -= rb.mean()
    rho = float(ra @ rb / math.sqrt(float(ra @ ra) * float(rb @ rb)))
    return max(-1.0, min(1.0, rho))
