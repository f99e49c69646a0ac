"""Plain Python API (no evaluate needed) and the implementation behind ``evaluate.load("lctg_ctg")``.

    from lctg_metrics.api import score_predictions
    score_predictions(predictions, ds["constraint"], cleaner="rule")   # {"summary/format": 0.9, ..., "signature": ...}

Sharded scoring (``Dataset.map``, Ray, Spark): :class:`ShardScorer` turns a batch of generations into count rows,
:func:`merge` adds the rows or counts of every shard, :meth:`ShardScorer.finalize` makes the result.
"""

from __future__ import annotations

import os
from collections import defaultdict
from typing import Any, Iterable, Mapping, Sequence

from lctg_metrics.cleaners import get_cleaner
from lctg_metrics.options import resolve_options
from lctg_metrics.scoring import (
    Counts, GenerationColumns, JudgeSpec, Reference, ScoreResult, ScoringError, finalize, gc_paused, index_references,
    score, score_part,
)


def references_from(references: Iterable[Any]) -> list[dict[str, Any]]:
    """Accept the dataset's ``constraint`` column as a list, a ``datasets`` Column, or rows with a ``constraint``.

    The same dict object repeated (several samples of one prompt) is not copied again."""
    out = []
    converted: dict[int, dict[str, Any]] = {}
    for i, r in enumerate(references):
        if type(r) is dict and "aspects" in r:  # the common case: a constraint dict, used as is
            out.append(r)
            continue
        known = converted.get(id(r))
        if known is not None:
            out.append(known)
            continue
        if isinstance(r, Reference):
            d = dict(r.__dict__)
        elif isinstance(r, Mapping) and "constraint" in r and "aspects" not in r:
            d = dict(r["constraint"])
        elif isinstance(r, Mapping):
            d = dict(r)
        else:
            raise ScoringError(f"references[{i}]: expected a constraint dict (the dataset's 'constraint' column), "
                               f"got {type(r).__name__}")
        converted[id(r)] = d
        out.append(d)
    return out


def occurrence_samples(ids: Sequence[str]) -> list[int]:
    """Sample index of each prediction: the k-th prediction for an id is sample k (0-based)."""
    seen: dict[str, int] = defaultdict(int)
    out = []
    for rid in ids:
        out.append(seen[rid])
        seen[rid] += 1
    return out


def _columns(predictions: Sequence[Any], refs: Sequence[Mapping[str, Any]], cleaned: Sequence[str | None] | None,
             samples: Sequence[int] | None) -> tuple[GenerationColumns, dict[str, dict[str, Any]]]:
    """Aligned predictions/references as generation columns and the distinct references by id."""
    preds = list(predictions)
    if len(preds) != len(refs):
        raise ScoringError(f"got {len(preds)} predictions but {len(refs)} references; they must be aligned one to one")
    ids = [r.get("id") for r in refs]
    if not {type(rid) for rid in ids} <= {str}:
        i = next(k for k, rid in enumerate(ids) if type(rid) is not str)
        raise ScoringError(f"references[{i}]: constraint field 'id' must be a string, got {ids[i]!r}")
    if not {type(p) for p in preds} <= {str}:
        i = next(k for k, p in enumerate(preds) if type(p) is not str)
        kind = "null" if preds[i] is None else type(preds[i]).__name__
        raise ScoringError(f"predictions[{i}] (id {ids[i]!r}): generation must be a string, got {kind}")
    if cleaned is not None and len(cleaned) != len(preds):
        raise ScoringError(f"got {len(cleaned)} cleaned texts but {len(preds)} predictions")
    if samples is not None and len(samples) != len(preds):
        raise ScoringError(f"got {len(samples)} sample indices but {len(preds)} predictions")
    sample_ids = list(samples) if samples is not None else occurrence_samples(ids)
    unique: dict[str, dict[str, Any]] = dict(zip(ids, refs))
    if not all(unique[rid] is r or unique[rid] == r for rid, r in zip(ids, refs)):
        i = next(k for k, (rid, r) in enumerate(zip(ids, refs)) if unique[rid] != r)
        raise ScoringError(f"references[{i}]: id {ids[i]!r} appears with two different constraints")
    return GenerationColumns(ids, preds, sample_ids, None if cleaned is None else list(cleaned)), unique


def _steps(cleaner: str | None, has_cleaned: bool, judge: bool, dataset: Any, llm: Any,
           empty_cleaner_answer: str = "keep") -> tuple[Any, Any]:
    """The cleaner object and the judge spec (or None) for the API's options."""
    name = cleaner or ("provided" if has_cleaned else "rule")
    protocol = None
    if name == "llm" or judge:
        if llm is None or dataset is None:
            raise ScoringError("cleaner='llm' and judge=True need llm=llm_config(base_url, model) and dataset=<the "
                               "dataset folder> (for its protocol prompts and base texts)")
        from lctg_metrics.io import read_protocol

        protocol = read_protocol(dataset)
    cl = (get_cleaner("llm", config=llm, protocol=protocol, run_options={"empty_answer": empty_cleaner_answer})
          if name == "llm" else get_cleaner(name))
    spec = None
    if judge:
        from lctg_metrics.io import base_texts

        spec = JudgeSpec(llm, protocol, base_texts(dataset))  # type: ignore[arg-type]
    return cl, spec


