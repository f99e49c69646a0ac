"""Round 26 (words, visible, look-alikes): code shows its markup as written, a ruby reads as its base whole; values
checked by a reader's reading of small texts, written here by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions.visible import markup, visible

CODE_SAMPLES = [
    "例：\n\n```html\n<!-- 注意：ここは後で直す -->\n<p hidden>下書き</p>\n```\n",
    "`<b>太字</b>` と書くと太字になります。",
    "~~~\n<style>p{display:none}</style>\n<p>段落</p>\n~~~",
]


@pytest.mark.parametrize("text", CODE_SAMPLES)
def test_markup_shown_in_code_stays_in_the_view_and_the_view_is_stable(text: str) -> None:
    seen = visible(text)
    shown = {"注意", "下書き", "太字", "段落", "display"}
    assert {word for word in shown if word in text} <= {word for word in shown if word in seen}, seen
    assert visible(seen) == seen


def test_a_comment_outside_code_stays_hidden_and_markup_view_is_unchanged() -> None:
    text = "本文<!-- 注意 -->です。\n\n```\nx = 1\n```"
    assert "注意" not in visible(text)
    assert markup(text) == markup(markup(text))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from("あいう漢字カナ"), min_size=1, max_size=4), st.sampled_from(["yomi", "よみ", "-"]))
def test_a_ruby_over_each_letter_reads_as_the_base_whole(letters: list[str], reading: str) -> None:
    base = "".join(letters)
    text = "前<ruby>" + "".join(f"{ch}<rt>{reading}</rt>" for ch in letters) + "</ruby>後"
    seen = visible(text)
    assert seen.startswith("前" + base + "（"), seen
    assert visible(seen) == seen
