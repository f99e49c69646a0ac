"""The toy family: rows ``{id, min_chars}`` of a ``toy`` config; a verdict per answer; the share that passed."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_metrics.family_protocol import FamilyResult
from lctg_metrics.inputs.families import read_config_table
from lctg_metrics.options import Option
from lctg_metrics.schema import Generation, ScoringError
from lctg_metrics.signature import Family
from lctg_metrics.verdict import Verdict

#: The toy's signature: whether blanks count, the data, the samples averaged (only when more than one).
TOY = Family(
    "toy",
    (("strip", "blanks left out of the count"), ("data", "dataset"), ("samples", "samples per prompt")),
    optional=frozenset({"samples"}),
)
BLANKS = (" ", "\u3000", "\n", "\t")


def verdict(text: str, least: int, strip: bool) -> Verdict:
    """Passed when the answer holds at least ``least`` characters (blanks left out with ``strip``)."""
    counted = "".join(c for c in text if c not in BLANKS) if strip else text
    n = len(counted)
    return Verdict(n >= least, f"{n} chars {'>=' if n >= least else '<'} min {least}")


class ToyFamily:
    signature = TOY
    options = (Option("strip", "leave blanks out of the count", "toy", bool, False, signature="strip"),)
    detail_fields = ("id", "passed", "reason")
    per_sample = True

    def rows(self, folder: str | os.PathLike[str], config: str) -> list[dict[str, Any]]:
        return [row for _, row in read_config_table(folder, config, ("id", "min_chars"))]

    def score(
        self,
        generations: Sequence[Generation],
        rows: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any],
        source: str | None,
    ) -> FamilyResult:
        texts = {g.id: g.text for g in generations}
        known = {str(r["id"]) for r in rows}
        unknown = next((g for g in generations if g.id not in known), None)
        if unknown is not None:
            raise ScoringError(f"{unknown.label()}: id {unknown.id!r} is no toy row")
        details = []
        for row in rows:
            if row["id"] not in texts:
                raise ScoringError(f"toy: no answer for id {row['id']!r}")
            v = verdict(texts[row["id"]], int(row["min_chars"]), options["strip"])
            details.append({"id": row["id"], "passed": v.passed, "reason": v.reason})
        share = sum(d["passed"] for d in details) / len(details)
        signature = TOY.build({"strip": "yes" if options["strip"] else "no", "data": source or "local"})
        flat = {"passed": share, "signature": signature}
        return FamilyResult(signature, flat, {**flat, "n": len(details)}, details, f"passed {share:.4f}\n{signature}")


FAMILY = ToyFamily()
