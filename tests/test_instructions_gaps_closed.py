"""The known gaps closed in checkers 2.8 (tests/data/instructions/gaps_closed.jsonl): each moved from known_gaps/
with a note saying which rule closes it, beside further cheats and honest answers of each class near each rule."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from lctg_metrics.instructions import check

CLOSED = Path(__file__).parent / "data" / "instructions" / "gaps_closed.jsonl"


def _rows() -> list[dict[str, Any]]:
    lines = CLOSED.read_text(encoding="utf-8").splitlines()
    return [dict(json.loads(line), where=f"{CLOSED.name}:{n}") for n, line in enumerate(lines, 1) if line.strip()]


ROWS = _rows()


@pytest.mark.parametrize("case", ROWS, ids=[f"{c['where']}-{c['id']}" for c in ROWS])
def test_closed_gap_and_its_twins(case: dict[str, Any]) -> None:
    verdict = check(case["id"], case["response"], case["kwargs"])
    assert verdict.passed is case["expected"], f"{case['where']} ({case['note']}): {verdict.reason}"


def test_each_class_has_a_cheat_and_an_honest_answer() -> None:
    """A rule closing a gap comes with a cheat it catches and an honest answer it passes, of the project's own."""
    own = [c for c in ROWS if c["note"].startswith("own, ")]
    classes = {c["note"].split(",")[1].split(":")[0].strip() for c in own}
    sides = Counter((c["note"].split(",")[1].split(":")[0].strip(), c["expected"]) for c in own)
    assert classes and all(sides[k, True] and sides[k, False] for k in classes), sides


def test_closed_rows_are_no_longer_gaps() -> None:
    closed = [c for c in ROWS if "closed in 2.8:" in c["note"]]
    assert closed and not [c["where"] for c in ROWS if "known gap:" in c["note"]]
