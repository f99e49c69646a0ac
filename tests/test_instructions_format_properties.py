"""Hypothesis properties of the format checkers (checkers 2.0): a format counts what fills it. Empty or repeated
spans never help a minimum, outer pipes do not change a table, a JSON answer passes exactly when it is an object or
array with content, a title is a line of its own and a postscript asked for at the end comes last.

The oracles here are written from the instruction's wording, independently of the checkers' code."""

from __future__ import annotations

import json
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

#: Content words: random kana can spell a word that says nothing (など, その) and is rightly read as no content.
CONTENT = (
    "りんご 自転車 図書館 天気予報 ランニング 朝ごはん 水族館 コーヒー 宿題 散歩 映画館 温泉 新幹線 美術館 "
    "ピアノ 花火大会 お弁当 洗濯 掃除 読書 カメラ 動物園 紅茶 遊園地 キャンプ 料理教室 英会話 ヨガ 釣り 将棋"
).split()
WORD = st.lists(st.sampled_from(CONTENT), min_size=1, max_size=2, unique=True).map("".join)
WORDS = st.lists(WORD, min_size=1, max_size=6, unique=True)
#: What fills nothing: blanks, punctuation and symbols a reader does not read as words.
EMPTY = st.text(alphabet=list(" 　。、・…！？-―★"), max_size=3)
SENTENCE = WORD.map(lambda w: f"{w}です。")
FEW = settings(max_examples=40, deadline=None)


#: A key compared with its value: one with a kanji or a Latin letter, as a schema's field names are.
_SCHEMA_NAME = re.compile(r"[A-Za-z一-鿿]")


def _has_content(value: object) -> bool:
    """The oracle for "a JSON object or array with content": some string with a kana/letter/digit or some number
    inside a list or dict (a named true/false counts as content of its object; a value that only says its own key
    again, {"自転車": "自転車"}, is a field name left in place of a value, compared for a key with a kanji or a Latin
    letter as schema names have: a kana-only key is not, the declared limit)."""
    if isinstance(value, dict):
        return any(
            (_has_content(v) and (v != k or not _SCHEMA_NAME.search(k)))
            or (any(c.isalnum() for c in k) and isinstance(v, bool))
            for k, v in value.items()
        )
    if isinstance(value, list):
        return any(_has_content(v) for v in value)
    if isinstance(value, bool) or value is None:
        return False
    return isinstance(value, (int, float)) or any(c.isalnum() for c in value)


JSON_LEAF = st.none() | st.booleans() | st.integers() | WORD | EMPTY
JSON_VALUE = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(WORD | st.just(""), inner, max_size=3),
    max_leaves=8,
)


@FEW
@given(JSON_VALUE, st.sampled_from(["", "\n", "  \n\n"]), st.booleans())
def test_json_passes_exactly_for_an_object_or_array_with_content(value: object, blank: str, fenced: bool) -> None:
    text = json.dumps(value, ensure_ascii=False, indent=2)
    if fenced:
        text = f"```json\n{text}\n```"
    expected = isinstance(value, (dict, list)) and _has_content(value)
    assert check("format:json", blank + text + blank, {}).passed is expected, text


@FEW
@given(WORDS, st.sampled_from(["・", "- ", "• ", "1. "]), st.data())
def test_list_minimum_counts_distinct_filled_items(items: list[str], marker: str, data: st.DataObject) -> None:
    iid, kw = ("format:numbered_list", {}) if marker == "1. " else ("format:bullet_list", {})
    lines = [f"{n + 1}. {item}" if marker == "1. " else marker + item for n, item in enumerate(items)]
    assert check(iid, "\n".join(lines), {**kw, "min": len(items)}).passed
    repeated = data.draw(st.sampled_from(items))
    padded = lines + [f"{len(lines) + 1}. {repeated}" if marker == "1. " else marker + repeated]
    assert not check(iid, "\n".join(padded), {**kw, "min": len(items) + 1}).passed  # a repeat is no new item
    assert not check(iid, "\n".join(padded), {**kw, "max": len(items)}).passed  # a reader still sees it


