"""The タスク指定 checker (checks_task: しりとり) by value, one test per behaviour a mutant of tools/mutation.py
(target instruction-checkers) changed without any other test noticing: verdicts and the reasons a reader is shown, on
answers written here, with the expected values worked out by hand."""

from __future__ import annotations

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict


def test_an_interjection_in_katakana_ending_in_n_loses_the_game():
    """ウン is うん (yes) as written, a word of the dictionary that ends in ン: the chain is lost, and it is not read as
    ウソ for a look-alike letter."""
    assert check("task:shiritori", "ぶどう→ウン", {}) == Verdict(False, "word 2 「ウン」 ends in ン")


def test_the_same_chain_ending_in_a_word_that_does_not_end_in_n_is_valid():
    """The near twin: ウソ (嘘) follows ぶどう and ends in ソ."""
    assert check("task:shiritori", "ぶどう→ウソ", {}) == Verdict(True, "valid chain of 2 words")


def test_a_repeat_is_named_by_its_place_in_the_chain():
    """ごま comes back as the third word."""
    assert check("task:shiritori", "ごま→まご→ごま", {}) == Verdict(False, "word 3 「ごま」 repeats an earlier word")


def test_a_chain_that_starts_with_another_word_than_the_one_asked_fails():
    """The first word asked is りんご; ろうそく (read after it in kana order) is another word."""
    verdict = check("task:shiritori", "ろうそく→くるま", {"start_word": "りんご"})
    assert verdict == Verdict(False, "starts with 「ろうそく」, not 「りんご」")


def test_an_onomatopoeia_with_its_last_letter_drawn_alike_ends_in_n():
    """わんわソ is わんわん (a dog's bark, a child's word for a dog) with ソ drawn for ン: it ends in ん, as めろソ
    does for めろん, and the chain is lost."""
    assert check("task:shiritori", "にわ→わんわソ", {}) == Verdict(False, "word 2 「わんわソ」 ends in ン")


def test_the_same_chain_ending_in_a_word_that_does_not_end_in_n_is_valid_too():
    """The near twin: わたあめ follows にわ and ends in メ."""
    assert check("task:shiritori", "にわ→わたあめ", {}) == Verdict(True, "valid chain of 2 words")
