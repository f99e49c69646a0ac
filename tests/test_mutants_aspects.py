"""The aspect checks and their text helpers by value, one test per behaviour a mutant of tools/mutation.py (targets
aspect-text and aspect-checkers) changed without any other test noticing. Texts and expected values are written
here and worked out by hand."""

from __future__ import annotations

import pytest

from lctg_metrics.aspects import (
    Constraint,
    Texts,
    check,
    check_char_count,
    check_keyword,
    count_chars,
    normalize,
    strip_think,
)
from lctg_metrics.aspects.base import one_by_one
from lctg_metrics.aspects.char_count import passes_char_count, validate
from lctg_metrics.aspects.format import passes_format
from lctg_metrics.aspects.keyword import passes_keyword
from lctg_metrics.aspects.prohibited_word import passes_prohibited_word
from lctg_metrics.aspects.text import STRIPPED, UNFINISHED, auto_think, contains, contains_each, malformed_reason
from lctg_metrics.profiles import resolve_options

UP = resolve_options()


def test_strip_removes_every_block_in_any_case_not_only_up_to_the_last_close():
    # each block goes, so the text between two blocks stays; a lower-case-only block pattern would keep the
    # upper-case block and then drop everything before its close
    assert strip_think("<think>a</think>前<THINK>b</THINK>後") == "前後"


def test_strip_removes_a_block_across_lines_and_keeps_the_text_before_it():
    assert strip_think("前<think>一行目\n二行目</think>後") == "前後"


def test_one_by_one_gives_each_checks_passed_not_its_reason():
    """The path of an aspect registered without a batch ``passes``: a failing check is counted failed."""
    texts = ["京都の抹茶", "大阪のたこ焼き"]
    constraints = [Constraint("summary", keyword="抹茶"), Constraint("summary", keyword="抹茶")]
    assert one_by_one(check_keyword, texts, texts, constraints, UP) == [True, False]


def test_a_range_from_zero_characters_is_a_valid_char_count_constraint():
    assert validate({"min_chars": 0, "max_chars": 5}) is None
    assert validate({"min_chars": 3, "max_chars": 3}) is None
    assert validate({"min_chars": -1, "max_chars": 5}) == "char_count range [-1, 5] is malformed (need 0 <= min <= max)"


def test_the_empty_policy_reads_the_raw_generation_not_the_cleaned_text():
    fail_empty = resolve_options(empty="fail")
    # the model wrote something; the cleaner kept nothing of it: the keyword is missing, the generation is not empty
    v = check("keyword", Texts("以下の通りです。", ""), Constraint("summary", keyword="抹茶"), fail_empty)
    assert (v.passed, v.reason) == (False, "missing keyword 「抹茶」")
    # a blank generation fails as empty whatever the cleaned text holds
    v = check("keyword", Texts(" \n", "抹茶"), Constraint("summary", keyword="抹茶"), fail_empty)
    assert (v.passed, v.reason) == (False, "empty generation")


def test_a_cleaner_failure_read_back_from_a_file_is_still_a_failure():
    """The marker compared by value: a cleaned text built at run time (read from a cache, a file) is another object
    than the constant, and a keyword inside the marker's words must not pass."""
    marker = _built("Invalid", " ", "Error")
    v = check_keyword(Texts("答え", marker), Constraint("summary", keyword="Error"), UP)
    assert (v.passed, v.reason) == (False, "cleaner failed ('Invalid Error')")


def test_a_batch_of_char_counts_with_a_missing_bound_names_it():
    constraints = [Constraint("summary", min_chars=1, max_chars=9), Constraint("summary", max_chars=9)]
    with pytest.raises(ValueError, match=r"char_count needs min_chars and max_chars, got min=None max=9"):
        passes_char_count(["あい", "あい"], ["あい", "あい"], constraints, UP)


def _built(*parts: str) -> str:
    """An option value made at run time (from the command line, a config file): equal to the option table's
    literal, another object."""
    return "".join(parts)


def test_an_empty_policy_given_at_run_time_fails_a_blank_generation():
    v = check(
        "keyword", Texts("  ", "抹茶"), Constraint("summary", keyword="抹茶"), resolve_options(empty=_built("fa", "il"))
    )
    assert (v.passed, v.reason) == (False, "empty generation")


def test_short_text_exact_given_at_run_time_passes_an_unchanged_short_text():
    """Ten characters or fewer, nothing cleaned away: passes under short_text=exact (fails under upstream's fail)."""
    exact = resolve_options(short_text=_built("ex", "act"))
    texts = ["短い答えです。"]  # 7 characters <= 10
    assert passes_format(texts, list(texts), [Constraint("summary")], exact) == [True]
    assert passes_format(texts, list(texts), [Constraint("summary")], UP) == [False]


@pytest.mark.parametrize("passes", [passes_keyword, passes_prohibited_word], ids=["keyword", "prohibited_word"])
def test_a_batch_with_a_missing_word_names_it(passes):
    field = "keyword" if passes is passes_keyword else "prohibited_word"
    constraints = [Constraint("summary", **{field: "抹茶"}), Constraint("summary")]
    with pytest.raises(ValueError, match=rf"{field} check needs a non-empty (key)?word, got None"):
        passes(["抹茶", "抹茶"], ["抹茶", "抹茶"], constraints, UP)


