"""Scoring: generations ──► join rows by id ──► clean ──► check each aspect ──► aggregate.

Each arrow is a function over plain values. :func:`score` runs them all and returns a
:class:`ScoreResult` (scores per task × aspect, task averages, coverage, counts, per-item verdicts and
the signature).
"""

from __future__ import annotations

import dataclasses
import gc
import math
import statistics
from collections import Counter, defaultdict
from contextlib import contextmanager
from functools import partial
from itertools import repeat
from operator import add, itemgetter, mul
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping, NamedTuple, Sequence

from lctg_dataset.constants import ASPECTS, TASKS
from lctg_metrics.aspects import Constraint, check, get_check, strip_think
from lctg_metrics.cleaners import CleanBatch, Cleaner, get_cleaner
from lctg_metrics.options import ScoringOptions, resolve_options, signature

#: What to do when a (prompt, sample) has no generation.
MISSING_POLICIES = ("error", "fail")
#: Reason recorded for a generation counted as a failure because it is missing.
MISSING_REASON = "missing generation (counted as failure)"
#: Number of items above which a progress bar is shown (when progress is on), and its step.
PROGRESS_THRESHOLD = 2000
PROGRESS_CHUNK = 50_000


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


class Generation(NamedTuple):
    """One model output for one prompt. ``where`` locates it in the input (``file:line``) for errors."""

    id: str
    text: str
    sample: int = 0
    cleaned: str | None = None
    where: str = ""

    def label(self) -> str:
        return self.where or f"id {self.id!r} sample {self.sample}"


class ItemVerdict(NamedTuple):
    """The verdict for one (id, sample, aspect). (A NamedTuple: a large run makes millions.)"""

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
    materialize: Any = field(repr=False, compare=False)  # () -> list[ItemVerdict], called once on first use
    quality: dict[str, dict[str, float | None]] | None = None
    quality_counts: dict[str, dict[str, dict[str, int]]] | None = None
    prompt_level: dict[str, float] | None = None
    variants: dict[str, dict[str, dict[str, Any]]] | None = None
    notes: list[str] = field(default_factory=list)
    llm_usage: dict[str, dict[str, Any]] | None = None  # "cleaner"/"judge" -> calls, cache hits, tokens
    _items: list[ItemVerdict] | None = field(default=None, repr=False, compare=False)

    @property
    def items(self) -> list[ItemVerdict]:
        """Per-item verdicts (id, sample, aspect, passed, reason, texts) in input order, missing ones last."""
        if self._items is None:
            self._items = self.materialize() if callable(self.materialize) else list(self.materialize)
        return self._items

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
#
# The pipeline works on columns (parallel lists), not on one object per item: a large run scores a
# million (generation, constraint) pairs, and per-item objects would cost more than the checks.


