"""Properties of the round-8 rules of checkers 2.6 (issue 32, eighth round): each class, on generated instances.

Expected verdicts come from what is built here (how many sentences are joined, how many letters a glued unit has,
which phrase is asked back), not from the code under test.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

#: Polite sentences with a finite predicate of their own (written here, each a whole sentence).
POLITE = ["今日は晴れです", "駅は近いです", "朝は六時に起きます", "店員さんが親切です", "明日は雨が降ります"]
#: Marks that are not 。 used as one between two sentences (punctuation and symbols of several Unicode classes).
MARKS = ["；", "|", "※", "−", "＃", "＆", "＋", "＝", "¦", "§"]
#: Words of a unit glued to itself (hiragana, so the unit is letters alone).
WORDS = ["もみじ", "きれいな", "あきの", "やま", "しずかな", "よるの", "うみ", "ひろい", "そら", "あおい"]
#: Start phrases that are no question, and honest continuations after them.
PHRASES = ["はい", "いいえ", "了解です", "承知しました"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(POLITE), min_size=2, max_size=4, unique=True), st.sampled_from(MARKS))
def test_any_one_mark_between_finished_sentences_splits_them(parts: list[str], mark: str) -> None:
    """n polite sentences joined by one mark that is not 。 are n sentences: max n-1 fails, max n passes."""
    text = mark.join(parts)
    n = len(parts)
    assert not check("length:sentences", text, {"max": n - 1}).passed, text
    assert check("length:sentences", text, {"max": n}).passed, text


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["！", "!!", "！！", "!"]), st.sampled_from(["を見ました", "の特番を見ました", "に出ていました"])
)
def test_a_name_with_marks_before_a_case_particle_is_one_sentence(mark: str, rest: str) -> None:
    """昨日はザ！鉄腕！DASH + marks + a case particle is one sentence; a second sentence makes two."""
    text = f"昨日はザ！鉄腕！DASH{mark}{rest}。とても面白かったです。"
    assert check("length:sentences", text, {"min": 2, "max": 2}).passed, text


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(WORDS), min_size=3, max_size=8), st.integers(min_value=2, max_value=4))
def test_a_long_unit_glued_to_itself_counts_once(words: list[str], times: int) -> None:
    """A unit of 13 to 30 letters glued to itself counts at most once: a minimum above the answer and one unit
    fails."""
    unit = "".join(words)
    assume(13 <= len(unit) <= 30)
    answer = "答えは秋です。"
    text = answer + unit * times
    assert not check("length:chars", text, {"min": len(answer) + len(unit) + 1}).passed, text


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(PHRASES), st.sampled_from(["？", "?"]))
def test_a_phrase_asked_back_is_not_the_phrase(phrase: str, mark: str) -> None:
    """A start phrase followed by a question mark is asked back, not said; followed by 、 it is said."""
    assert not check("startend:start", f"{phrase}{mark}何のことでしょうか。", {"phrase": phrase}).passed
    assert check("startend:start", f"{phrase}、よろしくお願いします。", {"phrase": phrase}).passed


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from("あいうえおかきくけこさしすせそ"), min_size=6, max_size=6, unique=True))
def test_table_rows_of_one_kana_per_cell_hold_no_word(kana: list[str]) -> None:
    """Three rows of one kana per cell are no filled rows; the same table with words in its cells is."""
    rows = "\n".join(f"| {kana[2 * i]} | {kana[2 * i + 1]} |" for i in range(3))
    table = f"| 列1 | 列2 |\n|---|---|\n{rows}"
    assert not check("format:table", table, {"min_rows": 1, "min_columns": 2}).passed, table
    worded = "| 果物 | 色 |\n|---|---|\n| りんご | 赤 |\n| バナナ | 黄色 |\n| ぶどう | 紫 |"
    assert check("format:table", worded, {"min_rows": 3, "min_columns": 2}).passed
