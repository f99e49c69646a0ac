# Copyright the lctg authors. Licensed under the Apache License, Version 2.0.
"""LCTG Bench controllability (CTG) metric: a thin `evaluate` shell over :mod:`lctg_metrics`.

In the package (and the repository's ``lctg_ctg`` link) it imports the installed ``lctg_metrics``; the copy a
dataset build writes (``metric_module.module_files()``) is generated from this file with the scoring core beside
it as ``_lctg_*.py`` modules, so it needs only ``evaluate``, ``regex`` and ``unicodedata2``.
"""

from __future__ import annotations

import importlib

import datasets
import evaluate

from lctg_dataset.constants import LCTG_CITATION
from lctg_metrics.api import score_predictions
from lctg_metrics.cleaners import CLEANERS
from lctg_metrics.compute_inputs import check_inputs, refuse_unknown
from lctg_metrics.family_protocol import check_run_arguments
from lctg_metrics.inputs.generations import read_generations
from lctg_metrics.option_surfaces import kwargs_description
from lctg_metrics.schema import CONSTRAINT_SCHEMA

#: The module's metric class, and the generations-file reader its Space app uses (as `lctg score` reads files).
__all__ = ["LctgCtg", "read_generations"]

_CITATION = LCTG_CITATION + "\n"

_DESCRIPTION = """\
LCTG Bench measures whether a Japanese LLM obeys business constraints: output only the answer (format),
stay within a character range (char_count), use a keyword (keyword), avoid a prohibited word
(prohibited_word), across summarization, ad-title writing and pros & cons writing. Each prediction is
checked against the constraint of its prompt; scores are the share of satisfied constraints per task ×
aspect (mean over samples of the per-sample accuracy, as upstream), plus each task's average of the four
aspects (the papers' CTG columns). The default profile reproduces the released upstream scripts exactly.
"""

_KWARGS_DESCRIPTION = (
    """
Args:
    predictions (`list` of `str`): the model's generations, one per reference.
    references (`list` of `dict`, or `list` of `str` with `dataset`): the dataset's `constraint` column, aligned
        with `predictions` (`ds["constraint"]`), or its row ids (`ds["id"]`, e.g. "summary/1614/char_count") with
        `dataset=` the folder or Hub repo id they come from (its constraints are read once). Several predictions
        for the same prompt are several samples. Every value must have its documented type; nothing is coerced.
    cleaned (`list` of `str`, optional): the generations with explanatory text before/after the answer
        removed. FORMAT compares raw vs cleaned; the other aspects are checked on the cleaned text.
    samples (`list` of `int`, optional): sample index of each prediction (default: k-th prediction of an id = sample k).
    return_items (`bool`): also return per-item verdicts with human-readable reasons.
    dataset (`str`, optional): the dataset folder (or Hub dataset repo id) the references come from: needed for
        references given as row ids (looked up in its `config`), by cleaner="llm" and
        judge=True (protocol prompts, base texts).
    revision (`str`, optional): the Hub revision (tag, branch or commit) of a `dataset` given as repo id; the
        signature names the commit it resolved to.
    config (`str`, default 'all'): the config of `dataset` the row ids are read from, as `lctg score --config`
        (`all`, `multi`, `variants`, `corrected`); an id of another config is refused naming the one to pass.
"""
    + kwargs_description(values={"cleaner": CLEANERS})
    + """
Returns:
    A flat dict: `"{task}/{aspect}"` and `"{task}/average"` floats in [0, 1] for every task present,
    `"overall/average"` when all three tasks are present, and `"signature"`, one line listing every
    setting that can change the score. With `return_items=True`, also `items` and `coverage`.
Examples:
    >>> import evaluate
    >>> metric = evaluate.load("lctg_ctg")
    >>> kw = {"id": "ad_text/1/keyword", "task": "ad_text", "prompt_id": 1, "aspects": ["keyword"],
    ...       "min_chars": None, "max_chars": None, "keyword": "抹茶", "prohibited_word": None,
    ...       "variant": None, "dataset_version": "1.0.0"}
    >>> cc = dict(kw, id="ad_text/1/char_count", aspects=["char_count"], keyword=None, min_chars=10, max_chars=20)
    >>> out = metric.compute(predictions=["京都の抹茶スイーツ専門店が新登場", "京都の抹茶スイーツ"],
    ...                      references=[kw, cc], cleaner="none")
    >>> out["ad_text/keyword"], out["ad_text/char_count"], out["ad_text/average"]
    (1.0, 0.0, 0.5)
    >>> out["signature"]  # doctest: +ELLIPSIS
    'lctg|profile:upstream|count:cp|norm:none|affix:10/10/10|...|cleaner:none|judge:none|data:1.0.0|version:...'

    Two samples of one prompt, the second with an added preamble, cleaned by the rule cleaner:

    >>> fmt = dict(kw, id="summary/7/format", task="summary", prompt_id=7, aspects=["format"], keyword=None)
    >>> out = metric.compute(predictions=["新しい抹茶カフェが京都に開店し、初日から行列ができた。",
    ...                                   "承知しました。以下が要約です。\\n"
    ...                                   "新しい抹茶カフェが京都に開店し、初日から行列ができた。"],
    ...                      references=[fmt, fmt], return_items=True)
    >>> out["summary/format"]
    0.5
    >>> [(it["sample"], it["passed"]) for it in out["items"]]
    [(0, True), (1, False)]
"""
)


