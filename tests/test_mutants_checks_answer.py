"""The whole-answer format checkers (checks_answer) by value, one test per behaviour a mutant of tools/mutation.py
(target instruction-checkers) changed without any other test noticing: verdicts and the reasons a reader is shown, on
answers written here, with the expected values worked out by hand."""

from __future__ import annotations

import pytest

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict


def test_a_quotation_of_one_laughter_mark_says_nothing():
    """「ｗ」: a single laughter mark in the brackets is a reaction, nothing said."""
    assert check("format:quotation", "「ｗ」", {}) == Verdict(
        False, "the quotation 「」 holds only laughter marks (ｗ, 笑): nothing said"
    )


def test_a_quotation_of_a_word_is_said():
    """「はい」: the honest twin, a word said in the brackets."""
    assert check("format:quotation", "「はい」", {}) == Verdict(True, "wrapped in one 「…」")


def test_another_number_of_hours_is_not_the_answer():
    """168時間 asked, 120時間 given: a wrong number, whatever order their digits sort in."""
    assert check("format:answer_only", "120時間", {"answer": "168時間"}) == Verdict(
        False, "answer 「168時間」 not given; got 「120時間」"
    )


def test_a_blank_between_katakana_and_a_latin_letter_is_not_read():
    """ビタミン C is ビタミンC to a reader: the blank follows a Japanese letter."""
    assert check("format:answer_only", "ビタミン C", {"answer": "ビタミンC"}) == Verdict(
        True, "answer only: 「ビタミンC」"
    )


def test_twelve_ten_thousands_in_kanji_are_the_number_in_digits():
    """十二万人 is 120000人: twelve (十二) ten-thousands (万)."""
    assert check("format:answer_only", "十二万人", {"answer": "120000人"}) == Verdict(True, "answer only: 「120000人」")


@pytest.mark.xfail(
    strict=True, reason="万 after Arabic digits is read as 1万 written after them (1万 -> 1 10000): known bug"
)
@pytest.mark.parametrize(
    ("answer", "expected", "passed"),
    [
        ("110000円", "1万円", False),  # 110,000 yen is not 10,000 yen
        ("10000円", "1万円", True),  # 10,000 yen is 1万円 in digits
    ],
)
def test_ten_thousand_after_an_arabic_digit(answer, expected, passed):
    """1万円 is 10000円 to a reader, and 110000円 is another sum."""
    assert check("format:answer_only", answer, {"answer": expected}).passed is passed
