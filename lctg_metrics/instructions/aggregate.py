"""Aggregating instruction verdicts: prompt- and instruction-level accuracy, per category and per instruction
id, with percentile bootstrap CIs over prompts; and the plain-text table of the result.

The unit of resampling is a prompt: all its instructions are drawn together (an instruction-level accuracy is a
ratio of sums over the drawn prompts). Resampling weights and percentiles come from
:mod:`lctg_metrics.stats.bootstrap`, the code every LCTG interval uses.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from lctg_metrics.instructions.registry import CATEGORIES
from lctg_metrics.stats.bootstrap import bootstrap_weights, check_resampling, percentile_interval


@dataclass(frozen=True)
class Aggregate:
    """Counts and scores: ``scores`` = {prompt_level, instruction_level: {mode: entry}, categories, instruction_ids:
    {name: {"n", mode: entry}}}; an entry is ``{"estimate", "low", "high", "passed", "total"}``."""

    prompts: int
    instructions: int
    scores: dict[str, Any]


def _settings(details: Sequence[Mapping[str, Any]], categories: Sequence[str]) -> list[tuple[str, str]]:
    cats = sorted(set(categories), key=lambda c: (CATEGORIES.index(c) if c in CATEGORIES else len(CATEGORIES), c))
    ids = sorted({d["instruction_id"] for d in details})
    return (
        [("prompt_level", ""), ("instruction_level", "")]
        + [("categories", c) for c in cats]
        + [("instruction_ids", i) for i in ids]
    )


def _tallies(
    details: Sequence[Mapping[str, Any]], categories: Sequence[str], settings: list[tuple[str, str]], mode: str
) -> tuple[np.ndarray, np.ndarray]:
    """``(P, K)`` passed and total per prompt and setting."""
    column = {s: k for k, s in enumerate(settings)}
    keys = list(dict.fromkeys(d["key"] for d in details))
    row_of = {key: p for p, key in enumerate(keys)}
    num, den = np.zeros((len(keys), len(settings))), np.zeros((len(keys), len(settings)))
    all_passed = np.ones(len(keys), dtype=bool)
    for d, category in zip(details, categories):
        p, passed = row_of[d["key"]], bool(d[mode])
        all_passed[p] &= passed
        for setting in (("instruction_level", ""), ("categories", category), ("instruction_ids", d["instruction_id"])):
            num[p, column[setting]] += passed
            den[p, column[setting]] += 1
    num[:, 0], den[:, 0] = all_passed, 1
    return num, den


def aggregate(
    details: Sequence[Mapping[str, Any]],
    categories: Sequence[str],
    modes: Sequence[str],
    *,
    n_resamples: int = 1000,
    seed: int = 0,
    level: float = 0.95,
) -> Aggregate:
    """Scores of ``details`` (dicts with key, instruction_id and a bool per mode; ``categories`` aligned with them)
    with bootstrap CIs over prompts (``n_resamples=0``: estimates only, low = high = estimate)."""
    if n_resamples:
        check_resampling(n_resamples, level)
    settings = _settings(details, categories)
    n_prompts = len(dict.fromkeys(d["key"] for d in details))
    scores: dict[str, Any] = {"prompt_level": {}, "instruction_level": {}, "categories": {}, "instruction_ids": {}}
    category_of = {d["instruction_id"]: c for d, c in zip(details, categories)}
    for mode in modes:
        num, den = _tallies(details, categories, settings, mode)
        passed, total = num.sum(axis=0), den.sum(axis=0)
        estimate = np.divide(passed, total, out=np.zeros(len(settings)), where=total > 0)
        low, high = estimate.copy(), estimate.copy()
        if n_resamples and n_prompts:
            weights = bootstrap_weights(np.random.default_rng(seed), n_prompts, n_resamples)
            rn, rd = weights @ num, weights @ den
            boot = np.divide(rn, rd, out=np.full(rn.shape, np.nan), where=rd > 0)
            for k in range(len(settings)):
                low[k], high[k] = percentile_interval(boot[:, k], level)
        for k, (group, name) in enumerate(settings):
            entry = {
                "estimate": float(estimate[k]),
                "low": float(low[k]),
                "high": float(high[k]),
                "passed": int(passed[k]),
                "total": int(total[k]),
            }
            if not name:
                scores[group][mode] = entry
                continue
            slot = scores[group].setdefault(name, {"n": int(total[k])})
            if group == "instruction_ids":
                slot["category"] = category_of[name]
            slot[mode] = entry
    return Aggregate(n_prompts, len(details), scores)


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - _width(text))


def _cell(entry: Mapping[str, Any], with_ci: bool) -> str:
    if not with_ci:
        return f"{entry['estimate']:.3f}"
    return f"{entry['estimate']:.3f} [{entry['low']:.3f}, {entry['high']:.3f}]"


def render_table(agg: Aggregate, modes: Sequence[str], ci: Mapping[str, Any]) -> str:
    """Overall, per-category and per-id accuracies as aligned text (widths count full-width characters as 2)."""
    with_ci = bool(ci)
    s = agg.scores
    rows: list[list[str]] = [["", "n", *modes]]
    rows.append(["prompt level", str(agg.prompts), *(_cell(s["prompt_level"][m], with_ci) for m in modes)])
    rows.append(
        ["instruction level", str(agg.instructions), *(_cell(s["instruction_level"][m], with_ci) for m in modes)]
    )
    sections = [("by category", s["categories"]), ("by instruction id", s["instruction_ids"])]
    out_rows: list[list[str] | str] = list(rows)
    for title, group in sections:
        out_rows.append(f"-- {title}")
        for name, entry in group.items():
            out_rows.append([name, str(entry["n"]), *(_cell(entry[m], with_ci) for m in modes)])
    table_rows = [r for r in out_rows if isinstance(r, list)]
    widths = [max(_width(r[c]) for r in table_rows) for c in range(len(rows[0]))]
    lines = []
    for r in out_rows:
        lines.append(r if isinstance(r, str) else "  ".join(_pad(c, w) for c, w in zip(r, widths)).rstrip())
    if with_ci:
        lines.append(f"[{ci['level']:.0%} CI: {ci['method']}, {ci['n_resamples']} resamples, seed {ci['seed']}]")
    return "\n".join(lines)


__all__ = ["Aggregate", "aggregate", "render_table"]
