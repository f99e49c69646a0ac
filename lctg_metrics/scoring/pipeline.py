"""Scoring: generations ──► join rows by id ──► clean ──► check each aspect ──► counts ──► aggregate.

:func:`score_part` turns one shard of generations into :class:`Counts` (plus what is needed for per-item
details); :func:`finalize` adds the missing generations and aggregates merged counts into a
:class:`ScoreResult`; :func:`score` is both in one process. Shards can be scored anywhere (``Dataset.map``,
Ray, Spark) and their counts added.
"""

from __future__ import annotations

import dataclasses
import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lctg_dataset.constants import TASKS
from lctg_metrics import signature as _signature
from lctg_metrics.aspects.text import MALFORMED, NO_ANSWER, UNFINISHED
from lctg_metrics.cleaners import CLEANERS, Cleaner, get_cleaner
from lctg_metrics.options import ScoringOptions, resolve_options
from lctg_metrics.schema import Generation, Reference, ScoringError
from lctg_metrics.scoring import counts as _counts
from lctg_metrics.scoring import coverage as _coverage
from lctg_metrics.scoring import tally as _tally
from lctg_metrics.scoring.aggregate import aggregate
from lctg_metrics.scoring.check import VerdictColumns, prepare_texts, verdicts
from lctg_metrics.scoring.counts import Counts
from lctg_metrics.scoring.join import (
    MISSING_REASON,
    GenerationColumns,
    Matches,
    absent_pairs,
    check_missing,
    index_references,
    match_codes,
)
from lctg_metrics.scoring.result import ItemVerdict, ScoreResult


@dataclass(frozen=True)
class JudgeSpec:
    """A quality judge: endpoint config, protocol prompts, and base texts by reference id."""

    config: Any  # lctg_metrics.llm.client.LLMConfig
    protocol: Mapping[str, Any]
    base_texts: Mapping[str, str | None]
    run_options: Mapping[str, Any] | None = None

    def describe(self) -> str:
        """``{model}@{host}#{prompt digest}({params})`` for the signature (no credentials)."""
        from lctg_metrics.llm.config import describe, describe_params
        from lctg_metrics.llm.protocol import protocol_digest

        return f"{describe(self.config)}#{protocol_digest(self.protocol)}({describe_params(self.config)})"


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


@dataclass
class Part:
    """One scored shard: its counts, and what per-item details and the result's notes need."""

    counts: Counts
    cols: GenerationColumns
    matches: Matches
    cleaned: list[str]
    verdicts: VerdictColumns
    answers: list[Any] | None
    notes: list[str] = field(default_factory=list)
    usage: dict[str, dict[str, Any]] = field(default_factory=dict)

    def items(self) -> list[ItemVerdict]:
        """Per-item verdicts in input order (each generation's aspects in its reference's order)."""
        out: list[ItemVerdict] = []
        samples, texts, q = self.cols.samples, self.cols.texts, self.answers
        vc = self.verdicts
        table, of = self.matches.table, self.matches.codes.tolist()
        for i, aspect, passed, reason in zip(vc.gen, vc.aspect, vc.passed.tolist(), vc.reason):
            ref = table[of[i]]
            a = q[i] if q is not None else None
            out.append(
                ItemVerdict(
                    ref.id,
                    ref.task,
                    ref.prompt_id,
                    aspect,
                    samples[i],
                    ref.variant,
                    passed,
                    reason,
                    texts[i],
                    self.cleaned[i],
                    None if a is None else a.label,
                    None if a is None else a.reason,
                )
            )
        return out


def score_part(
    generations: Sequence[Generation] | GenerationColumns,
    refs: Mapping[str, Reference],
    *,
    options: ScoringOptions,
    cleaner: Cleaner,
    judge: JudgeSpec | None = None,
    progress: bool = False,
) -> Part:
    """Join, clean, check and count one shard of generations (missing generations are not looked for here)."""
    cols = columns_of(generations)
    matches = match_codes(cols, refs)
    ignored = ignored_cleaned(cols, cleaner)
    notes = [ignored_note(ignored, cleaner)] if ignored else []
    raws, cleaned, clean_stats, think = prepare_texts(cols, matches, cleaner, options)
    usage: dict[str, dict[str, Any]] = {}
    if clean_stats is not None:
        _llm_step("cleaner", clean_stats, usage, notes)
    failed = cols.failed()
    if failed:
        notes.append(
            f"{len(failed)} generations are no answer (a refusal or a content-filter stop): every aspect "
            "failed, with the reason in the details"
        )
    vc = verdicts(raws, cleaned, matches, options, progress=progress, unfinished=think["unfinished"], failed=failed)
    answers = None
    if judge is not None:
        answers, judge_stats = judge_answers(matches.references(), cleaned, judge)
        if judge_stats is not None:
            _llm_step("judge", judge_stats, usage, notes)
    return Part(_count(matches, vc, answers, think), cols, matches, cleaned, vc, answers, notes, usage)


