"""Round 23 (d): each class the probes found among the format checkers, tested over the class rather than one example.

- marks that lengthen or repeat a sound none of them says (ー, ゝ, 々) hold no text, in any number and mix;
- Lorem ipsum filler holds no text, whichever of its words are drawn;
- a field label：value whose value only names the label's slot (例1の説明 beside 例1) is unfilled, whatever the label;
- a JSON array of one stem with serial marks run from the start (本1, 本2, …) holds no content.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

#: Marks that lengthen or repeat the sound before them, typed from the kana blocks (and the half-width long mark).
_LENGTHENING = "ーｰゝゞヽヾ々〻"
#: Words of the Lorem ipsum filler, typed from its opening sentences.
_LOREM_WORDS = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt".split()
#: Labels a template may number (any noun would do).
_STEMS = st.sampled_from(["本", "店舗", "作品", "理由", "手順", "候補", "映画", "部屋"])


@settings(max_examples=200, deadline=None)
@given(marks=st.text(alphabet=_LENGTHENING, min_size=1, max_size=6))
def test_lengthening_marks_alone_quote_nothing(marks: str) -> None:
    assert not check("format:quotation", f"「{marks}」", {}).passed
    assert check("format:quotation", f"「そうだね{marks}」", {}).passed  # a word said before them


@settings(max_examples=200, deadline=None)
@given(words=st.lists(st.sampled_from(_LOREM_WORDS), min_size=3, max_size=10))
def test_lorem_ipsum_words_are_no_json_content(words: list[str]) -> None:
    filler = " ".join(words).capitalize() + "."
    assert not check("format:json", json.dumps({"回答": filler}, ensure_ascii=False), {}).passed
    said = json.dumps({"回答": f"{filler}は見本用の文章です。"}, ensure_ascii=False)
    assert check("format:json", said, {}).passed  # said about the filler, in a sentence of its own


@settings(max_examples=100, deadline=None)
@given(stem=_STEMS, n=st.integers(2, 5), noun=st.sampled_from(["の説明", "の詳細", "の内容", "について"]))
def test_a_value_naming_its_labels_slot_fills_no_item(stem: str, n: int, noun: str) -> None:
    tail = noun if noun != "について" else "についての説明"
    items = "\n".join(f"・{stem}{i}：{stem}{i}{tail}" for i in range(1, n + 1))
    assert not check("format:bullet_list", items, {"min": n}).passed
    filled = "\n".join(f"・{stem}{i}：{stem}{i}{tail}、駅から{i}分" for i in range(1, n + 1))
    assert check("format:bullet_list", filled, {"min": n}).passed  # a word of its own beside the slot's name


@settings(max_examples=100, deadline=None)
@given(stem=_STEMS, n=st.integers(2, 5), circled=st.booleans())
def test_json_values_counting_themselves_hold_no_content(stem: str, n: int, circled: bool) -> None:
    marks = ["①②③④⑤"[i] if circled else str(i + 1) for i in range(n)]
    assert not check("format:json", json.dumps([stem + m for m in marks], ensure_ascii=False), {}).passed
    later = [stem + str(i + 2) for i in range(n)]  # a series that does not run from its start names members
    assert check("format:json", json.dumps(later, ensure_ascii=False), {}).passed
