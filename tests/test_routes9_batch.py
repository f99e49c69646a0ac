"""``lctg if-score --from openai-batch`` with a failed request: one line whose route names only what if-score has
(re-submit; it has no --missing), and the honest output still scores."""

from __future__ import annotations

import json

import pytest

from lctg_metrics.cli import main
from tests.test_if_score import _generations, _rows, _write_dataset


def _line(key: str, text: str) -> dict:
    body = {"choices": [{"message": {"role": "assistant", "content": text}, "finish_reason": "stop"}]}
    return {"custom_id": f"{key}#0", "response": {"status_code": 200, "body": body}, "error": None}


def _write(path, lines):
    path.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    return path


def test_a_failed_request_names_only_if_score_s_route(tmp_path, capsys):
    dataset = _write_dataset(tmp_path / "lctg", _rows())
    lines = [_line(g["id"], g["generation"]) for g in _generations()]
    ok = _write(tmp_path / "ok.jsonl", lines)
    argv = ["--from", "openai-batch", "--dataset", str(dataset), "--no-ci"]
    assert main(["if-score", str(ok), *argv, "--json", "-"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"]["prompt_level"]["strict"]["estimate"] == 0.5  # hand table
    lines[2] = {"custom_id": lines[2]["custom_id"], "response": None, "error": {"code": "server_error", "message": "x"}}
    failed = _write(tmp_path / "failed.jsonl", lines)
    assert main(["if-score", str(failed), *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert err.startswith(f"lctg if-score: error: {failed}:3: custom_id 'if/3#0' failed: "), err
    assert "re-submit the failed requests" in err and "--missing" not in err


def _error(argv, capsys) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


def test_files_of_another_kind_are_named_with_the_route(tmp_path, capsys):
    dataset = str(_write_dataset(tmp_path / "lctg", _rows()))
    request = {"custom_id": "if/1#0", "method": "POST", "url": "/v1/chat/completions", "body": {"messages": []}}
    batch_input = _write(tmp_path / "requests.jsonl", [request])
    for extra in ([], ["--from", "openai-batch"]):
        err = _error(["score", str(batch_input), "--dataset", dataset, *extra], capsys)
        assert f"{batch_input} is a Batch API input (the requests lctg prompts --format openai-batch writes)" in err
    details = _write(tmp_path / "d.jsonl", [{"key": "if/1", "instruction_id": "x", "strict": True, "loose": True}])
    err = _error(["if-score", str(details), "--dataset", dataset], capsys)
    assert err.endswith(
        f"{details} is an lctg if-score details file (one verdict per instruction), not generations: give the "
        "generations file that run scored"
    )
    responses = _write(tmp_path / "resp.jsonl", [{"prompt": "p", "response": "r"}])
    inputs = _write(tmp_path / "in.jsonl", [{"key": 1, "prompt": "p", "instruction_id_list": [], "kwargs": []}])
    err = _error(["if-score", str(responses), "--input", str(inputs), "--from", "lctg"], capsys)
    assert err.endswith("drop --from lctg (with --input, if-score reads it as --from m-ifeval)"), err
    gens = _write(tmp_path / "g.jsonl", _generations())
    err = _error(["if-score", str(gens), "--input", str(inputs)], capsys)
    assert err.endswith("score it with --dataset DIR instead of --input"), err
    assert main(["if-score", str(gens), "--dataset", dataset, "--no-ci"]) == 0  # the route named works


@pytest.mark.slow  # scores two runs of the built dataset
def test_a_failed_request_with_missing_fail_is_a_missing_generation(built_dataset, tmp_path, capsys):
    gens = tmp_path / "g.jsonl"
    argv = ["sample", "--dataset", str(built_dataset), "--task", "summary", "--samples", "1", "-o", str(gens)]
    assert main(argv) == 0
    rows = [json.loads(x) for x in gens.read_text(encoding="utf-8").splitlines()]
    lines = [_line(r["id"], r["generation"]) for r in rows]
    lines[5] = {"custom_id": lines[5]["custom_id"], "response": None, "error": {"code": "server_error", "message": "x"}}
    batch = _write(tmp_path / "out.jsonl", lines)
    gap = _write(tmp_path / "gap.jsonl", rows[:5] + rows[6:])  # the same gap in a plain file
    scored = {}
    for name, path, extra in (("batch", batch, ["--from", "openai-batch"]), ("plain", gap, [])):
        out = tmp_path / f"{name}.json"
        argv = ["score", str(path), "--dataset", str(built_dataset), "--task", "summary", "--missing", "fail"]
        assert main([*argv, *extra, "--json", str(out)]) == 0
        scored[name] = (json.loads(out.read_text(encoding="utf-8")), capsys.readouterr())
    (b, b_said), (p, p_said) = scored["batch"], scored["plain"]
    assert b["scores"] == p["scores"] and b["signature"] == p["signature"]
    assert b["coverage"]["scored"] == p["coverage"]["scored"] == len(rows) - 1
    assert "1 missing counted as failures" in b_said.out and "1 missing counted as failures" in p_said.out
    assert "no answer (a refusal" not in b_said.out + b_said.err
    assert "missing generations, counted as failures (--missing fail)" in b_said.err
