"""Properties of the IFSM guard, split and parser (hypothesis), and the command line on the fixture."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lctg_dataset.stories import load_story_rows, split_passages
from lctg_metrics.cli.ifsm import main
from lctg_metrics.ifsm import readers
from lctg_metrics.ifsm.encoders import Encoder, register_encoder
from lctg_metrics.ifsm.guards import check_ending
from lctg_metrics.ifsm.head import FEATURES, Head, save_head
from lctg_metrics.ifsm.llm_reader import parse_choice

FIXTURE = Path(__file__).parent / "data" / "ifsm"
CTX = "Raj was late for his exam. He ran to the bus stop. The bus was just leaving. He waved his arms wildly."
OPTS = [
    "The driver stopped the bus and Raj got on.",
    "Raj missed the bus and failed the exam.",
    "Raj called a taxi and arrived early.",
    "A friend on a bike gave Raj a ride.",
]
Q = "Which ending shows a helpful driver?"
words = st.sampled_from("the a driver bus Raj stopped smiled exam late rain taxi friend ran home and".split())
endings = st.lists(words, min_size=0, max_size=14).map(" ".join)


@given(endings, st.sampled_from(["", " ", "\n", "\t  "]), st.sampled_from(["", ".", "!"]))
def test_blanks_and_final_punctuation_never_change_the_guard(ending: str, blank: str, stop: str) -> None:
    plain = check_ending(ending, question=Q, context=CTX, options=OPTS, gold_label=0)
    padded = check_ending(blank + ending + stop + blank, question=Q, context=CTX, options=OPTS, gold_label=0)
    assert plain == padded


@given(endings)
def test_appending_the_question_is_always_caught(ending: str) -> None:
    verdict = check_ending(f"{ending} {Q}", question=Q, context=CTX, options=OPTS, gold_label=0)
    assert not verdict.passed


@given(st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=40, unique=True), st.integers(0, 9))
def test_split_halves_every_passage_set(passages: list[str], seed: int) -> None:
    halves = split_passages(passages, seed)
    assert set(halves) == set(passages)
    fit = sum(v == "fit" for v in halves.values())
    assert fit == (len(passages) + 1) // 2
    assert halves == split_passages(sorted(passages), seed)


@given(st.sampled_from("ABCD"), st.sampled_from(["{}", "({})", "{}.", "**{}**", "Answer: {}", "The answer is {}."]))
def test_every_plain_answer_form_parses(letter: str, form: str) -> None:
    assert parse_choice(form.format(letter)) == "ABCD".index(letter)


def _letters(texts: list[str]) -> np.ndarray:
    """Stand-in encoder: counts of letters a–z (enough to rank a question echo first)."""
    out = np.zeros((len(texts), 27), np.float32)
    for row, text in enumerate(texts):
        for char in text.lower():
            if "a" <= char <= "z":
                out[row, ord(char) - 97] += 1
        out[row, 26] = 0.01
    return out


def test_command_line_scores_a_jsonl(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    register_encoder("letters", lambda: Encoder("letters", "lctg", _letters))
    weights = [0.0] * len(FEATURES)
    weights[FEATURES.index("cos_question_rel")] = 1.0
    head = tmp_path / "head.json"
    save_head(Head("t1", "letters", "0", [0.0] * len(FEATURES), [1.0] * len(FEATURES), weights, "by hand"), head)
    monkeypatch.setitem(readers.READERS, "embedding", lambda: readers.EmbeddingReader(head))
    rows = load_story_rows(FIXTURE)
    path = tmp_path / "g.jsonl"
    path.write_text("".join(json.dumps({"id": r["id"], "generation": r["question"]}) + "\n" for r in rows))
    main([str(path), "--reader", "embedding", "--stories-source", str(FIXTURE), "--dissimilarity", "letters"])
    out = capsys.readouterr().out
    assert "\nIFSM 0.000" in out and "INVALID" in out and "question echo" in out
    assert "dissim:letters" in out and "ifsm|reader:embedding-letters" in out
    with pytest.raises(SystemExit):
        main([str(path), "--reader", "llm", "--stories-source", str(FIXTURE)])
