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


@pytest.mark.parametrize(
    ("answer", "expected", "passed"),
    [
        ("110000円", "1万円", False),  # 110,000 yen is not 10,000 yen
        ("10000円", "1万円", True),  # 10,000 yen is 1万円 in digits
        ("15000円", "1.5万円", True),  # 1.5万 is 15,000
        ("53000円", "5万3千円", True),  # 5万 and 3千
        ("8000円", "5万3千円", False),
    ],
)
def test_ten_thousand_after_an_arabic_digit(answer, expected, passed):
    """1万円 is 10000円 to a reader, and 110000円 is another sum."""
    assert check("format:answer_only", answer, {"answer": expected}).passed is passed


_MEETING = "来週の会議は月曜日の十時からです。"


def test_a_postscript_after_one_that_only_repeats_the_body_ends_the_letter():
    """The first P.S. says the body again (no postscript); the second tells the room, last: a postscript at the end."""
    answer = f"{_MEETING}\n\nP.S. {_MEETING}\n\nP.S. 会議室は三階の大会議室です。"
    assert check("format:postscript", answer, {"marker": "P.S.", "position": "end"}) == Verdict(
        True, "postscript 「P.S.…」 after the main text, at the end"
    )


def test_a_postscript_that_only_repeats_the_body_is_none():
    """The honest twin: with only the P.S. saying the body again, no postscript ends the letter."""
    answer = f"{_MEETING}\n\nP.S. {_MEETING}"
    assert not check("format:postscript", answer, {"marker": "P.S.", "position": "end"}).passed


_CAPITAL = "日本の首都はどこですか"


def test_a_request_quoted_then_said_again_is_not_answered():
    """「日本の首都はどこですか」日本の首都はどこですか: the request twice, no answer."""
    answer = f"「{_CAPITAL}」{_CAPITAL}"
    assert check("format:repeat_prompt", answer, {"prompt_to_repeat": _CAPITAL}) == Verdict(
        False, "the request is repeated, but no answer follows it"
    )


def test_a_request_said_again_beside_a_stray_link_is_not_answered():
    """The quoted request, a link note on its line and the request again: nothing answers where the capital is."""
    answer = f"「{_CAPITAL}」[1]: https://example.com/\n{_CAPITAL}"
    assert not check("format:repeat_prompt", answer, {"prompt_to_repeat": _CAPITAL}).passed


def test_a_quoted_request_then_the_answer_is_answered():
    """The honest twin: the quoted request, then 東京です。"""
    answer = f"「{_CAPITAL}」\n東京です。"
    assert check("format:repeat_prompt", answer, {"prompt_to_repeat": _CAPITAL}).passed


@pytest.mark.xfail(
    strict=True,
    reason="the text after the request is rendered on its own, so [公式]: URL right after 」 reads as a hidden "
    "link definition: known bug",
)
def test_a_link_given_on_the_line_of_the_quoted_request_is_an_answer():
    """On the line of the quoted request, [公式]: and the site's address: the asked URL, shown as written."""
    request = "東京都の公式サイトのURLを教えてください"
    answer = f"「{request}」[公式]: https://www.metro.tokyo.lg.jp/"
    assert check("format:repeat_prompt", answer, {"prompt_to_repeat": request}).passed


def test_a_quotation_of_one_syllable_laughed_three_times_says_nothing():
    """「ハハハ」: laughter, one syllable three times, nothing said."""
    assert check("format:quotation", "「ハハハ」", {}) == Verdict(
        False, "the quotation 「」 holds only fillers, hesitation or one sound said again: nothing said"
    )


def test_a_request_then_only_a_closing_formula_is_not_answered():
    """日本の首都はどこですか？以上です。: the request, then 以上です (that is all), and no answer."""
    request = f"{_CAPITAL}？"
    answer = f"{request}以上です。"
    assert check("format:repeat_prompt", answer, {"prompt_to_repeat": request}) == Verdict(
        False, "the request is repeated, but no answer follows it"
    )


def test_a_quoted_request_then_only_a_closing_formula_is_not_answered():
    """「日本の首都はどこですか」以上です。: the quoted request, then only 以上です."""
    answer = f"「{_CAPITAL}」以上です。"
    assert check("format:repeat_prompt", answer, {"prompt_to_repeat": _CAPITAL}) == Verdict(
        False, "the request is repeated, but no answer follows it"
    )


def test_a_request_then_its_answer_on_the_same_line_is_answered():
    """The honest twin: 日本の首都はどこですか？東京です。"""
    request = f"{_CAPITAL}？"
    assert check("format:repeat_prompt", f"{request}東京です。", {"prompt_to_repeat": request}).passed


@pytest.mark.parametrize("document", ['{"状態": "準備中"}', '{"完了": true}'])
def test_a_json_status_or_a_named_flag_is_content(document):
    """{"状態": "準備中"} states where a thing stands, and {"完了": true} says it is done: both hold content."""
    assert check("format:json", document, {}) == Verdict(True, "a JSON object with content")


def test_a_json_answer_still_to_come_is_no_content():
    """The honest twin: {"回答": "準備中"}, an answer field saying the answer is not ready, holds none."""
    assert not check("format:json", '{"回答": "準備中"}', {}).passed


def test_an_empty_answer_between_two_answers_fails_whatever_follows():
    """駅前のカフェ / (nothing) / 公園のベンチ / (nothing): an empty answer stands between the two."""
    answer = "駅前のカフェがおすすめです。\n******\n\n******\n公園のベンチもおすすめです。\n******\n\n******"
    assert check("format:two_responses", answer, {}) == Verdict(False, "an empty answer between two ****** separators")


def test_an_option_in_kanji_numerals_is_the_answer_in_digits():
    """五個 is 5個."""
    assert check("format:answer_only", "五個", {"answer": "5個"}) == Verdict(True, "answer only: 「5個」")


_FAMILY = "家族で行きます👨\u200d👩\u200d👧"


def test_an_option_with_an_emoji_sequence_ends_the_response():
    """私は、家族で行きます👨‍👩‍👧: after 私は、 the response ends with the option, emoji sequence and all."""
    kwargs = {"options": [_FAMILY, "一人で行きます"], "position": "end"}
    assert check("format:constrained_response", f"私は、{_FAMILY}", kwargs).passed


def test_an_option_after_a_comma_ends_the_response():
    """The honest twin without emoji: 私は、一人で行きます ends with the option 一人で行きます."""
    kwargs = {"options": [_FAMILY, "一人で行きます"], "position": "end"}
    assert check("format:constrained_response", "私は、一人で行きます", kwargs) == Verdict(
        True, "ends with the answer 「一人で行きます」"
    )


def test_an_option_alone_ends_the_response():
    """いいえ、違います。 and nothing else: the response is the option, so it ends with it."""
    assert check("format:constrained_response", "いいえ、違います。", {"position": "end"}).passed


@pytest.mark.xfail(
    strict=True,
    reason="the text inside 「」 is rendered on its own, so [出典]: URL after the 「 reads as a hidden link "
    "definition: known bug",
)
def test_a_quotation_of_a_source_line_holds_text():
    """「[出典]: https://example.com/」: the source label and address are shown inside the brackets, as written."""
    assert check("format:quotation", "「[出典]: https://example.com/」", {}).passed


def test_ten_written_with_its_one_is_ten_in_digits():
    """一十人, ten written in the formal way with its 一, is 10人."""
    assert check("format:answer_only", "一十人", {"answer": "10人"}) == Verdict(True, "answer only: 「10人」")
