"""Scoring: generations ──► join rows by id ──► clean ──► check each aspect ──► aggregate.

Each arrow is a function over plain values. :func:`score` runs them all and returns a
:class:`ScoreResult` (scores per task × aspect, task averages, coverage, counts, per-item verdicts and
the signature).
"""

from __future__ import annotations

import dataclasses
import math
import statistics
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from lctg_dataset.constants import ASPECTS, TASKS
from lctg_metrics.aspects import Constraint, Texts, Verdict, check, strip_think
from lctg_metrics.cleaners import Cleaner, CleanItem, get_cleaner
from lctg_metrics.options import ScoringOptions, resolve_options, signature

#: What to do when a (prompt, sample) has no generation.
MISSING_POLICIES = ("error", "fail")
#: Reason recorded for a generation counted as a failure because it is missing.
MISSING_REASON = "missing generation (counted as failure)"
#: Number of items above which a progress bar is shown (when progress is on).
PROGRESS_THRESHOLD = 2000


class ScoringError(ValueError):
    """Bad scoring input; the message names the id, sample, file or line and what would be right."""


@dataclass(frozen=True)
class Reference:
    """What one prompt asks for (a dataset row's ``constraint``)."""

    id: str
    task: str
    prompt_id: int
    aspects: tuple[str, ...]
    min_chars: int | None = None
    max_chars: int | None = None
    keyword: str | None = None
    prohibited_word: str | None = None
    variant: int | None = None
    dataset_version: str = "unknown"

    @classmethod
    def from_mapping(cls, d: Mapping[str, Any], where: str = "") -> "Reference":
        """Validate a constraint dict (as stored in the dataset) into a Reference."""
        if not isinstance(d, Mapping):
            raise ScoringError(f"{where or 'reference'}: expected a constraint dict, got {type(d).__name__}")
        label = where or "reference"
        rid = d.get("id")
        if not isinstance(rid, str) or not rid:
            raise ScoringError(f"{label}: constraint field 'id' must be a non-empty string, got {rid!r}")
        label = where or f"reference {rid!r}"
        task = d.get("task")
        if task not in TASKS:
            raise ScoringError(f"{label}: unknown task {task!r}; valid: {', '.join(TASKS)}")
        aspects = d.get("aspects")
        if isinstance(aspects, str) or not isinstance(aspects, (list, tuple)) or not aspects:
            raise ScoringError(f"{label}: constraint field 'aspects' must be a non-empty list, got {aspects!r}")
        bad = [a for a in aspects if a not in ASPECTS]
        if bad:
            raise ScoringError(f"{label}: unknown aspect(s) {bad}; valid: {', '.join(ASPECTS)}")
        lo, hi = d.get("min_chars"), d.get("max_chars")
        if "char_count" in aspects:
            if not (_is_int(lo) and _is_int(hi)):
                raise ScoringError(f"{label}: char_count needs integer min_chars and max_chars, got {lo!r}, {hi!r}")
            if lo < 0 or lo > hi:
                raise ScoringError(f"{label}: char_count range [{lo}, {hi}] is malformed (need 0 <= min <= max)")
        for aspect, name in (("keyword", "keyword"), ("prohibited_word", "prohibited_word")):
            if aspect in aspects and (not isinstance(d.get(name), str) or not d.get(name)):
                raise ScoringError(f"{label}: {aspect} needs a non-empty string {name!r}, got {d.get(name)!r}")
        pid = d.get("prompt_id")
        if not _is_int(pid):
            raise ScoringError(f"{label}: constraint field 'prompt_id' must be an integer, got {pid!r}")
        variant = d.get("variant")
        if variant is not None and not _is_int(variant):
            raise ScoringError(f"{label}: constraint field 'variant' must be an integer or null, got {variant!r}")
        return cls(
            id=rid,
            task=task,
            prompt_id=pid,
            aspects=tuple(aspects),
            min_chars=lo if "char_count" in aspects else None,
            max_chars=hi if "char_count" in aspects else None,
            keyword=d.get("keyword") if "keyword" in aspects else None,
            prohibited_word=d.get("prohibited_word") if "prohibited_word" in aspects else None,
            variant=variant,
            dataset_version=str(d.get("dataset_version") or "unknown"),
        )

    def constraint(self) -> Constraint:
        return Constraint(self.task, self.min_chars, self.max_chars, self.keyword, self.prohibited_word)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass(frozen=True)
