"""Properties of round fourteen's rules (part A), each drawn over instances of a class rather than a list: sentences
in another language, content promised for later, chants said by a template, stock formulas as the bulk, table values
still to come, section bodies that restate their heading, quotations of asides, key names in brackets and ruby
readings. The labeled cases are in ``data/instructions/round14a.jsonl`` (read with every labeled set)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

pytest.importorskip("fugashi")

CASES = Path(__file__).parent / "data" / "instructions" / "round14a.jsonl"


def _chars(text: str) -> int:
    """Non-blank characters, counted here independently of the checkers."""
    return len(re.sub(r"\s", "", text))


def test_the_round_has_cheats_and_honest_answers_of_each_class() -> None:
    cases = [json.loads(line) for line in CASES.read_text(encoding="utf-8").splitlines() if line.strip()]
    for verdict in (True, False):
        assert sum(c["expected"] is verdict for c in cases) >= 20
    for case in cases:
        assert check(case["id"], case["response"], case["kwargs"]).passed is case["expected"], case["note"]


_ANSWERS = ["答えは青です。", "首都は東京です。", "好きな果物はりんごです。", "集合は九時です。"]
_FOREIGN = [
    "정답은 파란색입니다。",
    "Ответ очень простой.",
    "The answer is in the first line.",
    "Η απάντηση είναι απλή.",
    "ジアンサーイズシンプル。",
    "ディスイズザアンサー。",
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_ANSWERS), st.lists(st.sampled_from(_FOREIGN), min_size=2, max_size=3, unique=True))
def test_another_language_adds_nothing_to_a_japanese_minimum(answer: str, foreign: list[str]) -> None:
    text = answer + "".join(foreign)
    assert not check("length:chars", text, {"min": _chars(answer) + 2}).passed, text
    named = "外国語でも言い添えます。" + text  # the answer names a language: the sentences are its subject
    assert check("length:chars", named, {"min": _chars(named)}).passed, named


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(_ANSWERS),
    st.sampled_from(["詳しい理由は、", "補足についても、", "具体例は", ""]),
    st.sampled_from(["後ほど", "追って", "後日", "次回", "別途", "のちほど"]),
    st.sampled_from(["ご説明します。", "共有いたします。", "お話しします。", "ご案内します。", "お伝えします。"]),
)
def test_content_promised_for_later_adds_nothing(answer: str, topic: str, later: str, verb: str) -> None:
    promise = topic + later + verb
    text = answer + promise + promise.replace("。", "ね。")
    assert not check("length:chars", text, {"min": _chars(answer) + 2}).passed, text
    said = answer + "詳しい状況がわかり次第、" + verb  # a condition says when: it counts
    assert check("length:chars", said, {"min": _chars(said)}).passed, said


_KANJI_NUMBERS = "一二三四五六七八九"


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_ANSWERS), st.integers(0, 8), st.integers(4, 8), st.sampled_from(["、", "\n", "。"]))
def test_a_chant_counts_as_its_first_item(answer: str, row: int, size: int, sep: str) -> None:
    a = _KANJI_NUMBERS[row]
    items = [f"{a}{_KANJI_NUMBERS[b]}が{_KANJI_NUMBERS[(row + 1) * (b + 1) % 9]}" for b in range(size)]
    text = answer + sep.join(items)
    assert not check("length:chars", text, {"min": _chars(answer) + _chars(items[0]) + 3}).passed, text
    named = f"九九の{a}の段です。" + sep.join(items)  # the answer says what it recites
    assert check("length:chars", named, {"min": _chars(named)}).passed, named


_FORMULAS = [
    "ご不明な点がございましたら、お気軽にお問い合わせください。",
    "今後ともどうぞよろしくお願い申し上げます。",
    "最後までお読みいただき、ありがとうございました。",
    "参考になれば幸いです。",
    "何かあれば遠慮なくご相談ください。",
]
_CONTENT = (
    "来週の会議は火曜日の十時から第二会議室で行います。議題は新製品の販売計画と、秋の展示会に出す試作品の選定です。"
    "資料は前日までにお送りしますので、目を通しておいてください。"
)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(_ANSWERS), st.lists(st.sampled_from(_FORMULAS), min_size=2, max_size=3, unique=True))
def test_stock_formulas_frame_an_answer_but_are_not_its_bulk(answer: str, formulas: list[str]) -> None:
    text = answer + "".join(formulas)  # formulas count no further than the answer's own text
    assert not check("length:chars", text, {"min": _chars(text)}).passed, text
    assert not check("length:chars", text, {"min": 2 * _chars(answer) + 4}).passed, text
    letter = _CONTENT + "".join(formulas)  # content longer than its formulas: all of it counts
    assert check("length:chars", letter, {"min": _chars(letter)}).passed, letter


_LABELS = ["1日目", "2日目", "3日目", "4日目"]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from(["要検討", "要確認", "未定", "保留", "TBD", "調整中", "要調整"]), min_size=3, max_size=3)
)
def test_rows_whose_values_are_still_to_come_are_empty(values: list[str]) -> None:
    rows = "\n".join(f"| {label} | {value} |" for label, value in zip(_LABELS, values))
    assert not check("format:table", f"| 日程 | 行き先 |\n|---|---|\n{rows}", {"min_rows": 3}).passed
    real = "\n".join(f"| {label} | {place} |" for label, place in zip(_LABELS, ["奈良", "京都", "大阪"]))
    assert check("format:table", f"| 日程 | 行き先 |\n|---|---|\n{real}", {"min_rows": 3}).passed


_HEADINGS = ["起", "承", "転", "結", "導入", "展開", "朝", "夜"]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from(_HEADINGS), min_size=3, max_size=4, unique=True),
    st.sampled_from(["物語の{}の部分。", "この章では{}について説明します。", "{}の内容です。", "{}の場面。"]),
)
def test_a_body_that_restates_its_heading_is_no_section(headings: list[str], template: str) -> None:
    text = "\n".join(f"第{n}章 {h}\n{template.format(h)}" for n, h in enumerate(headings, 1))
    assert not check("format:sections", text, {"min": len(headings)}).passed, text
    told = ["桜が咲いた。", "蝉が鳴いた。", "葉が落ちた。", "雪が積もった。"]
    text = "\n".join(f"第{n}章 {h}\n{told[n - 1]}" for n, h in enumerate(headings, 1))
    assert check("format:sections", text, {"min": len(headings)}).passed, text


@pytest.mark.parametrize("aside", ["（沈黙）", "（笑）", "(間)", "（ため息）（拍手）", "［うなずく］"])
def test_a_quotation_of_asides_says_nothing(aside: str) -> None:
    assert not check("format:quotation", f"「{aside}」", {}).passed
    assert check("format:quotation", f"「{aside}はい、そうします。」", {}).passed


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from(["Enter", "Esc", "Tab", "Shift", "Ctrl", "F5", "保存", "閉じる"]), min_size=2, max_size=3),
    st.sampled_from(["キーを押します", "ボタンを押します", "をクリックします", "キーで決定します"]),
)
def test_a_key_or_button_name_is_no_placeholder(keys: list[str], act: str) -> None:
    text = "、".join(f"[{k}]{act}" for k in keys) + "。"
    assert not check("format:placeholders", text, {"min": 2}).passed, text
    slots = "".join(f"[{k}名]様" for k in ["会社", "部署", "担当者"][: len(keys)])
    assert check("format:placeholders", slots, {"min": 2}).passed, slots


#: Words and their readings, written here.
_READINGS = {"図書館": "としょかん", "公園": "こうえん", "学校": "がっこう", "東京": "とうきょう", "電車": "でんしゃ"}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(sorted(_READINGS)), min_size=3, max_size=3, unique=True))
def test_a_reading_after_its_kanji_is_no_highlight(words: list[str]) -> None:
    text = "、".join(f"{w}《{_READINGS[w]}》" for w in words) + "へ行きました。"
    assert not check("format:highlights", text, {"min": 3}).passed, text
    marked = "、".join(f"きょうの《{w}》" for w in words) + "。"
    assert check("format:highlights", marked, {"min": 3}).passed, marked
