"""Sentences shared by the report views (HTML and Markdown): coverage, CI method, failure summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lctg_metrics.scoring.coverage import COVER_KEY, is_partial
from lctg_metrics.stats.cubes import METRIC_NAMES


def metric_heading(metric: str) -> str:
    return METRIC_NAMES[metric]


def coverage_text(data: Mapping[str, Any]) -> str:
    cov = data["coverage"]
    text = (
        f"{cov['scored']}/{cov['expected']} generations scored, {cov['prompts']} prompts × "
        f"{len(cov['samples'])} sample(s)"
    )
    cover = (data.get("signature_fields") or {}).get(COVER_KEY)
    if is_partial(cov):
        text += (
            f" — PARTIAL: {cov['missing']} missing generations skipped; scores cover only the "
            f"{cov['prompts_scored']} prompts present (signature {COVER_KEY}:{cover})"
        )
    elif cover:
        text += f" — PARTIAL (signature {COVER_KEY}:{cover}): scores cover only the prompts present"
    elif cov.get("missing"):
        text += f", {cov['missing']} missing counted as failures"
    return text


def ci_text(data: Mapping[str, Any]) -> str:
    ci = data["ci"]
    return (
        f"Intervals are {ci['level']:.0%} percentile bootstrap CIs with {ci['n_resamples']} resamples (seed "
        f"{ci['seed']}); the resampling unit is one prompt (all its samples and aspects together), tasks are "
        "resampled separately. Scores use the upstream aggregation: per-sample accuracy averaged over samples."
    )


def failure_heading(cell: Mapping[str, Any]) -> str:
    kinds = ", ".join(f"{k} ×{n}" for k, n in cell["kinds"]) or "none"
    return (
        f"{cell['failed_every_sample']} of {cell['items']} prompts failed in every sample, "
        f"{cell['failed_any_sample']} in at least one; most common failures: {kinds}"
    )
