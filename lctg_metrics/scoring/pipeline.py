"""Scoring: generations ──► join rows by id ──► clean ──► check each aspect ──► counts ──► aggregate.

:func:`~lctg_metrics.scoring.part.score_part` turns one shard of generations into :class:`Counts` (plus what is
needed for per-item details); :func:`finalize` adds the missing generations and aggregates merged counts into a
:class:`ScoreResult`; :func:`score` is both in one process. Shards can be scored anywhere (``Dataset.map``,
Ray, Spark) and their counts added.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from lctg_metrics import signature as _signature
from lctg_metrics.cleaners import Cleaner, get_cleaner
from lctg_metrics.profiles import ScoringOptions, resolve_options
from lctg_metrics.schema import Generation, Reference, ScoringError
from lctg_metrics.scoring import counts as _counts
from lctg_metrics.scoring import coverage as _coverage
from lctg_metrics.scoring import tally as _tally
from lctg_metrics.scoring.aggregate import aggregate
from lctg_metrics.scoring.counts import Counts
from lctg_metrics.scoring.join import (
    MISSING_REASON,
    GenerationColumns,
    absent_pairs,
    check_missing,
    index_references,
)
from lctg_metrics.scoring.part import JudgeSpec, score_part
from lctg_metrics.scoring.result import ItemVerdict, ScoreResult


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while a large batch allocates millions of small tuples.

    Scoring creates no reference cycles, so refcounting frees everything; left on, the collector rescans the
    growing heap again and again and more than doubles the time of a million-item run (benchmarks/
    bench_throughput.py). The previous state is restored on exit, errors included.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def think_summary(counts: Counts, options: ScoringOptions) -> tuple[dict[str, Any], list[str]]:
    """What the ``think`` option did over every shard (from the counts): the JSON entry and the notes (``no_answer``
    and ``malformed`` appear in the JSON only when some generation is so, as older results never had them)."""
    stripped = counts.prompt_total(_counts.THINK_STRIPPED)
    unfinished = counts.prompt_total(_counts.THINK_UNFINISHED)
    no_answer = counts.prompt_total(_counts.THINK_NO_ANSWER)
    malformed = counts.prompt_total(_counts.THINK_MALFORMED)
    notes = []
    if stripped:
        notes.append(
            f"stripped a <think> reasoning block from {stripped} generations (--think {options.think}; "
            "--think keep scores them as written)"
        )
    if unfinished:
        notes.append(
            f"{unfinished} generations end inside an unclosed <think>: every aspect failed (unfinished reasoning)"
        )
    if no_answer:
        notes.append(
            f"{no_answer} generations have nothing after </think>: every aspect failed (no answer after reasoning)"
        )
    if malformed:
        notes.append(
            f"{malformed} generations have think tags that do not make one leading block (a tag after the "
            "answer began, a nested block never closed): every aspect failed (malformed reasoning; "
            "--think keep scores them as written)"
        )
    out = {"mode": options.think, "stripped": stripped, "unfinished": unfinished}
    out.update({k: v for k, v in (("no_answer", no_answer), ("malformed", malformed)) if v})
    return out, notes


def finalize(
    counts: Counts,
    refs: Mapping[str, Reference],
    *,
    options: ScoringOptions,
    cleaner: str,
    judge: str = "none",
    missing: str = "error",
    notes: Sequence[str] = (),
    materialize: Any = None,
    llm_usage: dict[str, dict[str, Any]] | None = None,
    dataset_source: str | None = None,
    signed: str | None = None,
) -> ScoreResult:
    """Look for missing generations (error, counted as failures, or skipped), aggregate, and sign the result
    (``dataset_source``, e.g. ``your-org/lctg@v1.0.0#3f2a…`` for a Hub dataset, joins the signature's data field;
    a partial result's coverage joins it as ``cover:SCORED/EXPECTED``). ``signed``: the signature
    :func:`early_signature` gave before scoring (a streamed run's details carry it as they are written), used as is."""
    if signed is not None and missing == "skip":
        raise ValueError("finalize: a missing='skip' result is signed with its coverage, known only here")
    version = dataset_version(refs)
    absent, samples = absent_pairs(counts, refs)
    check_missing(absent, refs, samples, missing)
    if absent and missing == "fail":
        pairs = [(refs[rid], s) for rid, s in absent]
        flat = [(k, a) for k, (ref, _) in enumerate(pairs) for a in ref.aspects]
        counts = counts + _tally.build(
            [r.task for r, _ in pairs],
            [r.prompt_id for r, _ in pairs],
            [r.variant for r, _ in pairs],
            [s for _, s in pairs],
            [k for k, _ in flat],
            [a for _, a in flat],
            [False] * len(flat),
            [len(r.aspects) > 1 for r, _ in pairs],
            generations=False,
        )
    think, think_notes = think_summary(counts, options)
    summary = aggregate(counts)
    coverage = _coverage.coverage(refs, absent, samples, summary.generations, missing, summary.counts)
    notes = list(notes) + think_notes + _missing_notes(coverage)
    kept = absent if missing == "fail" else []
    items = None if materialize is None else (lambda: materialize() + missing_items(kept, refs))
    if signed is None:
        signed = _sign(options, refs, cleaner, judge, dataset_source, _coverage.signature_code(coverage))
    return ScoreResult(
        signature=signed,
        options=options,
        cleaner=cleaner,
        judge=judge,
        dataset_version=version,
        counts=counts,
        summary=summary,
        coverage=coverage,
        materialize=items,
        notes=notes,
        llm_usage=llm_usage or None,
        think=think,
    )


def early_signature(
    options: ScoringOptions,
    refs: Mapping[str, Reference],
    *,
    cleaner: str,
    judge: str = "none",
    missing: str = "error",
    dataset_source: str | None = None,
) -> str | None:
    """The result's signature, when it is known before scoring: with every ``missing`` policy but ``"skip"``, whose
    coverage joins the signature once the run is over (None then). Pass it to :func:`finalize` as ``signed``."""
    version = dataset_version(refs)  # checked before any work, whatever the policy
    return None if missing == "skip" else _sign(options, refs, cleaner, judge, dataset_source, None, version)


def _sign(
    options: ScoringOptions,
    refs: Mapping[str, Reference],
    cleaner: str,
    judge: str,
    dataset_source: str | None,
    coverage: str | None,
    version: str | None = None,
) -> str:
    """The one place a result's signature is built."""
    return _signature.build(
        options,
        cleaner=cleaner,
        judge=judge,
        dataset_version=version or dataset_version(refs),
        dataset_source=dataset_source,
        coverage=coverage,
    )


def _missing_notes(cov: Mapping[str, Any]) -> list[str]:
    if not cov["missing"]:
        return []
    if cov["missing_policy"] == "fail":
        return [f"{cov['missing']} missing generations counted as failures"]
    return [
        f"partial run: {cov['missing']} of {cov['expected']} expected generations are missing and were skipped; "
        f"scores and confidence intervals are over the {cov['prompts_scored']} of {cov['prompts']} prompts present"
    ]


def dataset_version(refs: Mapping[str, Reference]) -> str:
    """The one dataset version of the references (the signature's ``data`` field)."""
    versions = sorted({r.dataset_version for r in refs.values()})
    if len(versions) != 1:
        raise ScoringError(f"references mix dataset versions {versions}; score each version separately")
    return versions[0]


def missing_items(absent: Sequence[tuple[str, int]], refs: Mapping[str, Reference]) -> list[ItemVerdict]:
    return [
        ItemVerdict(
            rid, refs[rid].task, refs[rid].prompt_id, aspect, s, refs[rid].variant, False, MISSING_REASON, None, None
        )
        for rid, s in absent
        for aspect in refs[rid].aspects
    ]


@gc_paused()
def score(
    generations: Sequence[Generation] | GenerationColumns,
    references: Iterable[Reference | Mapping[str, Any]],
    *,
    options: ScoringOptions | None = None,
    cleaner: str | Cleaner = "rule",
    missing: str = "error",
    judge: JudgeSpec | None = None,
    progress: bool = False,
    dataset_source: str | None = None,
) -> ScoreResult:
    """Score generations against references (dataset constraints) in one process."""
    options = options or resolve_options()
    refs = index_references(references)
    cl = get_cleaner(cleaner) if isinstance(cleaner, str) else cleaner
    part = score_part(generations, refs, options=options, cleaner=cl, judge=judge, progress=progress)
    return finalize(
        part.counts,
        refs,
        options=options,
        cleaner=cl.describe(),
        judge=judge.describe() if judge is not None else "none",
        missing=missing,
        notes=part.notes,
        materialize=part.items,
        llm_usage=part.usage,
        dataset_source=dataset_source,
    )
