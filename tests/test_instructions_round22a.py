"""Round 22 (a): each class the probes found, tested over the whole class rather than one example.

- a character that draws nothing (every default-ignorable code point of the Unicode standard) splits no word;
- a small kana of the extension blocks is read as its kana;
- a Roman numeral in Latin letters after 第 or before a counter is a number to ``script:kansuuji``;
- a katakana letter drawn like ン ending a kana word that is no word as written ends a しりとり word in ン.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.visible import visible

#: Default_Ignorable_Code_Point as the Unicode standard lists it (DerivedCoreProperties.txt), typed from the standard,
#: without the Hangul and Khmer fillers, which draw a blank and are read as a space, and the right-to-left override
#: U+202E, which draws the letters after it in reverse order (read so by ``visible``).
_DEFAULT_IGNORABLE = [
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202D),
    (0x2060, 0x206F),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
]
_IGNORABLE = st.sampled_from(_DEFAULT_IGNORABLE).flatmap(lambda r: st.integers(r[0], r[1])).map(chr)


@settings(max_examples=300, deadline=None)
@given(ch=_IGNORABLE, at=st.integers(1, 2))
def test_a_character_that_draws_nothing_splits_no_word(ch: str, at: int) -> None:
    word = "テレビ"
    text = f"夜は{word[:at]}{ch}{word[at:]}を見る。"
    assert visible(text) == "夜はテレビを見る。"
    assert not check("keywords:forbidden", text, {"words": [word]}).passed


@pytest.mark.parametrize("start, end", [(0x180B, 0x180F), (0xFFF0, 0xFFF8)])
def test_invisible_code_points_add_no_length(start: int, end: int) -> None:
    padding = "".join(chr(c) for c in range(start, end + 1)) * 10
    assert not check("length:chars", "今日は晴れです。" + padding, {"min": 20}).passed
    assert check("length:chars", "今日は晴れです。明日も晴れるでしょう。" + padding, {"min": 15}).passed


#: The small letters of the Katakana Phonetic Extensions and the kana a reader reads them as.
_SMALL, _BIG = "ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ", "クシストヌハヒフヘホムラリルレロ"


@pytest.mark.parametrize("small, big", list(zip(_SMALL, _BIG, strict=True)))
def test_a_small_extension_kana_is_read_as_its_kana(small: str, big: str) -> None:
    assert visible(f"ア{small}イ") == f"ア{big}イ"


def test_the_small_kana_of_the_kana_blocks_stay() -> None:
    assert visible("ファンのキャッチャーが3ヶ月") == "ファンのキャッチャーが3ヶ月"


def _roman(n: int) -> str:
    out = ""
    for value, letters in (
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ):  # fmt: skip
        while n >= value:
            out, n = out + letters, n - value
    return out


@settings(max_examples=200, deadline=None)
@given(n=st.integers(1, 3999), lower=st.booleans())
def test_a_roman_numeral_after_dai_is_no_kansuuji(n: int, lower: bool) -> None:
    numeral = _roman(n).lower() if lower else _roman(n)
    assert not check("script:kansuuji", f"第{numeral}章では旅が始まる。", {}).passed


@settings(max_examples=100, deadline=None)
@given(n=st.integers(2, 3999), counter=st.sampled_from(["期", "型", "世紀", "巻", "楽章"]))
def test_a_roman_numeral_of_two_letters_or_more_before_a_counter_is_no_kansuuji(n: int, counter: str) -> None:
    numeral = _roman(n)
    if len(numeral) < 2:
        return
    assert not check("script:kansuuji", f"これは{numeral}{counter}の話です。", {}).passed


@pytest.mark.parametrize(
    "text",
    [
        "X線で調べた。",
        "C型肝炎の話。",
        "Lサイズを三枚。",
        "X世代の考え方。",
        "MC番組を見た。",
        "DVDを借りた。",
        "Vリーグの試合。",
    ],
)
def test_letters_and_initials_stay_letters(text: str) -> None:
    assert check("script:kansuuji", text, {}).passed


@pytest.mark.parametrize("word", ["かばん", "みかん", "うどん", "ごはん", "らいおん", "にんじん", "パソコン", "レモン"])
def test_so_drawn_for_n_ends_a_shiritori_word_in_n(word: str) -> None:
    drawn = word[:-1] + "ソ"
    assert not check("task:shiritori", drawn, {"min_words": 1}).passed


@pytest.mark.parametrize("word", ["みそ", "エスプレッソ", "うそ", "ひそひそ"])
def test_a_word_that_ends_in_so_keeps_it(word: str) -> None:
    assert check("task:shiritori", word, {"min_words": 1}).passed