class Generation:
    """One model output for one prompt. ``where`` locates it in the input (``file:line``) for errors."""

    id: str
    text: str
    sample: int = 0
    cleaned: str | None = None
    where: str = ""

    def label(self) -> str:
        return self.where or f"id {self.id!r} sample {self.sample}"


@dataclass(frozen=True)
class ItemVerdict:
    """The verdict for one (id, sample, aspect)."""

    id: str
    task: str
    prompt_id: int
    aspect: str
    sample: int
    variant: int | None
    passed: bool
    reason: str
    generation: str | None
    cleaned: str | None
    quality: bool | None = None
    quality_reason: str | None = None

    def to_dict(self) -> dict[str, Any]:
        d = {
            "id": self.id,
            "sample": self.sample,
            "task": self.task,
            "prompt_id": self.prompt_id,
            "aspect": self.aspect,
            "variant": self.variant,
            "passed": self.passed,
            "reason": self.reason,
            "generation": self.generation,
            "cleaned": self.cleaned,
        }
        if self.quality_reason is not None:
            d["quality"] = self.quality
            d["quality_reason"] = self.quality_reason
        return d


@dataclass(frozen=True)
class JudgeSpec:
    """A quality judge: endpoint config, protocol prompts, and base texts by reference id."""

    config: Any  # lctg_metrics.llm.client.LLMConfig
    protocol: Mapping[str, Any]
    base_texts: Mapping[str, str | None]
    run_options: Mapping[str, Any] | None = None

    def describe(self) -> str:
        """``{model}@{host}#{prompt digest}`` for the signature (no credentials)."""
        from lctg_metrics.llm.client import describe
        from lctg_metrics.llm.judge import protocol_digest

        return f"{describe(self.config)}#{protocol_digest(self.protocol)}"


@dataclass
class ScoreResult:
    """Everything a scoring run produced. ``to_dict`` is the JSON result."""

    signature: str
    options: ScoringOptions
    cleaner: str
    judge: str
    dataset_version: str
    scores: dict[str, dict[str, float]]
    counts: dict[str, dict[str, dict[str, int]]]
    coverage: dict[str, Any]
    items: list[ItemVerdict]
    quality: dict[str, dict[str, float | None]] | None = None
    quality_counts: dict[str, dict[str, dict[str, int]]] | None = None
    prompt_level: dict[str, float] | None = None
    variants: dict[str, dict[str, dict[str, Any]]] | None = None
    notes: list[str] = field(default_factory=list)
    llm_usage: dict[str, dict[str, Any]] | None = None  # "cleaner"/"judge" -> calls, cache hits, tokens

    @property
    def overall_average(self) -> float | None:
        """Mean of the task averages (only when all three tasks were scored)."""
        if set(self.scores) != set(TASKS):
            return None
        return statistics.fmean(self.scores[t]["average"] for t in TASKS)

    def flat(self) -> dict[str, float]:
        """``{"summary/format": 0.9, ..., "summary/average": 0.8, ...}`` — the evaluate-style output."""
        out: dict[str, float] = {}
        for task, per in self.scores.items():
            for key, value in per.items():
                out[f"{task}/{key}"] = value
        if self.quality:
            for task, per in self.quality.items():
                for key, value in per.items():
                    if value is not None:
                        out[f"{task}/{key}/quality"] = value
        if self.prompt_level:
            for task, value in self.prompt_level.items():
                out[f"{task}/prompt_level"] = value
        if self.overall_average is not None:
            out["overall/average"] = self.overall_average
        return out

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "signature": self.signature,
            "options": self.options.to_dict(),
            "cleaner": self.cleaner,
            "judge": self.judge,
            "dataset_version": self.dataset_version,
            "scores": self.scores,
            "overall_average": self.overall_average,
            "coverage": self.coverage,
            "counts": self.counts,
        }
        if self.quality is not None:
            d["quality"] = self.quality
            d["quality_counts"] = self.quality_counts
        if self.prompt_level is not None:
            d["prompt_level"] = self.prompt_level
        if self.variants is not None:
            d["variants"] = self.variants
        if self.llm_usage is not None:
            d["llm_usage"] = self.llm_usage
        d["notes"] = self.notes
        return d


