"""The instruction checkers by value, one test per behaviour a mutant of tools/mutation.py (target
instruction-checkers) changed without any other test noticing, found when the lines changed since e5c23c2 (rounds 26
to 29 of the checker fixes) were mutated (``--changed-since e5c23c2``): verdicts and the reasons a reader is shown,
on answers written here, with the expected values worked out by hand."""

from __future__ import annotations

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict

# --- checks_answer: answer_only, a number in 万 with decimals ---


def test_a_number_with_decimals_past_its_multiplier_is_not_another_number():
    """1.23456万km is 12345.6 km; 61728km is another distance altogether, so the answer is not given."""
    verdict = check("format:answer_only", "61728km", {"answer": "1.23456万km"})
    assert verdict == Verdict(False, "answer 「1.23456万km」 not given; got 「61728km」")


def test_the_same_number_as_written_is_the_answer():
    """The honest twin: the answer as the request writes it."""
    assert check("format:answer_only", "1.23456万km", {"answer": "1.23456万km"}).passed


def test_a_number_with_decimals_in_digits_is_the_answer_in_man():
    """12345.6km is 1.23456万km (ten thousand times 1.23456) written in digits: the answer only."""
    assert check("format:answer_only", "12345.6km", {"answer": "1.23456万km"}).passed


# --- checks_answer: constrained_response at the end, invisible marks ---


def test_an_option_holding_an_invisible_mark_is_the_word_a_reader_sees():
    """The option 賛成 given with a soft hyphen between its letters (as copied from a web page): invisible, so the
    response ending in 賛成 ends with that option."""
    options = {"options": ["賛\u00ad成", "反対"], "position": "end"}
    verdict = check("format:constrained_response", "私の答えは次の通りです。\n賛成", options)
    assert verdict == Verdict(True, "ends with the answer 「賛\u00ad成」")


def test_a_response_ending_in_no_option_fails_with_the_same_options():
    """The near twin: 賛同 is neither option; the honest one without the mark passes."""
    options = {"options": ["賛\u00ad成", "反対"], "position": "end"}
    assert not check("format:constrained_response", "私の答えは次の通りです。\n賛同", options).passed
    assert check("format:constrained_response", "私の答えは次の通りです。\n反対", options).passed


# --- checks_rules: startend:end, the phrase alone in another case ---


def test_a_response_that_is_only_the_phrase_in_lower_case_ends_with_it():
    """thank you! for the phrase Thank you: the same words, only the case of a Latin letter differs (round 28)."""
    assert check("startend:end", "thank you!", {"phrase": "Thank you"}) == Verdict(True, "ends with 「Thank you」")


def test_a_response_that_is_another_phrase_of_that_length_does_not_end_with_it():
    """The near twin: tank you! is another word."""
    assert not check("startend:end", "tank you!", {"phrase": "Thank you"}).passed


# --- checks_script: kansuuji, Roman numerals numbering a list ---


def test_two_lines_numbered_i_and_ii_hold_two_roman_numbers():
    """i. and ii. number the two steps: two numbers in Latin letters, the first i."""
    verdict = check("script:kansuuji", "i. 着替える\nii. 歯を磨く", {})
    assert verdict == Verdict(False, "2 numbers in Latin letters, e.g. 「i」")


def test_one_initial_before_a_name_is_no_roman_number():
    """I. カント: the initial of Immanuel Kant, not a list numbered by Roman numerals; 十八 is in kanji."""
    answer = "I. カントは十八世紀の哲学者です。"
    assert check("script:kansuuji", answer, {}) == Verdict(True, "no non-kanji numerals")


def test_the_same_steps_numbered_in_kanji_pass():
    """The honest twin: 一、 and 二、 number the steps."""
    assert check("script:kansuuji", "一、着替える\n二、歯を磨く", {}).passed


# --- checks_format: sections, a heading's dash written half-width ---


def test_a_heading_with_a_half_width_dash_opens_a_section():
    """第1章ｰ旅立ち、そして出会い: the number, a dash and the title, as with ー; two sections with their text."""
    answer = (
        "第1章ｰ旅立ち、そして出会い\n少年は村を出て、広い世界へ歩き出した。\n"
        "第2章ｰ別れ、そして帰郷\n長い旅の末に、少年は故郷へ戻った。"
    )
    assert check("format:sections", answer, {"min": 2}).passed


def test_a_heading_with_a_full_width_dash_opens_a_section():
    """The twin with ー (round 28): two sections."""
    answer = (
        "第1章ー旅立ち、そして出会い\n少年は村を出て、広い世界へ歩き出した。\n"
        "第2章ー別れ、そして帰郷\n長い旅の末に、少年は故郷へ戻った。"
    )
    assert check("format:sections", answer, {"min": 2}) == Verdict(
        True, "2 filled, distinct 第N章 sections (2 in all) in [2, ]"
    )
