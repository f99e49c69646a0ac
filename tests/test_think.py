"""Reasoning output: ``--think auto`` (default) strips a leading <think> block of R1/Qwen3-style models, fails
unfinished reasoning, reasoning with no answer after it and tags that do not make one leading block, and leaves
every text without think tags exactly as upstream scores it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.aspects.text import (
    MALFORMED,
    NO_ANSWER,
    NO_ANSWER_REASON,
    NO_THINK,
    STRIPPED,
    UNFINISHED,
    UNFINISHED_REASON,
    auto_think,
    malformed_reason,
    strip_think,
)
from lctg_metrics.profiles import resolve_options
from lctg_metrics.scoring import Generation, score

ANSWER = "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"


@pytest.mark.parametrize(
    "text,expected,state",
    [
        (f"<think>\nまず要約の条件を確認する。\n</think>\n\n{ANSWER}", ANSWER, STRIPPED),  # R1-style
        (f"要約の条件を確認する。\n</think>\n\n{ANSWER}", ANSWER, STRIPPED),  # Qwen3 template: no opening tag
        (f"  <THINK>条件は？</Think>{ANSWER}", ANSWER, STRIPPED),  # any case, leading blanks
        ("<think>\n条件を確認して、まず", "<think>\n条件を確認して、まず", UNFINISHED),  # cut off mid-reasoning
        (ANSWER, ANSWER, NO_THINK),
        (f"\ufeff<think>推論</think>{ANSWER}", ANSWER, STRIPPED),  # a BOM before the block
        (f"\ufeff \n<think>推論</think>{ANSWER}", ANSWER, STRIPPED),  # BOM and blanks
        (f'<think type="x">推論</think >{ANSWER}', ANSWER, STRIPPED),  # attributes, blank before >
        (f"<think>外<think>内</think>外</think>{ANSWER}", ANSWER, STRIPPED),  # a nested block is reasoning
        (f"<think>一</think>\n<think>二</think>\n{ANSWER}", ANSWER, STRIPPED),  # two leading blocks
        ("<think>推論</think>\n  ", "<think>推論</think>\n  ", NO_ANSWER),  # nothing after the block
        (f"{ANSWER}</think>", f"{ANSWER}</think>", NO_ANSWER),  # answer + stray </think>
        (f"{ANSWER}<think>後書き</think>", f"{ANSWER}<think>後書き</think>", MALFORMED),  # a block after the answer
        (
            f"<think>推論</think>{ANSWER}</think>",
            f"<think>推論</think>{ANSWER}</think>",
            MALFORMED,
        ),  # a second </think>
        (f"推論</think>{ANSWER}</think>", f"推論</think>{ANSWER}</think>", MALFORMED),  # the same, template-style
        (
            f"<think>外<think>内</think>{ANSWER}",
            f"<think>外<think>内</think>{ANSWER}",
            MALFORMED,
        ),  # nested, never closed
        (
            f"<think>推論</think>{ANSWER}<think>",
            f"<think>推論</think>{ANSWER}<think>",
            MALFORMED,
        ),  # <think> after the answer
        (f"<thinking>推論</thinking>{ANSWER}", ANSWER, STRIPPED),  # the other reasoning tags
        (f"<reasoning>推論</reasoning>\n{ANSWER}", ANSWER, STRIPPED),
        (f"<thought>推論</thought>{ANSWER}", ANSWER, STRIPPED),
        (f"<think >推論</ think>{ANSWER}", ANSWER, STRIPPED),  # blanks inside the brackets
        (f"\u200b\u2060<think>推論</think>{ANSWER}", ANSWER, STRIPPED),  # invisible characters first
        ("<think>推論</think>\u200b\u2060 \n", "<think>推論</think>\u200b\u2060 \n", NO_ANSWER),  # an invisible answer
        ("<think>推論</think>\u3099", "<think>推論</think>\u3099", NO_ANSWER),  # a lone combining mark
        (f"<thinker>{ANSWER}</thinker>", f"<thinker>{ANSWER}</thinker>", NO_THINK),  # not a reasoning tag
        (f"<think>推論</think>{ANSWER}<reasoning>", f"<think>推論</think>{ANSWER}<reasoning>", MALFORMED),
    ],
)
def test_auto_think(text, expected, state):
    assert auto_think(text) == (expected, state)


@pytest.mark.parametrize(
    "text,reason",
    [
        (
            f"<think>推論</think>{ANSWER}</think>",
            rf"malformed reasoning: </think> at character {len('<think>推論</think>' + ANSWER) + 1}, "
            "after the answer began",
        ),
        (
            f"{ANSWER}<think>後書き</think>",
            rf"malformed reasoning: <think> at character {len(ANSWER) + 1}, after answer text",
        ),
        (
            f"<think>外<think>内</think>{ANSWER}",
            r"malformed reasoning: a nested <think> is never closed \(2 <think>, 1 </think>\)",
        ),
    ],
)
def test_malformed_reason_names_the_tag_and_where(text, reason):
    import re

    assert re.fullmatch(reason + ".*", malformed_reason(text))


def test_strip_handles_any_case():
    assert strip_think(f"<Think>a</THINK>{ANSWER}<think>b</think>") == ANSWER


def _ref(aspect: str, **fields) -> dict:
    base = {
        "id": f"summary/1/{aspect}",
        "task": "summary",
        "prompt_id": 1,
        "aspects": [aspect],
        "min_chars": None,
        "max_chars": None,
        "keyword": None,
        "prohibited_word": None,
        "variant": None,
        "dataset_version": "t",
    }
    return {**base, **fields}


def test_default_auto_strips_warns_and_fails_unfinished():
    refs = [_ref("char_count", min_chars=20, max_chars=40)]
    gens = [
        Generation(refs[0]["id"], f"<think>長い推論……</think>\n{ANSWER}", 0),
        Generation(refs[0]["id"], "<think>推論が途中で", 1),
        Generation(refs[0]["id"], ANSWER, 2),
    ]
    result = score(gens, refs, cleaner="none")
    assert result.options.think == "auto" and "think:auto" in result.signature
    assert [it.passed for it in result.items] == [True, False, True]
    assert result.items[1].reason == UNFINISHED_REASON
    assert result.to_dict()["think"] == {"mode": "auto", "stripped": 1, "unfinished": 1}
    assert any("stripped a <think> reasoning block from 1 generations" in n for n in result.notes)
    kept = score(gens, refs, cleaner="none", options=resolve_options(think="keep"))
    assert [it.passed for it in kept.items] == [
        False,
        False,
        True,
    ]  # reasoning counted as characters; the cut-off one too short


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("あいう漢字カナabc。、 \n<>/thinkTHINK")), max_size=60))
def test_texts_without_think_tags_score_the_same_under_every_mode(text):
    if "think>" in text.lower():
        return
    refs = [
        _ref("format"),
        _ref("keyword", id="summary/1/keyword", keyword="あい"),
        _ref("char_count", id="summary/1/char_count", min_chars=3, max_chars=30),
    ]
    gens = [Generation(r["id"], text) for r in refs]
    outs = [
        score(gens, refs, cleaner="rule", options=resolve_options(think=m)).to_dict() for m in ("auto", "keep", "strip")
    ]
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


# ----------------------------------------------------------------------- generated tag layouts vs the bare answer

_ASPECTS = [
    _ref("format"),
    _ref("keyword", id="summary/1/keyword", keyword="行列"),
    _ref("prohibited_word", id="summary/1/prohibited_word", prohibited_word="推論"),
    _ref("char_count", id="summary/1/char_count", min_chars=10, max_chars=40),
]
_WORDS = st.text(alphabet=st.sampled_from(list("京都の抹茶カフェに行列ができた推論。、ab 1")), min_size=1, max_size=30)
_BLANK = st.sampled_from(["", " ", "\n", "\n\n", "\u3000", " \t\n"])
_OPEN = st.builds(
    lambda name, attr: f"<{name}{attr}>",
    st.sampled_from(["think", "THINK", "Think", "tHiNk"]),
    st.sampled_from(["", ' type="x"', " a=1 b='2'", "\n"]),
)
_CLOSE = st.builds(
    lambda name, blank: f"</{name}{blank}>",
    st.sampled_from(["think", "THINK", "Think"]),
    st.sampled_from(["", " ", "\n"]),
)


def _verdicts(text: str, think: str = "auto") -> list[tuple[bool, str]]:
    gens = [Generation(r["id"], text) for r in _ASPECTS]
    result = score(gens, _ASPECTS, cleaner="none", options=resolve_options(think=think))
    return [(it.passed, it.reason) for it in result.items], result.to_dict()["think"]


@st.composite
def _leading(draw):
    """A well-formed layout: BOM/blanks, one or more leading blocks (maybe nested; maybe without the opening tag of
    the first), blanks, the answer."""
    answer = draw(_WORDS).strip() or "答え"
    reasoning = draw(_WORDS)
    block = f"{draw(_OPEN)}{reasoning}{draw(_CLOSE)}"
    if draw(st.booleans()):  # nested
        block = f"{draw(_OPEN)}{draw(_WORDS)}{block}{draw(_WORDS)}{draw(_CLOSE)}"
    if draw(st.booleans()):  # another leading block
        block += draw(_BLANK) + f"{draw(_OPEN)}{draw(_WORDS)}{draw(_CLOSE)}"
    if draw(st.booleans()):  # the template case: the opening tag is in the prompt
        block = f"{reasoning}{draw(_CLOSE)}"
    bom = draw(st.sampled_from(["", "\ufeff"]))
    return answer, f"{bom}{draw(_BLANK)}{block}{draw(_BLANK)}{answer}{draw(_BLANK)}"


@settings(max_examples=80, deadline=None)
@given(_leading())
def test_a_leading_block_scores_as_the_bare_answer(case):
    answer, text = case
    got, think = _verdicts(text)
    assert got == _verdicts(answer, "keep")[0]
    assert think == {"mode": "auto", "stripped": len(_ASPECTS), "unfinished": 0}  # every text is one generation


@st.composite
def _malformed(draw):
    """A layout with no single answer: a tag after the answer began, a closing tag too many, a nested block never
    closed, a block after answer text."""
    answer = draw(_WORDS).strip() or "答え"
    lead = f"{draw(_OPEN)}{draw(_WORDS)}{draw(_CLOSE)}{draw(_BLANK)}"
    kind = draw(st.sampled_from(["second close", "trailing block", "open after", "nested open", "block after text"]))
    if kind == "second close":
        return f"{lead}{answer}{draw(_CLOSE)}{draw(_WORDS)}"
    if kind == "trailing block":
        return f"{lead}{answer}{draw(_OPEN)}{draw(_WORDS)}{draw(_CLOSE)}"
    if kind == "open after":
        return f"{lead}{answer}{draw(_OPEN)}"
    if kind == "nested open":
        return f"{draw(_OPEN)}{draw(_WORDS)}{draw(_OPEN)}{draw(_WORDS)}{draw(_CLOSE)}{answer}"
    return f"{answer}{draw(_OPEN)}{draw(_WORDS)}{draw(_CLOSE)}{draw(_WORDS)}"


@settings(max_examples=80, deadline=None)
@given(_malformed())
def test_malformed_layouts_fail_every_aspect_and_say_so(text):
    got, think = _verdicts(text)
    assert all(not passed and reason.startswith("malformed reasoning: ") for passed, reason in got), got
    assert think == {"mode": "auto", "stripped": 0, "unfinished": 0, "malformed": len(_ASPECTS)}


@settings(max_examples=40, deadline=None)
@given(
    st.builds(
        lambda bom, pre, close, blank: f"{bom}{pre}{close}{blank}",
        st.sampled_from(["", "\ufeff"]),
        st.one_of(_WORDS, st.builds(lambda o, w: o + w, _OPEN, _WORDS)),
        _CLOSE,
        _BLANK,
    )
)
def test_nothing_after_the_closing_tag_is_no_answer(text):
    got, think = _verdicts(text)
    assert got == [(False, NO_ANSWER_REASON)] * len(_ASPECTS)
    assert think == {"mode": "auto", "stripped": 0, "unfinished": 0, "no_answer": len(_ASPECTS)}


def test_the_reported_stray_close_no_longer_passes():
    """An answer followed by a stray </think> was discarded whole: it passed the prohibited word check as an empty
    text and failed the char count as "0 chars"; now every aspect fails, saying why."""
    text = "ヤンキースに勝利した試合の要約です。</think>"
    refs = [_ref("prohibited_word", prohibited_word="敗北")]
    result = score([Generation(refs[0]["id"], text)], refs, cleaner="none")
    assert [(it.passed, it.reason) for it in result.items] == [(False, NO_ANSWER_REASON)]
    assert result.to_dict()["think"] == {"mode": "auto", "stripped": 0, "unfinished": 0, "no_answer": 1}
    assert any("nothing after </think>" in n for n in result.notes)
