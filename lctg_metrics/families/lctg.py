"""LCTG Bench as a metric family: the rows of a built config, its constraints scored by the one pipeline
(:func:`lctg_metrics.scoring.score`, the cleaner from its registry); several samples per prompt are LCTG's own (the
mean over samples is its formula), so :func:`lctg_metrics.family.run` hands it every generation at once."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_metrics.api import run_steps
from lctg_metrics.family_protocol import FamilyResult
from lctg_metrics.options import API, BY_NAME, SCORING, Option, options_for
from lctg_metrics.profiles import resolve_options
from lctg_metrics.schema import Generation, check_generation
from lctg_metrics.scoring.result import ItemVerdict
from lctg_metrics.signature import LCTG, Family

#: The bootstrap's options, the same names in every family: ``ci`` (off by default, as ``lctg score`` without
#: ``--ci``), ``ci_resamples`` and ``seed``.
CI_OPTIONS = ("ci", "ci_resamples", "seed")


class LctgFamily:
    """The LCTG family: scoring options, the cleaner (offline ones: an LLM cleaner or the judge go through
    :func:`lctg_metrics.api.score_predictions` or ``lctg score``) and the missing-generation policy."""

    signature: Family = LCTG
    options: tuple[Option, ...] = (
        *options_for(API, SCORING),
        BY_NAME["cleaner"],
        BY_NAME["missing"],
        *(BY_NAME[name] for name in CI_OPTIONS),
    )
    detail_fields: tuple[str, ...] = (*(f for f in ItemVerdict._fields if not f.startswith("quality")), "signature")
    per_sample = False

    def rows(self, folder: str | os.PathLike[str], config: str) -> list[dict[str, Any]]:
        from lctg_metrics.inputs.folder import read_rows

        return read_rows(folder, config)

    def score(
        self,
        generations: Sequence[Generation],
        rows: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any],
        source: str | None,
    ) -> FamilyResult:
        from lctg_metrics.render.terminal import format_table
        from lctg_metrics.scoring import score

        if options["ci"]:  # checked before scoring, by the options' names
            from lctg_metrics.stats.bootstrap import check_resampling, check_seed

            check_resampling(options["ci_resamples"], 0.95, name="ci_resamples")
            check_seed(options["seed"], name="seed")
        for g in generations:  # each checked as the API checks a prediction (one line naming it)
            check_generation(g)
        scoring = {o.name: options[o.name] for o in options_for(API, SCORING) if o.name != "profile"}
        steps = run_steps(options["cleaner"], [g.cleaned for g in generations], judge=False, dataset=None, llm=None)
        result = score(
            generations,
            [r["constraint"] for r in rows],
            options=resolve_options(options["profile"], **scoring),
            cleaner=steps.cleaner,
            missing=options["missing"],
            dataset_source=source,
        )
        details = [{**_ordered(it), "signature": result.signature} for it in result.items]
        flat, as_json, cis = {**result.flat()}, result.to_dict(), None
        if options["ci"]:  # as score_predictions(ci=True) and lctg score --ci give them
            from lctg_metrics.analysis.cis import ci_table

            cis = ci_table(result, n_resamples=options["ci_resamples"], seed=options["seed"])
            for task, per in cis.items():
                for key, (low, high) in per.items():
                    flat[f"{task}/{key}/ci_low"], flat[f"{task}/{key}/ci_high"] = low, high
            as_json["ci"] = {
                "level": 0.95, "resamples": options["ci_resamples"], "seed": options["seed"],
                "intervals": {task: {k: list(iv) for k, iv in per.items()} for task, per in cis.items()},
            }  # fmt: skip
        return FamilyResult(
            result.signature,
            {**flat, "signature": result.signature},
            as_json,
            details,
            format_table(result, cis=cis),
            native=result,
        )


def _ordered(item: ItemVerdict) -> dict[str, Any]:
    """A verdict's details line in the declared field order (its ``to_dict`` holds the same fields)."""
    d = item.to_dict()
    return {f: d[f] for f in ItemVerdict._fields if f in d}


FAMILY = LctgFamily()
