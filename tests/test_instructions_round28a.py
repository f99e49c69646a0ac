"""Round 28 (sentences, start and end phrases): かも clipped from かもしれない is plain, a list item ending in an
adjective-forming suffix is the list's form, a reply before a one-kanji noun names a side, struck-through text at an
edge is withdrawn, a Latin phrase matches in any case. Texts written here by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions.registry import check

GREETINGS = ["こんにちは", "はじめまして", "おはようございます", "ありがとうございます"]
RESTS = ["今日の予定をお知らせします。", "田中です。よろしくお願いします。", "本題に入ります。"]
STRIKES = ["~~{}~~ ", "<s>{}</s>", "<del>{}</del> ", "<strike>{}</strike>"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GREETINGS), st.sampled_from(RESTS), st.sampled_from(STRIKES))
def test_a_phrase_struck_through_at_an_edge_is_withdrawn(phrase: str, rest: str, strike: str) -> None:
    assert not check("startend:start", strike.format(phrase) + rest, {"phrase": phrase}).passed
    assert check("startend:start", phrase + "、" + rest, {"phrase": phrase}).passed
    assert not check("startend:end", rest + strike.format(phrase).strip(), {"phrase": phrase}).passed
    assert check("startend:end", rest + phrase, {"phrase": phrase}).passed


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["Hello", "Good morning", "Thank you"]), st.data())
def test_a_latin_phrase_is_met_in_any_case(phrase: str, data: st.DataObject) -> None:
    flips = data.draw(st.lists(st.booleans(), min_size=len(phrase), max_size=len(phrase)))
    written = "".join(ch.swapcase() if flip else ch for ch, flip in zip(phrase, flips, strict=True))
    assert check("startend:start", written + "、皆さん。今日も始めます。", {"phrase": phrase}).passed
    assert check("startend:end", "今日の話は以上です。" + written, {"phrase": phrase}).passed


@pytest.mark.parametrize(
    ("text", "polite"),
    [
        ("週末は混みますね。明日は晴れるかも。早めに出発しましょう。", False),
        ("この店はおいしいです。でも少し高いかもね。", False),
        ("午後は雨が降るかもしれません。傘をお持ちください。", True),
        ("## 特長\n- 画面が見やすい\n- 手に持ちやすい\n\nぜひお試しください。", True),
    ],
)
def test_clipped_kamo_is_plain_and_suffixed_list_items_are_the_lists_form(text: str, polite: bool) -> None:
    assert check("style:polite", text, {}).passed is polite


@pytest.mark.parametrize(
    ("phrase", "text", "said"),
    [
        ("はい", "はい票が過半数を占めました。", False),
        ("いいえ", "いいえ側の主張を整理します。", False),
        ("はい", "はい今から向かいます。", True),
        ("はい", "はい、そうです。", True),
    ],
)
def test_a_reply_before_a_one_kanji_noun_names_a_side(phrase: str, text: str, said: bool) -> None:
    assert check("startend:start", text, {"phrase": phrase}).passed is said
