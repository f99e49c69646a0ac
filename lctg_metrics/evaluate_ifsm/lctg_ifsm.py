# Copyright the lctg authors. Licensed under the Apache License, Version 2.0.
"""IFSM (story-ending instruction following scored by a multiple-choice reader): a thin `evaluate` shell over
:func:`lctg_metrics.ifsm.score_ifsm`, run as every family runs (:func:`lctg_metrics.family.run`)."""

from __future__ import annotations

import importlib
import os
from typing import Any

import datasets
import evaluate

from lctg_dataset.stories import load_story_rows
from lctg_dataset.stories.source import SOURCE_ENV
from lctg_metrics.api.modules import other_module
from lctg_metrics.compute_inputs import refuse_unknown
from lctg_metrics.families.ifsm import FAMILY, RENAMED
from lctg_metrics.family import option_values, run
from lctg_metrics.ifsm.stats import N_BOOT
from lctg_metrics.inputs.generations import read_generations
from lctg_metrics.option_surfaces import kwargs_description
from lctg_metrics.options import EVALUATE, LLM
from lctg_metrics.schema import Generation

#: read_generations: the Space app's file tab reads uploads with it; worked_example: its JSON tab's example
__all__ = ["LctgIfsm", "read_generations", "worked_example"]

_CITATION = """\
@inproceedings{ashida2022possible,
  title     = {Possible Stories: Evaluating Situated Commonsense Reasoning under Multiple Possible Scenarios},
  author    = {Ashida, Mana and Sugawara, Saku},
  booktitle = {Proceedings of the 29th International Conference on Computational Linguistics (COLING 2022)},
  year      = {2022}
}
"""

_DESCRIPTION = """\
IFSM (Instruction Following Score using an MRC model) asks whether a model's story ending follows an
instruction made from a Possible Stories question. The generated ending replaces the gold ending among the
four candidates; a multiple-choice reader answers the question; IFSM is the share of items where the reader
picks the generated ending. A lexical guard first fails degenerate endings (empty, question echo, context
copy, copied wrong candidate, a sentence repeated across stories) with a reason. Every result also reports the
reader's accuracy on gold endings, run-level validity tests against the gold endings (within-passage
dissimilarity, repetition, shifts toward the question or toward content-word salad), the built-in probes and
attack classes on their attack share, a validity verdict and a signature.
"""

