"""Statistics over per-item LCTG verdicts: upstream aggregation, bootstrap CIs, paired tests, Spearman, JSD.

Every function takes plain values (a list of score-detail records, arrays of numbers) and returns plain
values; nothing here reads files or keeps state. Randomness comes only from a seeded numpy Generator.

A record is a mapping with at least::

    id         str   "summary/1614/char_count" (one prompt of one aspect)
    task       str   one of TASKS
    prompt_id  int   upstream record id (shared by the four aspect prompts of one source text)
    aspect     str   one of ASPECTS
    sample     int   which of the (usually 3) generations of the prompt
    variant    int | None   optional; part of the item key, counted as a separate item
    (an item is identified by ``(id, variant, sample, aspect)``, so one id may carry several aspects)
    passed     bool  the controllability verdict
    quality    bool | None  optional; the judge's verdict, None = not judged / unparseable

Scores are keyed by *setting* strings: ``"summary/keyword"``, ``"summary/average"`` (mean of the task's
aspect scores: the four aspects in a full run, as upstream) and ``"overall/average"`` (mean of the task
averages). A setting with no scored item (``field="quality"`` and every value None) is left out.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from lctg_dataset.constants import ASPECTS, TASKS

#: The per-item fields that can be scored: the controllability verdict and the quality judge's verdict.
FIELDS: tuple[str, ...] = ("passed", "quality")
#: Keys every record must carry.
REQUIRED_KEYS: tuple[str, ...] = ("id", "task", "prompt_id", "aspect", "sample", "passed")
#: Name of the mean-of-aspects column (as in the papers' tables) and of the across-task row.
AVERAGE = "average"
OVERALL = "overall"
#: Default histogram edges: 7 equal bins of width 1/7 on [0, 1]. No mean of n <= 6 binary samples (k/n)
#: and no such standard deviation (sqrt(k(n-k))/n) lies on an interior edge, so float noise cannot move
#: the 3-sample values (means 0, 1/3, 2/3, 1; std 0 or sqrt(2)/3) between bins; width-1/6 edges would
#: put 1/3 and 2/3 exactly on edges. Nor do means of three 5-point ratings (k/12) from the paper.
DEFAULT_BINS: tuple[float, ...] = tuple(j / 7 for j in range(8))
#: Relative tolerance for "as extreme as observed" in p-values (absorbs float noise in equal statistics).
_TIE_TOLERANCE = 1e-12


def setting_key(task: str, aspect: str) -> str:
    """The key of one task × aspect (or ``average``) in every result mapping, e.g. ``summary/keyword``."""
    return f"{task}/{aspect}"


# --------------------------------------------------------------------------------------------------
# records -> count cubes
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _TaskCube:
    """Counts of one task: ``hits[p, a, s]`` passing items and ``items[p, a, s]`` scored items."""

    task: str
    prompt_ids: tuple[int, ...]
    aspects: tuple[str, ...]
    samples: tuple[int, ...]
    hits: np.ndarray
    items: np.ndarray

    @property
    def scorable(self) -> np.ndarray:
        """Per aspect: whether any item was scored (False when every quality value is None)."""
        return self.items.sum(axis=(0, 2)) > 0

    @property
    def flat_hits(self) -> np.ndarray:
        return self.hits.reshape(len(self.prompt_ids), -1)

    @property
    def flat_items(self) -> np.ndarray:
        return self.items.reshape(len(self.prompt_ids), -1)


def _is_int(x: object) -> bool:
    t = type(x)
    return t is int or (t is not bool and isinstance(x, (int, np.integer)))


def _is_bool(x: object) -> bool:
    return x is True or x is False or isinstance(x, np.bool_)


def _check_field(field: str) -> None:
    if field not in FIELDS:
        raise ValueError(f"unknown field {field!r}; valid: {', '.join(FIELDS)}")


ItemKey = tuple[str, Any, int, str]


def item_key(record: Mapping[str, Any]) -> ItemKey:
    """The identity of one scored item: ``(id, variant, sample, aspect)``."""
    return (record["id"], record.get("variant"), record["sample"], record["aspect"])


def _format_key(key: ItemKey) -> str:
    item, variant, sample, aspect = key
    v = "" if variant is None else f" variant {variant}"
    a = "" if item.endswith(f"/{aspect}") else f" aspect {aspect}"
    return f"{item}{v} sample {sample}{a}"


_Row = tuple[str, int, str, int, "float | None", str, Any]


def _validated(records: Iterable[Mapping[str, Any]], field: str) -> list[_Row]:
    """Check every record; return ``(task, prompt_id, aspect, sample, value, id, variant)`` rows
    (value None = unscored)."""
    _check_field(field)
    rows: list[_Row] = []
    seen: set[ItemKey] = set()
    tasks, aspects = frozenset(TASKS), frozenset(ASPECTS)
    for i, rec in enumerate(records):
        if type(rec) is not dict and not isinstance(rec, Mapping):
            raise TypeError(f"record {i}: expected a mapping (dict), got {type(rec).__name__}")
        try:
            rid, task, pid, aspect = rec["id"], rec["task"], rec["prompt_id"], rec["aspect"]
            sample, passed = rec["sample"], rec["passed"]
        except KeyError:
            missing = [k for k in REQUIRED_KEYS if k not in rec]
            raise ValueError(
                f"record {i} (id {rec.get('id')!r}): missing key(s) {missing}; "
                f"every record needs {list(REQUIRED_KEYS)}"
            ) from None
        value = rec.get(field)
        if (task not in tasks or aspect not in aspects or not _is_int(pid) or not _is_int(sample)
                or not _is_bool(passed) or not (value is None or _is_bool(value))):
            _raise_bad_record(i, rec, field)
        variant = rec.get("variant")
        key = (rid, variant, sample, aspect)
        if key in seen:
            raise ValueError(
                f"record {i} (id {rid!r}): duplicate item {_format_key(key)}; "
                "each (id, variant, sample, aspect) once"
            )
        seen.add(key)
        rows.append(
            (task, int(pid), aspect, int(sample), None if value is None else float(bool(value)), rid, variant)
        )
    if not rows:
        raise ValueError("no records: cannot compute a score from an empty list")
    return rows


def _raise_bad_record(i: int, rec: Mapping[str, Any], field: str) -> None:
    """Name the first wrong field of a record that failed the fast check in :func:`_validated`."""
    where = f"record {i} (id {rec.get('id')!r})"
    if rec["task"] not in TASKS:
        raise ValueError(f"{where}: unknown task {rec['task']!r}; valid: {', '.join(TASKS)}")
    if rec["aspect"] not in ASPECTS:
        raise ValueError(f"{where}: unknown aspect {rec['aspect']!r}; valid: {', '.join(ASPECTS)}")
    for k in ("prompt_id", "sample"):
        if not _is_int(rec[k]):
            raise ValueError(f"{where}: {k} must be an int, got {rec[k]!r}")
    if not _is_bool(rec["passed"]):
        raise ValueError(f"{where}: passed must be a bool, got {rec['passed']!r}")
    raise ValueError(f"{where}: {field} must be a bool or None, got {rec.get(field)!r}")


def _build_cubes(records: Iterable[Mapping[str, Any]], field: str) -> dict[str, _TaskCube]:
    """Group records into one count cube per task (tasks and aspects in upstream order)."""
    return _cubes_from_rows(_validated(records, field), field)


def _cubes_from_rows(rows: Sequence[_Row], field: str) -> dict[str, _TaskCube]:
    cubes: dict[str, _TaskCube] = {}
    for task in TASKS:
        mine = [r for r in rows if r[0] == task]
        if not mine:
            continue
        prompt_ids = tuple(sorted({r[1] for r in mine}))
        present = {r[2] for r in mine}
        aspects = tuple(a for a in ASPECTS if a in present)
        samples = tuple(sorted({r[3] for r in mine}))
        pi = {p: j for j, p in enumerate(prompt_ids)}
        ai = {a: j for j, a in enumerate(aspects)}
        si = {s: j for j, s in enumerate(samples)}
        idx = np.array([(pi[r[1]], ai[r[2]], si[r[3]]) for r in mine], dtype=np.intp).reshape(-1, 3)
        scored = np.array([r[4] is not None for r in mine])
        value = np.array([0.0 if r[4] is None else r[4] for r in mine])
        shape = (len(prompt_ids), len(aspects), len(samples))
        hits = np.zeros(shape)
        items = np.zeros(shape)
        np.add.at(hits, (idx[:, 0], idx[:, 1], idx[:, 2]), value)
        np.add.at(items, (idx[:, 0], idx[:, 1], idx[:, 2]), scored.astype(float))
        cubes[task] = _TaskCube(task, prompt_ids, aspects, samples, hits, items)
    if not any(c.scorable.any() for c in cubes.values()):
        raise ValueError(f"no scored items: every {field!r} value is None")
    return cubes


def _scores_from_counts(
    cubes: Mapping[str, _TaskCube],
    num: Mapping[str, np.ndarray],
    den: Mapping[str, np.ndarray],
    scorable: Mapping[str, np.ndarray] | None = None,
) -> dict[str, np.ndarray]:
    """Upstream aggregation for B resamples at once.

    ``num[task]``/``den[task]`` are ``(B, A*S)`` passing/scored counts. Per-sample accuracy = num/den;
    aspect score = mean over samples (samples with no scored item are skipped); task average = mean of
    the scorable aspects (``scorable[task]``, default: those with any scored item); overall = mean of the
    task averages.
    """
    out: dict[str, np.ndarray] = {}
    averages: list[np.ndarray] = []
    for task, cube in cubes.items():
        keep = cube.scorable if scorable is None else scorable[task]
        if not keep.any():
            continue
        b = num[task].shape[0]
        shape = (b, len(cube.aspects), len(cube.samples))
        n = num[task].reshape(shape)
        d = den[task].reshape(shape)
        ok = d > 0
        acc = np.divide(n, d, out=np.zeros(shape), where=ok)
        count = ok.sum(axis=2)
        aspect = np.divide(acc.sum(axis=2), count, out=np.full(count.shape, np.nan), where=count > 0)
        for j, a in enumerate(cube.aspects):
            if keep[j]:
                out[setting_key(task, a)] = aspect[:, j]
        avg = aspect[:, keep].mean(axis=1)
        out[setting_key(task, AVERAGE)] = avg
        averages.append(avg)
    out[setting_key(OVERALL, AVERAGE)] = np.mean(averages, axis=0)
    return out


def _point_scores(
    cubes: Mapping[str, _TaskCube], scorable: Mapping[str, np.ndarray] | None = None
) -> dict[str, float]:
    num = {t: c.flat_hits.sum(axis=0, keepdims=True) for t, c in cubes.items()}
    den = {t: c.flat_items.sum(axis=0, keepdims=True) for t, c in cubes.items()}
    return {k: float(v[0]) for k, v in _scores_from_counts(cubes, num, den, scorable).items()}


# --------------------------------------------------------------------------------------------------
# scores
# --------------------------------------------------------------------------------------------------


def scores(records: Iterable[Mapping[str, Any]], *, field: str = "passed") -> dict[str, float]:
    """Upstream scores of every task × aspect, each task's average and the overall average.

    Aspect score = mean over samples of the per-sample accuracy over prompts (the upstream aggregation,
    see upstream SOURCE.md "scoring semantics"); with ``field="quality"`` unjudged items (None) leave the denominator,
    as upstream drops unparseable judge answers. Returns ``{"summary/format": 0.99, ...,
    "summary/average": ..., "overall/average": ...}``.
    """
    return _point_scores(_build_cubes(records, field))


def aspect_score(records: Iterable[Mapping[str, Any]], *, field: str = "passed") -> float:
    """Score of the records of one task × aspect: mean over samples of per-sample accuracy."""
    cubes = _build_cubes(records, field)
    settings = [setting_key(t, a) for t, c in cubes.items() for a in c.aspects]
    if len(settings) != 1:
        raise ValueError(
            f"aspect_score expects the records of one task × aspect, got {len(settings)}: "
            f"{', '.join(settings)}; use scores() for several"
        )
    return _point_scores(cubes)[settings[0]]


# --------------------------------------------------------------------------------------------------
# bootstrap confidence intervals
# --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """A point estimate with a (low, high) percentile bootstrap interval."""

    estimate: float
    low: float
    high: float

    def to_dict(self) -> dict[str, float]:
        return asdict(self)


def _check_resampling(n_resamples: int, level: float) -> None:
    if not _is_int(n_resamples) or n_resamples < 1:
        raise ValueError(f"n_resamples must be a positive int, got {n_resamples!r}")
    if not 0 < level < 1:
        raise ValueError(f"level must be in (0, 1), got {level!r}")


def _bootstrap_weights(rng: np.random.Generator, n_units: int, n_resamples: int) -> np.ndarray:
    """``(B, n_units)`` multiplicities of each unit in B resamples with replacement (vectorised)."""
    idx = rng.integers(0, n_units, size=(n_resamples, n_units))
    idx += (np.arange(n_resamples) * n_units)[:, None]
    counts = np.bincount(idx.ravel(), minlength=n_resamples * n_units)
    return counts.reshape(n_resamples, n_units).astype(float)


def _bootstrap_scores(
    cubes: Mapping[str, _TaskCube], rng: np.random.Generator, n_resamples: int
) -> dict[str, np.ndarray]:
    """Scores of B prompt-resamples: within each task, prompt_ids are drawn with replacement and carry
    all their samples and aspects along (so averages are resampled jointly; tasks are strata)."""
    weights = {t: _bootstrap_weights(rng, len(c.prompt_ids), n_resamples) for t, c in cubes.items()}
    num = {t: weights[t] @ c.flat_hits for t, c in cubes.items()}
    den = {t: weights[t] @ c.flat_items for t, c in cubes.items()}
    return _scores_from_counts(cubes, num, den)


def _percentile_interval(values: np.ndarray, level: float) -> tuple[float, float]:
    alpha = (1 - level) / 2
    finite = values[np.isfinite(values)]
    if finite.size == 0:
        return (math.nan, math.nan)
    low, high = np.quantile(finite, [alpha, 1 - alpha])
    return (float(low), float(high))


def bootstrap_ci(
    records: Iterable[Mapping[str, Any]],
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    level: float = 0.95,
    field: str = "passed",
) -> dict[str, Interval]:
    """Percentile bootstrap CI of every score in :func:`scores`, resampling prompts.

    The unit is one ``prompt_id`` of one task: all its samples and aspects are drawn together, so the
    task average keeps the correlation between a prompt's aspects; tasks are resampled separately
    (stratified) for ``overall/average``. Returns ``{setting: Interval(estimate, low, high)}``.
    """
    _check_resampling(n_resamples, level)
    cubes = _build_cubes(records, field)
    point = _point_scores(cubes)
    boot = _bootstrap_scores(cubes, np.random.default_rng(seed), n_resamples)
    return {k: Interval(point[k], *_percentile_interval(boot[k], level)) for k in point}


# --------------------------------------------------------------------------------------------------
# paired comparison
# --------------------------------------------------------------------------------------------------

METHODS: tuple[str, ...] = ("permutation", "bootstrap")


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


def verdict(setting: str, diff: float, p_value: float, *, alpha: float = 0.05,
            names: tuple[str, str] = ("A", "B")) -> str:
    """Plain-language verdict, e.g. ``A > B on summary/keyword (diff +0.083, p = 0.003)``."""
    if p_value < alpha and diff != 0:
        better, worse = names if diff > 0 else names[::-1]
        return f"{better} > {worse} on {setting} (diff {diff:+.3f}, {_format_p(p_value)})"
    return f"no significant difference on {setting} ({_format_p(p_value)})"


def _check_same_items(records_a: Sequence[Mapping[str, Any]], records_b: Sequence[Mapping[str, Any]],
                      names: tuple[str, str]) -> None:
    where_a = {item_key(r): (r["task"], r["prompt_id"]) for r in records_a}
    where_b = {item_key(r): (r["task"], r["prompt_id"]) for r in records_b}
    keys_a, keys_b = set(where_a), set(where_b)
    if keys_a == keys_b:
        for k, v in where_a.items():
            if where_b[k] != v:
                raise ValueError(
                    f"item {_format_key(k)} is (task, prompt_id) {v} in {names[0]} "
                    f"but {where_b[k]} in {names[1]}"
                )
        return
    only_a = sorted(keys_a - keys_b, key=repr)
    only_b = sorted(keys_b - keys_a, key=repr)

    def show(keys: list[ItemKey]) -> str:
        ex = ", ".join(_format_key(k) for k in keys[:3])
        return f"{len(keys)}" + (f" (e.g. {ex})" if keys else "")

    raise ValueError(
        f"{names[0]} and {names[1]} must cover the same (id, sample) items to be paired: "
        f"{show(only_a)} only in {names[0]}, {show(only_b)} only in {names[1]}"
    )


def _sign_masks(rng: np.random.Generator, n_units: int, n_resamples: int) -> tuple[np.ndarray, bool]:
    """``(B, U)`` 0/1 masks (1 = keep, 0 = swap A and B for that unit) and whether they are exhaustive.

    When ``2**U <= n_resamples`` every assignment is enumerated once, so the p-value is exact.
    """
    if n_units < 63 and (1 << n_units) <= n_resamples:
        codes = np.arange(1 << n_units)[:, None]
        return ((codes >> np.arange(n_units)) & 1).astype(float), True
    return rng.integers(0, 2, size=(n_resamples, n_units)).astype(float), False


def paired_comparison(
    records_a: Iterable[Mapping[str, Any]],
    records_b: Iterable[Mapping[str, Any]],
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
    per-prompt difference; exact when ``2**units <= n_resamples``, else Monte Carlo with the +1
    correction). ``method="bootstrap"``: paired bootstrap of units, p = share of centred resampled
    differences at least as extreme as the observed one. Either way the CI of the difference is the
    paired-bootstrap percentile interval. With ``field="quality"`` a setting judged in only one of the
    two is left out (and out of the averages). Returns ``{setting: Comparison}``.
    """
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}; valid: {', '.join(METHODS)}")
    _check_resampling(n_resamples, level)
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be in (0, 1), got {alpha!r}")
    records_a, records_b = list(records_a), list(records_b)
    cubes_a = _build_cubes(records_a, field)
    cubes_b = _build_cubes(records_b, field)
    _check_same_items(records_a, records_b, names)
    if set(cubes_a) != set(cubes_b):  # unreachable when the items agree; kept as a guard
        raise ValueError(f"{names[0]} and {names[1]} cover different tasks")

    # A setting is compared only where both sides have scored items (quality may be unjudged on one).
    scorable = {t: c.scorable & cubes_b[t].scorable for t, c in cubes_a.items()}
    if not any(m.any() for m in scorable.values()):
        raise ValueError(f"no setting has scored {field!r} items in both {names[0]} and {names[1]}")
    point_a, point_b = _point_scores(cubes_a, scorable), _point_scores(cubes_b, scorable)
    observed = {k: point_a[k] - point_b[k] for k in point_a}
    test_seq, ci_seq = np.random.SeedSequence(seed).spawn(2)

    # Paired bootstrap: the same unit multiplicities for A and B.
    rng_ci = np.random.default_rng(ci_seq)
    weights = {t: _bootstrap_weights(rng_ci, len(c.prompt_ids), n_resamples) for t, c in cubes_a.items()}
    boot_a = _scores_from_counts(
        cubes_a, {t: weights[t] @ c.flat_hits for t, c in cubes_a.items()},
        {t: weights[t] @ c.flat_items for t, c in cubes_a.items()}, scorable)
    boot_b = _scores_from_counts(
        cubes_b, {t: weights[t] @ c.flat_hits for t, c in cubes_b.items()},
        {t: weights[t] @ c.flat_items for t, c in cubes_b.items()}, scorable)
    boot_diff = {k: boot_a[k] - boot_b[k] for k in observed}

    if method == "permutation":
        n_units = sum(len(c.prompt_ids) for c in cubes_a.values())
        masks, exact = _sign_masks(np.random.default_rng(test_seq), n_units, n_resamples)
        num_a, den_a, num_b, den_b = {}, {}, {}, {}
        start = 0
        for t, ca in cubes_a.items():
            cb = cubes_b[t]
            m = masks[:, start:start + len(ca.prompt_ids)]
            start += len(ca.prompt_ids)
            dh = m @ (ca.flat_hits - cb.flat_hits)
            di = m @ (ca.flat_items - cb.flat_items)
            num_a[t], den_a[t] = cb.flat_hits.sum(axis=0) + dh, cb.flat_items.sum(axis=0) + di
            num_b[t], den_b[t] = ca.flat_hits.sum(axis=0) - dh, ca.flat_items.sum(axis=0) - di
        perm_a = _scores_from_counts(cubes_a, num_a, den_a, scorable)
        perm_b = _scores_from_counts(cubes_b, num_b, den_b, scorable)
        null = {k: perm_a[k] - perm_b[k] for k in observed}
        centre = {k: 0.0 for k in observed}
    else:
        exact = False
        null = boot_diff
        centre = observed

    out: dict[str, Comparison] = {}
    for k, obs in observed.items():
        extreme = np.abs(null[k] - centre[k]) >= abs(obs) * (1 - _TIE_TOLERANCE) - _TIE_TOLERANCE
        count = int(extreme.sum())
        n = null[k].shape[0]
        p = count / n if exact else (count + 1) / (n + 1)
        low, high = _percentile_interval(boot_diff[k], level)
        out[k] = Comparison(
            setting=k, score_a=point_a[k], score_b=point_b[k], diff=obs, p_value=float(p),
            ci_low=low, ci_high=high, significant=bool(p < alpha and obs != 0),
            verdict=verdict(k, obs, p, alpha=alpha, names=names),
        )
    return out


