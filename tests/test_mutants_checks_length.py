"""The length checkers (checks_length) and the whole-answer format checkers (checks_answer) by value, one test per
behaviour a mutant of tools/mutation.py (target instruction-checkers) changed without any other test noticing: verdicts
on answers written here, with the expected values worked out by hand."""

from __future__ import annotations

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict

_FOUR_LINES_ONE_DITTO = "今日は晴れです。\n同上\n明日は雨です。\n明後日は曇りです。"


def test_a_ditto_line_is_no_line_yet_three_others_reach_a_minimum_of_two():
    """Four lines, one only 同上: a reader counts three lines that say something, at least the two asked for."""
    assert check("length:lines", _FOUR_LINES_ONE_DITTO, {"min": 2, "max": None}).passed


def test_a_ditto_line_is_no_line_toward_a_minimum_of_four():
    """The same four lines against a minimum of four: only three say something, too few."""
    assert not check("length:lines", _FOUR_LINES_ONE_DITTO, {"min": 4, "max": None}).passed


def test_a_quotation_of_one_laughter_mark_says_nothing():
    """「ｗ」: a single laughter mark in the brackets is a reaction, nothing said."""
    assert check("format:quotation", "「ｗ」", {}) == Verdict(
        False, "the quotation 「」 holds only laughter marks (ｗ, 笑): nothing said"
    )


def test_a_quotation_of_a_word_is_said():
    """「はい」: the honest twin, a word said in the brackets."""
    assert check("format:quotation", "「はい」", {}) == Verdict(True, "wrapped in one 「…」")