_KWARGS_DESCRIPTION = (
    """
Args:
    predictions (`list` of `str`): the generated ending of each reference; the k-th ending of an id is its
        sample k, each sample is scored and the result is their mean (`samples`, signature `samples:N`).
    references (`list` of `str`): the `story_endings` row id of each prediction (`story_endings/<question_id>`).
        Every row of `split` is scored; a row without a prediction is refused unless `missing` says otherwise (a
        prediction given as "" is an empty ending).
    reader (`str`, default 'embedding', as `lctg ifsm`): `embedding` (offline, weak), `embedding-e5`, or `llm` (give
        `llm_base_url`, `llm_model`).
    reader_options (`dict`, optional): what the named reader is built with, as `run("ifsm", ...)` takes it
        (`{"head_path": ...}`; `head=` and the `llm_*` keywords below fill it, each setting named once).
    stories_source (`str`, optional): folder with Possible Stories dev.jsonl and test.jsonl (the contexts come from
        it; `lctg ifsm --stories-source`); default `$POSSIBLE_STORIES`, else ../shared/possible-stories.
    split (`str`, default 'eval'): `eval` (the half no head was fitted on), `fit`, or `all`.
    missing (`str`, default 'error'): a row of `split` without a prediction: `error` (refused), `fail` (scored as a
        failure, guard reason `missing`) or `skip` (the predictions present scored, `cover:SCORED/EXPECTED` signed,
        the result not valid: a run's validity is read from every item of the split).
    seed (`int`, default 0): split, instruction templates and bootstrap seed.
    head (`str`, optional): head file of an embedding reader (default: the shipped one).
    adversarial (`bool`, default True): score the probes and attack classes (without them the result is invalid).
    dissimilarity (`str`, default 'auto'): encoder for dissimilarity (`auto`: use-m3 if installed; `none`).
    guard_encoder (`str`, default 'auto'): encoder of the guard's question similarity (`auto`, a name, or `none`).
    ci (`bool`, default True): the 95% intervals; always computed (a run's validity is read from them): False is
        refused, as `run("ifsm", ...)` refuses it.
    ci_resamples (`int`, default 1000): bootstrap resamples over items for the 95% intervals (as in lctg_ctg and
        lctg_if; `n_boot=` of earlier versions is refused naming it).
    attack_cache (`bool`, default True): reuse the cached gold run and attack table (`$LCTG_CACHE_DIR`).
    return_items (`bool`, default False): also return per-item `items` (id, hit, choice, guard, dissimilarity,
        passage_dissimilarity and passage_dissimilarity_gold: the within-passage Dissimilarity of its passage).
    llm_* (the `llm` reader's endpoint and client, as in `lctg score`):
"""
    + kwargs_description(EVALUATE, LLM, indent="        ")
    + """
Returns:
    A flat dict: `ifsm`, `ifsm_ci_low`, `ifsm_ci_high`, `reader_accuracy` (+ CI; IFSM of the gold endings, chance
    0.25), `n`, `flagged`, `unparseable`, `adversarial/<set>` and `adversarial/<set>/reader_alone` for each probe,
    `attack/<name>` (IFSM on the attack share) and `attack/<name>/valid` for each attack class and mix,
    `check/<test>` (whether the run passes each run-level validity test),
    `dissimilarity_to_gold`, `dissimilarity_within_passage` (None without an encoder), `valid`,
    `invalid_reasons` and `signature`; with `return_items=True` also `items`.
Examples:
    Gold endings score exactly the reader's accuracy; echoing the question is caught by the guard (self-written
    stories in tests/data/ifsm; your copy of Possible Stories works the same way):

    >>> import evaluate
    >>> from lctg_dataset.stories import load_story_rows
    >>> metric = evaluate.load("lctg_ifsm")
    >>> rows = load_story_rows("tests/data/ifsm", split="eval")
    >>> ids = [r["id"] for r in rows]
    >>> out = metric.compute(predictions=[r["gold_ending"] for r in rows], references=ids, reader="embedding",
    ...                      stories_source="tests/data/ifsm", dissimilarity="none")
    >>> out["ifsm"] == out["reader_accuracy"], out["n"], out["flagged"]
    (True, 5, 0)
    >>> [k.split("/")[1] for k in out if k.startswith("adversarial/") and k.count("/") == 1]
    ['question_reworded', 'question_fragment', 'question_obfuscated', 'question_translated', 'all_candidates', 'over_length', 'question_restated', 'wrong_plus_question', 'context_copy', 'generic', 'distractor_swap']
    >>> out["signature"]  # doctest: +ELLIPSIS
    'ifsm|reader:embedding-use-m3@v4-abl+use-m3@...|weak:yes|reader_acc:...|split:eval|templates:ifsm-instr-v1|...'
    >>> echo = metric.compute(predictions=[r["question"] for r in rows], references=ids, reader="embedding",
    ...                       stories_source="tests/data/ifsm", dissimilarity="none", adversarial=False)
    >>> echo["ifsm"], echo["flagged"], echo["valid"]
    (0.0, 5, False)
"""  # noqa: E501 (a doctest's printed output)
)


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class LctgIfsm(evaluate.Metric):
    """IFSM: story-ending instruction following."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": datasets.Value("string"), "references": datasets.Value("string")}
            ),
            homepage="https://github.com/nii-cl/possible-stories",
            codebase_urls=["https://github.com/nii-cl/possible-stories"],
            reference_urls=["https://github.com/nii-cl/possible-stories"],
        )

    def worked_example(self, stories_source: Any = None, split: str = "eval", endings: str = "gold") -> tuple:
        """The card's worked example, reached from the loaded metric (``evaluate.load`` imports this file under a
        name of its own): the module's :func:`worked_example`."""
        return worked_example(stories_source, split, endings)

    def compute(self, *, predictions: Any = None, references: Any = None, **kwargs: Any) -> Any:
        """``evaluate``'s compute; a keyword ``_compute`` does not take is refused naming this call."""
        for old, (new, why) in RENAMED.items():  # one name per setting: the family's (families.ifsm.OPTIONS)
            if old in kwargs:
                raise TypeError(f"lctg_ifsm.compute(): {old}= is {new}= ({why})")
        refuse_unknown("lctg_ifsm", self._compute, kwargs)
        return super().compute(predictions=predictions, references=references, **kwargs)

    def _compute(
        self,
        predictions,
        references,
        reader="embedding",
        reader_options=None,
        stories_source=None,
        split="eval",
        missing="error",
        seed=0,
        head=None,
        adversarial=True,
        dissimilarity="auto",
        guard_encoder="auto",
        ci=True,
        ci_resamples=N_BOOT,
        attack_cache=True,
        return_items=False,
        llm_base_url=None,
        llm_model=None,
        llm_api_key_env="OPENAI_API_KEY",
        llm_concurrency=8,
        llm_cache=None,
        llm_timeout=120.0,
        llm_max_retries=6,
        llm_temperature=None,
        llm_max_tokens=None,
        llm_seed=None,
        llm_top_p=None,
    ):
        if reader is None:
            raise ValueError(
                "lctg_ifsm: choose reader='embedding' (offline) or reader='llm' (with llm_base_url, llm_model)"
            )
        if split not in ("eval", "fit", "all"):
            raise ValueError(f"lctg_ifsm: split must be 'eval', 'fit' or 'all', got {split!r}")
        if type(return_items) is not bool:
            raise ValueError(f"lctg_ifsm: return_items must be a bool, got {return_items!r}")
        if reader_options is not None and not isinstance(reader_options, dict):
            raise ValueError(
                "lctg_ifsm: reader_options must be a dict (e.g. {'head_path': ...}), got "
                + type(reader_options).__name__
            )
        settings = {"ci": ci, "ci_resamples": ci_resamples, "seed": seed, "adversarial": adversarial,
                    "guard_encoder": guard_encoder, "attack_cache": attack_cache}  # fmt: skip
        option_values(FAMILY, settings)  # the family's kinds and bounds, before the rows (ci=False: its one line)
        if ci is not True:
            raise ValueError(
                "ifsm: ci=False: IFSM always computes its 95% intervals (a run's validity is read from them); "
                "ci_resamples sets their resamples"
            )
        refuse_other_ids(references)
        generations: list[Generation] = []
        seen: dict[Any, int] = {}
        for number, (ref, pred) in enumerate(zip(references, predictions)):
            seen[ref] = seen.get(ref, -1) + 1  # the k-th ending of an id is its sample k
            generations.append(Generation(str(ref), pred or "", seen[ref], where=f"references[{number}]"))
        options = dict(reader_options or {})
        run_family, family, story_rows = run, FAMILY, load_story_rows
        if reader == "llm":
            (run_family, family, story_rows), config_from_options = _with_llm()
            if "config" not in options or llm_base_url or llm_model:  # else the LLMConfig given in reader_options
                _once(options, "config", "llm_base_url/llm_model")
                if not llm_base_url or not llm_model:  # this module's keywords, not the command's flags
                    raise ValueError(
                        "lctg_ifsm: the llm reader needs an OpenAI-compatible endpoint and a model: pass "
                        "llm_base_url='http://127.0.0.1:8000/v1' with llm_model='Qwen2.5-7B-Instruct'"
                    )
                options["config"] = config_from_options(locals())  # the declared llm_* keywords (tests/test_options.py)
        elif head is not None:
            _once(options, "head_path", "head")
            options["head_path"] = head
        rows = story_rows(_stories(stories_source), include_contexts=True, seed=seed)
        result = _run_family(  # the family's one run: each sample scored, their mean
            run_family,
            family,
            generations,
            rows=rows,
            options={
                "reader": reader,
                "reader_options": options,
                "split": split,
                "missing": missing,
                "adversarial": adversarial,
                "dissimilarity": dissimilarity,
                "guard_encoder": guard_encoder,
                "ci_resamples": ci_resamples,
                "seed": seed,
                "attack_cache": attack_cache,
            },
        )
        out = dict(result.flat)
        if return_items:
            out["items"] = [{k: v for k, v in d.items() if k != "signature"} for d in result.details]
        return out


