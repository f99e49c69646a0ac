"""Statistical similarity of settings: histograms on fixed shared bins and the Jensen–Shannon divergence.

On numpy (``numpy.histogram`` semantics: bins ``[e_i, e_{i+1})``, the last one closed). scipy's
``jensenshannon`` returns the JS *distance* (the square root of what is used here) and would make scipy a
dependency for three lines; the tests compare against it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from lctg_metrics.stats.rank import as_vector

#: Default histogram edges: 7 equal bins of width 1/7 on [0, 1]. No mean of n <= 6 binary samples (k/n)
#: and no such standard deviation (sqrt(k(n-k))/n) lies on an interior edge, so float noise cannot move
#: the 3-sample values (means 0, 1/3, 2/3, 1; std 0 or sqrt(2)/3) between bins; width-1/6 edges would
#: put 1/3 and 2/3 exactly on edges. Nor do means of three 5-point ratings (k/12) from the paper.
DEFAULT_BINS: tuple[float, ...] = tuple(j / 7 for j in range(8))

Values = Sequence[float] | np.ndarray


def _check_edges(bins: Values) -> np.ndarray:
    edges = as_vector(bins, "bins")
    if edges.size < 2 or np.any(np.diff(edges) <= 0):
        raise ValueError(f"bins must be at least 2 strictly increasing edges, got {edges.tolist()}")
    return edges


def _inside(values: Values, edges: np.ndarray, name: str) -> np.ndarray:
    v = as_vector(values, name)
    if v.size == 0:
        raise ValueError(f"cannot build a histogram of {name}: no values")
    outside = v[(v < edges[0]) | (v > edges[-1])]
    if outside.size:
        raise ValueError(
            f"{outside.size} value(s) of {name} outside the bins [{edges[0]:g}, {edges[-1]:g}], "
            f"e.g. {outside[:3].tolist()}; bins must be fixed and shared, so values are not dropped"
        )
    return v


def histogram(values: Values, bins: Values = DEFAULT_BINS) -> np.ndarray:
    """Counts of ``values`` in fixed ``bins`` (edges). Raises on no values or values outside the edges."""
    edges = _check_edges(bins)
    return np.histogram(_inside(values, edges, "values"), bins=edges)[0]


def histogram2d(x: Values, y: Values, bins: Values = DEFAULT_BINS) -> np.ndarray:
    """Joint counts ``[i, j]`` of (x in bin i, y in bin j) with the same fixed edges on both axes."""
    edges = _check_edges(bins)
    vx, vy = _inside(x, edges, "x"), _inside(y, edges, "y")
    if vx.size != vy.size:
        raise ValueError(f"x and y must have the same length, got {vx.size} and {vy.size}")
    return np.histogram2d(vx, vy, bins=[edges, edges])[0].astype(np.int64)


def _as_distribution(hist: Values, name: str) -> np.ndarray:
    h = np.asarray(hist, dtype=float).ravel()
    if h.size == 0 or not np.all(np.isfinite(h)) or np.any(h < 0):
        raise ValueError(f"{name} must be non-empty, finite and non-negative, got {h.tolist()}")
    total = h.sum()
    if total <= 0:
        raise ValueError(f"{name} is an empty histogram (all counts are zero); JSD is undefined")
    return h / total


def js_divergence(p_hist: Values, q_hist: Values) -> float:
    """Jensen-Shannon *divergence* with base-2 logs, in [0, 1] (not the JS distance, its square root).

    Inputs are counts or probabilities over the same bins; each is normalised to sum to 1."""
    p, q = _as_distribution(p_hist, "p_hist"), _as_distribution(q_hist, "q_hist")
    if p.size != q.size:
        raise ValueError(f"histograms must have the same bins, got {p.size} and {q.size} bins")
    m = (p + q) / 2

    def kl(a: np.ndarray) -> float:
        nz = a > 0
        return float(np.sum(a[nz] * np.log2(a[nz] / m[nz])))

    return min(1.0, max(0.0, (kl(p) + kl(q)) / 2))


def jsd_similarity(p_hist: Values, q_hist: Values) -> float:
    """Statistical similarity of two settings: ``1 - JSD(p, q)`` (base 2), 1 = identical, 0 = disjoint.

    JSD here is the divergence, not the Jensen-Shannon distance (its square root), as in the substitutability
    paper (§3.2)."""
    return 1.0 - js_divergence(p_hist, q_hist)