# --------------------------------------------------------------------------------------------------
# rank correlation
# --------------------------------------------------------------------------------------------------


def _as_vector(values: Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    a = np.asarray(values, dtype=float)
    if a.ndim != 1:
        raise ValueError(f"{name} must be one-dimensional, got shape {a.shape}")
    if not np.all(np.isfinite(a)):
        raise ValueError(f"{name} contains NaN or infinite values: {a.tolist()}")
    return a


def average_ranks(values: Sequence[float] | np.ndarray) -> np.ndarray:
    """Ranks 1..n in ascending order, tied values sharing the mean of their ranks (``[1, 2, 2]`` ->
    ``[1, 2.5, 2.5]``)."""
    a = _as_vector(values, "values")
    n = a.size
    order = np.argsort(a, kind="mergesort")
    s = a[order]
    starts = np.concatenate(([0], np.flatnonzero(np.diff(s) != 0) + 1))
    ends = np.concatenate((starts[1:], [n]))
    ranks = np.empty(n)
    ranks[order] = np.repeat((starts + ends + 1) / 2, ends - starts)
    return ranks


def spearman(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray) -> float:
    """Spearman rank correlation: Pearson correlation of average ranks (ties share their mean rank).

    Raises ValueError on a length mismatch, fewer than 2 values, or a constant input (undefined).
    """
    a, b = _as_vector(x, "x"), _as_vector(y, "y")
    if a.size != b.size:
        raise ValueError(f"x and y must have the same length, got {a.size} and {b.size}")
    if a.size < 2:
        raise ValueError(f"Spearman correlation needs at least 2 pairs, got {a.size}")
    for name, v in (("x", a), ("y", b)):
        if np.all(v == v[0]):
            raise ValueError(
                f"Spearman correlation is undefined: {name} is constant (every value is {v[0]:g})"
            )
    ra, rb = average_ranks(a), average_ranks(b)
    ra -= ra.mean()
    rb -= rb.mean()
    rho = float(ra @ rb / math.sqrt(float(ra @ ra) * float(rb @ rb)))
    return max(-1.0, min(1.0, rho))


# --------------------------------------------------------------------------------------------------
# histograms and Jensen-Shannon divergence (statistical similarity)
# --------------------------------------------------------------------------------------------------


def _check_edges(bins: Sequence[float] | np.ndarray) -> np.ndarray:
    edges = _as_vector(bins, "bins")
    if edges.size < 2 or np.any(np.diff(edges) <= 0):
        raise ValueError(f"bins must be at least 2 strictly increasing edges, got {edges.tolist()}")
    return edges


def _bin_index(values: Sequence[float] | np.ndarray, edges: np.ndarray, name: str) -> np.ndarray:
    v = _as_vector(values, name)
    if v.size == 0:
        raise ValueError(f"cannot build a histogram of {name}: no values")
    outside = v[(v < edges[0]) | (v > edges[-1])]
    if outside.size:
        raise ValueError(
            f"{outside.size} value(s) of {name} outside the bins [{edges[0]:g}, {edges[-1]:g}], "
            f"e.g. {outside[:3].tolist()}; bins must be fixed and shared, so values are not dropped"
        )
    # Bins are [e_i, e_{i+1}); the last one also holds its right edge (as numpy.histogram).
    return np.minimum(np.searchsorted(edges, v, side="right") - 1, edges.size - 2)


def histogram(
    values: Sequence[float] | np.ndarray, bins: Sequence[float] | np.ndarray = DEFAULT_BINS
) -> np.ndarray:
    """Counts of ``values`` in fixed ``bins`` (edges). Raises on no values or values outside the edges."""
    edges = _check_edges(bins)
    return np.bincount(_bin_index(values, edges, "values"), minlength=edges.size - 1)


def histogram2d(x: Sequence[float] | np.ndarray, y: Sequence[float] | np.ndarray,
                bins: Sequence[float] | np.ndarray = DEFAULT_BINS) -> np.ndarray:
    """Joint counts ``[i, j]`` of (x in bin i, y in bin j) with the same fixed edges on both axes."""
    edges = _check_edges(bins)
    ix, iy = _bin_index(x, edges, "x"), _bin_index(y, edges, "y")
    if ix.size != iy.size:
        raise ValueError(f"x and y must have the same length, got {ix.size} and {iy.size}")
    k = edges.size - 1
    return np.bincount(ix * k + iy, minlength=k * k).reshape(k, k)


def _as_distribution(hist: Sequence[float] | np.ndarray, name: str) -> np.ndarray:
    h = np.asarray(hist, dtype=float).ravel()
    if h.size == 0 or not np.all(np.isfinite(h)) or np.any(h < 0):
        raise ValueError(f"{name} must be non-empty, finite and non-negative, got {h.tolist()}")
    total = h.sum()
    if total <= 0:
        raise ValueError(f"{name} is an empty histogram (all counts are zero); JSD is undefined")
    return h / total


def js_divergence(p_hist: Sequence[float] | np.ndarray, q_hist: Sequence[float] | np.ndarray) -> float:
    """Jensen-Shannon *divergence* with base-2 logs, in [0, 1] (not the JS distance, its square root).

    Inputs are counts or probabilities over the same bins; each is normalised to sum to 1.
    """
    p, q = _as_distribution(p_hist, "p_hist"), _as_distribution(q_hist, "q_hist")
    if p.size != q.size:
        raise ValueError(f"histograms must have the same bins, got {p.size} and {q.size} bins")
    m = (p + q) / 2

    def kl(a: np.ndarray) -> float:
        nz = a > 0
        return float(np.sum(a[nz] * np.log2(a[nz] / m[nz])))

    return min(1.0, max(0.0, (kl(p) + kl(q)) / 2))


def jsd_similarity(p_hist: Sequence[float] | np.ndarray, q_hist: Sequence[float] | np.ndarray) -> float:
    """Statistical similarity of two settings: ``1 - JSD(p, q)`` (base 2), 1 = identical, 0 = disjoint.

    JSD here is the divergence, not the Jensen-Shannon distance (its square root), as in the
    substitutability paper (§3.2).
    """
    return 1.0 - js_divergence(p_hist, q_hist)


# --------------------------------------------------------------------------------------------------
# per-prompt statistics (the μ_i and σ_i of the substitutability paper)
# --------------------------------------------------------------------------------------------------


def per_prompt_stats(
    records: Iterable[Mapping[str, Any]], *, field: str = "passed"
) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Per prompt (``id``, ``variant``): mean μ_i and population standard deviation σ_i (ddof=0) of the
    0/1 values over its samples, grouped by setting ``task/aspect``. Unscored (None) values are skipped,
    and prompts with no scored sample are left out. Returns ``{setting: (means, stds)}``.
    """
    return _per_prompt_from_rows(_validated(records, field))


def _per_prompt_from_rows(rows: Sequence[_Row]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    groups: dict[str, dict[tuple[str, Any], list[float]]] = {}
    for task, _pid, aspect, _sample, value, rid, variant in rows:
        if value is not None:
            groups.setdefault(setting_key(task, aspect), {}).setdefault((rid, variant), []).append(value)
    out: dict[str, tuple[np.ndarray, np.ndarray]] = {}
    for task in TASKS:
        for aspect in ASPECTS:
            key = setting_key(task, aspect)
            if key in groups:
                means, stds = [], []
                for g in groups[key].values():  # plain Python: thousands of 3-value groups
                    mean = sum(g) / len(g)
                    means.append(mean)
                    stds.append(math.sqrt(sum((v - mean) ** 2 for v in g) / len(g)))
                out[key] = (np.array(means), np.array(stds))
    return out


def scores_and_per_prompt(
    records: Iterable[Mapping[str, Any]], *, field: str = "passed"
) -> tuple[dict[str, float], dict[str, tuple[np.ndarray, np.ndarray]]]:
    """:func:`scores` and :func:`per_prompt_stats` of the same records, validating them once."""
    rows = _validated(records, field)
    return _point_scores(_cubes_from_rows(rows, field)), _per_prompt_from_rows(rows)


__all__ = [
    "AVERAGE",
    "DEFAULT_BINS",
    "FIELDS",
    "METHODS",
    "OVERALL",
    "REQUIRED_KEYS",
    "Comparison",
    "Interval",
    "aspect_score",
    "average_ranks",
    "bootstrap_ci",
    "histogram",
    "histogram2d",
    "item_key",
    "js_divergence",
    "jsd_similarity",
    "paired_comparison",
    "per_prompt_stats",
    "scores",
    "scores_and_per_prompt",
    "setting_key",
    "spearman",
    "verdict",
]
