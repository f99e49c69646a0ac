"""What lm-evaluation-harness calls while it runs the LCTG tasks: select a subtask's docs, score one doc's
responses with the LCTG scorer. The ``utils.py`` of a written task folder binds these to its scoring options.

Per doc, ``process_results`` returns the scorer's own scores of that one row, read from its result (the one
formula, ``scoring/aggregate.py`` over ``Counts``): ``acc`` for a one-aspect row; one value per aspect, their
``average`` and ``prompt_level`` for a ``multi`` row. With one prompt, the formula's accuracy per sample averaged
over samples is the fraction of samples that pass, so the harness's mean over docs is the scorer's score.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lctg_metrics.family import run
from lctg_metrics.schema import Generation, ScoringError
from lctg_metrics.scoring.aggregate import AVERAGE

#: The metric of a one-aspect subtask (``lctg_summary_format``…), as the harness and its groups name it.
ACC = "acc"
#: The other extra metric of a ``multi`` subtask (besides one per aspect and ``average``).
PROMPT_LEVEL = "prompt_level"


def docs_where(**match: str) -> Callable[[Any], Any]:
    """``process_docs`` keeping the rows whose columns equal ``match`` (e.g. ``aspect="format"``)."""

    def process_docs(dataset: Any) -> Any:
        return dataset.filter(lambda row: all(row[k] == v for k, v in match.items()))

    return process_docs


def responses(results: Sequence[Any], where: str) -> list[Any]:
    """The samples of one doc: the harness passes one filtered response per request, a text (``take_first``)
    or a list of texts (``take_first_k`` over ``repeats``)."""
    if len(results) != 1:
        raise ScoringError(f"{where}: expected the responses of one generate_until request, got {len(results)}")
    texts = list(results[0]) if isinstance(results[0], (list, tuple)) else [results[0]]
    if not texts:
        raise ScoringError(f"{where}: no response to score")
    return texts


def doc_scores(doc: Mapping[str, Any], results: Sequence[Any], options: Mapping[str, Any]) -> dict[str, float]:
    """The per-doc metrics of one LCTG row (see the module docstring)."""
    constraint = doc.get("constraint")
    where = f"LCTG doc {doc.get('id')!r}"
    if not isinstance(constraint, Mapping):
        raise ScoringError(f"{where}: no 'constraint' (is the task reading an LCTG prompt config?)")
    texts = responses(results, where)
    rid: Any = constraint.get("id")  # checked with the generations (one line naming the doc)
    generations = [Generation(rid, text, k, where=f"{where} response {k}") for k, text in enumerate(texts)]
    # the LCTG family's one run (the samples of one row are LCTG's own): its ScoreResult read below
    result = run("lctg", generations, rows=[{"id": rid, "constraint": dict(constraint)}], options=options).native
    (task,) = result.scores  # one row: one task
    per_aspect = {aspect: score for aspect, score in result.scores[task].items() if aspect != AVERAGE}
    if len(per_aspect) == 1:
        return {ACC: next(iter(per_aspect.values()))}
    return {**per_aspect, AVERAGE: result.scores[task][AVERAGE], PROMPT_LEVEL: (result.prompt_level or {})[task]}


def scorer(options: Mapping[str, Any]) -> Callable[[Mapping[str, Any], Sequence[Any]], dict[str, float]]:
    """``process_results(doc, results)`` scoring with these options of the LCTG family (those of
    ``score_predictions_result`` the harness takes: the scoring options and an offline cleaner)."""
    frozen = dict(options)

    def process_results(doc: Mapping[str, Any], results: Sequence[Any]) -> dict[str, float]:
        return doc_scores(doc, results, frozen)

    return process_results
