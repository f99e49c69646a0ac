"""IFSM as a metric family: the ``story_endings`` rows (their contexts filled from the user's Possible Stories copy,
which the dataset may not redistribute), the guard and the reader (:func:`lctg_metrics.ifsm.score.score_ifsm`), one
ending per id and sample (:func:`lctg_metrics.family.run` scores each sample and takes the mean)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from lctg_metrics.family_protocol import FamilyResult
from lctg_metrics.ifsm.records import detail_records, flat_dict, result_dict
from lctg_metrics.ifsm.report import format_result
from lctg_metrics.ifsm.score import IFSM, score_ifsm
from lctg_metrics.inputs.families import read_config_table
from lctg_metrics.options import BY_NAME, Option
from lctg_metrics.schema import Generation, ScoringError
from lctg_metrics.signature import Family, parse

#: The columns of the ``story_endings`` config that scoring reads (``document`` is filled from the source).
REQUIRED_COLUMNS = ("id", "passage_id", "question_id", "split", "question", "instruction", "options", "gold_label")
SPLITS = {"eval": "eval", "fit": "fit", "all": "all"}

#: The options of an IFSM run, with ``lctg ifsm``'s defaults: the one declaration of their names (``api.run``'s
#: ``options``, the ``lctg_ifsm`` module's keywords, ``lctg ifsm``'s flags with dashes).
OPTIONS: tuple[Option, ...] = (
    Option(
        "reader", "multiple-choice reader: a name of ifsm.readers.READERS, or a Reader", "ifsm", object, "embedding"
    ),
    Option("reader_options", "what the named reader is built with (config=LLMConfig, head_path=…)", "ifsm", object),
    Option("stories_source", "your Possible Stories folder, for the contexts (default $POSSIBLE_STORIES)", "ifsm"),
    Option("split", "half to score: eval (default), fit or all", "ifsm", default="eval", choices=SPLITS),
    BY_NAME["missing"],
    BY_NAME["seed"],
    Option("adversarial", "run the attack sets (False: the result is invalid)", "ifsm", bool, True),
    Option("dissimilarity", "encoder for dissimilarity: a name, auto or none", "ifsm", default="auto"),
    Option("guard_encoder", "encoder of the guard's question similarity: a name, auto or none", "ifsm", default="auto"),
    Option("ci", "95% intervals: always computed (validity is read from them); False is refused", "ifsm", bool, True),
    BY_NAME["ci_resamples"],
    Option("attack_cache", "reuse the cached gold run and attack table", "ifsm", bool, True),
)
#: Names of earlier versions -> (the one name the setting has everywhere, what it is); given, they are refused
#: naming it (by ``run``'s options and the ``lctg_ifsm`` module's keywords alike).
RENAMED: dict[str, tuple[str, str]] = {
    old: (new, why)
    for new, why, olds in (
        ("ci_resamples", "bootstrap resamples, as in lctg_ctg and lctg_if and lctg ifsm --ci-resamples", ("n_boot",)),
        (
            "stories_source",
            "your Possible Stories folder, as lctg ifsm --stories-source and story_prompt_records",
            ("stories", "source"),
        ),
    )
    for old in olds
}


def _none(value: Any) -> Any:
    return None if value == "none" else value


class IfsmFamily:
    """The ``ifsm`` family."""

    signature: Family = IFSM
    options = OPTIONS
    renamed = RENAMED
    #: its intervals are always computed (ci=False is refused) and its seed also draws the split and the instruction
    #: templates: ``seed`` is not refused without ``ci`` (``family.option_values``)
    ci_always = True
    #: what its seed draws, named where a seed out of bounds is refused (as ``lctg ifsm --seed``'s help says it)
    seed_draws = "the eval/fit split, the instruction templates and the bootstrap"
    detail_fields: tuple[str, ...] = (
        "id",
        "hit",
        "choice",
        "guard",
        "dissimilarity",
        "passage_dissimilarity",
        "passage_dissimilarity_gold",
        "signature",
    )
    per_sample = True

    def rows(self, folder: str | os.PathLike[str], config: str) -> list[dict[str, Any]]:
        """The config's rows as built (their halves are the build's); contexts are filled when scoring."""
        return [row for _, row in read_config_table(folder, config, REQUIRED_COLUMNS)]

    def score(
        self,
        generations: Sequence[Generation],
        rows: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any],
        source: str | None,
    ) -> FamilyResult:
        if options["ci"] is not True:  # the name every family gives its intervals; IFSM's are always there
            raise ScoringError(
                "ifsm: ci=False: IFSM always computes its 95% intervals (a run's validity is read from them); "
                "ci_resamples sets their resamples"
            )
        chosen: Sequence[Mapping[str, Any]] = list(rows)
        if any(not r.get("document") for r in chosen):
            from lctg_dataset.stories import fill_contexts

            try:
                chosen = fill_contexts([dict(r) for r in chosen], options["stories_source"])
            except (KeyError, ValueError, OSError) as e:
                raise ScoringError(f"story_endings rows: {str(e).strip(chr(39))}") from None
        result = score_ifsm(
            {g.id: g.text for g in generations},
            chosen,
            reader=options["reader"],
            reader_options=options["reader_options"],
            split=None if options["split"] == "all" else options["split"],
            adversarial=options["adversarial"],
            dissimilarity_encoder=_none(options["dissimilarity"]),
            guard_encoder=_none(options["guard_encoder"]),
            n_boot=options["ci_resamples"],
            seed=options["seed"],
            return_items=True,
            attack_cache=options["attack_cache"],
            missing=options["missing"],
        )
        if source is not None:  # rows read from a Hub dataset: where they came from goes into the signature
            values: dict[str, str | None] = dict(parse(result.signature))
            version = values.pop("version")
            result = replace(result, signature=IFSM.build({**values, "data": source}, package_version=version))
        return FamilyResult(
            result.signature,
            flat_dict(result),
            result_dict(result),
            detail_records(result),
            format_result(result),
            native=result,
            valid=result.valid,
        )


FAMILY = IfsmFamily()
