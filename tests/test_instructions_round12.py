"""Properties of round twelve's rules: a start or end phrase in another spelling of its words, the emphatic small っ,
signatures, highlights that count themselves, nested opacities and the no-content predicate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.contents import no_content

pytest.importorskip("fugashi")

#: Opening words and the same words in another spelling a reader reads as them (written here, not by the code).
_SPELLINGS = [("はい", "ハイ"), ("まず", "先ず"), ("実は", "じつは"), ("ところで", "所で")]
#: Closing phrases, their other spelling and sentences they close.
_ENDINGS = [
    ("ください", "下さい", ["お気軽にお問い合わせ", "こちらをご覧", "少々お待ち"]),
    ("かな", "かなぁ", ["明日は晴れる", "うまくいく", "間に合う"]),
    ("かな", "かなー", ["明日は晴れる", "うまくいく", "間に合う"]),
]
_BODIES = ["今日は晴れです。", "会議を始めます。", "資料をご覧ください。", "よろしくお願いします。"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(_SPELLINGS), st.sampled_from(_BODIES), st.sampled_from(["、", "。", "！", " "]))
def test_a_start_phrase_in_another_spelling_starts_the_response(pair, body, mark) -> None:
    phrase, written = pair
    assert check("startend:start", f"{written}{mark}{body}", {"phrase": phrase}).passed


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(_ENDINGS), st.integers(min_value=0, max_value=2), st.sampled_from(["", "。", "！"]))
def test_an_end_phrase_in_another_spelling_ends_the_response(ending, which, mark) -> None:
    phrase, written, heads = ending
    assert check("startend:end", heads[which] + written + mark, {"phrase": phrase}).passed


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["はい", "よし", "うん"]), st.sampled_from(["、", "！", "。"]))
def test_an_emphatic_small_tsu_leaves_the_start_phrase_whole(phrase, mark) -> None:
    assert check("startend:start", f"{phrase}っ{mark}行きましょう。", {"phrase": phrase}).passed


def test_a_small_tsu_before_kana_is_part_of_another_word() -> None:
    assert not check("startend:start", "はいった部屋は暗かった。", {"phrase": "はい"}).passed


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["田中", "佐藤", "山田さん", "営業部 鈴木"]))
def test_a_name_signed_in_brackets_after_the_end_phrase(name) -> None:
    assert check("startend:end", f"本日の報告は以上です（{name}）", {"phrase": "以上です"}).passed


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["笑", "予定", "ではない", "仮"]))
def test_words_in_brackets_after_the_end_phrase_are_no_signature(word) -> None:
    assert not check("startend:end", f"本日の報告は以上です（{word}）", {"phrase": "以上です"}).passed


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=2, max_value=6))
def test_highlights_numbering_their_own_place_in_a_sentence_count_nothing(n) -> None:
    inline = "、".join(f"《{k}》" for k in range(1, n + 1))
    assert not check("format:highlights", f"手順は{inline}の順です。", {"min": n}).passed
    labelled = "\n\n".join(f"《{k}》第{k}段階：作業を進めます。" for k in range(1, n + 1))
    assert check("format:highlights", f"手順です。\n\n{labelled}", {"min": n}).passed


@settings(max_examples=40, deadline=None)
@given(st.floats(min_value=0.05, max_value=1.0), st.floats(min_value=0.05, max_value=1.0))
def test_nested_opacities_multiply(outer, inner) -> None:
    html = f'<div style="opacity:{outer:.3f}"><p style="opacity:{inner:.3f}">環境を守ります。</p></div>'
    product = round(outer, 3) * round(inner, 3)
    if abs(product - 0.1) < 1e-3:
        return  # at the floor itself, rounding decides
    assert check("keywords:existence", html, {"keywords": ["環境"]}).passed is (product > 0.1)


@pytest.mark.parametrize(
    "value", ["割愛します", "後日回答予定", "N/A", "件名なし", "無題のドキュメント", "xxx", "その2"]
)
def test_values_that_say_no_content_is_given(value: str) -> None:
    assert no_content(value)


@pytest.mark.parametrize("value", ["なし", "不明", "30", "無題", "XXL", "その後", "一つ目の駅で降りる"])
def test_answers_stay_content(value: str) -> None:
    assert not no_content(value)
