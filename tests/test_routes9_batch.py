"""``lctg if-score --from openai-batch`` with a failed request: one line whose route names only what if-score has
(re-submit; it has no --missing), and the honest output still scores."""

from __future__ import annotations

import json

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
