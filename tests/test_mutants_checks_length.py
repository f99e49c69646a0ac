"""The length checkers (checks_length) by value, one test per behaviour a mutant of tools/mutation.py (target
instruction-checkers) changed without any other test noticing: verdicts on answers written here, with the expected
values worked out by hand."""

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


def test_two_hundred_fifty_seven_paragraphs_are_the_number_asked():
    """257 paragraphs asked, 257 written, the first starting with 第1段落: the rule is kept."""
    answer = "\n\n".join(f"第{n}段落です。" for n in range(1, 258))
    kwargs = {"nth": 1, "first_word": "第1段落", "num_paragraphs": 257}
    assert check("rule:nth_paragraph_first_word", answer, kwargs) == Verdict(
        True, "paragraph 1 starts with 「第1段落」"
    )


def test_two_hundred_fifty_six_paragraphs_are_not_two_hundred_fifty_seven():
    """The honest twin: one paragraph fewer than the 257 asked."""
    answer = "\n\n".join(f"第{n}段落です。" for n in range(1, 257))
    kwargs = {"nth": 1, "first_word": "第1段落", "num_paragraphs": 257}
    assert check("rule:nth_paragraph_first_word", answer, kwargs) == Verdict(False, "256 paragraphs, expected 257")


def test_three_lines_saying_something_reach_a_minimum_of_three():
    """The four lines, one only 同上, against a minimum of three: three say something, enough."""
    assert check("length:lines", _FOUR_LINES_ONE_DITTO, {"min": 3, "max": None}).passed


def test_two_plain_lines_fall_short_of_three_for_their_number_alone():
    """Two lines, each a sentence: two lines < min 3, with nothing discounted to speak of."""
    answer = "今日は晴れです。\n明日は雨です。"
    assert check("length:lines", answer, {"min": 3, "max": None}) == Verdict(False, "2 lines < min 3")


_CUT_CLAUSE = "私が毎朝通う\n\n公園\n\nそこで毎日走っています。"


def test_a_clause_cut_from_the_one_noun_it_modifies_is_one_paragraph():
    """私が毎朝通う / 公園 is one phrase (the park I walk through every morning) cut in two: two paragraphs in all."""
    kwargs = {"min": None, "max": 2, "separator": "blank_line"}
    assert check("length:paragraphs", _CUT_CLAUSE, kwargs) == Verdict(
        True, "2 paragraphs (blank_line-separated) in [, 2]"
    )


def test_a_clause_cut_from_its_noun_does_not_make_three_paragraphs():
    """The honest twin: the same two paragraphs fall short of a minimum of three."""
    assert not check("length:paragraphs", _CUT_CLAUSE, {"min": 3, "max": None, "separator": "blank_line"}).passed


def test_three_paragraphs_are_one_more_than_two():
    """Two paragraphs asked, the first starting with まず; three written: one too many."""
    answer = "まず、材料をそろえます。\n\n次に、野菜を切ります。\n\n最後に、煮込みます。"
    kwargs = {"nth": 1, "first_word": "まず", "num_paragraphs": 2}
    assert check("rule:nth_paragraph_first_word", answer, kwargs) == Verdict(False, "3 paragraphs, expected 2")
