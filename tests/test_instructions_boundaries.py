"""Properties of the checkers 2.2 and 2.3 classes: quotations standing on their own and marks inside names (sentence
ends), lengthening and repetition as padding (length minimums), kanji drawn like katakana (script and word checks)."""

from __future__ import annotations

import itertools

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.lookalike import KATAKANA_LOOKALIKES

#: Short sentences, each one sentence to a reader, written here for these tests.
LINES = ["晴れです。", "雨が降った。", "行こう。", "もう帰ろう！", "本当に？", "ありがとう。", "風が強い。", "うん。"]
#: Narration around a quotation.
NARRATION = ["彼は言った。", "母の声がした。", "私は頷いた。", "そして歩き出した。"]


def _count(text: str) -> int:
    """The sentence count of the checker: the one n with min = max = n that passes."""
    hits = [n for n in range(0, 12) if check("length:sentences", text, {"min": n, "max": n}).passed]
    assert len(hits) == 1, (text, hits)
    return hits[0]


@settings(deadline=None, max_examples=40)
@given(
    st.lists(st.sampled_from(LINES), min_size=1, max_size=5, unique=True),  # a sentence said again counts once (r22)
    st.lists(st.sampled_from(NARRATION), max_size=3, unique=True),
)
def test_each_quoted_line_standing_alone_is_a_sentence(quoted: list[str], narration: list[str]) -> None:
    """「…」「…」 after narration: every quoted sentence counts, and so does every sentence of narration."""
    text = "".join(narration) + "".join(f"「{line}」" for line in quoted)
    assert _count(text) == len(narration) + len(quoted), text


@settings(deadline=None, max_examples=40)
@given(st.lists(st.sampled_from(LINES), min_size=1, max_size=4), st.sampled_from(["と言った。", "と彼は答えた。"]))
def test_quoted_lines_bound_by_to_are_one_sentence(quoted: list[str], verb: str) -> None:
    """The same quotations followed by と言った are the words of one sentence of narration."""
    text = "".join(f"「{line}」" for line in quoted) + verb
    assert _count(text) == 1, text


#: Names that hold a sentence mark (the mark is part of the name), and what may follow one.
NAMES = ["モーニング娘。", "カントリー娘。", "モー娘。", "けいおん！"]
AFTER_NAME = ["のライブに行った。", "が好きです。", "を見ました。", "に会った。", "は人気がある。", "も出演した。"]


@settings(deadline=None, max_examples=40)
@given(st.sampled_from(NAMES), st.sampled_from(AFTER_NAME), st.sampled_from(["", "昨日は晴れた。"]))
def test_a_mark_inside_a_name_ends_no_sentence(name: str, rest: str, before: str) -> None:
    text = before + name + rest
    assert _count(text) == 1 + bool(before), text


#: Texts without lengthening marks, small kana or repeated letters: every character counts.
PLAIN = ["今日は晴れです。", "本を読みました。", "駅まで歩いた。", "楽しかった！"]
MARKS = ["ー", "っ", "ぅ", "〜", "ッ"]


@settings(deadline=None, max_examples=60)
@given(st.sampled_from(PLAIN), st.sampled_from(MARKS), st.integers(4, 60), st.integers(1, 3))
def test_a_long_run_adds_at_most_three(text: str, mark: str, k: int, at: int) -> None:
    """A run of k lengthening marks inside a word adds what three would add, never more (a new run: not next to the
    same mark, which would make the run longer than k)."""
    assume(mark not in text[at - 1 : at + 1])
    padded = text[:at] + mark * k + text[at:]
    assert check("length:chars", padded, {"min": len(text) + 3}).passed, padded
    assert not check("length:chars", padded, {"min": len(text) + 4}).passed, padded


@settings(deadline=None, max_examples=40)
@given(st.sampled_from(PLAIN), st.sampled_from(["ー", "〜"]), st.integers(1, 3))
def test_an_emphatic_run_of_up_to_three_counts_in_full(text: str, mark: str, k: int) -> None:
    """すごーーーい: one emphatic run of up to three marks counts as a reader counts it, at both bounds."""
    said = "すご" + mark * k + "い" + text
    assert check("length:chars", said, {"min": len(said), "max": len(said)}).passed, said


