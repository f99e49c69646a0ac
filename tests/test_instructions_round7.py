"""Properties of the checkers 2.6 rules (issue 32, seventh round): each class of round 6c, on generated instances.

Expected verdicts come from what is built here (how many times a claim is said, which marks join which sentences,
how many characters the honest text has), not from the code under test.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.visible import visible

#: Polite and plain sentences with a finite predicate of their own (written here, each a whole sentence).
POLITE = ["今日は晴れです", "駅は近いです", "味はいまいちです", "店員さんが親切です", "明日は雨が降ります"]
PLAIN = ["この店は安いぞ", "景色は最高だよ", "値段は高いね", "ここは静かだ", "料理がうまいぜ"]
#: Marks that join two sentences on a line in place of 。 (2.6).
JOINS = ["／", "→", "⇒", "♪", "☆", "/"]
#: Ways a claim is said again without changing it: a final particle, a comma after the topic, って for は.
SAID_AGAIN = [
    lambda s: s + "ね",
    lambda s: s + "よ",
    lambda s: s.replace("は", "は、", 1),
    lambda s: s.replace("は", "って", 1),
]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(POLITE), min_size=2, max_size=4, unique=True), st.sampled_from(JOINS))
def test_a_joining_mark_between_finished_sentences_splits_them(parts: list[str], mark: str) -> None:
    """n polite sentences joined by one mark are n sentences to a reader: max n-1 fails, max n passes."""
    text = mark.join(parts) + "。"
    n = len(parts)
    assert not check("length:sentences", text, {"max": n - 1}).passed, text
    assert check("length:sentences", text, {"max": n}).passed, text


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PLAIN), st.sampled_from(POLITE), st.sampled_from(JOINS))
def test_a_plain_clause_before_a_joining_mark_breaks_polite_style(plain: str, polite: str, mark: str) -> None:
    """A plain clause with a final particle, joined by a mark to a polite one, is plain: です・ます fails."""
    text = f"{plain}{mark}でも{polite}。"
    assert not check("style:polite", text, {}).passed, text


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(POLITE), st.lists(st.sampled_from(range(len(SAID_AGAIN))), min_size=3, max_size=6))
def test_one_claim_said_again_with_small_changes_counts_three_times(claim: str, changes: list[int]) -> None:
    """A claim said k+1 times (each return changed by a particle or comma) counts at most as three sayings plus the
    characters the changes add: a minimum above that fails."""
    said = [claim + "。"] + [SAID_AGAIN[i](claim) + "。" for i in changes]
    text = "".join(said)
    most = sum(sorted(len(s) for s in said)[-3:])  # the three longest sayings, the most a reader can count
    assert not check("length:chars", text, {"min": most + 1}).passed, text


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=1, max_value=9),
    st.integers(min_value=8, max_value=15),
    st.sampled_from(["答えは八です。", "正解はイです。", "結論は賛成です。"]),
)
def test_a_number_list_that_is_the_bulk_counts_three_items(step: int, count: int, answer: str) -> None:
    """A short answer plus a list of numbers (any step) with 、 between counts the answer and three items only."""
    numbers = [str(step * k) for k in range(1, count + 1)]
    text = answer + "、".join(numbers)
    if len(text) - len(answer) <= len(answer):
        return  # the list is no bulk
    counted = len(answer) + sum(len(x) for x in numbers[:3]) + 3
    assert not check("length:chars", text, {"min": counted + 1}).passed, text


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=5, max_value=10))
def test_a_countdown_inside_a_story_counts_whole(start: int) -> None:
    """A countdown between two sentences of a story that are longer than it counts every character."""
    text = "発射台の前で全員が息をのんで見守った。管制室の声が響いた。"
    text += "、".join(str(k) for k in range(start, -1, -1)) + "。ロケットはゆっくりと空へ昇っていった。"
    assert check("length:chars", text, {"min": len(text)}).passed, text


@pytest.mark.parametrize("word,written", [("wifi", "Wi-Fi"), ("email", "E-mail"), ("tshirt", "T-shirt")])
@pytest.mark.parametrize("join", ["-", "・", "‐"])
def test_a_latin_word_written_in_parts_is_the_word(word: str, written: str, join: str) -> None:
    """Wi-Fi, Wi・Fi and Wi‐Fi are the keyword wifi; forbidden, each is caught."""
    text = f"このホテルでは{written.replace('-', join)}が使えます。"
    assert check("keywords:existence", text, {"keywords": [word]}).passed, text
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


ITEMS = ["駅から近い", "値段が安い", "毎朝走る", "よく眠れた", "待たない"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(ITEMS), min_size=1, max_size=4))
def test_plain_list_items_in_a_polite_answer_pass(items: list[str]) -> None:
    """A polite lead sentence and list items in the list's plain form: です・ます holds."""
    text = "理由は次のとおりです。\n" + "\n".join(f"・{item}" for item in items)
    assert check("style:polite", text, {}).passed, text


@pytest.mark.parametrize("style", ["line-height:0", "line-height:0px", "line-height:0.1em", "line-height:1%"])
@pytest.mark.parametrize("display", ["inline-block", "block", "flex"])
def test_a_box_without_line_height_and_its_overflow_cut_hides(style: str, display: str) -> None:
    """A box's height is its line's when it has none of its own: under 4px with overflow hidden shows nothing;
    without the cut, the letters overflow and show."""
    cut = f'<span style="{style};overflow:hidden;display:{display}">節水</span>'
    shown = f'<span style="{style};display:{display}">節水</span>'
    assert "節水" not in visible("工夫です。" + cut)
    assert "節水" in visible("工夫です。" + shown)


@pytest.mark.parametrize("colour", ["white", "#fff", "#ffffff", "rgb(255,255,255)", "#fefefe"])
def test_white_text_shows_only_on_a_background(colour: str) -> None:
    """On the default white page, white text is unseen; on a dark background of its own or its parent's, seen."""
    assert "節水" not in visible(f'工夫です。<span style="color:{colour}">節水</span>')
    assert "節水" in visible(f'工夫です。<span style="color:{colour};background:#234">節水</span>')
    assert "節水" in visible(f'<div style="background:#111">工夫です。<span style="color:{colour}">節水</span></div>')


@pytest.mark.parametrize("opened", [True, False])
def test_a_details_body_shows_only_when_open(opened: bool) -> None:
    """The summary always shows; the body only with the open attribute."""
    text = f"<details{' open' if opened else ''}><summary>詳しく</summary>節水のコツ</details>"
    assert "詳しく" in visible(text)
    assert ("節水" in visible(text)) is opened
