"""Failure listing of a details file: per task × aspect, the most common failure kinds and the worst items."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from lctg_dataset.constants import TASKS
from lctg_metrics import aspects

#: Characters of a generation shown in the worst-items tables.
GENERATION_PREVIEW = 160


def _reason_kind(reason: str) -> str:
    """A reason without its specifics, to count failure kinds: ``"217 chars > max 200"`` -> ``"N chars > max N"``,
    ``"missing keyword 「敬遠」"`` -> ``"missing keyword"``."""
    head = re.split(r"[:「(]", reason, maxsplit=1)[0].strip()
    return re.sub(r"\d+", "N", head) or reason


def _truncate(text: str | None, n: int = GENERATION_PREVIEW) -> str:
    if text is None:
        return "(no generation)"
    return text if len(text) <= n else f"{text[:n]}…(+{len(text) - n} chars)"


def failure_summary(records: Sequence[Mapping[str, Any]], *, worst: int) -> list[dict[str, Any]]:
    """Per task × aspect: items failed in every sample, the most common failure kinds and the ``worst``
    items (most failed samples first, then upstream order), each with its reasons and a generation."""
    items: dict[tuple[str, str], dict[tuple[str, Any], list[Mapping[str, Any]]]] = defaultdict(dict)
    for r in records:
        items[(r["task"], r["aspect"])].setdefault((r["id"], r.get("variant")), []).append(r)
    out = []
    for task in TASKS:
        for aspect in aspects.names():
            cell = items.get((task, aspect))
            if not cell:
                continue
            kinds = Counter(
                _reason_kind(str(r.get("reason", ""))) for rs in cell.values() for r in rs if not r["passed"]
            )
            ranked = []
            for (rid, variant), rs in cell.items():
                failed = sorted((r for r in rs if not r["passed"]), key=lambda r: r["sample"])
                if failed:
                    ranked.append((-len(failed) / len(rs), rs[0]["prompt_id"], rid, variant, failed, len(rs)))
            ranked.sort(key=lambda t: (t[0], t[1], t[2], str(t[3])))
            n_all = sum(1 for t in ranked if t[0] == -1.0)
            out.append(
                {
                    "task": task,
                    "aspect": aspect,
                    "items": len(cell),
                    "failed_every_sample": n_all,
                    "failed_any_sample": len(ranked),
                    "kinds": kinds.most_common(3),
                    "worst": [
                        {
                            "id": rid,
                            "variant": variant,
                            "failed": len(failed),
                            "samples": n,
                            "reasons": list(dict.fromkeys(str(r.get("reason", "")) for r in failed))[:3],
                            "generation": _truncate(failed[0].get("generation")),
                            "sample": failed[0]["sample"],
                        }
                        for _, _, rid, variant, failed, n in ranked[:worst]
                    ],
                }
            )
    return out