@settings(deadline=None, max_examples=40)
@given(st.sampled_from(["楽しい", "すごい", "ねえ", "わあ", "ふむ"]), st.integers(4, 12))
def test_a_word_said_again_and_again_adds_nothing_past_its_third_time(word: str, times: int) -> None:
    text = word * times
    assert check("length:chars", text, {"min": 3 * len(word)}).passed, text
    assert not check("length:chars", text, {"min": 3 * len(word) + 1}).passed, text


#: Katakana words every letter of which has a kanji drawn like it.
DRAWN = ["ニート", "ハート", "ヒーロー", "チーム", "エロ", "カタ", "トーチ"]
_KANJI_FOR = {kana: kanji for kanji, kana in KATAKANA_LOOKALIKES.items()}


def _drawings(word: str) -> list[str]:
    """Every way to write ``word`` with some of its letters (at least one) drawn as kanji."""
    choices = [(ch, _KANJI_FOR[ch]) for ch in word]
    return ["".join(p) for p in itertools.product(*choices) if "".join(p) != word]


def test_a_katakana_word_drawn_in_kanji_is_still_katakana() -> None:
    for word in DRAWN:
        for drawn in _drawings(word):
            text = f"彼は{drawn}です。"
            if all(ch in _KANJI_FOR.values() for ch in drawn) and all(ch in "二八一" for ch in drawn):
                continue  # numerals only: read as the number written
            assert not check("script:no_katakana", text, {}).passed, text
            assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


#: Kanji words made of letters drawn like katakana: a reader reads kanji.
KANJI_WORDS = ["一口", "一夕", "人口", "加工口", "口八丁", "八一年", "千一夜", "二十日", "工夫", "力士"]


def test_kanji_words_of_lookalike_letters_stay_kanji() -> None:
    for word in KANJI_WORDS:
        for text in (f"{word}のこと。", f"それは{word}だ。"):
            assert check("script:no_katakana", text, {}).passed, text


#: Cries lengthened once each (written here): each holds one run of lengthening marks.
CRIES = ["すご{}い", "やば{}い", "うま{}い", "たの{}しい", "わ{}い", "や{}った"]


@settings(deadline=None, max_examples=40)
@given(
    st.lists(st.sampled_from(CRIES), min_size=1, max_size=4, unique=True),
    st.integers(1, 3),
    st.sampled_from(["！", "。", "、"]),
)
def test_each_cry_between_marks_counts_in_full(cries: list[str], k: int, mark: str) -> None:
    """Different cries, each lengthened by up to three marks and closed by a mark, count as a reader counts them."""
    said = "".join(cry.format("ー" * k) + mark for cry in cries)
    assert check("length:chars", said, {"min": len(said), "max": len(said)}).passed, said


@settings(deadline=None, max_examples=40)
@given(st.sampled_from(CRIES), st.integers(1, 3), st.sampled_from(["！", "", "。"]), st.integers(4, 8))
def test_one_cry_said_again_adds_nothing_past_its_third_time(cry: str, k: int, mark: str, times: int) -> None:
    """The same lengthened cry said four times or more counts no more than three times of it."""
    unit = cry.format("ー" * k) + mark
    assert not check("length:chars", unit * times, {"min": len(unit) * 3 + 1}).passed, unit * times


@settings(deadline=None, max_examples=30)
@given(st.lists(st.sampled_from(list("あいうえおアイウエオ")), min_size=3, max_size=8), st.sampled_from("！、。"))
def test_drawn_out_single_sounds_do_not_pad(sounds: list[str], mark: str) -> None:
    """A cry of one sound drawn out (あーーー！) is no word: its lengthening is shared like any other run, so several
    of them never count in full."""
    said = "".join(sound + "ーーー" + mark for sound in sounds)
    assert not check("length:chars", said, {"min": len(said)}).passed, said
