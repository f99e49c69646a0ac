"""Reasoning output: ``--think auto`` (default) strips a leading <think> block of R1/Qwen3-style models, fails
unfinished reasoning, and leaves every text without think tags exactly as upstream scores it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.aspects.text import NO_THINK, STRIPPED, UNFINISHED, UNFINISHED_REASON, auto_think, strip_think
from lctg_metrics.options import resolve_options
from lctg_metrics.scoring import Generation, score

ANSWER = "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"


@pytest.mark.parametrize("text,expected,state", [
    (f"<think>\nまず要約の条件を確認する。\n</think>\n\n{ANSWER}", ANSWER, STRIPPED),          # R1-style
    (f"要約の条件を確認する。\n</think>\n\n{ANSWER}", ANSWER, STRIPPED),                      # Qwen3 template: no opening tag
    (f"  <THINK>条件は？</Think>{ANSWER}", ANSWER, STRIPPED),                                  # any case, leading blanks
    (f"<think>\n条件を確認して、まず", f"<think>\n条件を確認して、まず", UNFINISHED),          # cut off mid-reasoning
    (ANSWER, ANSWER, NO_THINK),
    (f"{ANSWER}<think>後書き</think>", f"{ANSWER}<think>後書き</think>", NO_THINK),            # not leading: untouched
])
def test_auto_think(text, expected, state):
    assert auto_think(text) == (expected, state)


def test_strip_handles_any_case():
    assert strip_think(f"<Think>a</THINK>{ANSWER}<think>b</think>") == ANSWER


def _ref(aspect: str, **fields) -> dict:
    base = {"id": f"summary/1/{aspect}", "task": "summary", "prompt_id": 1, "aspects": [aspect], "min_chars": None,
            "max_chars": None, "keyword": None, "prohibited_word": None, "variant": None, "dataset_version": "t"}
    return {**base, **fields}


def test_default_auto_strips_warns_and_fails_unfinished():
    refs = [_ref("char_count", min_chars=20, max_chars=40)]
    gens = [Generation(refs[0]["id"], f"<think>長い推論……</think>\n{ANSWER}", 0),
            Generation(refs[0]["id"], "<think>推論が途中で", 1),
            Generation(refs[0]["id"], ANSWER, 2)]
    result = score(gens, refs, cleaner="none")
    assert result.options.think == "auto" and "think:auto" in result.signature
    assert [it.passed for it in result.items] == [True, False, True]
    assert result.items[1].reason == UNFINISHED_REASON
    assert result.to_dict()["think"] == {"mode": "auto", "stripped": 1, "unfinished": 1}
    assert any("stripped a <think> reasoning block from 1 generations" in n for n in result.notes)
    kept = score(gens, refs, cleaner="none", options=resolve_options(think="keep"))
    assert [it.passed for it in kept.items] == [False, False, True]  # reasoning counted as characters; the cut-off one too short


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("あいう漢字カナabc。、 \n<>/thinkTHINK")), max_size=60))
def test_texts_without_think_tags_score_the_same_under_every_mode(text):
    if "think>" in text.lower():
        return
    refs = [_ref("format"), _ref("keyword", id="summary/1/keyword", keyword="あい"),
            _ref("char_count", id="summary/1/char_count", min_chars=3, max_chars=30)]
    gens = [Generation(r["id"], text) for r in refs]
    outs = [score(gens, refs, cleaner="rule", options=resolve_options(think=m)).to_dict() for m in ("auto", "keep", "strip")]
    assert outs[0]["scores"] == outs[1]["scores"] == outs[2]["scores"]


def test_think_tallies_merge_across_shards():
    from lctg_metrics.api import ShardScorer

    refs = [_ref("char_count", min_chars=20, max_chars=40)]
    rid = refs[0]["id"]
    texts = [f"<think>推論</think>{ANSWER}", "<think>途中で", f"考えた。</think>{ANSWER}", ANSWER]
    batch = {"id": [rid] * 4, "generation": texts, "sample": [0, 1, 2, 3]}
    scorer = ShardScorer(refs, cleaner="none")
    halves = [scorer({k: v[:2] for k, v in batch.items()}), scorer({k: v[2:] for k, v in batch.items()})]
    merged = scorer.finalize(halves).to_dict()
    direct = score([Generation(rid, t, s) for t, s in zip(texts, batch["sample"])], refs, cleaner="none").to_dict()
    assert merged["think"] == direct["think"] == {"mode": "auto", "stripped": 2, "unfinished": 1}
    assert merged["scores"] == direct["scores"] and merged["notes"] == direct["notes"]