def worked_example(stories_source=None, split="eval", endings="gold"):
    """The worked example the card shows and the Space's JSON tab fills in: ``(predictions, references, options)``
    for the gold ending of every story of ``split`` with the offline reader and the default options, a whole run as
    ``lctg ifsm`` scores it (its IFSM is the reader's accuracy). A run is every row of the split: the gold endings of
    a few stories would score near 0 (the others fail as empty), not what the card describes. ``endings="question"``
    gives each story's question as its ending instead (the echo the guard fails)."""
    if endings not in ("gold", "question"):
        raise ValueError(f"lctg_ifsm: worked_example endings must be 'gold' or 'question', got {endings!r}")
    stories = _stories(stories_source)
    rows = load_story_rows(stories, split=None if split == "all" else split)
    options = {"reader": "embedding", "split": split}
    if stories:
        options["stories_source"] = str(stories)
    field = "gold_ending" if endings == "gold" else "question"
    return [r[field] for r in rows], [r["id"] for r in rows], options


#: The family's errors name an option both ways (``--missing skip / missing='skip'``); here, the keyword.
_KEYWORDS = (
    ("--missing skip / missing='skip'", "missing='skip'"),
    ("--missing fail / missing='fail'", "missing='fail'"),
)


def _run_family(run_family, family, generations, **kwargs):
    """``run_family``, its refusals naming this module's keywords (:data:`_KEYWORDS`)."""
    try:
        return run_family(family, generations, **kwargs)
    except Exception as e:
        message = str(e)
        for both, keyword in _KEYWORDS:
            message = message.replace(both, keyword)
        if message == str(e):
            raise
        raise type(e)(message) from None


