"""IFSM intervals: a seeded percentile bootstrap over items, drawn with the project's shared statistics code."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lctg_metrics.options import BY_NAME
from lctg_metrics.stats.bootstrap import bootstrap_weights, percentile_interval

#: The one default of the bootstrap resamples (``--ci-resamples``), as the other families'.
N_BOOT: int = BY_NAME["ci_resamples"].default
CONFIDENCE = 0.95


def bootstrap_ci(
    hits: Sequence[float] | np.ndarray, *, n_boot: int = N_BOOT, confidence: float = CONFIDENCE, seed: int = 0
) -> tuple[float, float]:
    """Percentile interval of the mean of ``hits`` (0/1 per item); ``(nan, nan)`` for no items.

    Items are the resampling units (``stats.bootstrap.bootstrap_weights``, the draws LCTG's prompt bootstrap
    uses) and the interval is ``stats.bootstrap.percentile_interval``.
    """
    values = np.asarray(hits, dtype=np.float64)
    if values.size == 0:
        return (float("nan"), float("nan"))
    weights = bootstrap_weights(np.random.default_rng(seed), values.size, n_boot)
    return percentile_interval(weights @ values / values.size, confidence)