@gc_paused()
def score_predictions_result(
    predictions: Sequence[Any],
    references: Iterable[Any],
    *,
    cleaned: Sequence[str | None] | None = None,
    samples: Sequence[int] | None = None,
    cleaner: str | None = None,
    profile: str = "upstream",
    counting: str | None = None,
    normalization: str | None = None,
    affix_length: int | str | Mapping[str, int] | None = None,
    short_text: str | None = None,
    empty: str | None = None,
    think: str | None = None,
    missing: str = "error",
    judge: bool = False,
    empty_cleaner_answer: str = "keep",
    dataset: str | os.PathLike[str] | None = None,
    llm: Any = None,
) -> ScoreResult:
    """Score aligned predictions/references; the references' order decides nothing but the pairing.

    ``cleaner="llm"`` and ``judge=True`` need ``llm`` (an ``LLMConfig``, see :func:`llm_config`) and the
    ``dataset`` folder the references came from (its protocol prompts and base texts).
    """
    generations, unique = _columns(predictions, references_from(references), cleaned, samples)
    options = resolve_options(profile, counting=counting, normalization=normalization, affix_length=affix_length,
                              short_text=short_text, empty=empty, think=think)
    cl, spec = _steps(cleaner, cleaned is not None, judge, dataset, llm, empty_cleaner_answer)
    return score(generations, list(unique.values()), options=options, cleaner=cl, missing=missing, judge=spec)


def score_predictions(predictions: Sequence[Any], references: Iterable[Any], *, return_items: bool = False,
                      ci: bool = False, ci_resamples: int = 1000, seed: int = 0, **options: Any) -> dict[str, Any]:
    """Flat scores (``"{task}/{aspect}"`` and ``"{task}/average"`` floats) plus the one-line ``signature``.
    With ``ci=True`` also ``"{task}/{aspect}/ci_low"`` and ``…/ci_high``: a seeded bootstrap 95% CI over prompts.
    With ``return_items=True`` also ``items`` (per-item verdicts with reasons) and ``coverage``."""
    result = score_predictions_result(predictions, references, **options)
    out: dict[str, Any] = dict(result.flat())
    if ci:
        from lctg_metrics.analysis import ci_table

        for task, per in ci_table(result, n_resamples=ci_resamples, seed=seed).items():
            for key, (low, high) in per.items():
                out[f"{task}/{key}/ci_low"], out[f"{task}/{key}/ci_high"] = low, high
    out["signature"] = result.signature
    if return_items:
        out["items"] = [it.to_dict() for it in result.items]
        out["coverage"] = result.coverage
    return out


# ------------------------------------------------------------------------------------------ shards


class ShardScorer:
    """Score one batch of generations to count rows: ``Dataset.map(ShardScorer(refs), batched=True,
    num_proc=N, remove_columns=...)``. A batch has columns ``id``, ``generation``, ``sample`` (required: shards
    cannot number samples by occurrence) and optionally ``cleaned``; any batch size works."""

    def __init__(self, references: Iterable[Any], *, cleaner: str = "rule", profile: str = "upstream",
                 **options: Any) -> None:
        self.refs = index_references(references_from(references))
        self.options = resolve_options(profile, **options)
        self.cleaner = get_cleaner(cleaner)

    def counts(self, batch: Mapping[str, Sequence[Any]]) -> Counts:
        for column in ("id", "generation", "sample"):
            if column not in batch:
                raise ScoringError(f"batch has no {column!r} column (columns: {sorted(batch)})")
        if not len(batch["id"]):
            return Counts.empty()
        cols = GenerationColumns(list(batch["id"]), list(batch["generation"]), list(batch["sample"]),
                                 list(batch["cleaned"]) if "cleaned" in batch else None)
        with gc_paused():
            return score_part(cols, self.refs, options=self.options, cleaner=self.cleaner).counts

    def __call__(self, batch: Mapping[str, Sequence[Any]]) -> dict[str, list[Any]]:
        return self.counts(batch).to_rows()

    def finalize(self, parts: Any, *, missing: str = "error") -> ScoreResult:
        """The result of every shard's counts or count rows (see :func:`merge`)."""
        return finalize(merge(parts), self.refs, options=self.options, cleaner=self.cleaner.describe(),
                        missing=missing)


def merge(parts: Any) -> Counts:
    """Add up shards: Counts objects, count-row mappings (:meth:`Counts.to_rows`), or a ``datasets.Dataset`` of
    count rows (the output of ``Dataset.map(ShardScorer(...))``)."""
    if isinstance(parts, Counts):
        return parts
    if hasattr(parts, "to_dict") and hasattr(parts, "column_names"):  # a datasets.Dataset
        return Counts.from_rows(parts.to_dict())
    if isinstance(parts, Mapping):
        return Counts.from_rows(parts)
    total = Counts.empty()
    for part in parts:
        total = total + merge(part)
    return total


def llm_config(
    base_url: str | None,
    model: str | None,
    *,
    api_key_env: str = "OPENAI_API_KEY",
    concurrency: int = 8,
    cache_path: str | None = None,
    timeout: float = 120.0,
    max_retries: int = 6,
    temperature: float | None = None,
    max_tokens: int | None = None,
    seed: int | None = None,
    top_p: float | None = None,
) -> Any:
    """An ``LLMConfig`` for any OpenAI-compatible endpoint (the key is read from ``api_key_env`` at call time).
    The answer cache defaults to ``$LCTG_CACHE_DIR/llm_cache.sqlite`` (else ``~/.cache/lctg/``)."""
    from lctg_metrics.llm.client import LLMConfig

    if not base_url or not model:
        raise ScoringError("the LLM cleaner/judge needs a base URL and a model (any OpenAI-compatible endpoint, "
                           "e.g. --llm-base-url http://127.0.0.1:8000/v1 --llm-model Qwen2.5-7B-Instruct)")
    return LLMConfig(base_url=base_url, model=model, api_key_env=api_key_env, concurrency=concurrency,
                     cache_path=cache_path, timeout=timeout, max_retries=max_retries, temperature=temperature,
                     max_tokens=max_tokens, seed=seed, top_p=top_p)
