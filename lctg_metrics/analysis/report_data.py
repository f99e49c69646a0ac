"""Everything ``lctg report`` shows, as plain data: scores with CIs, coverage, placement among the published
models, failure summaries and notes (``render.html`` / ``render.markdown`` draw it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from lctg_dataset.constants import CORRECTED_VERSION, TASKS
from lctg_metrics import signature
from lctg_metrics.analysis import published as _published
from lctg_metrics.analysis.cis import intervals
from lctg_metrics.analysis.details import Details
from lctg_metrics.analysis.failures import failure_summary
from lctg_metrics.analysis.placement import PUBLISHED_AFFIX, PUBLISHED_CLEANER, placement, source_code, source_names
from lctg_metrics.scoring import MISSING_REASON, aggregate


def check_result(
    result: Mapping[str, Any], details: Details, scores: Mapping[str, Mapping[str, Any]], where: str
) -> None:
    """The --result JSON must come from the same scoring run as the details file."""
    sig = result.get("signature")
    if details.signature is not None and sig != details.signature:
        raise ValueError(
            f"--result {where} has signature {sig!r} but {details.path} has {details.signature!r}: "
            "they come from different scoring runs"
        )
    for metric, key in (("ctg", "scores"), ("qual", "quality")):
        for task, per in (result.get(key) or {}).items():
            for aspect, value in per.items():
                mine = scores.get(metric, {}).get(f"{task}/{aspect}")
                if value is not None and (mine is None or abs(mine["estimate"] - value) > 1e-9):
                    got = "absent" if mine is None else f"{mine['estimate']:.6f}"
                    raise ValueError(
                        f"--result {where}: {key}.{task}.{aspect} = {value:.6f} but {details.path} gives "
                        f"{got}: the two files are from different scoring runs"
                    )


def report_data(
    details: Details,
    *,
    result: Mapping[str, Any] | None = None,
    result_path: str = "",
    model_name: str,
    published_source: str = "EN",
    n_resamples: int = 1000,
    seed: int = 0,
    worst: int = 5,
) -> dict[str, Any]:
    """Everything the report shows, as plain data: scores with CIs, coverage, placement among the
    published models, failure summaries, notes (drawn by ``render.html`` and ``render.markdown``)."""
    records = details.records
    level = 0.95
    scores = {"ctg": intervals(details.counts, "passed", n_resamples, seed)}
    if details.has_quality:
        scores["qual"] = intervals(details.counts, "quality", n_resamples, seed)
    if result is not None:
        check_result(result, details, scores, result_path)
    sig = details.signature or (result or {}).get("signature")
    fields = signature.parse(sig) if sig else {}
    pairs = {(r["id"], r["sample"]) for r in records}
    coverage = (result or {}).get("coverage") or {
        "scored": len({(r["id"], r["sample"]) for r in records if r.get("reason") != MISSING_REASON}),
        "expected": len(pairs),
        "prompts": len({r["id"] for r in records}),
        "samples": sorted({r["sample"] for r in records}),
        "missing": len({(r["id"], r["sample"]) for r in records if r.get("reason") == MISSING_REASON}),
    }
    notes = list((result or {}).get("notes") or [])

    rows = _published.load_published()
    placements = []
    for source in source_names(published_source):
        for metric in ["ctg", "qual"] if "qual" in scores else ["ctg"]:
            table = _published.published_table(rows, source=source, metric=metric, include_average=True)
            cells = {}
            for key, iv in scores[metric].items():
                if key in table:
                    cells[key] = placement(iv["estimate"], iv["low"], iv["high"], table[key])
            placements.append(
                {
                    "source": source,
                    "code": source_code(source),
                    "metric": metric,
                    "tasks_published": sorted({k.split("/")[0] for k in table}, key=TASKS.index),
                    "cells": cells,
                }
            )
    published_notes = placement_notes(fields, "qual" in scores)
    return {
        "model": model_name,
        "details_path": details.path,
        "signature": sig,
        "signature_fields": fields,
        "coverage": coverage,
        # a multi run's prompt-level rows, from the result or else from the details themselves (as score prints them)
        "prompt_level": (result or {}).get("prompt_level") or aggregate(details.counts).prompt_level,
        "notes": notes,
        "ci": {
            "n_resamples": n_resamples,
            "seed": seed,
            "level": level,
            "unit": "prompt (all its samples and aspects resampled together; tasks are strata)",
        },
        "scores": scores,
        "published_source": published_source,
        "published": placements,
        "published_notes": published_notes,
        "failures": failure_summary(records, worst=worst) if worst > 0 else [],
        "worst": worst,
    }


#: What the corrected config (data 1.1.0) changed against the released prompts the papers scored, as its build's
#: ``changelog-1.1.0.json`` lists it (one ``prompt`` change per row re-filled; ``tests/test_routes16_report.py`` counts
#: them in a build).
CORRECTED_NOTE = (
    "Your data is {data} (the corrected config, built by this project): 6 of its 1,680 prompts differ from the "
    "released prompts the papers scored (4 C-COUNT conditions whose stated range disagreed with the scored one, "
    "re-filled with the scored range, and 2 negated KEYWORD conditions re-filled from a positive template; the "
    "build's changelog-1.1.0.json lists them), so placements compare nearly, not exactly, the same prompts."
)


def placement_notes(fields: Mapping[str, Any], has_quality: bool) -> list[str]:
    """What tells the run's placement among the published models from a like-for-like ranking, read from its
    signature's fields: the cleaner, the FORMAT affix, a partial run, prompts the papers did not have (the multi
    and variants configs, the few the corrected config re-fills) and the quality judge."""
    cleaner = fields.get("cleaner", "unknown")
    notes = [
        f"Published numbers used the papers' protocol: {PUBLISHED_CLEANER} before scoring, and GPT-4 as the "
        f"quality judge. Your scores used cleaner {cleaner!r} (from the signature), which may remove more or less "
        "than GPT-4 did, so FORMAT and C-COUNT placements in particular are indicative, not a like-for-like ranking."
    ]
    if fields.get("affix") and fields["affix"] != PUBLISHED_AFFIX:
        notes.append(
            f"The papers compared {PUBLISHED_AFFIX} characters (summary/ad_text/pros_and_cons) for FORMAT; your "
            f"signature says affix:{fields['affix']} (the released script's choice; --profile paper uses 10/5/10)."
        )
    if fields.get("cover"):
        notes.append(
            f"This is a partial run (signature cover:{fields['cover']}, generations scored/expected): the published "
            "models were scored on every prompt, yours only on the prompts present, so placements are indicative."
        )
    derived = next((k for k in ("multi", "variants") if f"+{k}" in str(fields.get("data", ""))), None)
    if derived:
        notes.append(
            f"Your data is {str(fields['data']).split('@')[0]} (the {derived} config, built by this project): its "
            "prompts were not in the papers, which scored the released prompts, so placements compare different "
            "prompts and are indicative."
        )
    if str(fields.get("data", "")).split("@")[0] == CORRECTED_VERSION:
        notes.append(CORRECTED_NOTE.format(data=CORRECTED_VERSION))
    if has_quality:
        notes.append(f"Your Qual judge: {fields.get('judge', 'unknown')!r}; the papers used GPT-4.")
    return notes
