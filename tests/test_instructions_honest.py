"""Twenty prompts of instructions-1.2.0 drawn at random (seeded) and answered as a native speaker would: every
answer follows every instruction of its prompt. Only the row ids and the answers are stored
(``tests/data/instructions/honest/honest_1_2_0.jsonl``, apart from the labeled sets); the prompts are rebuilt from the
upstream base texts, and an answer that must repeat the request holds ``{prompt_to_repeat}`` in its place, filled from
the rebuilt row."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from lctg_dataset.build import build
from lctg_dataset.instructions import instruction_rows
from lctg_metrics.instructions import check
from tests.conftest import TASKS

ANSWERS = Path(__file__).parent / "data" / "instructions" / "honest" / "honest_1_2_0.jsonl"
#: The seed the twenty rows were drawn with (``random.Random(SEED).sample(rows, 20)`` over the seed-0 build).
SEED = 20261127


@pytest.fixture(scope="module")
def rows(source_dir) -> dict[str, dict]:
    result = build(str(source_dir))
    prompts = {
        t: json.loads((source_dir / "protocol_prompts.json").read_text("utf-8"))["task_prompt"][t] for t in TASKS
    }
    return {r["id"]: r for r in instruction_rows(result.records, prompts, seed=0, version="1.2.0")}


def _answers() -> list[dict]:
    return [json.loads(line) for line in ANSWERS.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_answered_rows_are_the_seeded_random_draw(rows):
    drawn = [r["id"] for r in random.Random(SEED).sample(list(rows.values()), 20)]
    assert [a["id"] for a in _answers()] == drawn


@pytest.mark.parametrize("answer", _answers(), ids=lambda a: a["id"])
def test_an_honest_answer_follows_every_instruction_of_its_prompt(rows, answer):
    row = rows[answer["id"]]
    assert row["instruction_id_list"] == answer["instruction_id_list"]
    text = answer["answer"]
    for kwargs in map(json.loads, row["kwargs"]):
        text = text.replace("{prompt_to_repeat}", kwargs.get("prompt_to_repeat", "{prompt_to_repeat}"))
    assert "{prompt_to_repeat}" not in text
    for iid, kwargs in zip(row["instruction_id_list"], row["kwargs"]):
        for mode in ("strict", "loose"):
            verdict = check(iid, text, json.loads(kwargs), mode=mode)
            assert verdict.passed, f"{answer['id']} {iid} ({mode}): {verdict.reason}"
