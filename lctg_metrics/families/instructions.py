"""The Japanese verifiable instructions as a metric family: the rows of the ``instructions`` config, every
instruction checked in strict and loose mode (:func:`lctg_metrics.instructions.score.score_instructions`), one
generation per id and sample (:func:`lctg_metrics.family.run` scores each sample and takes the mean)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_metrics.family_protocol import FamilyResult
from lctg_metrics.instructions.files import read_config_rows
from lctg_metrics.instructions.score import INSTRUCTIONS, RUN_MODES, InstructionResult, data_name, score_instructions
from lctg_metrics.options import BY_NAME, Option
from lctg_metrics.schema import Generation
from lctg_metrics.signature import Family

#: The options of an instructions run (the bootstrap's as the project declares them; CIs on by default, as
#: ``lctg if-score`` computes them).
OPTIONS: tuple[Option, ...] = (
    Option(
        "mode",
        "verdicts to compute: both (default), strict or loose",
        group="instr",
        default="both",
        choices={m: m for m in RUN_MODES},
        signature="mode",
    ),
    Option("ci", "bootstrap 95% confidence intervals over prompts", group="instr", kind=bool, default=True),
    BY_NAME["ci_resamples"],
    BY_NAME["seed"],
    Option("progress", "a progress bar on stderr for large inputs", group="instr", kind=bool, default=False),
)


def flat(result: InstructionResult) -> dict[str, Any]:
    """The evaluate view: the flat scores, with each level's interval bounds when CIs were computed."""
    out = result.flat()
    if result.ci:
        s = result.aggregate.scores
        for level in ("prompt_level", "instruction_level"):
            for m, entry in s[level].items():
                out[f"{level}_{m}_low"], out[f"{level}_{m}_high"] = entry["low"], entry["high"]
    return out


def result_json(result: InstructionResult) -> dict[str, Any]:
    """The JSON result ``lctg if-score --json`` writes: :meth:`InstructionResult.to_dict` with its CI settings named
    as every command's JSON names them (``ci.resamples``, as ``lctg score --json``)."""
    out = result.to_dict()
    if out.get("ci"):
        ci = dict(out["ci"])
        ci["resamples"] = ci.pop("n_resamples")
        out["ci"] = {k: ci[k] for k in ("level", "resamples", "seed", "method") if k in ci}
    return out


def file_of(generations: Sequence[Generation]) -> str:
    """What errors call the generations: the file they were read from (``file:line`` labels), else generations."""
    where = generations[0].where if generations else ""
    return where.rpartition(":")[0] or "generations"


class InstructionsFamily:
    """The ``instr`` family."""

    signature: Family = INSTRUCTIONS
    options = OPTIONS
    detail_fields: tuple[str, ...] = ("key", "instruction_id", "index", "strict", "loose", "reason")
    per_sample = True

    def rows(self, folder: str | os.PathLike[str], config: str) -> list[dict[str, Any]]:
        return read_config_rows(folder, config)

    def score(
        self,
        generations: Sequence[Generation],
        rows: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any],
        source: str | None,
    ) -> FamilyResult:
        result = score_instructions(
            generations,
            rows,
            mode=options["mode"],
            ci=options["ci"],
            n_resamples=options["ci_resamples"],
            seed=options["seed"],
            data=f"{data_name(rows)}@{source}" if source else None,
            source=file_of(generations),
            progress=options["progress"],
        )
        return FamilyResult(result.signature, flat(result), result_json(result), result.details, result.table(), result)


FAMILY = InstructionsFamily()
