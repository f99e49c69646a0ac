"""Every instruction checker against its hand-written labeled set (tests/data/instructions/*.jsonl)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from lctg_metrics.instructions import REGISTRY, check

DATA = Path(__file__).parent / "data" / "instructions"
#: Each checker needs at least this many labeled cases, with positives and negatives among them.
MIN_CASES = 10


def _cases(folder: Path = DATA) -> list[dict[str, Any]]:
    rows = []
    for path in sorted(folder.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                row = json.loads(line)
                row["where"] = f"{path.name}:{number}"
                rows.append(row)
    return rows


CASES = _cases()
#: Probes the checkers are known to get wrong (each note says why), in ``known_gaps/*.jsonl``: kept as data so a fix
#: shows up as an XPASS. A new gap found later goes there until it is fixed.
GAPS = _cases(DATA / "known_gaps")


@pytest.mark.parametrize("case", CASES, ids=[f"{c['where']}-{c['id']}" for c in CASES])
def test_labeled_case(case: dict[str, Any]) -> None:
    verdict = check(case["id"], case["response"], case["kwargs"])
    assert verdict.passed is case["expected"], f"{case['where']} ({case['note']}): {verdict.reason}"
    assert isinstance(verdict.reason, str) and verdict.reason


@pytest.mark.parametrize("case", GAPS, ids=[f"{c['where']}-{c['id']}" for c in GAPS])
@pytest.mark.xfail(strict=True, reason="a documented gap of the checkers (see the case's note)")
def test_known_gap(case: dict[str, Any]) -> None:
    assert check(case["id"], case["response"], case["kwargs"]).passed is case["expected"], case["note"]


def test_known_gaps_are_documented() -> None:
    """Every known gap says why (an empty set is fine: every gap found so far is fixed and labeled)."""
    for case in GAPS:
        assert "known gap:" in case["note"], case["where"]
        assert set(case) == {"id", "kwargs", "response", "expected", "note", "where"}, case["where"]


def test_no_labeled_case_is_still_called_a_gap() -> None:
    """A fixed gap moves into a labeled set, which every case must pass: its note no longer calls it a gap."""
    assert not [case["where"] for case in CASES if "known gap:" in case["note"]]


def test_every_checker_has_a_labeled_set() -> None:
    total = Counter(c["id"] for c in CASES)
    positive = Counter(c["id"] for c in CASES if c["expected"])
    thin = {i: total[i] for i in REGISTRY if total[i] < MIN_CASES}
    one_sided = [i for i in REGISTRY if positive[i] in (0, total[i])]
    assert not thin, f"fewer than {MIN_CASES} labeled cases: {thin}"
    assert not one_sided, f"labeled sets without both positives and negatives: {one_sided}"
    assert not set(total) - set(REGISTRY), f"labeled cases for unknown ids: {set(total) - set(REGISTRY)}"


def test_labeled_rows_have_the_documented_fields() -> None:
    for case in CASES:
        assert set(case) == {"id", "kwargs", "response", "expected", "note", "where"}, case["where"]
        assert isinstance(case["expected"], bool), case["where"]
