"""OpenAI Batch API output files as real runs make them: refusals, content-filter stops, failed requests (which
follow ``--missing``) and Responses API (``/v1/responses``) bodies. Fixtures are written here, line by line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lctg_metrics.formats import read_generations_from
from lctg_metrics.scoring import ScoringError, score
from tests.test_formats import FAILED, HTTP_ERROR, _jsonl, _ok
from tests.test_scoring import ref


def _chat(cid: str, content: Any, *, refusal: str | None = None, finish: str = "stop") -> dict:
    line = _ok(cid, content)
    choice = line["response"]["body"]["choices"][0]
    choice["message"]["refusal"], choice["finish_reason"] = refusal, finish
    return line


def _resp(cid: str, output: list, *, status: str = "completed", incomplete: str | None = None) -> dict:
    """A Batch API output line of a ``/v1/responses`` request."""
    return {
        "id": "batch_req_9",
        "custom_id": cid,
        "error": None,
        "response": {
            "status_code": 200,
            "request_id": "req_9",
            "body": {
                "id": "resp_1",
                "object": "response",
                "status": status,
                "model": "o4-mini-2025-04-16",
                "incomplete_details": None if incomplete is None else {"reason": incomplete},
                "output": output,
                "usage": {"input_tokens": 9, "output_tokens": 30},
            },
        },
    }


REASONING = {"id": "rs_1", "type": "reasoning", "summary": []}


def _message(*parts: dict) -> dict:
    return {"id": "msg_1", "type": "message", "role": "assistant", "status": "completed", "content": list(parts)}


def _text(t: str) -> dict:
    return {"type": "output_text", "text": t, "annotations": []}


REFUSAL = "申し訳ありませんが、抹茶についてのその依頼にはお応えできません。"


@pytest.mark.parametrize(
    "line, text, failure",
    [
        (_chat("s/1#0", None, refusal=REFUSAL), "", f"refused by the model: 「{REFUSAL}」"),
        (
            _chat("s/1#0", "途中まで", finish="content_filter"),
            "途中まで",
            "stopped by the content filter (finish_reason content_filter)",
        ),
        (
            _chat("s/1#0", None, finish="content_filter"),
            "",
            "stopped by the content filter (finish_reason content_filter)",
        ),
        (_chat("s/1#0", "答え", finish="length"), "答え", None),  # cut at the length limit: scored as written
        (_resp("s/1#0", [REASONING, _message(_text("京都の"), _text("抹茶"))]), "京都の抹茶", None),
        (
            _resp("s/1#0", [REASONING, _message({"type": "refusal", "refusal": REFUSAL})]),
            "",
            f"refused by the model: 「{REFUSAL}」",
        ),
        (
            _resp("s/1#0", [_message(_text("途中"))], status="incomplete", incomplete="content_filter"),
            "途中",
            "stopped by the content filter (status incomplete: content_filter)",
        ),
        (
            _resp("s/1#0", [REASONING, _message(_text("長い答"))], status="incomplete", incomplete="max_output_tokens"),
            "長い答",
            None,
        ),
    ],
)
def test_answers_that_are_no_answer(tmp_path: Path, line: dict, text: str, failure: str | None) -> None:
    (g,) = read_generations_from(_jsonl(tmp_path / "out.jsonl", [line]), "openai-batch")
    assert (g.id, g.sample, g.text, g.failure) == ("s/1", 0, text, failure)


def test_a_long_refusal_is_quoted_in_part(tmp_path: Path) -> None:
    (g,) = read_generations_from(
        _jsonl(tmp_path / "out.jsonl", [_chat("s/1#0", None, refusal="あ" * 500)]), "openai-batch"
    )
    assert g.failure == f"refused by the model: 「{'あ' * 200}…」"


@pytest.mark.parametrize(
    "line, match",
    [
        (_resp("s/1#0", [REASONING]), r":1: custom_id 's/1#0' has no output_text in response.body.output"),
        (_resp("s/1#0", [], status="failed"), r":1: custom_id 's/1#0' failed: status failed"),
        (
            {**_resp("s/1#0", []), "response": {"status_code": 200, "body": {"object": "response", "output": None}}},
            r"has no response.body.output",
        ),
    ],
)
def test_responses_bodies_without_an_answer(tmp_path: Path, line: dict, match: str) -> None:
    with pytest.raises(ScoringError, match=match):
        read_generations_from(_jsonl(tmp_path / "out.jsonl", [line]), "openai-batch")


def test_failed_lines_follow_missing(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "out.jsonl", [_ok("summary/1/keyword#0", "抹茶"), FAILED, HTTP_ERROR])
    with pytest.raises(ScoringError, match=r"re-submit the failed requests, or score without them \(--missing skip\)"):
        read_generations_from(path, "openai-batch")
    assert [(g.id, g.failure) for g in read_generations_from(path, "openai-batch", missing="skip")] == [
        ("summary/1/keyword", None)
    ]
    failed = read_generations_from(path, "openai-batch", missing="fail")
    assert [(g.id, g.sample, g.text) for g in failed] == [
        ("summary/1/keyword", 0, "抹茶"),
        ("summary/2/keyword", 0, ""),
        ("summary/3/keyword", 1, ""),
    ]
    assert failed[1].failure == (
        "request failed: batch_expired: This request could not be executed before the window expired."
    )
    assert failed[2].failure == "request failed with HTTP 400: invalid_request: bad model"


def test_a_refusal_fails_every_aspect_whatever_it_says(tmp_path: Path) -> None:
    """The laziest way around the keyword check: refuse, naming the keyword. A refusal is no answer."""
    refs = [
        ref("summary/1/keyword", "keyword", kw="抹茶"),
        ref("summary/1/prohibited_word", "prohibited_word", pw="茶屋"),
    ]
    lines = [
        _chat("summary/1/keyword#0", "抹茶", refusal=REFUSAL),
        _chat("summary/1/prohibited_word#0", None, refusal="できません"),
    ]
    gens = read_generations_from(_jsonl(tmp_path / "out.jsonl", lines), "openai-batch")
    result = score(gens, refs, cleaner="none")
    assert result.scores["summary"] == {"keyword": 0.0, "prohibited_word": 0.0, "average": 0.0}
    assert [it.reason for it in result.items] == [
        f"refused by the model: 「{REFUSAL}」",
        "refused by the model: 「できません」",
    ]
    assert any("2 generations are no answer" in n for n in result.notes)


def test_batch_with_failed_and_refused_lines_scores_end_to_end(
    built_dataset: Path, built_rows: dict, tmp_path: Path, capsys
) -> None:
    from lctg_metrics.api import score_predictions
    from lctg_metrics.cli import main

    rows = [r for r in built_rows.values() if r["task"] == "summary"]
    failed, refused = rows[:12], rows[12:30]
    answered = rows[30:]
    texts = {
        r["id"]: ("承知しました。\n" if i % 4 == 0 else "") + r["base_text"][: 30 + i % 120]
        for i, r in enumerate(answered)
    }
    lines = (
        [{**FAILED, "custom_id": f"{r['id']}#0"} for r in failed]
        + [_chat(f"{r['id']}#0", None, refusal="I can't help with that.") for r in refused]
        + [_ok(f"{r['id']}#0", texts[r["id"]]) for r in answered]
    )
    path = _jsonl(tmp_path / "batch_out.jsonl", lines)
    argv = [
        "score",
        str(path),
        "--from",
        "openai-batch",
        "--dataset",
        str(built_dataset),
        "--task",
        "summary",
        "--no-progress",
    ]
    assert main(argv) == 2 and "re-submit" in capsys.readouterr().err
    result_path, details = tmp_path / "r.json", tmp_path / "d.jsonl"
    assert main(argv + ["--missing", "skip", "--ci", "--json", str(result_path), "--details", str(details)]) == 0
    printed = capsys.readouterr().out
    result = json.loads(result_path.read_text(encoding="utf-8"))
    # expected: the answered texts' verdicts (scored alone), the refused ones failing, the failed ones absent
    alone = score_predictions(
        [texts[r["id"]] for r in answered], [r["constraint"] for r in answered], cleaner="rule", return_items=True
    )
    for aspect in ("format", "char_count", "keyword", "prohibited_word"):
        passed = sum(it["passed"] for it in alone["items"] if it["aspect"] == aspect)
        n = sum(1 for r in answered + refused if r["id"].endswith("/" + aspect))
        assert result["scores"]["summary"][aspect] == pytest.approx(passed / n)
    cov = result["coverage"]
    assert (cov["scored"], cov["expected"], cov["missing"]) == (480 - 12, 480, 12)
    assert "|cover:468/480|" in result["signature"] and "cover:468/480" in printed
    assert "PARTIAL: 12 missing generations skipped" in printed
    records = [json.loads(x) for x in details.read_text(encoding="utf-8").splitlines()]
    reasons = {r["id"]: r["reason"] for r in records}
    assert len(records) == 468 and all(
        reasons[r["id"]] == "refused by the model: 「I can't help with that.」" for r in refused
    )
    assert not {r["id"] for r in failed} & set(reasons)
    # --missing fail: the failed requests are missing generations counted as failures, as a gap in a plain file
    assert main(argv + ["--missing", "fail", "--json", str(tmp_path / "f.json")]) == 0
    full = json.loads((tmp_path / "f.json").read_text(encoding="utf-8"))
    assert (full["coverage"]["scored"], full["coverage"]["missing"]) == (468, 12) and "cover:" not in full["signature"]
    for aspect in ("format", "char_count", "keyword", "prohibited_word"):  # the failed ones fail every aspect
        passed = sum(it["passed"] for it in alone["items"] if it["aspect"] == aspect)
        n = sum(1 for r in rows if r["id"].endswith("/" + aspect))
        assert full["scores"]["summary"][aspect] == pytest.approx(passed / n)
