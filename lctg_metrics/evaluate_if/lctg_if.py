# Copyright the lctg authors. Licensed under the Apache License, Version 2.0.
"""Japanese verifiable-instruction metric (``lctg_if``): a thin `evaluate` shell over
:func:`lctg_metrics.instructions.score_instructions`, run as every family runs
(:func:`lctg_metrics.family.run`)."""

from __future__ import annotations

from typing import Any

import datasets
import evaluate

from lctg_metrics.api.modules import other_module
from lctg_metrics.compute_inputs import refuse_unknown
from lctg_metrics.families.instructions import FAMILY
from lctg_metrics.family import run
from lctg_metrics.family_protocol import check_run_arguments
from lctg_metrics.inputs.folder import read_manifest
from lctg_metrics.inputs.generations import read_generations
from lctg_metrics.inputs.hub import resolve_dataset
from lctg_metrics.instructions import checkers
from lctg_metrics.instructions.files import read_config_rows
from lctg_metrics.schema import Generation, ScoringError
from lctg_metrics.stats.bootstrap import check_resampling

#: The module's metric class, and the generations-file reader its Space app uses (as `lctg score` reads files).
__all__ = ["LctgIf", "read_generations"]

#: Importing every checker module fills the instruction registry (the package's ``__init__`` imports the same module).
_CHECKERS = checkers.MODULES

_CITATION = """\
@misc{horio2025ichikara,
  title  = {日本語の包括的な指示追従性データセットの構築},
  author = {堀尾 海斗 and 福田 創 and 小川 隼斗 and 鈴江 万碧 and 織田 宥楽 and 河原 大輔 and 関根 聡 and 安藤 まや},
  year   = {2025},
  note   = {ichikara-instruction-following-ja}
}
@misc{mifeval2025,
  title        = {{M-IFEval}: Multilingual Instruction-Following Evaluation},
  year         = {2025},
  howpublished = {\\url{https://github.com/lightblue-tech/M-IFEval}}
}
@misc{zhou2023ifeval,
  title  = {Instruction-Following Evaluation for Large Language Models},
  author = {Jeffrey Zhou and Tianjian Lu and Swaroop Mishra and Siddhartha Brahma and Sujoy Basu and Yi Luan and
            Denny Zhou and Le Hou},
  year   = {2023},
  eprint = {2311.07911},
  archivePrefix = {arXiv}
}
"""

_DESCRIPTION = """\
Japanese verifiable instructions: does a response follow every instruction of its prompt (length, format,
start/end, keywords, scripts, punctuation rules, ...)? Each instruction is checked by a deterministic Japanese
checker (morphological analysis for style and 体言止め), in strict mode and in IFEval's loose mode (the response
without its first/last line or markdown emphasis also counts). Scores are the share of prompts whose
instructions are all followed (prompt level), the share of followed instructions (instruction level), and the
instruction level per category of Horio et al.'s taxonomy. Instruction ids are the registry's (`keywords:existence`)
or M-IFEval-ja's (`ja:keywords:existence`).
"""

