"""``lctg prompts --config instructions``: the instruction family's prompts exported as {id, prompt} lines and Batch
API lines, with the ids ``lctg if-score`` reads (both files score to the same numbers); a config without prompts is
refused without naming an internal column."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from lctg_metrics.cli import main
from tests.shared_builds import lctg_build


@pytest.fixture(scope="module")
def folder(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lctg_build(tmp_path_factory, source_dir, "instructions_build", instructions=True)


def _config_rows(folder: Path) -> list[dict]:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return [r for f in manifest["configs"]["instructions"]["files"] for r in pq.read_table(folder / f).to_pylist()]


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def test_jsonl_prompts_are_the_config_rows_and_if_score_reads_their_ids(folder, tmp_path, capsys):
    out = tmp_path / "p.jsonl"
    assert main(["prompts", "--dataset", str(folder), "--config", "instructions", "-o", str(out)]) == 0
    rows = _config_rows(folder)
    assert _lines(out) == [{"id": r["id"], "prompt": r["prompt"]} for r in rows]
    err = capsys.readouterr().err
    assert f"wrote {out} ({len(rows)} prompts" in err and "lctg if-score" in err
    # a model that answers every prompt with one short line: if-score joins every id (no missing, no unknown)
    gens = tmp_path / "g.jsonl"
    gens.write_text("".join(json.dumps({"id": r["id"], "generation": "はい。"}) + "\n" for r in _lines(out)))
    result = tmp_path / "r.json"
    assert main(["if-score", str(gens), "--dataset", str(folder), "--no-ci", "--json", str(result)]) == 0
    assert json.loads(result.read_text(encoding="utf-8"))["prompts"] == len(rows)


def test_batch_lines_score_through_if_score_as_the_jsonl_lines_do(folder, tmp_path, capsys):
    batch = tmp_path / "b.jsonl"
    argv = ["prompts", "--dataset", str(folder), "--config", "instructions", "--format", "openai-batch"]
    assert main([*argv, "--model", "M", "-o", str(batch)]) == 0
    assert "--from openai-batch" in capsys.readouterr().err
    lines = _lines(batch)
    rows = _config_rows(folder)
    assert [x["custom_id"] for x in lines] == [f"{r['id']}#0" for r in rows]
    assert {x["body"]["model"] for x in lines} == {"M"}
    assert [x["body"]["messages"] for x in lines] == [[{"role": "user", "content": r["prompt"]}] for r in rows]
    # the Batch API's output for those lines (each answer: the first line of the prompt) against the same answers
    # given as {id, generation} lines: the same result
    answer = {r["id"]: r["prompt"].split("\n")[0] for r in rows}
    output, plain = tmp_path / "out.jsonl", tmp_path / "plain.jsonl"
    output.write_text(
        "".join(
            json.dumps(
                {
                    "custom_id": x["custom_id"],
                    "response": {
                        "status_code": 200,
                        "body": {
                            "choices": [{"message": {"content": answer[x["custom_id"][:-2]]}, "finish_reason": "stop"}]
                        },
                    },
                    "error": None,
                }
            )
            + "\n"
            for x in lines
        )
    )
    plain.write_text("".join(json.dumps({"id": k, "generation": v}) + "\n" for k, v in answer.items()))
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main(["if-score", str(plain), "--dataset", str(folder), "--no-ci", "--json", str(a)]) == 0
    assert (
        main(["if-score", str(output), "--from", "openai-batch", "--dataset", str(folder), "--no-ci", "--json", str(b)])
        == 0
    )
    ra, rb = (json.loads(p.read_text(encoding="utf-8")) for p in (a, b))
    assert rb["inputs"]["format"] == "openai-batch"
    assert {k: v for k, v in ra.items() if k != "inputs"} == {k: v for k, v in rb.items() if k != "inputs"}


def test_task_is_refused_for_the_instructions_config(folder, tmp_path, capsys):
    argv = ["prompts", "--dataset", str(folder), "--config", "instructions", "--task", "summary"]
    assert main([*argv, "-o", str(tmp_path / "p.jsonl")]) == 2
    assert "--task" in capsys.readouterr().err and not (tmp_path / "p.jsonl").exists()


def test_a_config_without_prompts_names_no_column_and_says_what_to_do(folder, tmp_path, capsys):
    assert main(["prompts", "--dataset", str(folder), "--config", "templates", "-o", str(tmp_path / "p.jsonl")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "constraint" not in err and "column" not in err
    assert "--config templates" in err and "give --config all or a task config" in err
