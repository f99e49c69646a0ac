"""The one formula: accuracy per sample, mean over samples, average over aspects, mean over tasks.

:func:`formula` computes it for a batch of (num, den) tallies at once (B bootstrap or permutation resamples,
or B = 1 for the point estimate); :func:`aggregate` turns a :class:`Counts` into every score a result reports
(CTG per task × aspect, task averages, Qual, prompt-level accuracy, prompt-variant spread). Means are exactly
rounded (``math.fsum``), as upstream's Python ``statistics`` based aggregation.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

import numpy as np

from lctg_dataset.constants import TASKS
from lctg_metrics.scoring.counts import (
    ALL_PASSED,
    APPROPRIATE,
    FAILED,
    GENERATIONS,
    JUDGED,
    MULTI,
    NO_VARIANT,
    PARSED,
    PROMPT_TALLY,
    TALLY,
    UNPARSEABLE,
    Counts,
    P,
    T,
)
from lctg_metrics.scoring.task_counts import TaskCounts, padded

AVERAGE = "average"


def exact_mean(values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """Mean over the last axis of the entries where ``mask`` is true (NaN where none), exactly rounded."""
    kept = np.where(mask, values, 0.0).reshape(-1, values.shape[-1])  # exact zeros leave an exact sum unchanged
    sums = np.fromiter(map(math.fsum, kept.tolist()), dtype=float, count=kept.shape[0])
    k = mask.reshape(-1, mask.shape[-1]).sum(axis=1)
    out = np.divide(sums, k, out=np.full(sums.shape, math.nan), where=k > 0)
    return out.reshape(values.shape[:-1])


def sample_accuracy(num: np.ndarray, den: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per-sample accuracy ``num / den`` (0 where ``den`` is 0) and where it is defined."""
    ok = den > 0
    return np.divide(num, den, out=np.zeros(num.shape), where=ok), ok


