"""Plain Python API (no evaluate needed) and the implementation behind ``evaluate.load("lctg_ctg")``.

    from lctg_metrics.api import score_predictions
    score_predictions(predictions, ds["constraint"], cleaner="rule")   # {"summary/format": 0.9, ..., "signature": ...}
    score_predictions(predictions, ds["id"], dataset="lctg")           # the same, constraints read by row id

Any metric family (LCTG, ``instr``, ``ifsm``, or one registered with :func:`lctg_metrics.family.register_family`)
runs through the one :func:`run`: ``run("instr", "generations.jsonl", dataset="your-org/lctg", revision="v1.1.0")``.

Sharded scoring (``Dataset.map``, Ray, Spark): :class:`ShardScorer` turns a batch of generations into count rows,
:func:`merge` adds the rows or counts of every shard, :meth:`ShardScorer.finalize` makes the result.

What the inputs become (aligned columns, constraints read by row id, the dataset folder) is :mod:`.references`.
"""

from __future__ import annotations

import functools
import inspect
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from lctg_metrics.api.references import aligned_columns, dataset_and_source, dataset_folder, occurrence_samples
from lctg_metrics.cleaners import Cleaner, default_cleaner, entry
from lctg_metrics.family import run as family_run
from lctg_metrics.family_protocol import FamilyResult
from lctg_metrics.options import BY_NAME, check_ci_settings
from lctg_metrics.profiles import resolve_options
from lctg_metrics.schema import kind
from lctg_metrics.scoring import JudgeSpec, ScoreResult, ScoringError, gc_paused, score
from lctg_metrics.shards import ShardScorer, merge

__all__ = [
    "FamilyResult",
    "RunSteps",
    "ShardScorer",
    "llm_config",
    "merge",
    "occurrence_samples",
    "run",
    "run_steps",
    "score_predictions",
    "score_predictions_result",
]


@dataclass(frozen=True)
class RunSteps:
    """The steps of a run that are objects: the cleaner, the quality judge (or None), and whether either calls an
    LLM (as the cleaner's registry entry declares it)."""

    cleaner: Cleaner
    judge: JudgeSpec | None
    calls_llm: bool