def columns_of(generations: Sequence[Generation] | GenerationColumns) -> GenerationColumns:
    """Generations as columns: as given, taken from a chunk read from a file (``inputs.GenerationChunk``, which holds
    columns), or gathered from :class:`Generation` objects."""
    if isinstance(generations, GenerationColumns):
        return generations
    if hasattr(generations, "columns") and callable(generations.columns):
        return GenerationColumns(**generations.columns())
    return GenerationColumns.from_generations(generations)


def ignored_cleaned(cols: GenerationColumns, cleaner: Cleaner) -> int:
    """How many generations give a ``cleaned`` text that this cleaner does not read (a registered cleaner reads it
    when its entry declares ``needs_cleaned``)."""
    registered = CLEANERS.get(cleaner.name)
    if (registered is not None and registered.needs_cleaned) or cols.cleaned is None:
        return 0
    return sum(1 for c in cols.cleaned if c is not None)


def ignored_note(ignored: int, cleaner: Cleaner) -> str:
    return f"'cleaned' given for {ignored} generations but ignored: cleaner is {cleaner.describe()}"


def _count(matches: Matches, vc: VerdictColumns, answers: Any, think: Mapping[str, Any]) -> Counts:
    """Counts of one shard, from the table of references (few) and one index into it per generation."""

    def columns(table: Sequence[Reference]) -> tuple[np.ndarray, ...]:
        made = [
            np.fromiter(values, dtype=np.int64, count=len(table))
            for values in (
                (TASKS.index(r.task) for r in table),
                (r.prompt_id for r in table),
                (_counts.NO_VARIANT if r.variant is None else r.variant for r in table),
                (len(r.aspects) > 1 for r in table),
            )
        ]
        for column in made:
            column.flags.writeable = False  # shared by every batch matched to this table
        return tuple(made)

    r_task, r_unit, r_var, r_multi = matches.table.derived("key columns", columns)
    return _tally.from_references(
        matches.codes,
        r_task,
        r_unit,
        r_var,
        r_multi,
        matches.samples,
        np.arange(len(vc.gen)) if isinstance(vc.gen, range) else np.asarray(vc.gen, dtype=np.intp),
        vc.codes,
        vc.passed,
        answers,
        think=_think_flags(len(matches.codes), think),
        aspect_names=vc.names,
    )


def _think_flags(n: int, think: Mapping[str, Any]) -> tuple[np.ndarray, ...] | None:
    """Per-generation 0/1 flags (reasoning block stripped, unfinished reasoning, no answer after it, malformed
    reasoning) for the counts."""
    if not think["stripped_at"] and not think["unfinished"]:
        return None
    states = think.get("states", dict.fromkeys(think["unfinished"], UNFINISHED))
    flags = np.zeros((4, n), dtype=np.int64)
    flags[0, list(think["stripped_at"])] = 1
    for k, state in enumerate((UNFINISHED, NO_ANSWER, MALFORMED), start=1):
        flags[k, [i for i, s in states.items() if s == state]] = 1
    return tuple(flags)


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


def _llm_step(step: str, stats: Any, usage: dict[str, Any], notes: list[str]) -> None:
    """An LLM step's usage, and when its answers are degraded (llm.results.degraded) the warning, with the counts of
    blank and truncated answers in the usage (a healthy step's usage keeps its earlier fields only)."""
    from lctg_metrics.llm.results import degraded

    is_record = dataclasses.is_dataclass(stats) and not isinstance(stats, type)  # a stats record, never its class
    out, warning = dataclasses.asdict(stats) if is_record else dict(stats), degraded(step, stats)
    usage[step] = {k: v for k, v in out.items() if warning or k not in ("blank", "truncated")}
    notes += [warning] if warning else []


def judge_answers(matched: Sequence[Reference], cleaned: Sequence[str], judge: JudgeSpec) -> tuple[list[Any], Any]:
    """Ask the quality judge once per (id, sample) about the cleaned text. Returns the answers (aligned with
    the generations) and the run's stats."""
    from lctg_metrics.llm.judge import judge_quality

    queries = []
    for i, ref in enumerate(matched):
        if ref.id not in judge.base_texts:
            raise ScoringError(
                f"quality judge: no base text for id {ref.id!r} (give the dataset the references came from)"
            )
        queries.append((ref.task, judge.base_texts[ref.id], cleaned[i]))
    answers = judge_quality(queries, judge.protocol, judge.config, **dict(judge.run_options or {}))
    return list(answers), getattr(answers, "stats", None)
