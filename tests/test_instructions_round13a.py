"""Properties of round thirteen's rules (part A), each drawn over instances the rules name by class rather than by
list: spans whose content is still to come, reaction marks after a sentence, highlights of function words, clauses
spliced by a spaced separator, sentences about the text's own length and recited sequences."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.pending import pending
from lctg_metrics.instructions.predicates import auxiliary_ending

pytest.importorskip("fugashi")

#: Verbal nouns of work (written here, not taken from the code).
_WORK = ["調査", "確認", "検討", "対応", "集計", "審査", "修正", "作業", "開発", "精査"]


def _chars(text: str) -> int:
    """Non-blank characters, counted here independently of the checkers."""
    return len(re.sub(r"\s", "", text))


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(_WORK),
    st.sampled_from(["", "現在", "ただいま"]),
    st.sampled_from(["中", "中です", "中でございます"]),
)
def test_work_in_progress_is_no_json_content(noun, now, tail) -> None:
    value = f"{now}{noun}{tail}"
    assert not check("format:json", json.dumps({"回答": value}, ensure_ascii=False), {}).passed
    said = f"{noun}の結果、問題はありませんでした"
    assert check("format:json", json.dumps({"回答": said}, ensure_ascii=False), {}).passed


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["あとで", "後ほど", "追って", "後日"]),
    st.sampled_from(["決めます", "記入します", "追記します", "連絡します"]),
)
def test_a_later_promise_is_no_title(later, verb) -> None:
    body = "\n駅前の小さな店で、毎朝同じパンを買う人がいた。"
    assert not check("format:title", f"『{later}{verb}』{body}", {}).passed
    assert not check("format:title", f"『タイトルは{later}{verb}』{body}", {}).passed


@pytest.mark.parametrize(
    "word", ["その他", "いろいろ", "もろもろ", "諸々", "色々", "様々", "あれこれ", "misc", "その他もろもろ"]
)
def test_a_catch_all_is_no_item(word: str) -> None:
    assert pending(word)
    assert not check("format:bullet_list", f"・りんご\n・みかん\n・{word}", {"min": 3}).passed
    assert check("format:bullet_list", f"・りんご\n・みかん\n・ぶどう\n・{word}", {"min": 3}).passed


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["ここに", "こちらに", "この欄に"]),
    st.sampled_from(["本文", "写真", "説明", "地図", "会社名"]),
    st.sampled_from(["が入ります", "を記入します", "を入力してください", "を挿入します"]),
)
def test_a_layout_formula_is_no_quotation(here, noun, verb) -> None:
    assert not check("format:quotation", f"「{here}{noun}{verb}」", {}).passed


@pytest.mark.parametrize("thing", ["卵", "砂糖", "鍵", "お湯"])
def test_putting_a_thing_here_is_an_act(thing: str) -> None:
    assert check("format:quotation", f"「ここに{thing}を入れます」", {}).passed


#: Sentences ending in a predicate, and reaction or stage marks (written here).
_SAID = ["駅で転びました", "本当に楽しかったです", "それでは乾杯しましょう", "もう知らないよ", "また来ます"]
_MARKS = ["笑", "拍手", "泣", "汗", "音楽", "歓声", "照"]
_SLOTS = ["氏名", "日付", "金額", "商品名", "住所", "会社名"]


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.tuples(st.sampled_from(_SAID), st.sampled_from(_MARKS)), min_size=2, max_size=4),
    st.sampled_from(["。", "！", "\n"]),
)
def test_a_mark_closing_a_sentence_is_no_placeholder(pairs, end) -> None:
    text = end.join(f"{said}[{mark}]" for said, mark in pairs)
    assert not check("format:placeholders", text, {"min": 1}).passed


@settings(max_examples=50, deadline=None)
@given(st.lists(st.sampled_from(_SLOTS), min_size=2, max_size=4), st.sampled_from(["：", "は", "の"]))
def test_slots_where_words_go_are_placeholders(slots, joint) -> None:
    text = "\n".join(f"項目{i}{joint}[{slot}]" for i, slot in enumerate(slots, 1))
    assert check("format:placeholders", text, {"min": len(slots)}).passed


_NOUNS = ["公園", "犬", "本", "学校", "駅", "友達"]


@settings(max_examples=50, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(_NOUNS), st.sampled_from(["は", "が", "を", "に", "で", "と", "も"])),
        min_size=3,
        max_size=4,
    )
)
def test_highlighted_particles_emphasise_nothing(pairs) -> None:
    text = "".join(f"{noun}《{particle}》" for noun, particle in pairs) + "行きました。"
    assert not check("format:highlights", text, {"min": 1}).passed
    nouns = "".join(f"《{noun}》{particle}" for noun, particle in pairs) + "行きました。"
    distinct = len({noun for noun, _ in pairs})
    assert check("format:highlights", nouns, {"min": distinct}).passed


_CLAUSES = ["駅は近いです", "家賃も安いです", "部屋も広いです", "庭もあります", "静かでした"]


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.sampled_from(_CLAUSES), min_size=2, max_size=4, unique=True),
    st.sampled_from([" / ", " | ", " - ", " ／ ", "  /  "]),
)
def test_a_spaced_separator_after_a_predicate_splices_sentences(clauses, sep) -> None:
    verdict = check("length:sentences", sep.join(clauses), {"max": len(clauses) - 1})
    assert not verdict.passed
    if sep.strip() != "／":  # nouns spaced around a full-width mark are read as noun sentences (earlier rule)
        nouns = sep.join(["カレー", "ラーメン", "寿司"][: len(clauses)]) + "が好きです"
        assert check("length:sentences", nouns, {"max": 1}).passed


_ANSWERS = ["答えは赤です。", "好きな花は桜です。", "犬の名前はポチです。"]
_ABOUT_TEXT = [
    "指定の字数に届くよう、もう少し書き足します。",
    "規定の文字数を満たすため、あと数行続けます。",
    "ここから先は、字数のために書いた文章です。",
    "この行も文字数のための行です。",
    "以下は読まなくても大丈夫です。",
    "特に読む必要はありません。",
]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_ANSWERS), st.lists(st.sampled_from(_ABOUT_TEXT), min_size=1, max_size=3, unique=True))
def test_sentences_about_the_own_length_do_not_count(answer, notes) -> None:
    text = answer + "".join(notes)
    assert not check("length:chars", text, {"min": _chars(answer) + 2}).passed


_ADVICE = [
    "字数が足りないときは、具体例を一つ書き足すとよいでしょう。",
    "作文の字数は四百字程度が目安です。",
    "長い本は、気になる章から読めば十分です。",
    "まずサンプルの文章を読んでから書いてみましょう。",
]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(_ADVICE), min_size=1, max_size=4, unique=True))
def test_advice_about_lengths_counts(sentences) -> None:
    text = "".join(sentences)
    assert check("length:chars", text, {"min": _chars(text)}).passed


_SEQUENCES = [
    "一月 二月 三月 四月 五月 六月 七月 八月 九月 十月 十一月 十二月".split(),
    "月曜日 火曜日 水曜日 木曜日 金曜日 土曜日 日曜日".split(),
    "ひとつ ふたつ みっつ よっつ いつつ むっつ ななつ やっつ ここのつ とお".split(),
    "睦月 如月 弥生 卯月 皐月 水無月 文月 葉月 長月 神無月 霜月 師走".split(),
]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(_SEQUENCES),
    st.integers(min_value=0, max_value=1),
    st.integers(min_value=7, max_value=12),
    st.sampled_from(["、", "・", " "]),
)
def test_a_recited_sequence_counts_one_row(sequence, start, size, sep) -> None:
    run = sequence[start : start + size]
    if len(run) < 6:
        return
    text = "好きな色は青です。" + sep.join(run)
    assert not check("length:chars", text, {"min": _chars(text) - 1}).passed


@pytest.mark.parametrize(
    ("sentence", "ending", "read"),
    [
        ("毎朝走ります", "ます", True),
        ("川で釣ったます", "ます", False),
        ("本を読みました", "ます", False),
        ("お願いいたします", "ます", True),
    ],
)
def test_an_auxiliary_ending_attaches_to_a_conjunctive_form(sentence: str, ending: str, read: bool) -> None:
    assert auxiliary_ending(sentence, ending) is read


_ROWS = ["あいうえお", "かきくけこ", "さしすせそ", "たちつてと", "なにぬねの", "はひふへほ"]
_VERSE_WORDS = ["あかいな", "くりのき", "すをかけ", "たったと", "なめくじ", "はとぽっぽ"]


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(_ANSWERS), st.sampled_from(_VERSE_WORDS), st.sampled_from(_ROWS), st.sampled_from(["。", "！", ""])
)
def test_a_drill_line_ending_in_a_row_counts_nothing(answer, words, row, end) -> None:
    text = f"{answer}{words}{row}{end}"
    assert not check("length:chars", text, {"min": _chars(answer) + 2}).passed


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(_ROWS))
def test_a_row_learnt_in_a_sentence_counts(row) -> None:
    text = f"今日は学校で「{row}」の書き方を習いました。"
    assert check("length:chars", text, {"min": _chars(text)}).passed