def run_steps(
    cleaner: str | None,
    cleaned: Iterable[str | None] | None,
    *,
    judge: bool,
    dataset: Any,
    llm: Any,
    empty_cleaner_answer: str = "keep",
    run_options: Mapping[str, Any] | None = None,
) -> RunSteps:
    """The cleaner (``cleaner``, else the registry's default for the ``cleaned`` texts given) and the quality judge of
    a run, with the endpoint and the dataset's protocol prompts and base texts where a step calls an LLM. ``llm``: an
    ``LLMConfig``, or a function making one, called only then (the CLI's flags are read only when they apply);
    ``run_options`` (``progress``, ``dry_run``) go to both LLM steps. The one assembly of the API and ``lctg score``."""
    name = cleaner or default_cleaner(cleaned)
    chosen = entry(name)  # the registry, read once: the cleaner's factory and what it declares
    calls_llm = chosen.calls_llm
    if not (calls_llm or judge):
        return RunSteps(chosen.factory(), None, False)
    config = llm() if callable(llm) else llm
    if config is None or dataset is None:
        raise ScoringError(
            f"{f'cleaner={name!r}' if calls_llm else 'judge=True'} needs llm=llm_config(base_url, "
            "model) and dataset=<the dataset folder> (for its protocol prompts and base texts)"
        )
    if not (hasattr(config, "base_url") and hasattr(config, "model")):
        raise ScoringError(f"llm: expected llm_config(base_url, model) (an LLMConfig), got {type(config).__name__}")
    from lctg_metrics.inputs.folder import base_texts, read_protocol

    folder = dataset_folder(dataset)
    protocol = read_protocol(folder)
    options = dict(run_options or {})
    cl = (
        chosen.factory(config=config, protocol=protocol, run_options={**options, "empty_answer": empty_cleaner_answer})
        if calls_llm
        else chosen.factory()
    )
    spec = JudgeSpec(config, protocol, base_texts(folder), options or None) if judge else None
    return RunSteps(cl, spec, True)


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
    revision: str | None = None,
    config: str | None = None,
) -> ScoreResult:
    """Score aligned predictions/references; the references' order decides nothing but the pairing.

    ``cleaner="llm"`` and ``judge=True`` need ``llm`` (an ``LLMConfig``, see :func:`llm_config`) and the
    ``dataset`` folder the references came from (its protocol prompts and base texts). A Hub repo id as ``dataset``
    is read at ``revision`` through the Hugging Face cache, and the signature names the commit it resolved to.
    References given as row ids make a run of every prompt of their tasks, as ``lctg score --task`` reads it: a part
    of it is refused unless ``missing`` says otherwise (``"skip"`` signs the coverage, ``cover:SCORED/EXPECTED``).
    ``config``: the one dataset config row ids are read from (default: whichever of all, variants and multi holds
    them; the ``lctg_ctg`` module, like ``lctg score``, reads ``all`` unless told).
    """
    if config is not None and (not isinstance(config, str) or dataset is None):
        raise ScoringError(
            f"config: expected a dataset config name (str) with dataset=, got {kind(config)}"
            if not isinstance(config, str)
            else f"config={config!r} names the config row ids are read from; pass dataset= with it"
        )
    dataset, source = dataset_and_source(dataset, revision)
    generations, unique = aligned_columns(predictions, references, cleaned, samples, dataset, config)
    options = resolve_options(
        profile,
        counting=counting,
        normalization=normalization,
        affix_length=affix_length,
        short_text=short_text,
        empty=empty,
        think=think,
    )
    steps = run_steps(
        cleaner, cleaned, judge=judge, dataset=dataset, llm=llm, empty_cleaner_answer=empty_cleaner_answer
    )
    try:
        return score(
            generations,
            list(unique.values()),
            options=options,
            cleaner=steps.cleaner,
            missing=missing,
            judge=steps.judge,
            dataset_source=source,
        )
    except ScoringError as e:  # the scorer names an option both ways; here, the keyword argument
        message = python_words(str(e))
        if message == str(e):
            raise
        raise ScoringError(message) from None


#: The scorer's errors name an option both ways (``--missing skip / missing='skip'``); in Python, the keyword (the
#: API takes the tasks as the references given: there is no task option).
PYTHON_WORDS: tuple[tuple[str, str], ...] = (
    ("Score only some tasks with --task/task=, score", "Score"),
    ("--missing skip / missing='skip'", "missing='skip'"),
    ("--missing fail / missing='fail'", "missing='fail'"),
)


def python_words(message: str) -> str:
    """``message`` with the Python spelling of the options it names (:data:`PYTHON_WORDS`)."""
    for both, python in PYTHON_WORDS:
        message = message.replace(both, python)
    return _config_words(message)


#: The folder reader's refusal of a config, worded for the command line (``--dataset B: unknown config 'x'``).
_UNKNOWN_CONFIG = re.compile(r"^--dataset (?P<folder>.+?): unknown config (?P<config>'[^']*')")


def _config_words(message: str) -> str:
    """An unknown config as a Python call gives it: ``config='x': no such config in dataset 'B'``."""
    return _UNKNOWN_CONFIG.sub(lambda m: f"config={m['config']}: no such config in dataset {m['folder']!r}", message)


#: :func:`run` takes the scorer's options in its ``options`` dict (and the tasks as the rows given: no task option).
RUN_WORDS: tuple[tuple[str, str], ...] = (
    ("Score only some tasks with --task/task=, score", "Score"),
    ("--missing skip / missing='skip'", "options={'missing': 'skip'}"),
    ("--missing fail / missing='fail'", "options={'missing': 'fail'}"),
)


