"""Properties of the round-9 rules of checkers 2.7 (issue 32, ninth round): each class, on generated instances.

Expected verdicts come from what is built here (how many sentences are joined, which order is recited and whether
the text names it, how many wordings of one claim are written), not from the code under test.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

#: Polite sentences with a finite predicate of their own (written here, each a whole sentence).
POLITE = ["今日は晴れです", "駅は近いです", "朝は六時に起きます", "店員さんが親切です", "明日は雨が降ります"]
#: Marks of several Unicode classes, and the ideographic iteration marks, which Unicode files as letters.
MARKS = ["＞", "＜", "※", "＃", "§", "〻", "〱", "¦"]
#: Nouns compared or listed with the same marks (no predicate before the mark).
NOUNS = ["ラーメン", "うどん", "そば", "カレー", "寿司"]
FEW = settings(max_examples=30, deadline=None)


@FEW
@given(
    st.lists(st.sampled_from(POLITE), min_size=2, max_size=3, unique=True), st.sampled_from(MARKS), st.integers(1, 3)
)
def test_a_run_of_one_mark_between_finished_sentences_splits_them(parts: list[str], mark: str, times: int) -> None:
    """n polite sentences joined by a run of one mark are n sentences: max n-1 fails, max n passes."""
    text = (mark * times).join(parts) + "。"
    n = len(parts)
    assert not check("length:sentences", text, {"max": n - 1}).passed, text
    assert check("length:sentences", text, {"max": n}).passed, text


@FEW
@given(st.lists(st.sampled_from(NOUNS), min_size=2, max_size=4, unique=True), st.sampled_from(["＞", "＜", "→"]))
def test_marks_between_nouns_keep_one_sentence(nouns: list[str], mark: str) -> None:
    """A comparison or an order of nouns before one predicate is one sentence."""
    text = f"人気は{mark.join(nouns)}の順です。"
    assert check("length:sentences", text, {"max": 1}).passed, text


@FEW
@given(st.lists(st.sampled_from(POLITE), min_size=2, max_size=4, unique=True), st.sampled_from("〇○◯"))
def test_a_circle_after_each_predicate_is_a_period(parts: list[str], circle: str) -> None:
    """Sentences each closed by a circle have 句点 to a reader; the same sentences without a mark do not."""
    assert not check("rule:no_period", circle.join(parts) + circle, {}).passed
    assert check("rule:no_period", "\n".join(parts), {}).passed


@FEW
@given(st.integers(0, 9), st.integers(0, 9), st.sampled_from(["年", "月に", "番の部屋です"]))
def test_a_kanji_numeral_zero_stays_a_number(a: int, b: int, rest: str) -> None:
    """〇 inside a kanji numeral (二〇二六年) is a digit, not 。."""
    digits = "〇一二三四五六七八九"
    text = f"二〇{digits[a]}{digits[b]}{rest}"
    assert check("rule:no_period", text, {}).passed, text


#: Forbidden words, each with inflected forms of it written here in hiragana (turned into katakana by the test).
INFLECTED = {
    "楽しい": ["たのしかった", "たのしくない", "たのしくなかった", "たのしそう"],
    "食べる": ["たべた", "たべます", "たべている", "たべたくない"],
    "走る": ["はしった", "はしります", "はしっている"],
}


def _katakana(text: str) -> str:
    return "".join(chr(ord(ch) + 0x60) if "ぁ" <= ch <= "ゖ" else ch for ch in text)


@FEW
@given(st.sampled_from(sorted(INFLECTED)), st.data())
def test_a_forbidden_word_inflected_in_katakana_is_used(word: str, data: st.DataObject) -> None:
    """The forbidden word in any of its inflections, written in katakana, is the word."""
    form = data.draw(st.sampled_from(INFLECTED[word]))
    text = f"昨日は{_katakana(form)}。"
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


#: Orders, each with a word naming it.
ORDERS = {
    "アイウエオカキクケコサシスセソタチツテトナニヌネノ": "五十音",
    "がぎぐげござじずぜぞだぢづでどばびぶべぼ": "濁音",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ": "アルファベット",
    "子丑寅卯辰巳午未申酉戌亥": "十二支",
}


@FEW
@given(st.sampled_from(sorted(ORDERS)), st.integers(0, 2), st.sampled_from(["", "、", "。"]))
def test_an_order_recited_after_a_short_answer_counts_one_row(order: str, start: int, between: str) -> None:
    """A slice of ten or more letters of an order after a 7-letter answer counts five letters toward a minimum when
    the answer does not name the order, and whole when it does."""
    letters = order[start : start + 10]
    recital = between.join(letters)
    answer = "答えは北です。"
    counted = len(answer) + 5 + len(between) * (len(letters) - 1)
    assert not check("length:chars", answer + recital, {"min": counted + 1}).passed
    named = f"{ORDERS[order]}です。{recital}"
    assert check("length:chars", named, {"min": len(named)}).passed, named


#: Adverbs (副詞 to the analyser) a claim may take before its predicate or before its topic.
ADVERBS = ["とても", "かなり", "やはり", "ずいぶん", "まさに"]


@FEW
@given(st.lists(st.tuples(st.sampled_from(ADVERBS), st.booleans()), min_size=3, max_size=4, unique_by=lambda t: t))
def test_one_claim_in_a_third_wording_is_not_counted(wordings: list[tuple[str, bool]]) -> None:
    """京都はいいです said again with an adverb moved or changed each time: the third wording onward adds nothing."""
    sayings = [f"{adverb}京都はいいです。" if first else f"京都は{adverb}いいです。" for adverb, first in wordings]
    text = "".join(sayings)
    first_two = sum(len(s) for s in sayings[:2])
    assert not check("length:chars", text, {"min": first_two + 1}).passed, text
    assert check("length:chars", text, {"min": first_two}).passed, text