# -------------------------------------------------------------------------------------------- join


def index_references(references: Iterable[Reference | Mapping[str, Any]]) -> dict[str, Reference]:
    refs: dict[str, Reference] = {}
    for i, r in enumerate(references):
        ref = r if isinstance(r, Reference) else Reference.from_mapping(r, where=f"references[{i}]")
        if ref.id in refs:
            raise ScoringError(f"references[{i}]: duplicate reference id {ref.id!r}")
        refs[ref.id] = ref
    if not refs:
        raise ScoringError("no references to score against")
    return refs


def join(
    generations: Sequence[Generation], refs: Mapping[str, Reference], *, missing: str = "error"
) -> tuple[list[tuple[Generation, Reference]], list[tuple[str, int]], list[int]]:
    """Pair generations with references. Returns (pairs, missing (id, sample) pairs, samples)."""
    if missing not in MISSING_POLICIES:
        raise ValueError(f"unknown missing policy {missing!r}; valid: {', '.join(MISSING_POLICIES)}")
    seen: dict[tuple[str, int], Generation] = {}
    pairs: list[tuple[Generation, Reference]] = []
    for g in generations:
        if not isinstance(g.id, str):
            raise ScoringError(f"{g.label()}: 'id' must be a string, got {g.id!r}")
        if not isinstance(g.text, str):
            kind = "null" if g.text is None else type(g.text).__name__
            raise ScoringError(f"{g.label()}: generation for id {g.id!r} must be a string, got {kind}")
        if g.cleaned is not None and not isinstance(g.cleaned, str):
            raise ScoringError(f"{g.label()}: 'cleaned' for id {g.id!r} must be a string or absent, got {g.cleaned!r}")
        if not _is_int(g.sample) or g.sample < 0:
            raise ScoringError(f"{g.label()}: 'sample' for id {g.id!r} must be a non-negative integer, got {g.sample!r}")
        ref = refs.get(g.id)
        if ref is None:
            raise ScoringError(f"{g.label()}: unknown id {g.id!r} (not in the dataset/references; ids look like "
                               f"'summary/1614/char_count')")
        key = (g.id, g.sample)
        if key in seen:
            raise ScoringError(f"{g.label()}: duplicate (id, sample) ({g.id!r}, {g.sample}); first at {seen[key].label()}")
        seen[key] = g
        pairs.append((g, ref))
    samples = sorted({g.sample for g in generations})
    if not samples:
        raise ScoringError("no generations to score")
    absent = [(rid, s) for rid in refs for s in samples if (rid, s) not in seen]
    if absent and missing == "error":
        by_task: dict[str, int] = defaultdict(int)
        for rid, _ in absent:
            by_task[refs[rid].task] += 1
        shown = ", ".join(f"{rid}#{s}" for rid, s in absent[:8])
        raise ScoringError(
            f"{len(absent)} of {len(refs) * len(samples)} expected generations are missing "
            f"({dict(by_task)}; samples {samples}), e.g. {shown}. Score only some tasks with --task/task=, "
            "or count missing generations as failures with --missing fail / missing='fail'"
        )
    return pairs, absent, samples


# ------------------------------------------------------------------------------------------ clean


