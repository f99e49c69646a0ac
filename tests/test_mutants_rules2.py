"""The rule modules the instruction checkers call, by value, on the lines rounds 33 to 35 added or changed (target
instruction-rules, ``--changed-since e40ecca``, a seeded sample of 400): one test per behaviour a mutant of
tools/mutation.py changed without any other test noticing. Verdicts and the reasons a reader is shown, on answers
written here, with the expected values worked out by hand."""

from __future__ import annotations

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict

# --- transcribed: ン before p is an m at the end of a word too ---


def test_stomp_in_katakana_is_the_keyword():
    """ストンプ is Stomp as Japanese writes it: its ン stands for the m before p, the word's last consonants."""
    text = "ストンプの公演を観に行った。"
    assert check("keywords:existence", text, {"keywords": ["Stomp"]}) == Verdict(True, "contains 「Stomp」")


def test_stop_in_katakana_is_no_stomp():
    """The honest twin: ストップ (stop) has no ン, no m: it is not Stomp."""
    text = "駅前でストップした。"
    assert check("keywords:existence", text, {"keywords": ["Stomp"]}) == Verdict(False, "missing keyword 「Stomp」")


# --- entries: a list line is any line with a marker taken off, whatever its first letter ---


def test_an_empty_item_numbered_in_full_width_parentheses_is_no_sentence():
    """（1）… （2） （3）…: the second item was left empty; the answer says two sentences, not three."""
    text = "（1）駅に集合します。\n（2）\n（3）バスで移動します。"
    assert check("length:sentences", text, {"max": 2}) == Verdict(True, "2 sentences in [, 2]")


def test_three_numbered_items_in_full_width_parentheses_are_three_sentences():
    """The honest twin: the second item holds a sentence of its own."""
    text = "（1）駅に集合します。\n（2）点呼をとります。\n（3）バスで移動します。"
    assert check("length:sentences", text, {"max": 2}) == Verdict(False, "3 sentences > max 2")