@dataclass
class GenerationColumns:
    """Generations as parallel lists (``cleaned`` and ``where`` may be None for "none given")."""

    ids: list[Any]
    texts: list[Any]
    samples: list[Any]
    cleaned: list[Any] | None = None
    where: list[str] | None = None

    @classmethod
    def from_generations(cls, generations: Iterable[Generation]) -> "GenerationColumns":
        gens = list(generations)
        cleaned = [g.cleaned for g in gens]
        where = [g.where for g in gens]
        return cls([g.id for g in gens], [g.text for g in gens], [g.sample for g in gens],
                   cleaned if any(c is not None for c in cleaned) else None, where if any(where) else None)

    def __len__(self) -> int:
        return len(self.ids)

    def generation(self, i: int) -> Generation:
        return Generation(self.ids[i], self.texts[i], self.samples[i],
                          None if self.cleaned is None else self.cleaned[i], "" if self.where is None else self.where[i])

    def label(self, i: int) -> str:
        return self.generation(i).label()


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
    cols: GenerationColumns, refs: Mapping[str, Reference], *, missing: str = "error"
) -> tuple[list[Reference], list[tuple[str, int]], list[int]]:
    """Match every generation to its reference. Returns (reference per generation, missing (id, sample)
    pairs, samples). Checks run as whole-column passes; only a failing one looks for the item to name."""
    if missing not in MISSING_POLICIES:
        raise ValueError(f"unknown missing policy {missing!r}; valid: {', '.join(MISSING_POLICIES)}")
    n = len(cols)
    if not n:
        raise ScoringError("no generations to score")
    if not ({type(x) for x in cols.texts} <= {str} and {type(x) for x in cols.ids} <= {str}
            and {type(x) for x in cols.samples} <= {int} and min(cols.samples) >= 0
            and (cols.cleaned is None or {type(x) for x in cols.cleaned} <= {str, type(None)})):
        for i in range(n):
            _check_generation(cols.generation(i))
    matched = list(map(refs.get, cols.ids))
    if not set(cols.ids) <= refs.keys():
        i = next(k for k, m in enumerate(matched) if m is None)
        raise ScoringError(f"{cols.label(i)}: unknown id {cols.ids[i]!r} (not in the dataset/references; ids look "
                           "like 'summary/1614/char_count')")
    # (id, sample) as one int, reference index × stride + sample: a set of ints costs far less than of tuples
    stride = max(cols.samples) + 1
    position = {rid: k * stride for k, rid in enumerate(refs)}
    codes = set(map(add, map(position.__getitem__, cols.ids), cols.samples))
    if len(codes) != n:
        seen: dict[tuple[str, int], int] = {}
        for i, key in enumerate(zip(cols.ids, cols.samples)):
            first = seen.setdefault(key, i)
            if first != i:
                raise ScoringError(f"{cols.label(i)}: duplicate (id, sample) ({key[0]!r}, {key[1]}); "
                                   f"first at {cols.label(first)}")
    per_sample = Counter(cols.samples)
    samples = sorted(per_sample)
    complete = all(k == len(refs) for k in per_sample.values())  # unique and known ids: then nothing is missing
    absent = [] if complete else [(rid, s) for rid in refs for s in samples if position[rid] + s not in codes]
    if absent and missing == "error":
        by_task: dict[str, int] = defaultdict(int)
        for rid, _ in absent:
            by_task[refs[rid].task] += 1
        shown = ", ".join(f"{rid}#{s}" for rid, s in absent[:8])
        raise ScoringError(
            f"{len(absent)} of {len(refs) * len(samples)} expected generations are missing "
            f"({dict(by_task)}; {_describe_samples(samples)}), e.g. {shown}. Score only some tasks with --task/task=, "
            "or count missing generations as failures with --missing fail / missing='fail'"
        )
    return matched, absent, samples  # type: ignore[return-value]


def _check_generation(g: Generation) -> None:
    """Raise the error that names what is wrong with one generation (nothing if it is fine)."""
    if not isinstance(g.id, str):
        raise ScoringError(f"{g.label()}: 'id' must be a string, got {g.id!r}")
    if not isinstance(g.text, str):
        kind = "null" if g.text is None else type(g.text).__name__
        raise ScoringError(f"{g.label()}: generation for id {g.id!r} must be a string, got {kind}")
    if g.cleaned is not None and not isinstance(g.cleaned, str):
        raise ScoringError(f"{g.label()}: 'cleaned' for id {g.id!r} must be a string or absent, got {g.cleaned!r}")
    if type(g.sample) is not int or g.sample < 0:
        raise ScoringError(f"{g.label()}: 'sample' for id {g.id!r} must be a non-negative integer, got {g.sample!r}")


def _describe_samples(samples: Sequence[int]) -> str:
    if len(samples) <= 6:
        return f"samples {list(samples)}"
    return f"{len(samples)} samples {samples[0]}..{samples[-1]}"


# ------------------------------------------------------------------------------------------ clean


def prepare_texts(
    cols: GenerationColumns, matched: Sequence[Reference], cleaner: Cleaner, options: ScoringOptions
) -> tuple[list[str], list[str], Any]:
    """Strip reasoning blocks (if asked), then clean. Returns (raw texts, cleaned texts, the cleaner's run
    stats or None)."""
    raws = [strip_think(t) for t in cols.texts] if options.strip_think else cols.texts
    provided = cols.cleaned
    if provided is not None and options.strip_think:
        provided = [None if c is None else strip_think(c) for c in provided]
    batch = CleanBatch([ref.task for ref in matched], raws, provided, cols.label)
    cleaned = cleaner.clean(batch) if len(batch) else []
    if len(cleaned) != len(batch) or not {type(c) for c in cleaned} <= {str}:
        raise ScoringError(f"cleaner {cleaner.describe()} returned {len(cleaned)} texts for {len(batch)} items")
    return raws, cleaned, getattr(cleaned, "stats", None)


# ----------------------------------------------------------------------------------------- verdicts


@dataclass
class VerdictColumns:
    """One entry per checked (generation, aspect), in input order: the generation's index, the aspect and the
    verdict (passed, reason)."""

    gen: Sequence[int]
    aspect: Sequence[str]
    passed: list[bool]
    reason: list[str]
    ids: Sequence[str] = ()  # reference id of every generation (not of every item)


