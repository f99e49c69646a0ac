"""Round sixteen: honest answers that failed (a start phrase said casually, a compound read as a whole) and the
classes still open after round fifteen. The labeled cases of ``tests/data/instructions/round16.jsonl`` (the round's
probes and further instances of each class)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

pytest.importorskip("fugashi")

ROOT = Path(__file__).resolve().parent.parent
CASES = [json.loads(line) for line in (ROOT / "tests/data/instructions/round16.jsonl").open(encoding="utf-8")]


@pytest.mark.parametrize("case", CASES, ids=[f"{i + 1}-{c['id']}" for i, c in enumerate(CASES)])
def test_labeled_case(case: dict) -> None:
    verdict = check(case["id"], case["response"], case["kwargs"])
    assert verdict.passed is case["expected"], f"{case['note']}: {verdict.reason}"


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["ところで", "それで", "さて"]),
    st.sampled_from(["さ", "ね", "さぁ", "ねー"]),
    st.sampled_from(["、", "。", "！"]),
)
def test_a_start_phrase_said_with_a_casual_particle_is_the_phrase(phrase: str, particle: str, mark: str) -> None:
    text = f"{phrase}{particle}{mark}明日の予定を教えて。"
    assert check("startend:start", text, {"phrase": phrase}).passed, text


#: Native compounds read as a whole and the kanji whose own reading they lack, written here for the test.
_WHOLE = {"今日": "今", "今年": "今", "今朝": "今", "海苔": "海", "大人": "大"}


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(sorted(_WHOLE)), st.sampled_from(["は晴れです。", "の話をします。"]))
def test_a_compound_read_as_a_whole_holds_no_forbidden_kanji(word: str, rest: str) -> None:
    text = f"{word}{rest}"
    assert check("keywords:forbidden", text, {"words": [_WHOLE[word]]}).passed, text


#: One number in the forms a padded answer lists it in, written here for the test (value 4).
_FOUR = ["4", "４", "Ⅳ", "④", "四", "よん", "ヨン", "four", "quatre", "vier", "cuatro"]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(_FOUR), min_size=6, max_size=11, unique=True))
def test_one_number_in_many_forms_is_no_length(forms: list[str]) -> None:
    answer = "答えは四です。"
    text = answer + "、".join(forms) + "。"
    minimum = len(text) - 1
    assert not check("length:chars", text, {"min": minimum}).passed, text


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=99), min_size=4, max_size=8, unique=True))
def test_a_list_of_different_numbers_counts(numbers: list[int]) -> None:
    text = "記録した値は" + "、".join(str(n) for n in numbers) + "です。"
    minimum = sum(ch.isalnum() or ch in "、。" for ch in text) - 3
    assert check("length:chars", text, {"min": minimum}).passed, text


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=11, max_value=30))
def test_a_light_grey_at_a_low_opacity_is_not_seen(percent: int) -> None:
    # #ccc (204) at opacity ≤ 0.3 over white draws ≥ 239 of 255: contrast ≤ 1.14, below the 1.5 floor
    html = f'<p>今日は晴れです。<span style="color:#ccc;opacity:{percent / 100}">環境</span></p>'
    assert not check("keywords:existence", html, {"keywords": ["環境"]}).passed, html


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=50, max_value=100))
def test_a_dark_grey_at_half_opacity_or_more_is_seen(percent: int) -> None:
    # #333 (51) at opacity ≥ 0.5 over white draws ≤ 153 of 255 (#999): contrast ≥ 2.8
    html = f'<p>今日は晴れです。<span style="color:#333;opacity:{percent / 100}">環境</span></p>'
    assert check("keywords:existence", html, {"keywords": ["環境"]}).passed, html
