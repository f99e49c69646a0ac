"""The Batch API route's hints, as the plain route's: another family's Batch API output names the command that
scores it (with ``--from openai-batch``), and that command runs as printed; a Batch API output read as plain lines
says to add ``--from openai-batch``, plain lines read as one say to drop it, and an M-IFEval responses file given
with ``--dataset`` says to give ``--input``."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from lctg_metrics.cli import main
from tests.shared_builds import lctg_build


def _batch_line(k: int, custom_id: str, text: str) -> str:
    """One line of an OpenAI Batch API output file (the fields the API writes; lctg reads custom_id and content)."""
    body = {"choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}
    return json.dumps(
        {"id": f"batch_req_{k}", "custom_id": custom_id, "response": {"status_code": 200, "body": body}, "error": None},
        ensure_ascii=False,
    )


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(x + "\n" for x in lines), encoding="utf-8")
    return path


def _error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


@pytest.fixture(scope="module")
def folder(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lctg_build(tmp_path_factory, source_dir, "instructions_build", instructions=True)


def _ids(folder: Path, config: str) -> list[str]:
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return [r["id"] for f in manifest["configs"][config]["files"] for r in pq.read_table(folder / f).to_pylist()]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("config", "wrong", "right"), [("all", "if-score", "score"), ("instructions", "score", "if-score")]
)
def test_another_family_s_batch_output_names_the_command_that_runs_as_printed(
    folder, config, wrong, right, tmp_path, capsys, monkeypatch
):
    monkeypatch.chdir(tmp_path)
    ids = _ids(folder, config)
    if config == "all":
        ids = [i for i in ids if i.startswith("summary/")]
    _write(tmp_path / "bo.jsonl", [_batch_line(k, f"{i}#0", "はい。") for k, i in enumerate(ids)])
    err = _error([wrong, "bo.jsonl", "--from", "openai-batch", "--dataset", str(folder)], capsys)
    assert f"lctg {wrong}: error: bo.jsonl holds " in err and " in a Batch API output (ids like " in err, err
    command = shlex.split(err.split("score it with `")[1].rstrip("`"))
    assert command[:2] == ["lctg", right] and command[-2:] == ["--from", "openai-batch"], command
    extra = ["--task", "summary", "--missing", "skip"] if right == "score" else ["--no-ci"]
    assert main(command[1:] + extra) == 0, capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("command", ["if-score", "score"])
def test_a_batch_output_without_from_says_to_add_it_and_plain_lines_with_it_say_to_drop_it(
    command, built_dataset, tmp_path, capsys
):
    bo = _write(tmp_path / "bo.jsonl", [_batch_line(0, "summary/26/format#0", "はい。")])
    plain = _write(tmp_path / "g.jsonl", [json.dumps({"id": "summary/26/format", "generation": "はい。"})])
    ds = ["--dataset", str(built_dataset)]
    err = _error([command, str(bo), *ds], capsys)
    assert (
        err
        == f"lctg {command}: error: {bo} is an OpenAI Batch API output (custom_id, response): add --from openai-batch"
    )
    err = _error([command, str(plain), "--from", "openai-batch", *ds], capsys)
    assert err.endswith(f"{plain} holds id and generation lines, not a Batch API output: drop --from openai-batch")


def test_an_m_ifeval_responses_file_with_dataset_says_to_give_input(tmp_path, capsys):
    responses = _write(tmp_path / "r.jsonl", [json.dumps({"prompt": "書いてください。", "response": "はい。"})])
    err = _error(["if-score", str(responses), "--dataset", str(tmp_path / "B")], capsys)
    assert (
        "is an M-IFEval responses file (prompt, response): give the M-IFEval input file it answers with --input" in err
    )