def verdicts(
    raws: Sequence[str],
    cleaned: Sequence[str],
    matched: Sequence[Reference],
    options: ScoringOptions,
    *,
    progress: bool = False,
) -> VerdictColumns:
    """Check every aspect of every generation's reference (the same pure check per item, in one tight loop)."""
    by_id = {id(ref): ref for ref in matched}  # the distinct references (few), found without hashing them
    plans = {ref.id: (ref.constraint(), ref.aspects) for ref in by_id.values()}
    if options.empty == "fail":  # the wrapper applies the policy that acts on every aspect
        checks = {a: partial(check, a) for a in ASPECTS}
    else:
        checks = {a: get_check(a) for a in ASPECTS}
    bar = None
    if progress and len(raws) > PROGRESS_THRESHOLD:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(raws), desc="lctg: checking", unit="gen")
    ids = [ref.id for ref in matched]
    if all(len(aspects) == 1 for _, aspects in plans.values()):  # one aspect per prompt: every config but multi
        plan_of = {rid: (checks[aspects[0]], c) for rid, (c, aspects) in plans.items()}
        vs = []
        for start in range(0, len(ids), PROGRESS_CHUNK):  # chunks only so that a progress bar can move
            stop = start + PROGRESS_CHUNK
            # (raw, cleaned) pairs go to the checks as plain tuples, straight from zip
            vs += [fn(t, c, options) for (fn, c), t in
                   zip(map(plan_of.__getitem__, ids[start:stop]), zip(raws[start:stop], cleaned[start:stop]))]
            if bar is not None:
                bar.update(min(stop, len(ids)) - start)
        gen: Sequence[int] = range(len(raws))
        aspect = list(map({rid: aspects[0] for rid, (_, aspects) in plans.items()}.__getitem__, ids))
    else:
        flat = [(i, a) for i, ref in enumerate(matched) for a in ref.aspects]
        vs = [checks[a]((raws[i], cleaned[i]), plans[ids[i]][0], options) for i, a in flat]
        gen = [i for i, _ in flat]
        aspect = [a for _, a in flat]
        if bar is not None:
            bar.update(len(raws))
    if bar is not None:
        bar.close()
    return VerdictColumns(gen, aspect, list(map(itemgetter(0), vs)), list(map(itemgetter(1), vs)), ids)


def materialize(
    cols: GenerationColumns,
    matched: Sequence[Reference],
    cleaned: Sequence[str],
    vc: VerdictColumns,
    absent: Sequence[tuple[str, int]],
    refs: Mapping[str, Reference],
    quality: Sequence[Any] | None = None,
) -> list[ItemVerdict]:
    """Per-item verdicts in input order (each generation's aspects in its reference's order), then the missing
    ones. Made only when asked for (details output, return_items)."""
    out: list[ItemVerdict] = []
    for i, aspect, passed, reason in zip(vc.gen, vc.aspect, vc.passed, vc.reason):
        ref = matched[i]
        q = quality[i] if quality is not None else None
        out.append(ItemVerdict(ref.id, ref.task, ref.prompt_id, aspect, cols.samples[i], ref.variant, passed, reason,
                               cols.texts[i], cleaned[i], None if q is None else q.label, None if q is None else q.reason))
    return out + missing_verdicts(absent, refs)


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


Groups = dict  # (task, aspect) -> sample -> list of verdicts (bool)


def aggregate(items: Sequence[ItemVerdict]) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, dict[str, int]]]]:
    """Scores per task × aspect (mean over samples of per-sample accuracy) and task averages."""
    groups: Groups = defaultdict(lambda: defaultdict(list))
    for it in items:
        groups[(it.task, it.aspect)][it.sample].append(it.passed)
    return aggregate_groups(groups)


