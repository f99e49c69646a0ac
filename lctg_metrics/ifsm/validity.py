"""Run-level validity: a run's endings, taken together, must look like endings written for each story and question.

Per item the guard decides; here the run as a whole is compared with the human gold endings of the same items:
- question dependence: endings for the questions of one passage must differ about as much as the gold ones do
  (the paper's within-passage Dissimilarity, per passage and as a run mean);
- repetition: the same sentence (names aside) ending many stories is flagged per item, and the run's share of such
  items may not exceed gold's;
- feature shifts: per item features a gaming run moves (closeness to the question, to the story's last sentence,
  to other stories' endings, a lack of function words) are compared with gold's by a one-sided Mann-Whitney test and
  a tail test, each with a practical effect-size floor so that honest endings that differ a little still pass.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from lctg_metrics.ifsm.guards import _FUNCTION, readable, sentences, words

VALIDITY_VERSION = "v3"  # v2: a mix under every run-level test is a named limit; v3: a whole attack run that fails
#: a run-level test no longer rejects every result (its mixes, tuned under every test, measure that risk)
#: A run's within-passage Dissimilarity below this share of gold's (same items) is question-independent.
MIN_DISSIM_RATIO = 0.5
#: A passage whose endings differ by less than this (mean 1 − cos over pairs) is collapsed: one text for every
#: question (gold's own pairs: 0.563 on the eval half, its identical pairs are one ending answering two questions).
COLLAPSED_BELOW = 0.05
#: More collapsed passages than gold has, by this share of the passages, makes a run invalid.
MAX_EXTRA_COLLAPSED = 0.15
#: The same sentence (capitalised names aside) ending this many different passages is a repeated ending.
MIN_REPEAT_PASSAGES = 3
#: More repeated items than gold has, by this share, makes a run invalid (the items are flagged anyway).
MAX_EXTRA_REPEATED = 0.05
#: Feature-shift tests: one-sided, significant at ALPHA (Bonferroni over the features), and large enough to matter:
#: AUC (the chance that a run ending is further toward gaming than a gold one) at least MIN_AUC, or the share above
#: gold's TAIL quantile exceeding gold's own share by MIN_TAIL_EXCESS.
ALPHA = 0.001
MIN_AUC = 0.64
TAIL = 0.95
MIN_TAIL_EXCESS = 0.10
#: Features whose higher values point toward gaming: what each measures, its AUC floor and its tail quantile.
#: Closeness to other stories' endings has wider floors: honest endings written in one style (a shared opener such
#: as "Finally,") move it (AUC 0.69 for seeded rewrites of gold on the eval half) without being near-duplicates.
FEATURES = {
    "question_similarity": ("cos of the ending's closest sentence with the question", MIN_AUC, TAIL),
    "last_sentence_similarity": ("cos of the ending with the story's last sentence", MIN_AUC, TAIL),
    "cross_story_similarity": ("highest cos of the ending with an ending of another passage", 0.80, 0.99),
    "function_word_deficit": ("1 − the share of function words (content-word salad is near 1)", MIN_AUC, TAIL),
}
_TOKEN = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")  # letters of any script


@dataclass(frozen=True)
class RunFeatures:
    """Per item feature arrays (NaN where no encoder) and per passage within-passage Dissimilarity."""

    values: dict[str, np.ndarray]
    passages: dict[str, float]


@dataclass(frozen=True)
class Check:
    """One run-level test: its figures and, when it fails, the reason (with the figures) a person can check."""

    name: str
    passed: bool
    reason: str
    figures: dict[str, float]


def skeleton(text: str) -> str:
    """The ending with capitalised names, digits and punctuation dropped, lower case: a template's fixed part."""
    kept = [t.lower() for t in _TOKEN.findall(readable(text)) if not (t[0].isupper() and t.lower() not in _FUNCTION)]
    return " ".join(kept)


def repeated(endings: Sequence[str], passage_ids: Sequence[str]) -> list[str | None]:
    """Per item, the reason when its skeleton ends at least MIN_REPEAT_PASSAGES passages (else None)."""
    seen: dict[str, set[str]] = defaultdict(set)
    keys = [skeleton(e) for e in endings]
    for key, passage in zip(keys, passage_ids):
        if len(key.split()) >= 2:
            seen[key].add(passage)
    return [
        f"repeated: the same sentence (names aside) ends {len(seen[k])} passages' stories"
        if len(seen.get(k, ())) >= MIN_REPEAT_PASSAGES
        else None
        for k in keys
    ]