def test_a_batch_counts_a_cleaner_failure_read_back_from_a_file_as_failed():
    marker = _built("Invalid", " ", "Error")
    kw = [Constraint("summary", keyword="Error")] * 2
    assert passes_keyword(["答え", "Error です"], [marker, "Error です"], kw, UP) == [False, True]
    pw = [Constraint("summary", prohibited_word="抹茶")] * 2
    assert passes_prohibited_word(["答え", "答え"], [marker, "答え"], pw, UP) == [False, True]
    cc = [Constraint("summary", min_chars=1, max_chars=20)] * 2
    assert passes_char_count(["答え", "答え"], [marker, "答え"], cc, UP) == [False, True]


@pytest.mark.parametrize(("lo", "hi"), [(None, 9), (1, None)])
def test_a_char_count_constraint_with_one_bound_missing_is_named(lo, hi):
    with pytest.raises(ValueError, match=rf"char_count needs min_chars and max_chars, got min={lo} max={hi}"):
        check_char_count(Texts("あい", "あい"), Constraint("summary", min_chars=lo, max_chars=hi), UP)


def test_strip_drops_everything_up_to_the_last_unmatched_close():
    assert strip_think("前置き</think>まだ考え中</think>答え") == "答え"


def test_counting_and_normalization_given_at_run_time_are_read_by_value():
    assert count_chars("か\u3099き", _built("graph", "emes")) == 2  # か + combining dakuten is one grapheme
    assert count_chars("か\u3099き", "codepoints") == 3
    assert count_chars("a b\u3000c\n", _built("non", "blank")) == 3
    assert normalize("ＡＢｃ１", _built("no", "ne")) == "ＡＢｃ１"
    assert normalize("ＡＢｃ１", _built("nf", "kc")) == "ABc1"
    assert normalize("ＡＢｃ１", _built("nfkc_", "casefold")) == "abc1"


@pytest.mark.parametrize("counting", ["words", "zzz", "bytes", "Codepoints"])
def test_an_unknown_counting_is_refused_with_the_valid_names(counting):
    with pytest.raises(ValueError, match=rf"unknown counting '{counting}'; valid: codepoints, graphemes, nonblank"):
        count_chars("あい", counting)


def test_a_long_tag_is_shown_cut_to_thirty_characters_in_the_reason():
    tag = '<think data="' + "a" * 20 + '">'  # 35 characters
    assert malformed_reason("答え" + tag + "推論</think>") == (
        'malformed reasoning: <think data="' + "a" * 14 + "…> at character 3, after answer text "
        "(only a leading block is reasoning)"
    )
    edge = '<think data="' + "a" * 15 + '">'  # exactly 30 characters: shown whole
    assert malformed_reason("答え" + edge + "推論</think>").startswith(f"malformed reasoning: {edge} at character 3,")
    short = '<think id="1">'  # 14 characters: shown whole
    assert malformed_reason("答え" + short + "推論</think>") == (
        'malformed reasoning: <think id="1"> at character 3, after answer text (only a leading block is reasoning)'
    )


@pytest.mark.parametrize("normalization", ["NFKC", "nfc", "casefold", "nfkd", "raw", "upstream"])
def test_an_unknown_normalization_is_refused_with_the_valid_names(normalization):
    with pytest.raises(ValueError, match=rf"unknown normalization '{normalization}'; valid: none, nfkc, nfkc_casefold"):
        normalize("ＡＢ", normalization)
    with pytest.raises(ValueError, match=rf"unknown normalization '{normalization}'"):
        contains("ＡＢ", "Ａ", normalization)
    with pytest.raises(ValueError, match=rf"unknown normalization '{normalization}'"):
        contains_each(["ＡＢ"], ["Ａ"], normalization)


def test_a_nested_block_never_closed_counts_its_tags():
    # three <think> and two </think>: the outer block stays open
    reason = malformed_reason("<think>a<think>b<think>c</think>d</think>答え")
    assert reason == "malformed reasoning: a nested <think> is never closed (3 <think>, 2 </think>)"


def test_strip_leaves_a_text_without_think_tags_exactly_as_it_is():
    text = " 1 < 2 です。\n"  # a '<' that opens no tag; the blanks around are kept too
    assert strip_think(text) == text


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        # the tag's 1-based position; odd 0-based starts tell start + 1 from other arithmetic
        ("<think>a</think>答えだ<think>", "<think> at character 20, after the answer began"),
        ("答えだ<think>推論</think>", "<think> at character 4, after answer text (only a leading block is reasoning)"),
    ],
)
def test_a_misplaced_tag_is_named_with_its_position(text, reason):
    assert malformed_reason(text) == "malformed reasoning: " + reason


def test_hundreds_of_tags_are_read_to_the_end():
    """Past 256 tags (CPython's cached small integers) counts compared by identity would disagree."""
    unfinished = "<think>" * 300 + "推論"
    assert auto_think(unfinished) == (unfinished, UNFINISHED)
    nested = "<think>" * 150 + "推論" + "</think>" * 150 + "答え"
    assert auto_think(nested) == ("答え", STRIPPED)


def test_a_second_leading_block_far_into_the_text_is_reasoning_too():
    text = "<think>" + "考" * 300 + "</think>\n<think>確認</think>答え"  # the second block starts at character 317
    assert auto_think(text) == ("答え", STRIPPED)