def prepare_texts(
    pairs: Sequence[tuple[Generation, Reference]], cleaner: Cleaner, options: ScoringOptions
) -> list[Texts]:
    """Strip reasoning blocks (if asked), then clean; returns (raw, cleaned) per pair (a list that keeps
    the cleaner's ``.stats`` when it has them, e.g. the LLM cleaner's calls and tokens)."""
    items = []
    for g, ref in pairs:
        raw = strip_think(g.text) if options.strip_think else g.text
        provided = g.cleaned
        if provided is not None and options.strip_think:
            provided = strip_think(provided)
        items.append(CleanItem(ref.task, raw, provided, where=g.label()))
    cleaned = cleaner.clean(items) if items else []
    if len(cleaned) != len(items) or not all(isinstance(c, str) for c in cleaned):
        raise ScoringError(f"cleaner {cleaner.describe()} returned {len(cleaned)} texts for {len(items)} items")
    texts = _WithStats(Texts(it.raw, c) for it, c in zip(items, cleaned))
    texts.stats = getattr(cleaned, "stats", None)
    return texts


class _WithStats(list):
    """A list that may carry the ``.stats`` of the LLM run that produced it."""

    stats: Any = None


# ----------------------------------------------------------------------------------------- verdicts


def verdicts(
    pairs: Sequence[tuple[Generation, Reference]],
    texts: Sequence[Texts],
    options: ScoringOptions,
    *,
    progress: bool = False,
) -> list[ItemVerdict]:
    out: list[ItemVerdict] = []
    iterator: Iterable[int] = range(len(pairs))
    if progress and len(pairs) > PROGRESS_THRESHOLD:
        from tqdm.auto import tqdm

        iterator = tqdm(iterator, desc="lctg: checking", unit="gen")
    for i in iterator:
        g, ref = pairs[i]
        t = texts[i]
        constraint = ref.constraint()
        for aspect in ref.aspects:
            v: Verdict = check(aspect, t, constraint, options)
            out.append(
                ItemVerdict(ref.id, ref.task, ref.prompt_id, aspect, g.sample, ref.variant, v.passed, v.reason, g.text, t.cleaned)
            )
    return out


def missing_verdicts(absent: Sequence[tuple[str, int]], refs: Mapping[str, Reference]) -> list[ItemVerdict]:
    return [
        ItemVerdict(rid, refs[rid].task, refs[rid].prompt_id, aspect, s, refs[rid].variant, False, MISSING_REASON, None, None)
        for rid, s in absent
        for aspect in refs[rid].aspects
    ]


# ---------------------------------------------------------------------------------------- aggregate


def _mean_of_sample_means(values: Mapping[int, list[bool]]) -> float | None:
    """Upstream aggregation: accuracy per sample, then the mean over samples (scripts/get_scores.py)."""
    per_sample = [sum(v) / len(v) for v in values.values() if v]
    return statistics.fmean(per_sample) if per_sample else None


