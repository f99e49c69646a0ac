"""Substitutability of evaluation settings (Numaya et al., "人手評価データセットの統計的類似性と代替可能性").

A *setting* is one task × aspect scored on one metric: ``"summary/keyword:ctg"`` (controllability
verdicts) or ``"summary/keyword:qual"`` (quality judge). Two settings substitute for each other when
they rank the models alike (Spearman ρ of the model scores, §3.3). Their *statistical similarity*
(§3.2) is 1 − JSD of histograms, pooled over models, of the per-prompt mean μ_i and per-prompt standard
deviation σ_i. In the paper σ_i is the spread between human raters; here it is the spread between the
3 generations of one prompt (``sample``), both on [0, 1].

Everything returned is plain JSON-serialisable data (lists, dicts, floats, ``None`` for undefined);
plotting heat maps is left to callers.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from lctg_metrics import stats
from lctg_metrics.analysis import published as _published
from lctg_metrics.stats.cubes import METRIC_OF_FIELD, TALLIES, Data, as_counts
from lctg_metrics.stats.per_prompt import STD_DDOF

#: Settings whose model rankings correlate at least this much are reported as substitutes.
SUBSTITUTE_THRESHOLD = 0.8


def setting_name(task_aspect: str, metric: str) -> str:
    """``"summary/keyword"`` + ``"ctg"`` -> ``"summary/keyword:ctg"``."""
    return f"{task_aspect}:{metric}"


def rank_models(scores: Mapping[str, float]) -> dict[str, float]:
    """Rank 1 = highest score; tied models share the mean of their ranks."""
    models = list(scores)
    ranks = stats.average_ranks([-float(scores[m]) for m in models])
    return {m: float(r) for m, r in zip(models, ranks)}


def _pairs(n: int) -> list[tuple[int, int]]:
    return list(itertools.combinations(range(n), 2))


def ranking_analysis(
    table: Mapping[str, Mapping[str, float]], *, threshold: float = SUBSTITUTE_THRESHOLD
) -> dict[str, Any]:
    """Model rankings per setting and the Spearman matrix between every pair of settings.

    ``table`` is ``{setting: {model: score}}`` with the same models in every setting. A setting where
    every model has the same score has no ranking to correlate: its row and column are ``None`` and
    ``undefined`` says why. ``substitutes`` lists pairs with ρ >= ``threshold``, strongest first.
    """
    settings = list(table)
    if not settings:
        raise ValueError("no settings to compare")
    models = list(table[settings[0]])
    for s in settings:
        extra = sorted(set(table[s]) - set(models))
        missing = sorted(set(models) - set(table[s]))
        if extra or missing:
            raise ValueError(
                f"setting {s!r} must score the same models as {settings[0]!r}: missing {missing}, extra {extra}"
            )
    if len(models) < 2:
        raise ValueError(f"ranking needs at least 2 models, got {models}")
    values = {s: np.array([float(table[s][m]) for m in models]) for s in settings}
    undefined = {
        s: f"every model has the same score ({v[0]:g}); ranking correlation undefined"
        for s, v in values.items()
        if np.all(v == v[0])
    }
    n = len(settings)
    matrix: list[list[float | None]] = [[None] * n for _ in range(n)]
    for i in range(n):
        if settings[i] not in undefined:
            matrix[i][i] = 1.0
    for i, j in _pairs(n):
        if settings[i] in undefined or settings[j] in undefined:
            continue
        rho = stats.spearman(values[settings[i]], values[settings[j]])
        matrix[i][j] = matrix[j][i] = rho
    found = sorted(
        ((m, settings[i], settings[j]) for i, j in _pairs(n) if (m := matrix[i][j]) is not None and m >= threshold),
        key=lambda t: (-t[0], t[1], t[2]),
    )
    substitutes = [{"a": a, "b": b, "spearman": score} for score, a, b in found]
    by_setting = {
        s: [settings[j] for j in range(n) if j != i and (m := matrix[i][j]) is not None and m >= threshold]
        for i, s in enumerate(settings)
    }
    notes = [f"{s}: {why}" for s, why in undefined.items()]
    if len(models) < 5:
        notes.append(f"only {len(models)} models: rank correlations are coarse")
    return {
        "models": models,
        "settings": settings,
        "scores": {s: {m: float(table[s][m]) for m in models} for s in settings},
        "rankings": {s: rank_models(table[s]) for s in settings},
        "spearman": matrix,
        "undefined": undefined,
        "threshold": threshold,
        "substitutes": substitutes,
        "substitutes_by_setting": by_setting,
        "notes": notes,
    }


def _similarity_matrix(hists: Mapping[str, np.ndarray | None], settings: Sequence[str]) -> list[list[float | None]]:
    n = len(settings)
    out: list[list[float | None]] = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i, n):
            p, q = hists.get(settings[i]), hists.get(settings[j])
            if p is not None and q is not None:
                out[i][j] = out[j][i] = stats.jsd_similarity(p, q)
    return out


def _correlate_upper(a: list[list[float | None]], b: list[list[float | None]]) -> tuple[float | None, str | None]:
    """Spearman between two matrices over the setting pairs (i < j) where both are defined."""
    xs: list[float] = []
    ys: list[float] = []
    for i, j in _pairs(len(a)):
        if (x := a[i][j]) is not None and (y := b[i][j]) is not None:
            xs.append(x)
            ys.append(y)
    try:
        return stats.spearman(xs, ys), None
    except ValueError as e:
        return None, f"over {len(xs)} setting pairs: {e}"


def _covered(counts: Any, field: str) -> dict[str, None]:
    """The ``task/aspect`` settings with scored items of ``field``, in table order."""
    d = TALLIES[field][1]
    return {
        f"{task}/{a}": None
        for task, tc in counts.tasks.items()
        for a, n in zip(tc.aspects, tc.tally(d).sum(axis=(0, 1, 3)))
        if n > 0
    }


def substitutability(
    results: Mapping[str, Data],
    *,
    bins: Sequence[float] = stats.DEFAULT_BINS,
    threshold: float = SUBSTITUTE_THRESHOLD,
) -> dict[str, Any]:
    """Rankings, Spearman matrix and statistical-similarity matrices of several models' per-item results.

    ``results`` maps model name -> counts or details records (see :mod:`lctg_metrics.stats`). Settings are
    every task × aspect on ``ctg`` plus, where every model has judged quality, on ``qual``. Histograms
    use the fixed shared ``bins`` (default :data:`~lctg_metrics.stats.DEFAULT_BINS`, 7 equal bins) and pool
    the prompts of all models. Returns the :func:`ranking_analysis` dict plus ``statistics``::

        {"bins": [...], "std_ddof": 0,
         "histograms": {"mean": {setting: counts}, "std": {...}, "joint": {setting: [[...]]}},
         "similarity": {"mean": matrix, "std": matrix, "joint": matrix},
         "similarity_vs_substitutability": {"mean": ρ | None, "std": ..., "joint": ...}}
    """
    models = list(results)
    if len(models) < 2:
        raise ValueError(f"substitutability needs at least 2 models, got {models}")
    counts = {m: as_counts(results[m]) for m in models}
    notes: list[str] = []

    # Which task/aspect settings each model covers, per field; every score and μ_i/σ_i from its counts.
    table: dict[str, dict[str, float]] = {}
    per_prompt: dict[str, list[tuple[np.ndarray, np.ndarray]]] = {}
    order: list[str] = []
    for field, metric in METRIC_OF_FIELD.items():
        covered = {m: set(_covered(c, field)) for m, c in counts.items()}
        common = set.intersection(*covered.values())
        if field == "passed":
            if any(c != common for c in covered.values()):
                detail = "; ".join(f"{m}: {sorted(c)}" for m, c in covered.items())
                raise ValueError(f"every model must be scored on the same task × aspect settings; got {detail}")
        else:
            skipped = sorted(set.union(*covered.values()) - common)
            if skipped:
                notes.append(f"qual settings skipped (quality not judged for every model): {skipped}")
        if not common:
            continue
        order += [setting_name(k, metric) for k in _covered(counts[models[0]], field) if k in common]
        for m in models:
            model_scores, prompts = stats.scores_and_per_prompt(counts[m], field=field)
            for task_aspect, (mu, sigma) in prompts.items():
                if task_aspect in common:
                    name = setting_name(task_aspect, metric)
                    table.setdefault(name, {})[m] = model_scores[task_aspect]
                    per_prompt.setdefault(name, []).append((mu, sigma))
    # ctg settings first, then qual, each in task/aspect table order.
    table = {s: table[s] for s in order if s in table}

    analysis = ranking_analysis(table, threshold=threshold)
    settings = analysis["settings"]
    edges = [float(e) for e in bins]
    hists: dict[str, dict[str, np.ndarray | None]] = {"mean": {}, "std": {}, "joint": {}}
    for s in settings:
        mu = np.concatenate([p[0] for p in per_prompt[s]])
        sigma = np.concatenate([p[1] for p in per_prompt[s]])
        try:
            hists["mean"][s] = stats.histogram(mu, edges)
            hists["std"][s] = stats.histogram(sigma, edges)
            hists["joint"][s] = stats.histogram2d(mu, sigma, edges)
        except ValueError as e:
            notes.append(f"{s}: no histogram ({e})")
            for kind in hists:
                hists[kind][s] = None
    similarity = {kind: _similarity_matrix(h, settings) for kind, h in hists.items()}
    versus: dict[str, float | None] = {}
    for kind, sim in similarity.items():
        versus[kind], why = _correlate_upper(sim, analysis["spearman"])
        if why:
            notes.append(f"similarity_vs_substitutability[{kind}] undefined {why}")
    analysis["notes"].extend(notes)
    analysis["statistics"] = {
        "bins": edges,
        "std_ddof": STD_DDOF,
        "histograms": {
            kind: {s: (None if h is None else h.tolist()) for s, h in by_setting.items()}
            for kind, by_setting in hists.items()
        },
        "similarity": similarity,
        "similarity_vs_substitutability": versus,
    }
    return analysis


def published_substitutability(
    rows: Sequence[_published.PublishedScore] | None = None,
    *,
    threshold: float = SUBSTITUTE_THRESHOLD,
    metrics: Sequence[str] = _published.METRICS,
) -> dict[str, dict[str, Any]]:
    """The ranking analysis of each paper's published tables (``{source: ranking_analysis(...)}``).

    Settings are task × aspect for each metric (``ctg``, ``qual``); averages are left out. Only
    rankings: the papers publish no per-prompt data, so there is no statistical similarity here.
    """
    rows = _published.load_published() if rows is None else rows
    out: dict[str, dict[str, Any]] = {}
    for source in _published.sources(rows):
        table: dict[str, dict[str, float]] = {}
        for metric in metrics:
            for task_aspect, cells in _published.published_table(rows, source=source, metric=metric).items():
                table[setting_name(task_aspect, metric)] = cells
        out[source] = ranking_analysis(table, threshold=threshold)
    return out


__all__ = [
    "METRIC_OF_FIELD",
    "STD_DDOF",
    "SUBSTITUTE_THRESHOLD",
    "published_substitutability",
    "rank_models",
    "ranking_analysis",
    "setting_name",
    "substitutability",
]