_KWARGS_DESCRIPTION = """
Args:
    predictions (`list` of `str`): one response per reference; with row ids, the k-th response of an id is its
        sample k, each sample is scored and the result is their mean (`samples`, signature `samples:N`).
    references (`list` of `dict` or `list` of `str`): for each prediction, the prompt's instructions
        `{"instruction_id_list": [...], "kwargs": [...]}` (kwargs: one JSON object string per instruction, as the
        `instructions` config stores them); or the rows' `id`s, with `dataset=`.
    dataset (`str`, optional): a built dataset folder or a Hub dataset repo id (`org/lctg`); references are then
        row ids of its `config`, and the categories are the rows' `categories`. The run is every row of the config
        (as `lctg if-score` reads it): a prediction missing for a row is refused, never signed as a whole run.
    revision (`str`, optional): the Hub revision (tag, branch or commit) of a `dataset` given as repo id; the
        signature names the commit it resolved to (as `lctg if-score --dataset ORG/NAME --revision R`).
    config (`str`): the dataset config read with `dataset=` (default "instructions").
    mode (`str`): "both" (default), "strict" or "loose": which verdicts are computed and returned.
    return_items (`bool`): also return `items`, one dict per instruction (key, instruction_id, index, strict,
        loose, reason), where key is the prediction's position (or the row id with `dataset=`).
    ci (`bool`): also return percentile bootstrap 95% intervals over prompts as `{name}_low` / `{name}_high`
        (default True, as `lctg if-score` and `run("instr", ...)` give them; ci=False leaves them out).
    ci_resamples (`int`): bootstrap resamples (default 1000).
    seed (`int`): bootstrap seed (default 0).
Returns:
    A flat dict: `prompt_level_strict`, `prompt_level_loose`, `instruction_level_strict`,
    `instruction_level_loose` (floats in [0, 1]), `"{category}/{mode}"` for every category present, and
    `signature`, one line listing every setting that can change a verdict.
Examples:
    >>> import evaluate
    >>> metric = evaluate.load("lctg_if")
    >>> refs = [{"instruction_id_list": ["keywords:existence", "rule:no_comma"],
    ...          "kwargs": ['{"keywords": ["抹茶"]}', '{}']},
    ...         {"instruction_id_list": ["length:chars"], "kwargs": ['{"max": 10}']}]
    >>> out = metric.compute(predictions=["京都で抹茶を飲んだ。", "京都の老舗で、抹茶を飲みました。"],
    ...                      references=refs)
    >>> out["prompt_level_strict"], out["instruction_level_strict"]
    (0.5, 0.6666666666666666)
    >>> out["キーワード使用/strict"], out["長さ指定/strict"]
    (1.0, 0.0)
    >>> out["signature"]  # doctest: +ELLIPSIS
    'instr|checkers:2.10|mode:strict+loose|morph:fugashi-...|loose:ifeval-variants|data:custom|version:...'

    Loose mode forgives a first line that announces the answer:

    >>> out = metric.compute(predictions=["以下が回答です。\\nきょうはいいてんきです"],
    ...                      references=[{"instruction_id_list": ["script:hiragana_only"], "kwargs": ["{}"]}],
    ...                      return_items=True)
    >>> out["prompt_level_strict"], out["prompt_level_loose"]
    (0.0, 1.0)
    >>> [(it["instruction_id"], it["strict"], it["loose"]) for it in out["items"]]
    [('script:hiragana_only', False, True)]
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class LctgIf(evaluate.Metric):
    """Japanese verifiable-instruction metric."""

    def _info(self) -> evaluate.MetricInfo:
        instructions = {
            "instruction_id_list": datasets.Sequence(datasets.Value("string")),
            "kwargs": datasets.Sequence(datasets.Value("string")),
        }
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=[
                datasets.Features({"predictions": datasets.Value("string"), "references": instructions}),
                datasets.Features({"predictions": datasets.Value("string"), "references": datasets.Value("string")}),
            ],
            homepage="https://github.com/lightblue-tech/M-IFEval",
            codebase_urls=["https://github.com/lightblue-tech/M-IFEval"],
            reference_urls=[
                "https://github.com/google-research/google-research/tree/master/instruction_following_eval"
            ],
        )

    def compute(self, *, predictions: Any = None, references: Any = None, **kwargs: Any) -> Any:
        """``evaluate``'s compute; a keyword ``_compute`` does not take is refused naming this call."""
        refuse_unknown("lctg_if", self._compute, kwargs)
        _check_inputs(predictions, references)
        return super().compute(predictions=predictions, references=references, **kwargs)

    def _compute(
        self,
        predictions,
        references,
        dataset=None,
        revision=None,
        config="instructions",
        mode="both",
        return_items=False,
        ci=True,
        ci_resamples=1000,
        seed=0,
    ):
        check_run_arguments("lctg_if", dataset=dataset, rows=None, revision=revision, config=config)
        source = None
        if dataset is not None:
            by_id, source = _rows_by_id(dataset, revision, config)
            unknown = [r for r in references if r not in by_id]
            if unknown:
                other = other_module(unknown[0], "lctg_if")  # the module and config that score it
                raise ValueError(
                    f"dataset={dataset!r}: config {config!r} has no row with id {unknown[0]!r}"
                    + (f"; {other}" if other else "")
                )
            absent = [rid for rid in by_id if rid not in set(references)]
            if absent:  # the run is every prompt of the config, as `lctg if-score` reads it
                raise ValueError(
                    f"dataset={dataset!r}: no prediction for {len(absent)} of the {len(by_id)} row(s) of config "
                    f"{config!r}, e.g. {absent[:3]}: every prompt of the config is scored (a part of it would be "
                    "signed as the whole run); give one prediction per row id, or score a subset by passing its "
                    "instruction dicts (the rows' instruction_id_list and kwargs) as references, without dataset="
                )
            rows = list(by_id.values())
            keys = list(references)
        elif revision is not None:
            raise ValueError(f"revision={revision!r} applies to dataset=<a Hub repo id>; no dataset was given")
        elif references and isinstance(references[0], str):
            raise ValueError(
                "references are row ids: pass dataset= (a built dataset folder or Hub repo id) to look them up"
            )
        else:  # each reference its own prompt, named by its position (ids are text; items give the position back)
            rows = [{"id": str(i), **r} for i, r in enumerate(references)]
            keys = [row["id"] for row in rows]
        generations: list[Generation] = []
        seen: dict[Any, int] = {}
        for number, (key, prediction) in enumerate(zip(keys, predictions)):
            seen[key] = seen.get(key, -1) + 1  # the k-th prediction of a row id is its sample k
            generations.append(Generation(key, prediction, seen[key], where=f"predictions[{number}]"))
        if ci:  # refused before any work, by the option's public name (as the CLI refuses --ci-resamples 0)
            check_resampling(ci_resamples, 0.95, name="ci_resamples")
        options = {"mode": mode, "ci": ci, "ci_resamples": ci_resamples, "seed": seed}
        # the family's one run: samples and their mean
        result = run(FAMILY, generations, rows=rows, options=options, source=source)
        out = dict(result.flat)
        if return_items:
            back = {} if dataset is not None else {k: n for n, k in enumerate(keys)}
            out["items"] = [{**d, "key": back.get(d["key"], d["key"])} for d in result.details]
        return out


