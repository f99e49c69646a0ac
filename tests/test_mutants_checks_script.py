"""The script checkers of ``checks_script`` by value, one test per behaviour a mutant of tools/mutation.py (target
instruction-checkers) changed without any other test noticing: verdicts and the reasons a reader is shown, on answers
written here, with the expected values worked out by hand."""

from __future__ import annotations

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict

_ENGLISH = (
    "The weather was lovely this morning, so we walked along the river and had breakfast at a small cafe near the "
    "bridge."
)


def test_a_language_sorting_before_the_expected_one_is_named_with_it():
    """English text asked to be French: en sorts before fr, and the reason still names what was expected."""
    assert check("script:language", _ENGLISH, {"language": "fr"}) == Verdict(False, "detected en, expected fr")


def test_english_asked_as_english_names_no_other():
    """The honest twin: English text asked to be English passes, with nothing expected besides it."""
    assert check("script:language", _ENGLISH, {"language": "en"}) == Verdict(True, "detected en")


def test_a_roman_number_after_initials_is_no_kansuuji():
    """DVD is initials, no number; 第IV部 after it is part 4 in Roman letters, no 漢数字."""
    assert check("script:kansuuji", "DVDで映画を見た。第IV部が一番面白かった。", {}) == Verdict(
        False, "1 numbers in Latin letters, e.g. 「IV」"
    )


def test_initials_and_a_kansuuji_part_are_kansuuji():
    """The honest twin: DVD and 第四部 hold no number outside 漢数字."""
    assert check("script:kansuuji", "DVDで映画を見た。第四部が一番面白かった。", {}) == Verdict(
        True, "no non-kanji numerals"
    )