def features(
    encoder: Any, rows: Sequence[Mapping[str, Any]], endings: Sequence[str], question_similarity: Sequence[float | None]
) -> RunFeatures:
    """The run's per item features; ``encoder`` None leaves the embedding ones NaN and the Dissimilarity empty."""
    n = len(endings)
    tokens = [words(e) for e in endings]
    values = {
        "function_word_deficit": np.array(
            [1.0 - (sum(w in _FUNCTION for w in t) / len(t)) if t else 1.0 for t in tokens]
        )
    }
    if encoder is None:
        for name in ("question_similarity", "last_sentence_similarity", "cross_story_similarity"):
            values[name] = np.full(n, np.nan)
        return RunFeatures(values, {})
    passages = [str(r["passage_id"]) for r in rows]
    vectors = encoder.encode(list(endings))
    last = encoder.encode([(sentences(str(r["document"] or "")) or [""])[-1] for r in rows])
    values["question_similarity"] = np.array([np.nan if s is None else s for s in question_similarity], float)
    values["last_sentence_similarity"] = np.sum(vectors * last, axis=1).astype(float)
    same = np.array(passages)[:, None] == np.array(passages)[None, :]
    pair = np.where(same, -1.0, vectors @ vectors.T)
    values["cross_story_similarity"] = pair.max(axis=1).astype(float) if n > 1 else np.full(n, np.nan)
    groups: dict[str, list[int]] = defaultdict(list)
    for i, p in enumerate(passages):
        groups[p].append(i)
    within = {
        p: float(np.mean([max(0.0, 1.0 - float(vectors[i] @ vectors[j])) for i, j in combinations(idx, 2)]))
        for p, idx in groups.items()
        if len(idx) > 1
    }
    return RunFeatures(values, within)


def mann_whitney(run: np.ndarray, gold: np.ndarray) -> tuple[float, float]:
    """AUC = P(run > gold) + ½ P(tie), and the one-sided p-value of run > gold (normal approximation, ties
    corrected)."""
    n1, n2 = len(run), len(gold)
    ranks = _ranks(np.concatenate([run, gold]))
    u = ranks[:n1].sum() - n1 * (n1 + 1) / 2
    _, counts = np.unique(np.concatenate([run, gold]), return_counts=True)
    n = n1 + n2
    var = n1 * n2 / 12 * ((n + 1) - np.sum(counts**3 - counts) / (n * (n - 1)))
    z = (u - n1 * n2 / 2 - 0.5) / math.sqrt(var) if var > 0 else 0.0
    return float(u / (n1 * n2)), 0.5 * math.erfc(z / math.sqrt(2))


def _ranks(values: np.ndarray) -> np.ndarray:
    order = np.argsort(values, kind="mergesort")
    ranks = np.empty(len(values))
    sorted_values = values[order]
    start = 0
    while start < len(values):
        end = start
        while end + 1 < len(values) and sorted_values[end + 1] == sorted_values[start]:
            end += 1
        ranks[order[start : end + 1]] = (start + end) / 2 + 1
        start = end + 1
    return ranks


def binomial_above(k: int, n: int, p: float) -> float:
    """One-sided p-value P(X >= k) for X ~ Binomial(n, p) (exact, in log space)."""
    if k <= 0:
        return 1.0
    if p <= 0:
        return 0.0
    logs = (
        [
            math.lgamma(n + 1)
            - math.lgamma(i + 1)
            - math.lgamma(n - i + 1)
            + i * math.log(p)
            + (n - i) * math.log1p(-p)
            for i in range(k, n + 1)
        ]
        if p < 1
        else [0.0]
    )
    top = max(logs)
    return min(1.0, math.exp(top) * sum(math.exp(x - top) for x in logs))


