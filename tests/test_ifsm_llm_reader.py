"""The llm IFSM reader against a loopback fake server: deterministic answers, parsing, fallback, unparseable."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx")

from lctg_dataset.stories import load_story_rows  # noqa: E402
from lctg_metrics.ifsm import gold_item, score_ifsm  # noqa: E402
from lctg_metrics.ifsm.llm_reader import LLMReader, parse_choice  # noqa: E402
from lctg_metrics.llm.client import LLMConfig  # noqa: E402

try:
    from fake_openai_server import FakeOpenAIServer
except ImportError:  # tests/ imported as a package
    from tests.fake_openai_server import FakeOpenAIServer

FIXTURE = Path(__file__).parent / "data" / "ifsm"


@pytest.mark.parametrize(("text", "choice"), [
    ("B", 1), (" c ", 2), ("(D)", 3), ("A.", 0), ("**B**", 1), ("B. Ken flew the kite.", 1),
    ("The answer is C.", 2), ("Answer: (A)", 0), ("I think the answer is D", 3),
    ("", None), (None, None), ("E", None), ("A or B", None), ("The answer is A, no, the answer is B", None),
    ("I am not sure.", None), ("Both endings could work.", None),
])
def test_parse_choice_table(text: str | None, choice: int | None) -> None:
    assert parse_choice(text) == choice


def _config(server: FakeOpenAIServer, tmp_path: Path) -> LLMConfig:
    return LLMConfig(base_url=server.base_url, model="fake-reader", api_key_env="LCTG_TEST_API_KEY",
                     max_retries=0, timeout=5.0, cache_path=str(tmp_path / "cache.sqlite"))


def _gold_letter(rows: list[dict]) -> Any:
    """Answers with the letter of the question's gold ending (the fake knows the key)."""
    key = {f"Question: {r['question']}": r["gold_ending"] for r in rows}

    def answer(body: dict[str, Any]) -> str:
        lines = body["messages"][0]["content"].splitlines()
        gold = next(key[line] for line in lines if line in key)
        return next((f"The answer is {line[0]}." for line in lines if line[3:] == gold and line[1:3] == ". "), "A")
    return answer


@pytest.fixture(scope="module")
def rows() -> list[dict]:
    return load_story_rows(FIXTURE, include_contexts=True)


def test_deterministic_answers_give_ifsm_equal_to_accuracy(rows: list[dict], tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LCTG_TEST_API_KEY", "k")
    with FakeOpenAIServer(answer=_gold_letter(rows)) as server:
        config = _config(server, tmp_path)
        result = score_ifsm({r["id"]: r["gold_ending"] for r in rows}, rows, reader="llm",
                            reader_options={"config": config}, dissimilarity_encoder=None)
    assert result.ifsm == result.oracle.guarded == 1.0
    assert result.unparseable == 0 and result.reader.name == "llm:fake-reader"
    assert "reader:llm:fake-reader@mc-v1#" in result.signature


def test_fallback_turn_is_used_and_parsed(rows: list[dict], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LCTG_TEST_API_KEY", "k")

    def answer(body: dict[str, Any]) -> str:
        return "C" if len(body["messages"]) == 3 else "Hmm, the third one seems right."

    with FakeOpenAIServer(answer=answer) as server:
        reader = LLMReader(_config(server, tmp_path))
        choices = reader.choose([gold_item(r) for r in rows[:3]])
        asked = len(server.received)
    assert choices == [2, 2, 2] and asked == 6
    assert reader.stats == {"asked": 3, "fallback": 3, "unparseable": 0}


def test_unparseable_is_counted_and_fails(rows: list[dict], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LCTG_TEST_API_KEY", "k")
    with FakeOpenAIServer(answer=lambda body: "I cannot decide.") as server:
        reader = LLMReader(_config(server, tmp_path))
        result = score_ifsm({r["id"]: r["gold_ending"] for r in rows}, rows, reader=reader,
                            adversarial=False, dissimilarity_encoder=None)
    assert result.ifsm == 0.0 and result.unparseable == result.n
    assert result.oracle.unparseable == result.n and reader.stats["unparseable"] == 2 * result.n


def test_llm_reader_needs_a_config(rows: list[dict]) -> None:
    with pytest.raises(ValueError, match="LLMConfig"):
        score_ifsm({}, rows, reader="llm")
