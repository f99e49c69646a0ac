"""The rule cleaner equals rule@1.2 as released (tests/frozen_rule_1_2), text for text and cut for cut.

The cleaner may be rewritten for speed or structure, but its version stays ``rule@1.2`` only while every
cleaned text and every recorded cut (``explain``) is identical to the frozen release: on every labeled set, on a
deterministic corpus of toy generations of the real dataset plus mixes of labeled headers, bodies and footers,
and on random mixes (a hypothesis property). benchmarks/bench_rule_parity.py runs the same comparison on 1M items.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.cleaners.rule import clean, explain
from tests import frozen_rule_1_2 as frozen
from tests.conftest import PROJECT_ROOT, TASKS

LABELED = sorted((PROJECT_ROOT / "benchmarks").glob("cleaner_*.jsonl"))
pytestmark = pytest.mark.slow  # thousands of texts through two cleaners; the full suite runs it


def _labeled() -> list[dict]:
    items = []
    for path in LABELED:
        with open(path, encoding="utf-8") as f:
            items += [json.loads(line) for line in f if line.strip()]
    return items


def _pieces(items: list[dict]) -> list[str]:
    """Lines and sentences of the labeled generations: headers, footers and bodies that make rules fire."""
    pieces: set[str] = set()
    for item in items:
        text = item["generation"]
        for line in text.split("\n"):
            pieces.add(line)
            pieces.update(frozen._sentences(line))
    return sorted(p for p in pieces if p)


ITEMS = _labeled()
PIECES = _pieces(ITEMS)
JOINERS = ["\n", "\n\n", "", " ", "\r\n", "\n---\n", "\u3000"]


def _mix(rng: random.Random) -> str:
    """A few labeled pieces joined by line breaks or nothing; sometimes with an edge blank or emoji."""
    parts = [rng.choice(PIECES) for _ in range(rng.randint(1, 5))]
    text = parts[0]
    for p in parts[1:]:
        text += rng.choice(JOINERS) + p
    if rng.random() < 0.1:
        text = rng.choice([" ", "\n", "😊", "**"]) + text + rng.choice(["", "\n", " 👇", "**"])
    return text


def _assert_same(text: str, task: str) -> None:
    new = [(r.side, r.rule, r.text) for r in explain(text, task)]
    assert new == [(r.side, r.rule, r.text) for r in frozen.explain(text, task)], (task, text)
    assert clean(text, task) == frozen.clean(text, task), (task, text)


def test_the_labeled_sets_are_read() -> None:
    assert len(LABELED) >= 6 and len(ITEMS) >= 700 and len(PIECES) >= 1000


@pytest.mark.parametrize("path", LABELED, ids=lambda p: p.name)
def test_every_labeled_generation_is_cleaned_as_released(path: Path) -> None:
    with open(path, encoding="utf-8") as f:
        items = [json.loads(line) for line in f if line.strip()]
    for item in items:
        for task in TASKS:  # its own task and the others: every table is exercised
            _assert_same(item["generation"], task)


def test_toy_generations_of_the_real_dataset_are_cleaned_as_released(built_rows: dict[str, dict]) -> None:
    from lctg_metrics.sample import generate

    rows = list(built_rows.values())
    assert len(rows) == 1680
    changed = 0
    for row in rows:
        for sample in (0, 1):
            text = generate(row, sample)
            _assert_same(text, row["task"])
            changed += frozen.clean(text, row["task"]) != text
    assert changed > 300  # the corpus has headers and footers to cut, not only clean texts


def test_mixes_of_labeled_pieces_are_cleaned_as_released() -> None:
    rng = random.Random(1_2)
    changed = 0
    for _ in range(3000):
        text, task = _mix(rng), rng.choice(TASKS)
        _assert_same(text, task)
        changed += frozen.clean(text, task) != text
    assert changed > 400  # about a fifth of the mixes have something to cut


FRAGMENT = st.one_of(st.sampled_from(PIECES), st.text(max_size=8), st.sampled_from(JOINERS))


@settings(max_examples=400, deadline=None)
@given(st.lists(FRAGMENT, min_size=1, max_size=8).map("".join), st.sampled_from(TASKS))
def test_any_mix_is_cleaned_as_released(text: str, task: str) -> None:
    _assert_same(text, task)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.sampled_from(TASKS))
def test_any_text_is_cleaned_as_released(text: str, task: str) -> None:
    _assert_same(text, task)