def _once(reader_options, key, keywords):
    """A reader setting given both in ``reader_options`` and by its keyword: one line naming both."""
    if key in reader_options:
        raise ValueError(f"lctg_ifsm: reader_options[{key!r}] and {keywords}= both set the reader's {key}; give one")


def refuse_other_ids(references):
    """References that are all another family's row ids (LCTG, instructions): one line naming the module for them."""
    ids = [str(r) for r in list(references)[:50]]
    hints = {other_module(rid, "lctg_ifsm") for rid in ids}
    if ids and len(hints) == 1 and None not in hints:
        raise ValueError(f"lctg_ifsm: references[0]: {ids[0]!r} is not a story_endings row id; {hints.pop()}")


def _stories(stories):
    """The Possible Stories folder as ``lctg ifsm`` finds it: ``stories_source=``, else ``$POSSIBLE_STORIES``, else the
    installed lctg package's default (the standalone copy a build carries runs from evaluate's module cache, which
    has no checkout beside it)."""
    if stories is not None or os.environ.get(SOURCE_ENV) or load_story_rows.__module__.startswith("lctg_dataset."):
        return stories  # given, or read by the package's own default
    try:  # by name: the standalone copy's imports of lctg_dataset are its own flattened modules
        return importlib.import_module("lctg_dataset.stories.source").default_source_dir()
    except ImportError:
        raise ValueError(
            f"lctg_ifsm: stories_source= is needed: the folder of your Possible Stories copy (dev.jsonl, "
            f"test.jsonl), or ${SOURCE_ENV}; the story contexts are never part of the dataset or this module"
        ) from None


def _with_llm():
    """``run``, the IFSM family, ``load_story_rows`` and ``config_from_options`` of a package that has the LLM
    client: this module's own, or, in the standalone copy a build carries (which leaves the client out), the installed
    lctg package's when it is installed with its llm extra; else the install hint."""
    own = (run, FAMILY, load_story_rows)
    if run.__module__.startswith("lctg_metrics."):  # the package's module: its own client
        from lctg_metrics.llm.config import config_from_options

        return own, config_from_options
    names = ("lctg_metrics.family", "lctg_metrics.families.ifsm", "lctg_dataset.stories", "lctg_metrics.llm.config")
    try:  # by name: the standalone copy's imports of lctg_metrics are its own flattened modules
        family, ifsm, stories, config = (importlib.import_module(name) for name in names)
    except ImportError:
        from lctg_metrics.llm.config import config_from_options  # the standalone copy: the install hint

        return own, config_from_options
    return (family.run, ifsm.FAMILY, stories.load_story_rows), config.config_from_options
