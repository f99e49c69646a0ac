"""Coverage: how much of the expected (prompt, sample) grid a result scored, overall and per task × aspect.

A complete run reports the totals only (the JSON and the signature of a complete run do not change). A partial run
(``missing="skip"``) also reports every task × aspect cell, and its signature carries ``cover:SCORED/EXPECTED``
(generations), so that a score over part of the benchmark can never pass for a score over all of it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_metrics.schema import Reference

#: Signature key of a partial result's coverage (``cover:60/1680``: generations scored / expected).
COVER_KEY = "cover"


def coverage(
    refs: Mapping[str, Reference],
    absent: Sequence[tuple[str, int]],
    samples: Sequence[int],
    scored: int,
    missing: str,
    counts: Mapping[str, Mapping[str, Mapping[str, int]]],
) -> dict[str, Any]:
    """The ``coverage`` entry of a result. ``counts`` is the summary's ``{task: {aspect: {"total": n}}}`` (items
    scored, before any missing generation is counted as a failure); ``scored`` the generations scored."""
    expected = len(refs) * len(samples)
    out: dict[str, Any] = {
        "expected": expected,
        "scored": scored,
        "missing": len(absent),
        "ratio": scored / expected,
        "prompts": len(refs),
        "samples": list(samples),
        "missing_policy": missing,
    }
    if missing == "skip" and absent:
        out["prompts_scored"], out["by_task"] = _cells(refs, absent, samples, counts)
    return out


def _cells(
    refs: Mapping[str, Reference],
    absent: Sequence[tuple[str, int]],
    samples: Sequence[int],
    counts: Mapping[str, Mapping[str, Mapping[str, int]]],
) -> tuple[int, dict[str, dict[str, dict[str, Any]]]]:
    """Prompts with at least one generation, and per task × aspect: items scored / expected, prompts scored / of."""
    gone = Counter(rid for rid, _ in absent)
    whole = {rid for rid, n in gone.items() if n == len(samples)}  # no sample at all
    cells: dict[str, dict[str, dict[str, Any]]] = {}
    for ref in refs.values():
        for aspect in ref.aspects:
            cell = cells.setdefault(ref.task, {}).setdefault(
                aspect, {"scored": 0, "expected": 0, "prompts": 0, "of": 0}
            )
            cell["expected"] += len(samples)
            cell["of"] += 1
            cell["prompts"] += ref.id not in whole
    for task, per in cells.items():
        for aspect, cell in per.items():
            cell["scored"] = int(counts.get(task, {}).get(aspect, {}).get("total", 0))
            cell["ratio"] = cell["scored"] / cell["expected"]
    return len(refs) - len(whole), cells


def is_partial(cov: Mapping[str, Any]) -> bool:
    """Whether a result scored only part of the expected generations (``missing="skip"`` with some absent)."""
    return cov.get("missing_policy") == "skip" and bool(cov.get("missing"))


def signature_code(cov: Mapping[str, Any]) -> str | None:
    """``"60/1680"`` for a partial result (generations scored / expected), None for a complete one."""
    return f"{cov['scored']}/{cov['expected']}" if is_partial(cov) else None


def describe(cov: Mapping[str, Any]) -> str:
    """One line for the table footer, e.g. ``coverage: 60/1680 generations (3.6%), …``."""
    text = (
        f"coverage: {cov['scored']}/{cov['expected']} generations ({cov['ratio']:.1%}), "
        f"{cov['prompts']} prompts × {len(cov['samples'])} sample(s)"
    )
    if is_partial(cov):
        return (
            text + f" — PARTIAL: {cov['missing']} missing generations skipped; scores and CIs cover only the "
            f"{cov['prompts_scored']} prompts present (signature {COVER_KEY}:{signature_code(cov)})"
        )
    if cov.get("missing"):
        text += f", {cov['missing']} missing counted as failures"
    return text


__all__ = ["COVER_KEY", "coverage", "describe", "is_partial", "signature_code"]
