"""``lctg report`` of a ``--config corrected`` run (data 1.1.0) notes that some of its prompts differ from the
released prompts the papers scored; the numbers the note states are counted here from the build's own
``changelog-1.1.0.json``; a run of the released prompts (data 1.0.0) gets no such note."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from lctg_metrics.analysis.report_data import placement_notes
from lctg_metrics.cli import main


def _changed(build: Path) -> tuple[int, Counter]:
    changes = json.loads((build / "changelog-1.1.0.json").read_text(encoding="utf-8"))["changes"]
    prompts = [c for c in changes if c["field"] == "prompt"]
    assert len({c["id"] for c in prompts}) == len(prompts)
    return len(prompts), Counter(c["id"].rsplit("/", 1)[1] for c in prompts)


def test_the_note_states_what_the_build_changed(built_dataset_derived: Path) -> None:
    n, by_aspect = _changed(built_dataset_derived)
    rows = sum(1 for _ in (built_dataset_derived / "data").rglob("*corrected*"))  # the config is there
    assert rows
    note = next(x for x in placement_notes({"data": "1.1.0", "cleaner": "rule@1.2"}, False) if "corrected" in x)
    said = re.search(r"(\d+) of its ([\d,]+) prompts differ", note)
    assert said and int(said.group(1)) == n
    assert f"{by_aspect['char_count']} C-COUNT conditions" in note and f"{by_aspect['keyword']} negated KEYWORD" in note
    assert set(by_aspect) == {"char_count", "keyword"}


@pytest.mark.parametrize("data", ["1.0.0", "1.1.0+multi", "me/lctg@v1.0.0=0123456789ab#0cc3ea2dde9e"])
def test_other_data_gets_no_corrected_note(data: str) -> None:
    assert not any("corrected config" in x for x in placement_notes({"data": data}, False))


@pytest.mark.slow  # draws the report's figures
def test_the_report_of_a_corrected_run_says_it(built_dataset_derived: Path, tmp_path: Path) -> None:
    b = str(built_dataset_derived)
    assert (
        main(["sample", "--dataset", b, "--config", "corrected", "--samples", "1", "-o", str(tmp_path / "g.jsonl")])
        == 0
    )
    argv = ["score", str(tmp_path / "g.jsonl"), "--dataset", b, "--config", "corrected"]
    assert main([*argv, "--details", str(tmp_path / "d.jsonl")]) == 0
    assert main(["report", str(tmp_path / "d.jsonl"), "-o", str(tmp_path / "r.md")]) == 0
    text = " ".join((tmp_path / "r.md").read_text(encoding="utf-8").split())
    n, _ = _changed(built_dataset_derived)
    assert f"{n} of its 1,680 prompts differ from the released prompts the papers scored" in text
