"""``story_prompt_records(split=…, stories_source=FOLDER)``, the lctg_ifsm card's first line, reads that folder (not
the default copy); two different folders are refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.ifsm.prompts import story_prompt_records

FIXTURE = Path(__file__).parent / "data" / "ifsm"


def _stories(folder: Path) -> set[str]:
    """Question ids of a Possible Stories folder, read with plain json (independently of the code under test)."""
    ids = set()
    for name in ("dev.jsonl", "test.jsonl"):
        for line in (folder / name).read_text(encoding="utf-8").splitlines():
            if line.strip():
                ids.add(str(json.loads(line)["question_id"]))
    return ids


def test_stories_source_alone_is_the_folder_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("POSSIBLE_STORIES", "/nonexistent/possible-stories")  # the default copy is not there
    records = story_prompt_records(stories_source=FIXTURE)
    assert records == story_prompt_records(FIXTURE)
    assert records and {r["id"].removeprefix("story_endings/") for r in records} == _stories(FIXTURE)


def test_a_missing_stories_source_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=str(tmp_path / "nope")):
        story_prompt_records(split="eval", stories_source=tmp_path / "nope")


def test_two_folders_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="give the folder once"):
        story_prompt_records(FIXTURE, stories_source=tmp_path)
