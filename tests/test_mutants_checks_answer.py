"""The whole-answer format checkers (checks_answer) by value, one test per behaviour a mutant of tools/mutation.py
(target instruction-checkers) changed without any other test noticing: verdicts and the reasons a reader is shown, on
answers written here, with the expected values worked out by hand."""

from __future__ import annotations

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
