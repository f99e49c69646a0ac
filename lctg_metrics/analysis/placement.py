"""Where a score falls among the papers' published models, and which published source a code names."""

from __future__ import annotations

import re
import statistics
from collections.abc import Mapping
from typing import Any

from lctg_metrics.analysis import published as _published

#: ``--published-source`` codes -> a substring of the source name in published_scores.csv.
SOURCE_CODES: dict[str, str] = {"EN": "English paper", "NLP2024": "NLP2024"}
#: The papers' protocol, for the placement note: GPT-4 removed the explanatory text around the answer before
#: scoring and judged quality (both papers, "Controllability Evaluation" / 制御性能の評価; no model version is
#: named), and compared 5 characters for ad_text format (the released script uses 10).
PUBLISHED_CLEANER = "GPT-4 removing explanatory text around the answer"
PUBLISHED_AFFIX = "10/5/10"


def source_names(code: str) -> list[str]:
    """Published source names for a ``--published-source`` code (EN, NLP2024 or all)."""
    known = _published.sources()
    if code == "all":
        return known
    if code not in SOURCE_CODES:
        raise ValueError(f"unknown published source {code!r}; valid: {', '.join([*SOURCE_CODES, 'all'])}")
    found = [s for s in known if SOURCE_CODES[code] in s]
    if not found:
        raise ValueError(f"no published source matches {code!r}; the table has: {known}")
    return found


def source_code(source: str) -> str:
    """Short code of a published source name (``EN``, ``NLP2024``), else a file-name-safe slug."""
    for code, part in SOURCE_CODES.items():
        if part in source:
            return code
    return re.sub(r"[^A-Za-z0-9]+", "_", source).strip("_")


def placement(value: float, low: float, high: float, published: Mapping[str, float]) -> dict[str, Any]:
    """Where a score falls among published models: rank (1 = best; ties go to the user), the rank range
    the CI allows, the nearest published model above and below, and the published range."""
    ranked = sorted(published.items(), key=lambda kv: (-kv[1], kv[0]))
    above = [(m, v) for m, v in ranked if v > value]
    below = [(m, v) for m, v in ranked if v <= value]
    vals = [v for _, v in ranked]
    return {
        "value": value,
        "low": low,
        "high": high,
        "n_models": len(ranked) + 1,
        "rank": 1 + len(above),
        "rank_best": 1 + sum(1 for v in vals if v > high),
        "rank_worst": 1 + sum(1 for v in vals if v > low),
        "above": above[-1] if above else None,
        "below": below[0] if below else None,
        "min": min(vals),
        "median": statistics.median(vals),
        "max": max(vals),
        "published": dict(ranked),
    }