def formula(num: np.ndarray, den: np.ndarray, keep: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``num``/``den``: ``(B, A, S)`` passing/scored counts of one task. Returns the aspect scores ``(B, A)`` (mean
    over the samples that have scored items of the per-sample accuracy; NaN if none) and the task average
    ``(B,)`` (mean of the aspects in ``keep``, default: those with a score)."""
    acc, ok = sample_accuracy(num, den)
    aspect = exact_mean(acc, ok)
    use = ~np.isnan(aspect) if keep is None else np.broadcast_to(keep, aspect.shape) & ~np.isnan(aspect)
    return aspect, exact_mean(np.nan_to_num(aspect), use)


def task_tallies(tc: TaskCounts, num: int, den: int) -> tuple[np.ndarray, np.ndarray]:
    """``(U, A, S)`` tallies of one task summed over variants, for resampling prompts."""
    return tc.tally(num).sum(axis=1), tc.tally(den).sum(axis=1)


@dataclass
class Summary:
    """Every score of a result, computed from its counts (see :func:`aggregate`)."""

    scores: dict[str, dict[str, float]]
    counts: dict[str, dict[str, dict[str, int]]]
    quality: dict[str, dict[str, float | None]] | None
    quality_counts: dict[str, dict[str, dict[str, int]]] | None
    prompt_level: dict[str, float] | None
    variants: dict[str, dict[str, dict[str, Any]]] | None
    generations: int
    upstream_rounding: dict[str, Any] | None = None

    @property
    def overall_average(self) -> float | None:
        """Mean of the task averages (only when all three tasks were scored)."""
        if set(self.scores) != set(TASKS):
            return None
        return statistics.fmean(self.scores[t][AVERAGE] for t in TASKS)


def _nan_to_none(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


def aggregate(counts: Counts) -> Summary:
    scores: dict[str, dict[str, float]] = {}
    tallies: dict[str, dict[str, dict[str, int]]] = {}
    quality: dict[str, dict[str, float | None]] = {}
    quality_counts: dict[str, dict[str, dict[str, int]]] = {}
    prompt_level: dict[str, float] = {}
    variants: dict[str, dict[str, dict[str, Any]]] = {}
    generations = 0
    for task, tc in counts.tasks.items():
        by_sample = padded(tc.cells.sum(axis=(0, 1)), len(TALLY))  # (A, S, K)
        aspect, avg = formula(by_sample[None, :, :, P], by_sample[None, :, :, T])
        scores[task] = {a: float(aspect[0, j]) for j, a in enumerate(tc.aspects) if not math.isnan(aspect[0, j])}
        scores[task][AVERAGE] = float(avg[0])
        tallies[task] = {
            a: {
                "passed": int(by_sample[j, :, P].sum()),
                "total": int(by_sample[j, :, T].sum()),
                "samples": int((by_sample[j, :, T] > 0).sum()),
            }
            for j, a in enumerate(tc.aspects)
        }
        judged = by_sample[:, :, JUDGED].sum(axis=1) > 0
        if judged.any():
            q, qavg = formula(by_sample[None, :, :, APPROPRIATE], by_sample[None, :, :, PARSED], keep=judged)
            quality[task] = {a: _nan_to_none(q[0, j]) for j, a in enumerate(tc.aspects) if judged[j]}
            quality[task][AVERAGE] = _nan_to_none(qavg[0])
            quality_counts[task] = {
                a: {
                    "appropriate": int(by_sample[j, :, APPROPRIATE].sum()),
                    "parsed": int(by_sample[j, :, PARSED].sum()),
                    "unparseable": int(by_sample[j, :, UNPARSEABLE].sum()),
                    "failed": int(by_sample[j, :, FAILED].sum()),
                    "judged": int(by_sample[j, :, JUDGED].sum()),
                }
                for j, a in enumerate(tc.aspects)
                if judged[j]
            }
        prompts = padded(tc.prompts.sum(axis=(0, 1)), len(PROMPT_TALLY))  # (S, K)
        if prompts[:, MULTI].sum() > 0:
            pl, _ = formula(prompts[None, None, :, ALL_PASSED], prompts[None, None, :, MULTI])
            prompt_level[task] = float(pl[0, 0])
        generations += int(tc.prompt_tally(GENERATIONS).sum())
        if tc.variants != (NO_VARIANT,):
            variants[task] = _variant_stats(tc)
    return Summary(
        scores,
        tallies,
        quality or None,
        quality_counts or None,
        prompt_level or None,
        variants or None,
        generations,
        upstream_chain(counts),
    )


def _round3(x: float) -> float:
    """Upstream writes every per-run score with ``"{:.3f}"`` and reads it back (scripts/eval_ctg.py,
    eval_quality.py)."""
    return float(f"{x:.3f}")


def upstream_chain(counts: Counts) -> dict[str, Any]:
    """The scores as upstream's scripts compute them, rounding on the way (scripts/get_scores.py): a CTG cell is
    the plain-float mean of the per-sample accuracies each rounded to 3 decimals, Avg-ctg the mean of those cells;
    a Qual cell is the per-sample mean rounded to 3 decimals (All-Acc), Avg-qual the mean of the rounded cells.
    The same per-sample accuracies as :func:`formula`; only the rounding and summation order differ."""
    ctg: dict[str, dict[str, float]] = {}
    qual: dict[str, dict[str, float]] = {}
    for task, tc in counts.tasks.items():
        by_sample = padded(tc.cells.sum(axis=(0, 1)), len(TALLY))  # (A, S, K)
        acc, ok = sample_accuracy(by_sample[:, :, P], by_sample[:, :, T])
        ctg[task] = {
            a: sum(_round3(x) for x in acc[j][ok[j]].tolist()) / int(ok[j].sum())
            for j, a in enumerate(tc.aspects)
            if ok[j].any()
        }
        ctg[task][AVERAGE] = sum(ctg[task].values()) / len(ctg[task])
        qacc, qok = sample_accuracy(by_sample[:, :, APPROPRIATE], by_sample[:, :, PARSED])
        per = {
            a: _round3(sum(qacc[j][qok[j]].tolist()) / int(qok[j].sum()))
            for j, a in enumerate(tc.aspects)
            if qok[j].any()
        }
        if per:
            per[AVERAGE] = sum(per.values()) / len(per)
            qual[task] = per
    return {"scores": ctg, "quality": qual or None}


def _variant_stats(tc: TaskCounts) -> dict[str, dict[str, Any]]:
    """Per aspect over prompt variants: mean, spread (min/max/std of per-variant accuracy) and the share of
    (prompt, sample) whose verdict is the same for every variant."""
    out: dict[str, dict[str, Any]] = {}
    per_variant_tallies = tc.cells.sum(axis=0)  # (V, A, S, K)
    for j, a in enumerate(tc.aspects):
        present = [
            k for k, v in enumerate(tc.variants) if v != NO_VARIANT and per_variant_tallies[k, j, :, T].sum() > 0
        ]
        if not present:
            continue
        mine = per_variant_tallies[present][:, j]  # (V', S, K)
        acc, _ = formula(mine[None, :, :, P], mine[None, :, :, T])
        per_variant = {tc.variants[k]: float(acc[0, i]) for i, k in enumerate(present)}
        values = list(per_variant.values())
        cell = tc.cells[:, present][:, :, j]  # (U, V', S, K)
        full = (cell[..., T] > 0).all(axis=1)  # (U, S): every variant scored
        passed = cell[..., P].sum(axis=1)
        consistent = full & ((passed == 0) | (passed == len(present)))
        n_full = int(full.sum())
        out[a] = {
            "n_variants": len(present),
            "mean": statistics.fmean(values),
            "min": min(values),
            "max": max(values),
            "std": statistics.pstdev(values) if len(values) > 1 else 0.0,
            "per_variant": {str(v): x for v, x in per_variant.items()},
            "consistency": int(consistent.sum()) / n_full if n_full else math.nan,
            "consistency_n": n_full,
        }
    return out
