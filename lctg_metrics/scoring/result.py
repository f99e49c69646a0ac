"""What a scoring run returns: per-item verdicts (:class:`ItemVerdict`) and the :class:`ScoreResult`, whose scores
are a view of its :class:`Counts` (see :mod:`lctg_metrics.scoring.aggregate`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from lctg_metrics.profiles import ScoringOptions
from lctg_metrics.scoring.aggregate import Summary
from lctg_metrics.scoring.counts import Counts


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


@dataclass
class ScoreResult:
    """Everything a scoring run produced. ``to_dict`` is the JSON result."""

    signature: str
    options: ScoringOptions
    cleaner: str
    judge: str
    dataset_version: str
    counts: Counts = field(repr=False)  # the mergeable tallies every score is computed from
    summary: Summary = field(repr=False)
    coverage: dict[str, Any] = field(default_factory=dict)
    materialize: Any = field(default=None, repr=False, compare=False)  # () -> list[ItemVerdict], called once
    notes: list[str] = field(default_factory=list)
    llm_usage: dict[str, dict[str, Any]] | None = None  # "cleaner"/"judge" -> calls, cache hits, tokens
    think: dict[str, Any] | None = None  # what --think did: mode, stripped, unfinished
    _items: list[ItemVerdict] | None = field(default=None, repr=False, compare=False)

    # the views of the counts
    @property
    def scores(self) -> dict[str, dict[str, float]]:
        return self.summary.scores

    @property
    def tallies(self) -> dict[str, dict[str, dict[str, int]]]:
        """passed / total / samples per task and aspect (the JSON result's ``counts``)."""
        return self.summary.counts

    @property
    def quality(self) -> dict[str, dict[str, float | None]] | None:
        return self.summary.quality

    @property
    def quality_counts(self) -> dict[str, dict[str, dict[str, int]]] | None:
        return self.summary.quality_counts

    @property
    def prompt_level(self) -> dict[str, float] | None:
        return self.summary.prompt_level

    @property
    def variants(self) -> dict[str, dict[str, dict[str, Any]]] | None:
        return self.summary.variants

    @property
    def overall_average(self) -> float | None:
        """Mean of the task averages (only when all three tasks were scored)."""
        return self.summary.overall_average

    @property
    def items(self) -> list[ItemVerdict]:
        """Per-item verdicts (id, sample, aspect, passed, reason, texts) in input order, missing ones last."""
        if self._items is None:
            if self.materialize is None:
                raise ValueError("this result was merged from counts: its per-item verdicts were not kept")
            self._items = self.materialize() if callable(self.materialize) else list(self.materialize)
        return self._items

    def flat(self) -> dict[str, float]:
        """``{"summary/format": 0.9, ..., "summary/average": 0.8, ...}`` — the evaluate-style output."""
        out: dict[str, float] = {}
        for task, per in self.scores.items():
            for key, value in per.items():
                out[f"{task}/{key}"] = value
        if self.quality:
            for task, per_quality in self.quality.items():
                for key, quality in per_quality.items():
                    if quality is not None:
                        out[f"{task}/{key}/quality"] = quality
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
            "counts": self.tallies,
        }
        if self.quality is not None:
            d["quality"] = self.quality
            d["quality_counts"] = self.quality_counts
        if self.prompt_level is not None:
            d["prompt_level"] = self.prompt_level
        if self.variants is not None:
            d["variants"] = self.variants
        if self.summary.upstream_rounding is not None:
            d["upstream_rounding"] = self.summary.upstream_rounding
        if self.think is not None:
            d["think"] = self.think
        if self.llm_usage is not None:
            d["llm_usage"] = self.llm_usage
        d["notes"] = self.notes
        return d
