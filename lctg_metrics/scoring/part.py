"""One shard of generations scored: join rows by id ──► clean ──► check each aspect ──► :class:`Counts`.

:func:`score_part` returns a :class:`Part`: the shard's counts, and what per-item details and the result's notes need
(the cleaner's and the quality judge's LLM usage, generations whose ``cleaned`` text the cleaner does not read).
Missing generations are looked for once every shard is merged (:func:`lctg_metrics.scoring.pipeline.finalize`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lctg_dataset.constants import TASKS
from lctg_metrics.aspects.text import MALFORMED, NO_ANSWER, UNFINISHED
from lctg_metrics.cleaners import CLEANERS, Cleaner
from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.schema import Generation, Reference, ScoringError
from lctg_metrics.scoring import counts as _counts
from lctg_metrics.scoring import tally as _tally
from lctg_metrics.scoring.check import VerdictColumns, prepare_texts, verdicts
from lctg_metrics.scoring.counts import Counts
from lctg_metrics.scoring.join import GenerationColumns, Matches, match_codes
from lctg_metrics.scoring.result import ItemVerdict


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