def aggregate(items: Sequence[ItemVerdict]) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, dict[str, int]]]]:
    """Scores per task × aspect (mean over samples of per-sample accuracy) and task averages."""
    groups: dict[tuple[str, str], dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for it in items:
        groups[(it.task, it.aspect)][it.sample].append(it.passed)
    scores: dict[str, dict[str, float]] = {}
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for task in TASKS:
        per: dict[str, float] = {}
        for aspect in ASPECTS:
            g = groups.get((task, aspect))
            if not g:
                continue
            value = _mean_of_sample_means(g)
            assert value is not None
            per[aspect] = value
            flat = [p for v in g.values() for p in v]
            counts.setdefault(task, {})[aspect] = {"passed": sum(flat), "total": len(flat), "samples": len(g)}
        if per:
            per["average"] = statistics.fmean(per[a] for a in ASPECTS if a in per)
            scores[task] = per
    return scores, counts


def aggregate_quality(
    items: Sequence[ItemVerdict],
) -> tuple[dict[str, dict[str, float | None]], dict[str, dict[str, dict[str, int]]]]:
    """Quality per task × aspect: per-sample share of 「適切」 among parseable answers, averaged over samples.
    Unparseable answers are excluded from that sample's denominator (as upstream) and counted."""
    groups: dict[tuple[str, str], dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    unparseable: dict[tuple[str, str], int] = defaultdict(int)
    failed: dict[tuple[str, str], int] = defaultdict(int)
    judged: dict[tuple[str, str], int] = defaultdict(int)
    for it in items:
        if it.quality_reason is None:
            continue
        key = (it.task, it.aspect)
        judged[key] += 1
        if it.quality is None:
            if it.quality_reason.startswith("unparseable"):
                unparseable[key] += 1
            else:  # the judge call failed (or a dry run): no answer at all
                failed[key] += 1
            groups[key].setdefault(it.sample, [])
        else:
            groups[key][it.sample].append(it.quality)
    quality: dict[str, dict[str, float | None]] = {}
    counts: dict[str, dict[str, dict[str, int]]] = {}
    for task in TASKS:
        per: dict[str, float | None] = {}
        for aspect in ASPECTS:
            key = (task, aspect)
            if key not in judged:
                continue
            per[aspect] = _mean_of_sample_means(groups[key])
            flat = [q for v in groups[key].values() for q in v]
            counts.setdefault(task, {})[aspect] = {
                "appropriate": sum(flat),
                "parsed": len(flat),
                "unparseable": unparseable[key],
                "failed": failed[key],
                "judged": judged[key],
            }
        present = [v for a, v in per.items() if v is not None]
        if per:
            per["average"] = statistics.fmean(present) if present else None
            quality[task] = per
    return quality, counts


def prompt_level(items: Sequence[ItemVerdict]) -> dict[str, float]:
    """For prompts with several aspects: share of (prompt, sample) with every aspect satisfied, per task."""
    per_prompt: dict[tuple[str, str, int], list[bool]] = defaultdict(list)
    for it in items:
        per_prompt[(it.task, it.id, it.sample)].append(it.passed)
    by_task: dict[str, dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for (task, _rid, sample), passed in per_prompt.items():
        by_task[task][sample].append(all(passed))
    out = {t: _mean_of_sample_means(by_task[t]) for t in TASKS if t in by_task}
    return {t: v for t, v in out.items() if v is not None}


def variant_stats(items: Sequence[ItemVerdict]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per task × aspect over prompt variants: mean, spread (min/max/std of per-variant accuracy) and the
    share of (prompt, sample) whose verdict is the same for every variant."""
    acc: dict[tuple[str, str, int], dict[int, list[bool]]] = defaultdict(lambda: defaultdict(list))
    verdict_sets: dict[tuple[str, str, int, int], list[bool]] = defaultdict(list)
    variants_of: dict[tuple[str, str], set[int]] = defaultdict(set)
    for it in items:
        if it.variant is None:
            continue
        acc[(it.task, it.aspect, it.variant)][it.sample].append(it.passed)
        verdict_sets[(it.task, it.aspect, it.prompt_id, it.sample)].append(it.passed)
        variants_of[(it.task, it.aspect)].add(it.variant)
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for (task, aspect), vs in sorted(variants_of.items(), key=lambda kv: (TASKS.index(kv[0][0]), ASPECTS.index(kv[0][1]))):
        per_variant = {v: _mean_of_sample_means(acc[(task, aspect, v)]) for v in sorted(vs)}
        values = [x for x in per_variant.values() if x is not None]
        sets = [s for (t, a, _p, _s), s in verdict_sets.items() if t == task and a == aspect]
        full = [s for s in sets if len(s) == len(vs)]
        out.setdefault(task, {})[aspect] = {
            "n_variants": len(vs),
            "mean": statistics.fmean(values),
            "min": min(values),
            "max": max(values),
            "std": statistics.pstdev(values) if len(values) > 1 else 0.0,
            "per_variant": {str(v): x for v, x in per_variant.items()},
            "consistency": (sum(1 for s in full if len(set(s)) == 1) / len(full)) if full else math.nan,
            "consistency_n": len(full),
        }
    return out


# ------------------------------------------------------------------------------------------- score


def score(
    generations: Sequence[Generation],
    references: Iterable[Reference | Mapping[str, Any]],
    *,
    options: ScoringOptions | None = None,
    cleaner: str | Cleaner = "rule",
    missing: str = "error",
    judge: JudgeSpec | None = None,
    progress: bool = False,
) -> ScoreResult:
    """Score generations against references (dataset constraints). See the module docstring for the steps."""
    options = options or resolve_options()
    refs = index_references(references)
    versions = sorted({r.dataset_version for r in refs.values()})
    if len(versions) != 1:
        raise ScoringError(f"references mix dataset versions {versions}; score each version separately")
    cl = get_cleaner(cleaner) if isinstance(cleaner, str) else cleaner
    pairs, absent, samples = join(generations, refs, missing=missing)
    notes: list[str] = []
    if cl.name != "provided":
        ignored = sum(1 for g, _ in pairs if g.cleaned is not None)
        if ignored:
            notes.append(f"'cleaned' given for {ignored} generations but ignored: cleaner is {cl.describe()}")
    texts = prepare_texts(pairs, cl, options)
    usage: dict[str, dict[str, Any]] = {}
    if getattr(texts, "stats", None) is not None:
        usage["cleaner"] = _usage(texts.stats)
    items = verdicts(pairs, texts, options, progress=progress)
    if judge is not None:
        items, judge_stats = _judge(items, pairs, texts, judge)
        if judge_stats is not None:
            usage["judge"] = _usage(judge_stats)
    items += missing_verdicts(absent, refs)
    scores, counts = aggregate(items)
    expected = len(refs) * len(samples)
    coverage = {
        "expected": expected,
        "scored": len(pairs),
        "missing": len(absent),
        "ratio": len(pairs) / expected,
        "prompts": len(refs),
        "samples": samples,
        "missing_policy": missing,
    }
    if absent:
        notes.append(f"{len(absent)} missing generations counted as failures")
    quality = quality_counts = None
    if judge is not None:
        quality, quality_counts = aggregate_quality(items)
    multi = any(len(r.aspects) > 1 for r in refs.values())
    has_variants = any(r.variant is not None for r in refs.values())
    judge_desc = judge.describe() if judge is not None else "none"
    return ScoreResult(
        signature=signature(options, cleaner=cl.describe(), judge=judge_desc, dataset_version=versions[0]),
        options=options,
        cleaner=cl.describe(),
        judge=judge_desc,
        dataset_version=versions[0],
        scores=scores,
        counts=counts,
        coverage=coverage,
        items=items,
        quality=quality,
        quality_counts=quality_counts,
        prompt_level=prompt_level(items) if multi else None,
        variants=variant_stats(items) if has_variants else None,
        notes=notes,
        llm_usage=usage or None,
    )


def _usage(stats: Any) -> dict[str, Any]:
    return dataclasses.asdict(stats) if dataclasses.is_dataclass(stats) else dict(stats)


def _judge(
    items: list[ItemVerdict], pairs: Sequence[tuple[Generation, Reference]], texts: Sequence[Texts], judge: JudgeSpec
) -> tuple[list[ItemVerdict], Any]:
    """Ask the quality judge once per (id, sample) about the cleaned text; attach the label to its items."""
    from dataclasses import replace

    from lctg_metrics.llm.judge import judge_quality

    queries = []
    for (g, ref), t in zip(pairs, texts):
        if ref.id not in judge.base_texts:
            raise ScoringError(f"quality judge: no base text for id {ref.id!r} (give the dataset the references came from)")
        queries.append((ref.task, judge.base_texts[ref.id], t.cleaned))
    answers = judge_quality(queries, judge.protocol, judge.config, **dict(judge.run_options or {}))
    by_key = {(g.id, g.sample): a for (g, _), a in zip(pairs, answers)}
    judged = [replace(it, quality=by_key[(it.id, it.sample)].label, quality_reason=by_key[(it.id, it.sample)].reason)
              for it in items]
    return judged, getattr(answers, "stats", None)
