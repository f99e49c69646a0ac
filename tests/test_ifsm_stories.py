"""story_endings rows: reading, seeded passage split, instruction templates, contexts only on request."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_dataset.stories import (
    INSTRUCTION_TEMPLATES,
    ROW_FIELDS,
    build_rows,
    choose_template,
    fill_contexts,
    load_story_rows,
    read_split,
    read_stories,
    split_passages,
)

FIXTURE = Path(__file__).parent / "data" / "ifsm"
SHARED = Path(__file__).resolve().parents[2] / "shared" / "possible-stories"


def test_fixture_rows_have_no_context_by_default() -> None:
    rows = load_story_rows(FIXTURE)
    assert len(rows) == 11
    assert all(tuple(r) == ROW_FIELDS for r in rows)
    assert all(r["document"] is None and r["prompt"] is None for r in rows)
    assert all(r["gold_ending"] == r["options"][r["gold_label"]] for r in rows)
    assert all(r["question"] in r["instruction"] for r in rows)


def test_include_contexts_and_fill_contexts_agree() -> None:
    with_contexts = load_story_rows(FIXTURE, include_contexts=True)
    filled = fill_contexts(load_story_rows(FIXTURE), FIXTURE)
    assert filled == with_contexts
    assert all(r["document"] in r["prompt"] and r["instruction"] in r["prompt"] for r in filled)


def test_fill_contexts_names_unknown_row() -> None:
    row = {**load_story_rows(FIXTURE)[0], "question_id": "nope", "id": "story_endings/nope"}
    with pytest.raises(KeyError, match="story_endings/nope"):
        fill_contexts([row], FIXTURE)


def test_split_is_by_passage_deterministic_and_halves() -> None:
    rows = load_story_rows(FIXTURE)
    halves = {}
    for r in rows:
        assert halves.setdefault(r["passage_id"], r["split"]) == r["split"]
    assert sorted(halves.values()) == ["eval", "eval", "fit", "fit"]
    assert split_passages(halves, seed=0) == split_passages(reversed(list(halves)), seed=0)
    assert load_story_rows(FIXTURE, split="fit") == [r for r in rows if r["split"] == "fit"]


def test_template_choice_is_seeded_per_item_not_by_order() -> None:
    records = read_stories(FIXTURE)
    forward = {r["id"]: r["template_id"] for r in build_rows(records, seed=3)}
    backward = {r["id"]: r["template_id"] for r in build_rows(records[::-1], seed=3)}
    assert forward == backward
    ids = {choose_template(f"q{i}", 0).id for i in range(200)}
    assert ids == {t.id for t in INSTRUCTION_TEMPLATES}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            {
                "roc_passage_id": "p",
                "question_id": "q",
                "question": "Q?",
                "document": "D.",
                "options": ["a"] * 3,
                "gold_label": 0,
            },
            "4 strings",
        ),
        (
            {
                "roc_passage_id": "p",
                "question_id": "q",
                "question": "Q?",
                "document": "D.",
                "options": ["a"] * 4,
                "gold_label": 7,
            },
            "gold_label",
        ),
        (
            {"roc_passage_id": "p", "question_id": "q", "document": "D.", "options": ["a"] * 4, "gold_label": 0},
            "'question'",
        ),
    ],
)
def test_malformed_line_names_file_and_line(tmp_path: Path, line: dict, message: str) -> None:
    path = tmp_path / "dev.jsonl"
    path.write_text("\n" + json.dumps(line) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=rf"dev\.jsonl:2: .*{message}"):
        read_split(path, "dev")


@pytest.mark.skipif(not (SHARED / "dev.jsonl").is_file(), reason="local Possible Stories copy not present")
def test_real_source_counts() -> None:
    rows = load_story_rows(SHARED)
    assert len(rows) == 458 + 671
    assert sum(r["source_split"] == "dev" for r in rows) == 458
    assert len({r["passage_id"] for r in rows}) == 133 + 196
    assert all(r["document"] is None for r in rows)
