"""The look-alike tables of issue 32 (labeled cases in tests/data/instructions/gaps34l.jsonl): each table holds what
its docstring says, and the readings run only where the keyword's letters have a look-alike in the text."""

from __future__ import annotations

import re
import unicodedata

import pytest

from lctg_metrics.instructions import confusable, kana_alike, kanji_alike, morph


def test_kanji_groups_are_kanji_drawn_alike_both_ways() -> None:
    assert len(kanji_alike.GROUPS) >= 30
    for group in kanji_alike.GROUPS:
        assert len(set(group)) == len(group) >= 2
        assert all(unicodedata.name(ch).startswith("CJK UNIFIED IDEOGRAPH") for ch in group)
    for letter, alike in kanji_alike.ALIKE.items():
        assert letter not in alike and all(letter in kanji_alike.ALIKE[other] for other in alike)


def test_drawn_katakana_are_kanji_forms_read_as_one_katakana_letter() -> None:
    for form, letter in confusable.DRAWN_KATAKANA.items():
        assert unicodedata.name(form).startswith(("CJK UNIFIED IDEOGRAPH", "CJK RADICAL"))
        assert re.fullmatch(r"[ァ-ヺ]", letter) and form not in confusable.FEW_STROKE_KANJI


def test_two_letter_drawings_are_one_katakana_letter() -> None:
    for drawn, letter in kana_alike.TWO_AS_ONE.items():
        assert len(drawn) == 2 and re.fullmatch(r"[ァ-ヺ]", letter)


@pytest.mark.parametrize(
    ("text", "key"),
    [("週末に友人と会う予定です。", "日本"), ("最近は体重が増えた。", "天気"), ("ツールを使う。", "ビール")],
)
def test_no_analyser_call_without_a_look_alike_in_the_text(
    monkeypatch: pytest.MonkeyPatch, text: str, key: str
) -> None:
    def refuse(_: str) -> None:
        raise AssertionError("the analyser was called")

    monkeypatch.setattr(morph, "spans", refuse)
    assert kanji_alike.spans(text, key) == ()
    assert kana_alike.two_letter_spans(text, key) == []
