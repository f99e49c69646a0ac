"""Properties of the reader's view, word identity and the sentence model (the labeled cases are in
tests/data/instructions/{reader_view_2,words,sentences}.jsonl)."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import REGISTRY, check
from lctg_metrics.instructions.registry import DEFAULT_READS
from lctg_metrics.instructions.sentences import sentences
from lctg_metrics.instructions.visible import markup, visible
from tests.test_instructions_properties import JA_TEXT, KWARGS

#: Checkers exercised by the invariance properties (every id: the views hide markup from format checkers too).
IDS = sorted(i for i in REGISTRY if i != "script:language")
JUNK = st.text(alphabet=st.sampled_from(list("伝統AIai勉強あいうアイウ、。12 \n★")), max_size=30)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(IDS), JA_TEXT, JUNK)
def test_an_html_comment_never_changes_a_verdict(instruction_id: str, text: str, junk: str) -> None:
    if not text.strip():
        return
    kwargs = KWARGS[instruction_id]
    assert check(instruction_id, text + f"<!--{junk}-->", kwargs).passed is check(instruction_id, text, kwargs).passed


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([i for i in IDS if REGISTRY[i].reads == "visible"]),
    JA_TEXT,
    JUNK,
    st.sampled_from(['<span class="{}">', '<font color="{}">', '<a href="https://example.com/{}">']),
)
def test_wrapping_in_invisible_markup_never_changes_a_verdict(
    instruction_id: str, text: str, junk: str, tag: str
) -> None:
    """An inline tag whose attribute holds anything, around the whole text, changes nothing a reader sees."""
    if not text.strip():
        return
    name = tag[1 : tag.index(" ")]
    wrapped = tag.format(junk.replace("\n", " ").replace('"', "")) + text + f"</{name}>"
    kwargs = KWARGS[instruction_id]
    assert check(instruction_id, wrapped, kwargs).passed is check(instruction_id, text, kwargs).passed


@given(JA_TEXT)
def test_the_views_are_idempotent(text: str) -> None:
    assert visible(visible(text)) == visible(text)
    assert markup(markup(text)) == markup(text)


def test_format_checkers_read_the_markup_and_the_others_what_a_reader_sees() -> None:
    for spec in REGISTRY.values():
        assert spec.reads == DEFAULT_READS.get(spec.category, "visible") or spec.reads in ("raw", "markup"), spec.id


#: (keyword, the same token in another script) pairs, and frames that put it in a sentence.
SAME_TOKEN = [
    ("勉強", "べんきょう"),
    ("非常に", "ひじょうに"),
    ("とても", "トテモ"),
    ("スマホ", "すまほ"),
    ("会社", "かいしゃ"),
    ("映画", "えいが"),
    ("更に", "さらに"),
    ("子供", "こども"),
    ("スマホ", "ｽﾏﾎ"),
    ("AI", "ai"),
    ("excel", "Excel"),
]
BEFORE = ["", "今日は", "私の", "毎日、", "あの", "新しい", "。", "昨日\n"]
AFTER = ["", "は大切です。", "が好きだ。", "を使う。", "について話す。", "\n次の行。"]


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SAME_TOKEN), st.sampled_from(BEFORE), st.sampled_from(AFTER), st.booleans())
def test_a_keyword_in_another_script_of_the_same_token_is_found(
    pair: tuple[str, str], before: str, after: str, swap: bool
) -> None:
    keyword, written = pair[::-1] if swap and not pair[1].startswith("ｽ") else pair
    text = before + written + after
    assert check("keywords:existence", text, {"keywords": [keyword]}).passed, text
    assert not check("keywords:forbidden", text, {"words": [keyword]}).passed, text


@given(
    st.sampled_from(["excel", "aws", "ai", "sns"]),
    st.sampled_from(["mail", "laws", "excellent", "snsx", "saws"]),
    st.sampled_from(BEFORE),
    st.sampled_from(AFTER),
)
def test_a_latin_keyword_is_a_whole_word(keyword: str, longer: str, before: str, after: str) -> None:
    """A Latin keyword inside a longer Latin word is not the keyword (mail holds no ai)."""
    text = before + longer + after
    assert check("keywords:forbidden", text, {"words": [keyword]}).passed, text


@given(
    st.sampled_from(["excel", "aws", "ai"]),
    st.lists(st.booleans(), min_size=5, max_size=5),
    st.sampled_from(BEFORE),
    st.sampled_from(AFTER),
)
def test_a_latin_keyword_is_found_in_any_case(keyword: str, upper: list[bool], before: str, after: str) -> None:
    written = "".join(ch.upper() if up else ch for ch, up in zip(keyword, upper))
    text = before + written + after
    assert check("keywords:existence", text, {"keywords": [keyword]}).passed, text


COMMA_LIKE = [
    ch
    for ch in map(chr, range(0x20, 0x3100))
    if unicodedata.category(ch).startswith("P") and "COMMA" in unicodedata.name(ch, "") and ch not in ",\ufe10\ufe11"
]


@given(
    st.sampled_from(COMMA_LIKE + ["‚", "丶", "﹅"]),
    st.sampled_from(["今日は晴れ", "東京は", "安くて"]),
    st.sampled_from(["明日は雨です", "大阪は遠い", "おいしい"]),
)
def test_any_comma_of_any_script_is_a_toten(comma: str, left: str, right: str) -> None:
    assert not check("rule:no_comma", left + comma + right, {}).passed, comma


POLITE = ["今日は晴れです", "明日は雨が降ります", "駅まで歩きます", "とても静かでした"]
PLAIN = ["今日は晴れだ", "明日は雨が降る", "駅まで歩いた", "とても静かだった"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(POLITE + PLAIN), min_size=1, max_size=5), st.sampled_from([" ", "\u3000", "\n"]))
def test_style_judges_every_clause_with_or_without_kuten(clauses: list[str], blank: str) -> None:
    """Leaving out 句点 (clauses separated by blanks or line breaks) never hides a predicate from the style checks."""
    with_kuten = "。".join(clauses) + "。"
    without = blank.join(clauses)
    for style in ("style:polite", "style:plain"):
        assert check(style, without, {}).passed is check(style, with_kuten, {}).passed, (style, without)
    expected_polite = all(c in POLITE for c in clauses)
    assert check("style:polite", without, {}).passed is expected_polite


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(POLITE + PLAIN), min_size=1, max_size=4),
    st.lists(st.sampled_from(PLAIN), min_size=1, max_size=3),
)
def test_sentences_in_an_aside_are_counted(outer: list[str], inner: list[str]) -> None:
    text = "。".join(outer) + "（" + "。".join(inner) + "。）。"
    assert len(sentences(text)) == len(outer) + len(inner)


@pytest.mark.parametrize("text, polite", [("「はい、承知いたしました。」", True), ("「了解した。」", False)])
def test_a_one_line_answer_in_quotation_marks_is_read(text: str, polite: bool) -> None:
    assert check("style:polite", text, {}).passed is polite