#: The fields of a reference given as a dict (the ``instructions`` config's columns).
_FIELDS = ("instruction_id_list", "kwargs")


def _check_inputs(predictions: Any, references: Any) -> None:
    """One line for what evaluate's feature inference would turn into a bare IndexError or KeyError: no inputs,
    and a reference dict without one of :data:`_FIELDS`. (None for both: the batches added before are scored.)"""
    if predictions is None and references is None:
        return
    for name, given in (("predictions", predictions), ("references", references)):
        if given is None or (hasattr(given, "__len__") and len(given) == 0):
            raise ScoringError(f"lctg_if: {name} is empty; no references to score against")
    for i, ref in enumerate(references if isinstance(references, (list, tuple)) else ()):
        if isinstance(ref, dict):
            lacking = [f for f in _FIELDS if f not in ref]
            if lacking:
                raise ScoringError(
                    f"lctg_if: references[{i}] has no {' or '.join(map(repr, lacking))} field; a reference is "
                    "{'instruction_id_list': [...], 'kwargs': [one JSON object string per instruction]} or a row id"
                )


def _rows_by_id(dataset, revision, config):
    """The config's rows by id from a build folder or a Hub repo id at ``revision`` (fetched and verified as
    ``lctg if-score`` does), and the dataset's source for the signature (the repo, revision and commit; None for a
    folder)."""
    resolved = resolve_dataset(dataset, revision)
    configs = read_manifest(resolved.path)["configs"]
    if config not in configs:
        raise ScoringError(f"dataset={dataset!r}: no config {config!r} (config=); it has {', '.join(configs)}")
    return {row["id"]: row for row in read_config_rows(resolved.path, config)}, resolved.source()
