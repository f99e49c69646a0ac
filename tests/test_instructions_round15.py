"""Round fifteen: honest templates and greetings that failed, and the classes still open after round fourteen
(look-alike signs by category, start phrases read in their parse, MathML annotations, recited padding, fillers,
translated second answers). The labeled cases of ``tests/data/instructions/round15.jsonl`` (the round's probes and
further instances of each class)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.instructions import check

pytest.importorskip("fugashi")

ROOT = Path(__file__).resolve().parent.parent
CASES = [json.loads(line) for line in (ROOT / "tests/data/instructions/round15.jsonl").open(encoding="utf-8")]


@pytest.mark.parametrize("case", CASES, ids=[f"{i + 1}-{c['id']}" for i, c in enumerate(CASES)])
def test_labeled_case(case: dict) -> None:
    verdict = check(case["id"], case["response"], case["kwargs"])
    assert verdict.passed is case["expected"], f"{case['note']}: {verdict.reason}"