def aggregate_columns(
    vc: VerdictColumns, matched: Sequence[Reference], samples: Sequence[int], absent: Sequence[tuple[str, int]],
    refs: Mapping[str, Reference],
) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, dict[str, int]]]]:
    """:func:`aggregate` straight from verdict columns (missing generations count as failures)."""
    # each item as one int, ((task, aspect) × samples + sample) × 2 + passed, counted in C
    settings = [(t, a) for t in TASKS for a in ASPECTS]
    setting_code = {ta: k for k, ta in enumerate(settings)}
    stride = max(samples, default=0) + 1
    if isinstance(vc.gen, range):  # one item per generation: the setting is the reference's
        sample_of = samples
        code_of = {ref.id: setting_code[(ref.task, ref.aspects[0])] * stride for ref in {id(r): r for r in matched}.values()}
        base = list(map(code_of.__getitem__, vc.ids))
    else:
        sample_of = list(map(samples.__getitem__, vc.gen))
        base = [setting_code[(matched[i].task, a)] * stride for i, a in zip(vc.gen, vc.aspect)]
    tally = Counter(map(add, map(mul, map(add, base, sample_of), repeat(2)), vc.passed))
    for rid, s in absent:
        for aspect in refs[rid].aspects:
            tally[2 * (setting_code[(refs[rid].task, aspect)] * stride + s)] += 1
    groups: Groups = defaultdict(lambda: defaultdict(list))
    for code, n in tally.items():
        passed, rest = code % 2, code // 2
        task, aspect = settings[rest // stride]
        groups[(task, aspect)][rest % stride].extend([bool(passed)] * n)
    return aggregate_groups(groups)


def aggregate_groups(groups: Groups) -> tuple[dict[str, dict[str, float]], dict[str, dict[str, dict[str, int]]]]:
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
) -> ScoreResult:
    """Score generations against references (dataset constraints). See the module docstring for the steps."""
    options = options or resolve_options()
    refs = index_references(references)
    versions = sorted({r.dataset_version for r in refs.values()})
    if len(versions) != 1:
        raise ScoringError(f"references mix dataset versions {versions}; score each version separately")
    cl = get_cleaner(cleaner) if isinstance(cleaner, str) else cleaner
    cols = generations if isinstance(generations, GenerationColumns) else GenerationColumns.from_generations(generations)
    matched, absent, samples = join(cols, refs, missing=missing)
    notes: list[str] = []
    if cl.name != "provided" and cols.cleaned is not None:
        ignored = sum(1 for c in cols.cleaned if c is not None)
        if ignored:
            notes.append(f"'cleaned' given for {ignored} generations but ignored: cleaner is {cl.describe()}")
    raws, cleaned, clean_stats = prepare_texts(cols, matched, cl, options)
    usage: dict[str, dict[str, Any]] = {}
    if clean_stats is not None:
        usage["cleaner"] = _usage(clean_stats)
    vc = verdicts(raws, cleaned, matched, options, progress=progress)
    scores, counts = aggregate_columns(vc, matched, cols.samples, absent, refs)
    answers = None
    if judge is not None:
        answers, judge_stats = _judge(cols, matched, cleaned, judge)
        if judge_stats is not None:
            usage["judge"] = _usage(judge_stats)
    expected = len(refs) * len(samples)
    coverage = {
        "expected": expected,
        "scored": len(cols),
        "missing": len(absent),
        "ratio": len(cols) / expected,
        "prompts": len(refs),
        "samples": samples,
        "missing_policy": missing,
    }
    if absent:
        notes.append(f"{len(absent)} missing generations counted as failures")
    multi = any(len(r.aspects) > 1 for r in refs.values())
    has_variants = any(r.variant is not None for r in refs.values())
    judge_desc = judge.describe() if judge is not None else "none"
    result = ScoreResult(
        signature=signature(options, cleaner=cl.describe(), judge=judge_desc, dataset_version=versions[0]),
        options=options,
        cleaner=cl.describe(),
        judge=judge_desc,
        dataset_version=versions[0],
        scores=scores,
        counts=counts,
        coverage=coverage,
        materialize=lambda: materialize(cols, matched, cleaned, vc, absent, refs, answers),
        notes=notes,
        llm_usage=usage or None,
    )
    if judge is not None:
        result.quality, result.quality_counts = aggregate_quality(result.items)
    if multi:
        result.prompt_level = prompt_level(result.items)
    if has_variants:
        result.variants = variant_stats(result.items)
    return result


def _usage(stats: Any) -> dict[str, Any]:
    return dataclasses.asdict(stats) if dataclasses.is_dataclass(stats) else dict(stats)


def _judge(
    cols: GenerationColumns, matched: Sequence[Reference], cleaned: Sequence[str], judge: JudgeSpec
) -> tuple[list[Any], Any]:
    """Ask the quality judge once per (id, sample) about the cleaned text. Returns the answers (aligned with
    the generations) and the run's stats."""
    from lctg_metrics.llm.judge import judge_quality

    queries = []
    for i, ref in enumerate(matched):
        if ref.id not in judge.base_texts:
            raise ScoringError(f"quality judge: no base text for id {ref.id!r} (give the dataset the references came from)")
        queries.append((ref.task, judge.base_texts[ref.id], cleaned[i]))
    answers = judge_quality(queries, judge.protocol, judge.config, **dict(judge.run_options or {}))
    return list(answers), getattr(answers, "stats", None)
