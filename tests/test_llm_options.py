"""LLM request parameters and the empty-answer policy are explicit options: what is sent is what the signature
says (upstream sent only the model and the messages)."""

from __future__ import annotations

import json

import pytest

from lctg_metrics.cli import main
from tests.fake_openai_server import FakeOpenAIServer


@pytest.fixture(scope="module")
def gens(built_dataset, tmp_path_factory):
    path = tmp_path_factory.mktemp("llmopt") / "g.jsonl"
    assert (
        main(["sample", "--dataset", str(built_dataset), "--task", "summary", "--samples", "1", "-o", str(path)]) == 0
    )
    return path


def _run(built_dataset, gens, tmp_path, extra, answer):
    bodies: list[dict] = []

    def record(body: dict) -> str:
        bodies.append(body)
        return answer(body)

    out = tmp_path / f"r{len(list(tmp_path.iterdir()))}.json"
    with FakeOpenAIServer(answer=record) as server:
        args = [
            "score",
            str(gens),
            "--dataset",
            str(built_dataset),
            "--task",
            "summary",
            "--cleaner",
            "llm",
            "--judge",
            "--llm-base-url",
            server.base_url,
            "--llm-model",
            "m",
            "--llm-cache",
            str(tmp_path / "c.sqlite"),
            "--no-progress",
            "--json",
            str(out),
            *extra,
        ]
        assert main(args) == 0
    return json.loads(out.read_text(encoding="utf-8")), bodies


def _judge_or_empty(body: dict) -> str:
    content = body["messages"][-1]["content"]
    return "適切" if "適切" in content else ""  # the cleaner answers with an empty text


def test_default_sends_model_and_messages_only(built_dataset, gens, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    result, bodies = _run(built_dataset, gens, tmp_path, [], _judge_or_empty)
    assert bodies and all(set(b) == {"model", "messages"} for b in bodies)
    assert "(params:none,empty:keep)|judge:" in result["signature"] and result["judge"].endswith("(params:none)")
    # an empty cleaner answer is kept and scored as an empty text: it avoids every prohibited word
    assert result["scores"]["summary"]["prohibited_word"] == 1.0


def test_parameters_and_empty_policy_are_sent_and_signed(built_dataset, gens, tmp_path, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-x")
    result, bodies = _run(
        built_dataset,
        gens,
        tmp_path,
        ["--llm-temperature", "0.5", "--llm-seed", "7", "--empty-cleaner-answer", "invalid"],
        _judge_or_empty,
    )
    assert bodies and all(b.get("temperature") == 0.5 and b.get("seed") == 7 for b in bodies)
    assert "params:temp=0.5,seed=7" in result["signature"] and "empty:invalid" in result["signature"]
    # the empty answer became the cleaner-failed marker: every aspect fails
    assert result["scores"]["summary"]["prohibited_word"] == 0.0
