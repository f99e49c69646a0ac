"""The length checkers (checks_length) by value, one test per behaviour a mutant of tools/mutation.py (target
instruction-checkers) changed without any other test noticing: verdicts on answers written here, with the expected
values worked out by hand."""

from __future__ import annotations

from lctg_metrics.instructions import check

_FOUR_LINES_ONE_DITTO = "今日は晴れです。\n同上\n明日は雨です。\n明後日は曇りです。"


def test_a_ditto_line_is_no_line_yet_three_others_reach_a_minimum_of_two():
    """Four lines, one only 同上: a reader counts three lines that say something, at least the two asked for."""
    assert check("length:lines", _FOUR_LINES_ONE_DITTO, {"min": 2, "max": None}).passed


def test_a_ditto_line_is_no_line_toward_a_minimum_of_four():
    """The same four lines against a minimum of four: only three say something, too few."""
    assert not check("length:lines", _FOUR_LINES_ONE_DITTO, {"min": 4, "max": None}).passed
