"""Counts from details records (the lines ``lctg score --details`` writes), so analyses of saved runs use the
same counts and the same formula as scoring itself."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from lctg_metrics.schema import ScoringError, check_detail
from lctg_metrics.scoring import tally as _tally
from lctg_metrics.scoring.counts import Counts


class _Quality:
    """The judge's answer for one generation as :func:`tally.build` reads it (label, reason)."""

    __slots__ = ("label", "reason")

    def __init__(self, label: bool | None, reason: str) -> None:
        self.label, self.reason = label, reason


def counts_from_records(records: Iterable[Mapping[str, Any]], *, where: str = "record") -> Counts:
    """Validate details records and count them. Each (id, variant, sample, aspect) may appear once; a record
    with ``quality_reason`` was judged (``quality`` None = unparseable or failed, as its reason says)."""
    gen_of: dict[tuple[str, Any, int], int] = {}
    keys: list[tuple[str, int, Any, int]] = []
    quality: list[Any] = []
    aspects_of: list[set[str]] = []
    item_gen: list[int] = []
    item_aspect: list[str] = []
    item_passed: list[bool] = []
    for i, rec in enumerate(records):
        label = f"{where} {i}"
        check_detail(rec, label)
        gkey = (rec["id"], rec.get("variant"), rec["sample"])
        g = gen_of.get(gkey)
        if g is None:
            g = gen_of[gkey] = len(keys)
            keys.append((rec["task"], rec["prompt_id"], rec.get("variant"), rec["sample"]))
            judged = "quality_reason" in rec and rec.get("quality_reason") is not None or rec.get("quality") is not None
            quality.append(_Quality(rec.get("quality"), str(rec.get("quality_reason") or "")) if judged else None)
            aspects_of.append(set())
        if rec["aspect"] in aspects_of[g]:
            raise ScoringError(
                f"{label} (id {rec['id']!r}): duplicate item (id, variant, sample, aspect) "
                f"({rec['id']!r}, {rec.get('variant')!r}, {rec['sample']}, {rec['aspect']!r})"
            )
        aspects_of[g].add(rec["aspect"])
        item_gen.append(g)
        item_aspect.append(rec["aspect"])
        item_passed.append(rec["passed"])
    if not keys:
        raise ScoringError(f"no {where}s: cannot compute a score from an empty list")
    return _tally.build(
        [k[0] for k in keys],
        [k[1] for k in keys],
        [k[2] for k in keys],
        [k[3] for k in keys],
        item_gen,
        item_aspect,
        item_passed,
        [len(a) > 1 for a in aspects_of],
        quality if any(q is not None for q in quality) else None,
    )