#: The dataset's ``constraint`` column as evaluate features (from the one declaration in ``schema``).
_CONSTRAINT = {
    name: datasets.Sequence(datasets.Value("string")) if arrow == "list<string>" else datasets.Value(arrow)
    for name, (arrow, _) in CONSTRAINT_SCHEMA.items()
}


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class LctgCtg(evaluate.Metric):
    """LCTG Bench controllability metric."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            # references: the constraint dicts (first: the widget's input) or the row ids
            features=[
                datasets.Features({"predictions": datasets.Value("string"), "references": _CONSTRAINT}),
                datasets.Features({"predictions": datasets.Value("string"), "references": datasets.Value("string")}),
            ],
            homepage="https://github.com/CyberAgentAILab/LCTG-Bench",
            codebase_urls=["https://github.com/CyberAgentAILab/LCTG-Bench"],
            reference_urls=["https://github.com/CyberAgentAILab/LCTG-Bench"],
        )

    def compute(self, *, predictions=None, references=None, **kwargs):
        """As `evaluate.Metric.compute`, with every input checked first (nothing is coerced). In one process with
        nothing added before, the inputs go straight to `_compute`: evaluate's Arrow round trip of a million
        items costs more than scoring them. A keyword `_compute` does not take is refused naming this call."""
        refuse_unknown("lctg_ctg", self._compute, kwargs)
        if predictions is None and references is None:  # after add_batch / add
            return super().compute(**kwargs)
        if self.num_process == 1 and self.writer is None:
            return self._compute(predictions=predictions, references=references, **kwargs)
        predictions, references = check_inputs(predictions, references)
        return super().compute(predictions=predictions, references=references, **kwargs)

    def add_batch(self, *, predictions=None, references=None, **kwargs):
        """As `evaluate.Metric.add_batch`, with the inputs checked first."""
        predictions, references = check_inputs(predictions, references)
        return super().add_batch(predictions=predictions, references=references, **kwargs)

    def add(self, *, prediction=None, reference=None, **kwargs):
        """As `evaluate.Metric.add`, with the inputs checked first."""
        check_inputs([prediction], [reference])
        return super().add(prediction=prediction, reference=reference, **kwargs)

    def _enforce_nested_string_type(self, schema, obj):
        # Constraint fields of other aspects are null (e.g. `keyword` of a char_count prompt); evaluate's
        # string check would reject None, so skip nulls and check everything else as evaluate does.
        if obj is None:
            return None
        return super()._enforce_nested_string_type(schema, obj)

    def _compute(
        self,
        predictions,
        references,
        cleaned=None,
        samples=None,
        cleaner=None,
        profile="upstream",
        counting=None,
        normalization=None,
        affix_length=None,
        short_text=None,
        empty=None,
        think=None,
        missing="error",
        return_items=False,
        ci=False,
        ci_resamples=1000,
        seed=0,
        judge=False,
        dataset=None,
        revision=None,
        config="all",
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
        empty_cleaner_answer="keep",
    ):
        check_run_arguments("lctg_ctg", dataset=None, rows=None, revision=revision, config=config)  # dataset: below
        if dataset is None and config != "all":
            raise ValueError(f"lctg_ctg: config={config!r} names the config of dataset= the row ids come from; no "
                             "dataset was given")  # fmt: skip
        llm, score = None, score_predictions
        calls_llm = cleaner in CLEANERS and CLEANERS[cleaner].calls_llm
        needs = (
            f"lctg_ctg: {f'cleaner={cleaner!r}' if calls_llm else 'judge=True'} needs llm_base_url= and llm_model= "
            "(the endpoint; lctg_metrics.api.score_predictions needs llm=llm_config(base_url, model) instead) and "
            "dataset=<the dataset folder or Hub repo id> (its protocol prompts and base texts)"
        )
        if (calls_llm or judge is True) and not (llm_base_url and llm_model):
            raise ValueError(needs)
        if llm_base_url or llm_model:
            score, config_from_options = _with_llm()  # in a module without the LLM client: the install hint
            llm = config_from_options(locals())  # the declared llm_* keywords above (tests/test_options.py)
        if (calls_llm or judge is True) and dataset is None:
            raise ValueError(needs)
        return score(
            predictions,
            references,
            return_items=return_items,
            ci=ci,
            ci_resamples=ci_resamples,
            seed=seed,
            cleaned=cleaned,
            samples=samples,
            cleaner=cleaner,
            profile=profile,
            counting=counting,
            normalization=normalization,
            affix_length=affix_length,
            short_text=short_text,
            empty=empty,
            think=think,
            missing=missing,
            judge=judge,
            empty_cleaner_answer=empty_cleaner_answer,
            dataset=dataset,
            revision=revision,
            config=config if dataset is not None else None,
            llm=llm,
        )


def _with_llm():
    """``score_predictions`` and ``config_from_options`` of a package that has the LLM client: this module's own, or,
    in the standalone copy a build carries (which leaves the client out), the installed lctg package's when it is
    installed with its llm extra; else the install hint."""
    if score_predictions.__module__.startswith("lctg_metrics."):  # the package's module: its own client
        from lctg_metrics.llm.config import config_from_options

        return score_predictions, config_from_options
    try:  # by name: the standalone copy's imports of lctg_metrics are its own flattened modules
        api, config = importlib.import_module("lctg_metrics.api"), importlib.import_module("lctg_metrics.llm.config")
    except ImportError:
        from lctg_metrics.llm.config import config_from_options  # the standalone copy: the install hint

        return score_predictions, config_from_options
    return api.score_predictions, config.config_from_options
