"""Instruction scoring given another family's generations (LCTG or story-ending ids) says, in one line, what they are
and what scores them, through the function and through the API's ``run``; an honest instructions file's own errors
(a generation given twice, an id the rows lack) are unchanged."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from lctg_metrics.api import run
from lctg_metrics.instructions.score import score_instructions
from lctg_metrics.schema import ScoringError

ROWS = [
    {"id": "instructions/0001", "instruction_id_list": ["length:chars"], "kwargs": ['{"max": 10}']},
    {"id": "instructions/0002", "instruction_id_list": ["length:chars"], "kwargs": ['{"max": 20}']},
]


def _gens(*ids: str) -> list[dict[str, str]]:
    return [{"id": rid, "generation": "京都の抹茶"} for rid in ids]


LCTG_SAMPLES = _gens("ad_text/100289/format", "ad_text/100289/format", "summary/26/keyword")  # two samples of one id
LCTG_ONCE = _gens("ad_text/100289/format", "pros_and_cons/7/char_count")
STORIES = _gens("story_endings/3", "story_endings/4")


@pytest.mark.parametrize(
    ("generations", "holds", "command", "name"),
    [
        (LCTG_SAMPLES, "LCTG generations", "lctg score FILE --dataset", "'lctg'"),
        (LCTG_ONCE, "LCTG generations", "lctg score FILE --dataset", "'lctg'"),
        (STORIES, "story endings", "lctg ifsm FILE", "'ifsm'"),
    ],
    ids=["lctg-with-samples", "lctg", "story-endings"],
)
def test_another_familys_ids_are_named_with_what_scores_them(generations, holds, command, name, monkeypatch):
    monkeypatch.delenv("LCTG_DATASET", raising=False)
    with pytest.raises(ScoringError) as e:
        score_instructions(generations, ROWS, ci=False)
    said = str(e.value)
    first = generations[0]["id"]
    assert said.startswith(f"generations: ids like {first!r} are {holds}, not instruction outputs: "), said
    assert f"`{command}" in said and f"lctg_metrics.api.run({name}, ...)" in said, said
    assert "twice" not in said and "not in the rows" not in said and "\n" not in said


def test_an_honest_files_own_errors_are_unchanged():
    """A real duplicate, an id the rows lack, and a file mixing instructions ids with LCTG ids keep their messages;
    an honest file scores."""
    with pytest.raises(ScoringError, match=r"^generations: generation 2: id 'instructions/0001' appears twice$"):
        score_instructions(_gens("instructions/0001", "instructions/0001"), ROWS, ci=False)
    with pytest.raises(ScoringError, match=r"^generations: 1 id\(s\) not in the rows, e\.g\. \['instructions/9'\]$"):
        score_instructions(_gens("instructions/0001", "instructions/0002", "instructions/9"), ROWS, ci=False)
    mixed = _gens("instructions/0001", "ad_text/100289/format")
    with pytest.raises(ScoringError, match=r"1 id\(s\) not in the rows, e\.g\. \['ad_text/100289/format'\]$"):
        score_instructions(mixed, ROWS, ci=False)
    # rows whose own ids look like LCTG ids: a duplicate among them is a duplicate, not another family's file
    lookalike = [dict(ROWS[0], id="ad_text/1/format")]
    with pytest.raises(ScoringError, match=r"id 'ad_text/1/format' appears twice$"):
        score_instructions(_gens("ad_text/1/format", "ad_text/1/format"), lookalike, ci=False)
    honest = score_instructions(_gens("instructions/0001", "instructions/0002"), ROWS, ci=False)
    # 京都の抹茶 is 5 characters: within max 10 and max 20, so both prompts pass in both modes
    assert honest.flat()["prompt_level_strict"] == 1.0 and honest.flat()["prompt_level_loose"] == 1.0


def _build(folder: Path) -> Path:
    """A minimal build with the instructions config (its manifest verifies the file it lists)."""
    rel = "data/instructions/test.parquet"
    (folder / rel).parent.mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(ROWS), folder / rel)
    digest = hashlib.sha256((folder / rel).read_bytes()).hexdigest()
    manifest = {"configs": {"instructions": {"files": [rel]}}, "files": {rel: digest}}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_the_api_run_names_the_family_and_the_file(tmp_path: Path, monkeypatch):
    """``run("instr", FILE, dataset=...)`` given an LCTG generations file (two samples per id) names the file and the
    command that scores it, runnable as printed."""
    monkeypatch.delenv("LCTG_DATASET", raising=False)
    monkeypatch.chdir(tmp_path)
    build = _build(tmp_path / "build")
    path = tmp_path / "lctg_generations.jsonl"
    lines = [{"id": g["id"], "generation": g["generation"], "sample": s} for s in (0, 1) for g in LCTG_ONCE]
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in lines), encoding="utf-8")
    with pytest.raises(ScoringError) as e:
        run("instr", str(path), dataset=str(build))
    said = str(e.value)
    assert "ids like 'ad_text/100289/format' are LCTG generations, not instruction outputs" in said, said
    assert f"`lctg score {path} --dataset" in said and "\n" not in said, said


def test_a_path_given_for_the_rows_is_named_with_the_call_that_reads_them() -> None:
    for rows in ("B", Path("B")):
        with pytest.raises(ScoringError) as caught:
            score_instructions([{"id": "x", "generation": "はい。"}], rows)  # type: ignore[arg-type]
        message = str(caught.value)
        assert "\n" not in message and "got the path 'B'" in message
        assert "read_config_rows('B', 'instructions')" in message


def test_the_api_names_another_familys_generations_before_reading_the_rows(tmp_path: Path, monkeypatch):
    """``run("ifsm", ...)`` given LCTG generations names what they are before it looks for the story_endings config
    (a build without it would otherwise be blamed), for a file and for records alike."""
    monkeypatch.delenv("LCTG_DATASET", raising=False)
    monkeypatch.chdir(tmp_path)
    build = _build(tmp_path / "build")
    records = [{"id": g["id"], "generation": g["generation"]} for g in LCTG_ONCE]
    path = tmp_path / "gens.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    for given, named in ((str(path), str(path)), (records, "ifsm")):
        with pytest.raises(ScoringError) as e:
            run("ifsm", given, dataset=str(build))
        said = str(e.value)
        assert said.startswith(f"{named}: ids like 'ad_text/100289/format' are LCTG generations, not story endings")
        assert "lctg_metrics.api.run('lctg', ...)" in said and "story_endings" not in said, said
