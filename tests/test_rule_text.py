"""The rule cleaner's NFKC (:func:`lctg_metrics.cleaners.rule.text.nfkc`) against ``unicodedata.normalize``."""

from __future__ import annotations

import sys
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.cleaners.rule.text import nfkc, norm


def _reference(s: str) -> str:
    return unicodedata.normalize("NFKC", s)


#: Characters whose NFKC depends on their neighbours or changes length, next to ordinary Japanese text.
_ALPHABET = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),  # ASCII
    st.characters(min_codepoint=0xFF01, max_codepoint=0xFF9F),  # full-width forms, half-width katakana and marks
    st.characters(min_codepoint=0x3040, max_codepoint=0x30FF),  # kana, combining voiced marks U+3099/309A
    st.characters(min_codepoint=0x0300, max_codepoint=0x036F),  # combining diacritics (reordered, composed)
    st.characters(min_codepoint=0x1100, max_codepoint=0x11FF),  # Hangul jamo (compose into syllables)
    st.characters(min_codepoint=0xAC00, max_codepoint=0xAC40),  # Hangul syllables (take a trailing jamo)
    st.characters(min_codepoint=0x3200, max_codepoint=0x33FF),  # enclosed and squared CJK (expand)
    st.characters(min_codepoint=0x2000, max_codepoint=0x2BFF),  # punctuation, letterlike, arrows, symbols
    st.characters(min_codepoint=0x00A0, max_codepoint=0x024F),  # Latin-1 and precomposed Latin
    st.characters(min_codepoint=0x1D400, max_codepoint=0x1D7FF),  # mathematical alphanumerics (astral)
    st.characters(min_codepoint=0x0B00, max_codepoint=0x0DFF),  # Indic vowel signs that compose without a mark
    st.sampled_from("。、「」（）！？：ー漢字要約\n\u3000 "),
)


@pytest.mark.slow  # 5 s: 3,000 drawn strings
@settings(max_examples=3000)
@given(st.text(alphabet=_ALPHABET, max_size=40))
def test_nfkc_is_unicode_nfkc(s: str) -> None:
    assert nfkc(s) == _reference(s)


@pytest.mark.parametrize(
    "s",
    [
        "ｶﾞｷﾞﾊﾟ",
        "か\u3099",
        "ﾞ",
        "aﾞ",
        "e\u0301",
        "A\u030a\u0301",
        "\u1100\u1161\u11a8",
        "\uac00\u11a8",
        "㍿（株）…‼",
        "ｱｲｳ！？１２３",
        "Å",
        "\u0b47\u0b3e",
        "ﬁ",
        "\u212b",
        "承知しました！",
        "",
    ],
)
def test_nfkc_on_characters_that_compose_or_expand(s: str) -> None:
    assert nfkc(s) == _reference(s)


@pytest.mark.slow
def test_nfkc_on_every_code_point_alone_and_after_a_kana() -> None:
    """One character at a time, alone and after a kana it may compose with (surrogates cannot be in a str)."""
    for code in range(sys.maxunicode + 1):
        if 0xD800 <= code <= 0xDFFF:
            continue
        ch = chr(code)
        assert nfkc(ch) == _reference(ch), hex(code)
        assert nfkc("ｶ" + ch + "！") == _reference("ｶ" + ch + "！"), hex(code)


def test_norm_reads_nfkc() -> None:
    assert norm(" （要約）😊") == "(要約)"
