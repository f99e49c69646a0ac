"""Twenty more prompts of instructions-1.2.0 drawn at random (a second seed, none of the first draw's rows) and answered
as a native speaker would, after checkers 2.1: every answer follows every instruction of its prompt, in strict and
loose mode. Only the row ids and the answers are stored (``tests/data/instructions/honest/native_20_1_2_0.jsonl``); the
prompts are rebuilt from the upstream base texts at test time."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from lctg_dataset.build import build
from lctg_dataset.instructions import instruction_rows
from lctg_metrics.instructions import check
from tests.conftest import TASKS

HONEST = Path(__file__).parent / "data" / "instructions" / "honest"
ANSWERS = HONEST / "native_20_1_2_0.jsonl"
#: The seed the twenty rows were drawn with (``random.Random(SEED).sample(rows, 20)`` over the seed-0 build).
SEED = 20261201


@pytest.fixture(scope="module")
def rows(source_dir) -> dict[str, dict]:
    result = build(str(source_dir))
    prompts = {
        t: json.loads((source_dir / "protocol_prompts.json").read_text("utf-8"))["task_prompt"][t] for t in TASKS
    }
    return {r["id"]: r for r in instruction_rows(result.records, prompts, seed=0, version="1.2.0")}


def _answers(path: Path = ANSWERS) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_the_answered_rows_are_the_seeded_random_draw(rows):
    drawn = [r["id"] for r in random.Random(SEED).sample(list(rows.values()), 20)]
    assert [a["id"] for a in _answers()] == drawn


def test_the_draw_shares_no_row_with_the_first_twenty():
    first = {a["id"] for a in _answers(HONEST / "honest_1_2_0.jsonl")}
    assert len(_answers()) == 20 and not first & {a["id"] for a in _answers()}


@pytest.mark.parametrize("answer", _answers(), ids=lambda a: a["id"])
def test_an_honest_answer_follows_every_instruction_of_its_prompt(rows, answer):
    row = rows[answer["id"]]
    assert row["instruction_id_list"] == answer["instruction_id_list"]
    for iid, kwargs in zip(row["instruction_id_list"], row["kwargs"]):
        for mode in ("strict", "loose"):
            verdict = check(iid, answer["answer"], json.loads(kwargs), mode=mode)
            assert verdict.passed, f"{answer['id']} {iid} ({mode}): {verdict.reason}"
