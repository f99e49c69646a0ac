"""Paired comparison of two systems scored on the same items: sign-flip permutation test or paired bootstrap
over prompts, paired-bootstrap CI of the difference, plain-language verdicts and Holm's adjustment."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from lctg_metrics.scoring.counts import NO_VARIANT, Counts, T
from lctg_metrics.stats.bootstrap import bootstrap_scores, bootstrap_weights, check_resampling, percentile_interval
from lctg_metrics.stats.cubes import Data, as_counts, cubes, point_scores, scores_of

METHODS: tuple[str, ...] = ("permutation", "bootstrap")
#: Relative tolerance for "as extreme as observed" in p-values (absorbs float noise in equal statistics).
TIE_TOLERANCE = 1e-12


@dataclass(frozen=True)
class Comparison:
    """A vs B on one setting. ``diff = score_a - score_b``; ``ci_*`` is the paired-bootstrap CI of diff."""

    setting: str
    score_a: float
    score_b: float
    diff: float
    p_value: float
    ci_low: float
    ci_high: float
    significant: bool
    verdict: str

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _format_p(p: float) -> str:
    if p < 0.001:
        return "p < 0.001"
    if p < 0.01:
        return f"p = {p:.3f}"
    return f"p = {p:.2f}"


def verdict(
    setting: str, diff: float, p_value: float, *, alpha: float = 0.05, names: tuple[str, str] = ("A", "B")
) -> str:
    """Plain-language verdict, e.g. ``A > B on summary/keyword (diff +0.083, p = 0.003)``."""
    if p_value < alpha and diff != 0:
        better, worse = names if diff > 0 else names[::-1]
        return f"{better} > {worse} on {setting} (diff {diff:+.3f}, {_format_p(p_value)})"
    return f"no significant difference on {setting} ({_format_p(p_value)})"


def holm(p_values: Mapping[str, float]) -> dict[str, float]:
    """Holm-adjusted p-values over one family (step-down, monotone, capped at 1)."""
    order = sorted(p_values, key=lambda k: p_values[k])
    m = len(order)
    out: dict[str, float] = {}
    running = 0.0
    for i, k in enumerate(order):
        running = max(running, min(1.0, (m - i) * p_values[k]))
        out[k] = running
    return out


Item = tuple[str, int, int, str, int]


def _items(counts: Counts) -> set[Item]:
    """Every scored (task, prompt_id, variant, aspect, sample)."""
    out: set[Item] = set()
    for task, tc in counts.tasks.items():
        for u, v, a, s in np.argwhere(tc.cells[..., T] > 0):
            out.add((task, tc.units[u], tc.variants[v], tc.aspects[a], tc.samples[s]))
    return out


def _show(item: Item) -> str:
    task, pid, variant, aspect, sample = item
    v = "" if variant == NO_VARIANT else f" variant {variant}"
    return f"{task}/{pid}/{aspect}{v} sample {sample}"


def check_same_items(a: Counts, b: Counts, names: tuple[str, str]) -> None:
    """Raise unless both cover the same (prompt, variant, aspect, sample) items, naming counts and examples."""
    ia, ib = _items(a), _items(b)
    if ia == ib:
        return

    def show(items: set[Item]) -> str:
        ex = ", ".join(_show(k) for k in sorted(items)[:3])
        return f"{len(items)}" + (f" (e.g. {ex})" if items else "")

    raise ValueError(
        f"{names[0]} and {names[1]} must cover the same (id, sample) items to be paired: "
        f"{show(ia - ib)} only in {names[0]}, {show(ib - ia)} only in {names[1]}"
    )


def sign_masks(rng: np.random.Generator, n_units: int, n_resamples: int) -> tuple[np.ndarray, bool]:
    """``(B, U)`` 0/1 masks (1 = keep, 0 = swap A and B for that unit) and whether they are exhaustive.

    When ``2**U <= n_resamples`` every assignment is enumerated once, so the p-value is exact."""
    if n_units < 63 and (1 << n_units) <= n_resamples:
        codes = np.arange(1 << n_units)[:, None]
        return ((codes >> np.arange(n_units)) & 1).astype(float), True
    return rng.integers(0, 2, size=(n_resamples, n_units)).astype(float), False


def paired_comparison(
    data_a: Data,
    data_b: Data,
    *,
    method: str = "permutation",
    n_resamples: int = 10000,
    seed: int = 0,
    alpha: float = 0.05,
    level: float = 0.95,
    field: str = "passed",
    names: tuple[str, str] = ("A", "B"),
) -> dict[str, Comparison]:
    """Compare two systems scored on the same items, per task × aspect, task average and overall.

    Units are prompts (one ``prompt_id`` of one task, all samples and aspects together).
    ``method="permutation"``: two-sided paired test that swaps A and B within each unit (sign flip of the
    per-prompt difference; exact when ``2**units <= n_resamples``, else Monte Carlo with the +1 correction).
    ``method="bootstrap"``: paired bootstrap of units, p = share of centred resampled differences at least as
    extreme as the observed one. Either way the CI of the difference is the paired-bootstrap percentile
    interval. With ``field="quality"`` a setting judged in only one of the two is left out (and out of the
    averages). Returns ``{setting: Comparison}``.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; valid: {', '.join(METHODS)}")
    check_resampling(n_resamples, level)
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}")
    counts_a, counts_b = as_counts(data_a), as_counts(data_b)
    cubes_a, cubes_b = cubes(counts_a, field), cubes(counts_b, field)
    check_same_items(counts_a, counts_b, names)

    # A setting is compared only where both sides have scored items (quality may be unjudged on one).
    keep = {t: c.scorable & cubes_b[t].scorable for t, c in cubes_a.items()}
    if not any(m.any() for m in keep.values()):
        raise ValueError(f"no setting has scored {field!r} items in both {names[0]} and {names[1]}")
    point_a, point_b = point_scores(cubes_a, keep), point_scores(cubes_b, keep)
    observed = {k: point_a[k] - point_b[k] for k in point_a}
    test_seq, ci_seq = np.random.SeedSequence(seed).spawn(2)

    # Paired bootstrap: the same unit multiplicities for A and B.
    rng_ci = np.random.default_rng(ci_seq)
    weights = {t: bootstrap_weights(rng_ci, len(c.units), n_resamples) for t, c in cubes_a.items()}
    boot_a = bootstrap_scores(cubes_a, rng_ci, n_resamples, keep, weights)
    boot_b = bootstrap_scores(cubes_b, rng_ci, n_resamples, keep, weights)
    boot_diff = {k: boot_a[k] - boot_b[k] for k in observed}

    if method == "permutation":
        n_units = sum(len(c.units) for c in cubes_a.values())
        masks, exact = sign_masks(np.random.default_rng(test_seq), n_units, n_resamples)
        num_a, den_a, num_b, den_b = {}, {}, {}, {}
        start = 0
        for t, ca in cubes_a.items():
            cb = cubes_b[t]
            m = masks[:, start : start + len(ca.units)]
            start += len(ca.units)
            (ha, ia), (hb, ib) = ca.flat(), cb.flat()
            dh, di = m @ (ha - hb), m @ (ia - ib)
            num_a[t], den_a[t] = ca.shaped(hb.sum(axis=0) + dh), ca.shaped(ib.sum(axis=0) + di)
            num_b[t], den_b[t] = ca.shaped(ha.sum(axis=0) - dh), ca.shaped(ia.sum(axis=0) - di)
        perm_a = scores_of(cubes_a, num_a, den_a, keep)
        perm_b = scores_of(cubes_b, num_b, den_b, keep)
        null = {k: perm_a[k] - perm_b[k] for k in observed}
        centre = {k: 0.0 for k in observed}
    else:
        exact = False
        null = boot_diff
        centre = observed

    out: dict[str, Comparison] = {}
    for k, obs in observed.items():
        extreme = np.abs(null[k] - centre[k]) >= abs(obs) * (1 - TIE_TOLERANCE) - TIE_TOLERANCE
        count = int(extreme.sum())
        n = null[k].shape[0]
        p = count / n if exact else (count + 1) / (n + 1)
        low, high = percentile_interval(boot_diff[k], level)
        out[k] = Comparison(
            setting=k,
            score_a=point_a[k],
            score_b=point_b[k],
            diff=obs,
            p_value=float(p),
            ci_low=low,
            ci_high=high,
            significant=bool(p < alpha and obs != 0),
            verdict=verdict(k, obs, p, alpha=alpha, names=names),
        )
    return out