@FEW
@given(WORDS, EMPTY)
def test_highlights_count_distinct_filled_spans(words: list[str], blank: str) -> None:
    text = "、".join(f"《{w}》" for w in words) + "が大切です。"
    assert check("format:highlights", text, {"min": len(words)}).passed
    padded = text + f"《{blank}》《{words[0]}》"
    assert not check("format:highlights", padded, {"min": len(words) + 1}).passed


@FEW
@given(
    # a value that only repeats its row's label (| りんご | りんご |) holds none (round 25): each row says something
    st.lists(st.tuples(WORD, WORD).filter(lambda r: r[0] != r[1]), min_size=1, max_size=4, unique_by=lambda r: r[0]),
    st.integers(0, 3),
)
def test_tables_with_and_without_outer_pipes_agree_and_empty_rows_never_count(
    rows: list[tuple[str, str]], empties: int
) -> None:
    def table(outer: bool, body: list[tuple[str, str]]) -> str:
        lines = [("項目", "内容"), ("---", "---"), *body]
        return "\n".join(f"| {a} | {b} |" if outer else f"{a} | {b}" for a, b in lines)

    body = list(rows) + [("", "")] * empties
    for outer in (True, False):
        assert check("format:table", table(outer, body), {"min_rows": len(rows)}).passed
        assert not check("format:table", table(outer, body), {"min_rows": len(rows) + 1}).passed


@FEW
@given(st.one_of(SENTENCE, EMPTY))
def test_a_quotation_passes_exactly_when_it_holds_text(inner: str) -> None:
    expected = any(c.isalnum() for c in inner)
    assert check("format:quotation", f"「{inner}」", {}).passed is expected


@FEW
@given(WORD, st.lists(SENTENCE, min_size=1, max_size=3), st.booleans())
def test_a_title_is_a_line_of_its_own(name: str, body: list[str], first_line: bool) -> None:
    text = "\n".join(body)
    assert check("format:title", f"『{name}』\n{text}", {"first_line": first_line}).passed
    assert not check("format:title", f"番組『{name}』が放送された。\n{text}", {"first_line": first_line}).passed
    assert not check("format:title", f"『{name}』が放送された。\n{text}", {"first_line": first_line}).passed


#: A postscript that says something: a random word after あした (a bare なし, ない or おわり would say there is nothing
#: to add, which is no postscript from checkers 2.6).
NOTE = WORD.map(lambda w: f"あした{w}です。")


@FEW
@given(st.lists(SENTENCE, min_size=1, max_size=3), NOTE, st.sampled_from(["P.S.", "追伸"]))
def test_a_postscript_asked_for_at_the_end_comes_last(body: list[str], note: str, marker: str) -> None:
    main = "\n\n".join(body)
    kw = {"marker": marker, "position": "end"}
    assert check("format:postscript", f"{main}\n\n{marker} {note}", kw).passed
    assert not check("format:postscript", f"{marker} {note}\n\n{main}", kw).passed
    assert check("format:postscript", f"{marker} {note}\n\n{main}", {"marker": marker}).passed  # M-IFEval: anywhere


@FEW
@given(st.lists(SENTENCE, min_size=2, max_size=4, unique=True))
def test_sections_need_bodies_of_their_own(bodies: list[str]) -> None:
    n = len(bodies)
    full = "\n".join(f"第{i + 1}章 見出し{i + 1}\n{b}" for i, b in enumerate(bodies))
    assert check("format:sections", full, {"min": n, "unit": "章"}).passed
    bare = "\n".join(f"第{i + 1}章 見出し{i + 1}" for i in range(n))
    assert not check("format:sections", bare, {"min": 1, "unit": "章"}).passed
    same = "\n".join(f"第{i + 1}章\n{bodies[0]}" for i in range(n))
    assert not check("format:sections", same, {"min": 2, "unit": "章"}).passed