@functools.wraps(family_run)
def run(family: Any, generations: Any, **kwargs: Any) -> FamilyResult:
    """:func:`lctg_metrics.family.run`, its refusals naming what ``run`` itself takes (:data:`RUN_WORDS`)."""
    try:
        return family_run(family, generations, **kwargs)
    except ScoringError as e:
        message = str(e)
        for both, python in RUN_WORDS:
            message = message.replace(both, python)
        message = _config_words(message)
        if message == str(e):
            raise
        raise ScoringError(message) from None


#: The keyword options :func:`score_predictions` passes on to :func:`score_predictions_result`.
_OPTIONS = tuple(inspect.signature(score_predictions_result).parameters)[2:]


def score_predictions(
    predictions: Sequence[Any],
    references: Iterable[Any],
    *,
    return_items: bool = False,
    ci: bool = False,
    ci_resamples: int = 1000,
    seed: int = 0,
    **options: Any,
) -> dict[str, Any]:
    """Flat scores (``"{task}/{aspect}"`` and ``"{task}/average"`` floats) plus the one-line ``signature``.
    With ``ci=True`` also ``"{task}/{aspect}/ci_low"`` and ``…/ci_high``: a seeded bootstrap 95% CI over prompts.
    With ``return_items=True`` also ``items`` (per-item verdicts with reasons) and ``coverage``."""
    for name, flag in (("return_items", return_items), ("ci", ci), ("judge", options.get("judge", False))):
        if type(flag) is not bool:
            raise ScoringError(f"{name}: expected a bool, got {kind(flag)}")
    unknown = sorted(set(options) - set(_OPTIONS))
    if unknown:  # named here, not by the private function the options go on to
        accepted = ", ".join(["return_items", "ci", "ci_resamples", "seed", *_OPTIONS])
        raise TypeError(
            f"score_predictions() got unknown keyword argument(s) {', '.join(unknown)}; accepted: {accepted}"
        )
    # the bounds first, by the options' public names: following the ci hint below meets no second refusal
    if ci or (ci_resamples, seed) != (BY_NAME["ci_resamples"].default, BY_NAME["seed"].default):
        from lctg_metrics.stats.bootstrap import check_resampling, check_seed

        check_resampling(ci_resamples, 0.95, name="ci_resamples")
        check_seed(seed, name="seed")
    try:
        check_ci_settings(ci, {"ci_resamples": ci_resamples, "seed": seed})
    except ValueError as e:
        raise ScoringError(str(e)) from None
    result = score_predictions_result(predictions, references, **options)
    out: dict[str, Any] = dict(result.flat())
    if ci:
        from lctg_metrics.analysis.cis import ci_table

        for task, per in ci_table(result, n_resamples=ci_resamples, seed=seed).items():
            for key, (low, high) in per.items():
                out[f"{task}/{key}/ci_low"], out[f"{task}/{key}/ci_high"] = low, high
    out["signature"] = result.signature
    if return_items:
        out["items"] = [it.to_dict() for it in result.items]
        out["coverage"] = result.coverage
    return out


def llm_config(base_url: str | None, model: str | None, **settings: Any) -> Any:
    """An ``LLMConfig`` for any OpenAI-compatible endpoint (:func:`lctg_metrics.llm.config.llm_config`, the one
    constructor): ``settings`` by field (``api_key_env``, ``concurrency``, ``cache_path``, ``timeout``,
    ``max_retries``, ``temperature``, ``max_tokens``, ``seed``, ``top_p``), their defaults as the ``llm`` options
    declare them. The key is read from ``api_key_env`` at call time. The answer cache defaults to
    ``$LCTG_CACHE_DIR/llm_cache.sqlite`` (else ``~/.cache/lctg/``)."""
    from lctg_metrics.llm.config import (
        llm_config as make,
    )  # inside: the standalone metric module says how to install it

    return make(base_url, model, **settings)
