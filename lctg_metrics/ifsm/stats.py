"""Seeded percentile bootstrap over items: the one place IFSM intervals come from."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

N_BOOT = 2000
CONFIDENCE = 0.95


def bootstrap_ci(
    hits: Sequence[float], *, n_boot: int = N_BOOT, confidence: float = CONFIDENCE, seed: int = 0
) -> tuple[float, float]:
    """Percentile interval of the mean of ``hits`` (0/1 per item); ``(nan, nan)`` for no items."""
    values = np.asarray(hits, dtype=np.float64)
    if values.size == 0:
        return (float("nan"), float("nan"))
    rng = np.random.default_rng(seed)
    means = values[rng.integers(0, values.size, size=(n_boot, values.size))].mean(axis=1)
    tail = (1.0 - confidence) / 2 * 100
    low, high = np.percentile(means, [tail, 100 - tail])
    return (float(low), float(high))