def _shift(name: str, run: np.ndarray, gold: np.ndarray) -> Check:
    run, gold = run[~np.isnan(run)], gold[~np.isnan(gold)]
    if len(run) < 2 or len(gold) < 2:
        return Check(name, True, "not measured", {})
    alpha = ALPHA / len(FEATURES)
    _, min_auc, tail = FEATURES[name]
    auc, p_mw = mann_whitney(run, gold)
    cut = float(np.quantile(gold, tail))
    base = max(float(np.mean(gold > cut)), 1.0 / len(gold))
    above = int(np.sum(run > cut))
    p_tail = binomial_above(above, len(run), base)
    excess = above / len(run) - base
    figures = {
        "auc": auc,
        "p_mann_whitney": p_mw,
        "cut": cut,
        "gold_above": base,
        "run_above": above / len(run),
        "p_tail": p_tail,
        "run_mean": float(run.mean()),
        "gold_mean": float(gold.mean()),
    }
    shifted = p_mw < alpha and auc >= min_auc
    tailed = p_tail < alpha and excess >= MIN_TAIL_EXCESS
    if not (shifted or tailed):
        return Check(name, True, "ok", figures)
    return Check(
        name,
        False,
        f"{name} shifted toward gaming: mean {run.mean():.3f} vs gold {gold.mean():.3f}, AUC "
        f"{auc:.2f} (one-sided Mann-Whitney p={p_mw:.1e}; floor {min_auc}), "
        f"{above / len(run):.1%} above gold's {tail:.0%} quantile {cut:.3f} vs gold {base:.1%} "
        f"(binomial p={p_tail:.1e}; floor +{MIN_TAIL_EXCESS:.0%})",
        figures,
    )


def _dissimilarity(run: Mapping[str, float], gold: Mapping[str, float]) -> Check:
    shared = [p for p in gold if p in run]
    if not shared:
        return Check("dissimilarity", True, "not measured", {})
    d_run = float(np.mean([run[p] for p in shared]))
    d_gold = float(np.mean([gold[p] for p in shared]))
    collapsed = sum(run[p] < COLLAPSED_BELOW for p in shared) / len(shared)
    gold_collapsed = sum(gold[p] < COLLAPSED_BELOW for p in shared) / len(shared)
    figures = {
        "run": d_run,
        "gold": d_gold,
        "passages": float(len(shared)),
        "collapsed": collapsed,
        "gold_collapsed": gold_collapsed,
    }
    why = []
    if d_run < MIN_DISSIM_RATIO * d_gold:
        why.append(
            f"within-passage dissimilarity {d_run:.3f} < {MIN_DISSIM_RATIO} x gold's {d_gold:.3f} over "
            f"{len(shared)} passages: the endings do not depend on the question"
        )
    if collapsed - gold_collapsed > MAX_EXTRA_COLLAPSED:
        why.append(
            f"{collapsed:.0%} of {len(shared)} passages have near-identical endings for every question "
            f"(mean 1 - cos < {COLLAPSED_BELOW}; gold {gold_collapsed:.0%})"
        )
    return Check("dissimilarity", not why, "; ".join(why) or "ok", figures)


def _repetition(run: Sequence[str | None], gold: Sequence[str | None]) -> Check:
    share = sum(r is not None for r in run) / max(len(run), 1)
    gold_share = sum(r is not None for r in gold) / max(len(gold), 1)
    figures = {"run": share, "gold": gold_share}
    if share - gold_share <= MAX_EXTRA_REPEATED:
        return Check("repetition", True, "ok", figures)
    return Check(
        "repetition",
        False,
        f"{share:.0%} of the endings repeat one sentence across "
        f">= {MIN_REPEAT_PASSAGES} passages (gold {gold_share:.0%})",
        figures,
    )


def check_run(
    run: RunFeatures, gold: RunFeatures, run_repeated: Sequence[str | None], gold_repeated: Sequence[str | None]
) -> list[Check]:
    """Every run-level test of ``run`` against ``gold`` (the same items' gold endings)."""
    checks = [_dissimilarity(run.passages, gold.passages), _repetition(run_repeated, gold_repeated)]
    empty = np.zeros(0)
    return checks + [_shift(name, run.values.get(name, empty), gold.values.get(name, empty)) for name in FEATURES]


def subset(run: RunFeatures, keep: Sequence[int]) -> RunFeatures:
    """The features of the items ``keep`` (passage figures kept as they are)."""
    index = np.asarray(keep, dtype=int)
    return RunFeatures({k: v[index] for k, v in run.values.items()}, run.passages)
