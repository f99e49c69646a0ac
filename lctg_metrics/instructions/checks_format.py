"""書式指定 checkers of the layout inside an answer: lists, sections, highlights, titles, tables and placeholders
(the answer as a whole — JSON, quotation, postscript, two answers, repeated request, fixed answers — is in
``checks_answer``).

A format is judged by what fills it (from checkers 2.0): list items, sections, highlights and table rows count
towards a minimum only if they hold a letter or number and read differently from the others (``key``; short ones are
also compared as words, so 《安全》《あんぜん》 is one highlight); placeholders
only if they hold a letter (a template reuses one slot, so a repeat counts);
a title is a line of its own holding text, with text after it."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from lctg_metrics.instructions import boundaries, hollow, morph, notation, orders, slots, words
from lctg_metrics.instructions.contents import (
    header_counter,
    kana_goes_on,
    key,
    numeral_value,
    own_number,
    placeholder,
    placeholder_title,
    pointing_only,
    residue,
    restates_heading,
    same_text,
)
from lctg_metrics.instructions.filler import restates
from lctg_metrics.instructions.genre_titles import untitled_over_prose
from lctg_metrics.instructions.list_marks import kanji_item
from lctg_metrics.instructions.outline import only_an_outline
from lctg_metrics.instructions.own_places import names_own_place
from lctg_metrics.instructions.registry import MAX, MIN, Param, instruction
from lctg_metrics.instructions.selfnotes import talks_of_itself
from lctg_metrics.instructions.serials import serial_row, template_series
from lctg_metrics.instructions.tables import deferred_row, filled_cell, kana_row, label_only, tables, with_dittos
from lctg_metrics.instructions.text import (
    bullet_marker,
    is_letter,
    lines,
    list_items,
    numbered_items,
    undecorate,
    without_list_markers,
)
from lctg_metrics.instructions.unfilled import unfilled_field
from lctg_metrics.schema import ScoringError
from lctg_metrics.verdict import Verdict

#: Kansuuji accepted in section numbers (第一章, 第十二節).
_KANSUUJI = "〇零一二三四五六七八九十百"
#: A lettered item's mark (a) (a) A. ア．), removed before items are compared.
_LETTER_MARK = re.compile(r"^\s*[（(]?[a-zA-Zａ-ｚＡ-Ｚア-ン][.．)）]\s*")
#: A letter serial after a bullet: a lower-case letter or katakana and a mark, or any letter with a bracket; J. is an
#: initial.
_SERIAL_AFTER_BULLET = re.compile(r"^\s*(?:[（(]?[a-zａ-ｚア-ン][.．)）]|[（(]?[A-ZＡ-Ｚ][)）])\s*")
#: A title line: 『title』, optionally followed by a subtitle after 〜 ― - : or an opening bracket (no sentence).
_TITLE_LINE = re.compile(r"『([^『』\n]+)』(?:\s*[〜～~―—\-－:：(（【\[].*)?")
#: A label naming the slot before the title: タイトル： or the label in brackets, 【タイトル】 [題名] (round 15).
_TITLE_LABEL = re.compile(
    r"^(?:(?:タイトル|題名|表題)\s*[:：]|[【\[［〔]\s*(?:タイトル|題名|表題)\s*[】\]］〕]\s*[:：]?)\s*"
)
#: A markdown heading or a wholly bold line: no body text of a section.
_HEADING_LINE = re.compile(r"^\s*(?:#{1,6}\s|(\*\*|__)[^*_]+\1\s*$)")
#: Lines that may precede a title (a short preamble such as 「以下が要約です。」).
_PREAMBLE_LINES = 2


#: Spans at most this many letters long are compared as words too (``words.same_word``); longer ones (a section's body)
#: by their letters only.
_WORD_LENGTH = 30


#: A fenced code block: code shown as written, no heading, title or section of the text.
_CODE_BLOCK = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n.*?^[ \t]*\1[ \t]*$", re.DOTALL | re.MULTILINE)


def without_code(text: str) -> str:
    """``text`` with each fenced code block made blank lines (a 『title』 or 第1章 inside one is code)."""
    return _CODE_BLOCK.sub(lambda m: "\n" * m.group().count("\n"), text)


def distinct_filled(spans: list[str]) -> list[str]:
    """The spans that hold a letter or number, each reading counted once: the same letters (「《AI》《ＡＩ》」) or, for
    short spans, the same word in another script or spelling (「《安全》《あんぜん》」, from checkers 2.1) are one, and
    so is a one-sentence span that makes another's claim again with small changes (``filler.restates``; round 17);
    a label with a serial mark run in order (ポイントA, ポイントB: ``serials``, round 22) is none."""
    seen: set[str] = set()
    out: list[str] = []
    counters = template_series(spans)  # ポイントA, ポイントB, ポイントC: a template's slots (round 22)
    for n, span in enumerate(spans):
        k = key(span)
        if n in counters:
            continue
        if all(placeholder(cell) or not key(cell) for cell in span.split("|")) or unfilled_field(span):
            continue  # 項目1 | 内容1, （略）, ・あ: no content (2.5); 理由1：（記入）: a form's blank (round 23)
        if names_own_place(span):  # ・2つ目の理由: a slot named, nothing in it (round 30)
            continue
        if orders.only_recited(span) or pointing_only(span):
            continue  # - あいうえお: a row of the kana table, nothing said (round 15); 《ここ》 (round 21)
        if not k or k in seen or any(same_text(span, kept) for kept in out):  # 雨が降った, あめがふった
            continue
        if _one_sentence(span) and any(restates(span, kept) for kept in out):  # 駅に近いこと, 最寄り駅が近いこと (r17)
            continue
        if len(k) <= _WORD_LENGTH and any(
            len(key(kept)) <= _WORD_LENGTH and words.same_word(span, kept) for kept in out
        ):
            continue
        seen.add(k)
        out.append(span)
    return out


def _one_sentence(span: str) -> bool:
    """Whether a span is one line of at most one sentence (an item, not a section's body of many claims)."""
    return "\n" not in span.strip() and not re.search(r"[。！？!?]", span.strip().rstrip("。！？!?"))


def counted(
    spans: list[str], lo: int | None, hi: int | None, unit: str, distinct: bool = True, content: bool = True
) -> Verdict:
    """A count verdict: the minimum counts filled spans only (when they are ``content``, not slots: not one that only
    talks of the text, ここ重要, 以下に説明します; ``selfnotes.talks_of_itself``), each reading once when ``distinct``;
    the maximum counts every span a reader sees (empty and repeated ones too)."""
    if lo is None and hi is None:
        raise ScoringError(f"a {unit} count needs min or max")
    said = ["" if content and key(span) and talks_of_itself(span) else span for span in spans]  # 《ここ重要》 (r18)
    good = distinct_filled(said) if distinct else [span for span in said if key(span)]
    what = f"filled, distinct {unit}" if distinct else f"filled {unit}"
    if lo is not None and len(good) < lo:
        extra = ""
        if len(spans) > len(good):
            extra = f" ({len(spans) - len(good)} more {'empty or repeated' if distinct else 'empty'})"
        return Verdict(False, f"{len(good)} {what} < min {lo}{extra}")
    if hi is not None and len(spans) > hi:
        return Verdict(False, f"{len(spans)} {unit} > max {hi}")
    shown = f"[{lo if lo is not None else ''}, {hi if hi is not None else ''}]"
    return Verdict(True, f"{len(good)} {what} ({len(spans)} in all) in {shown}")


def _item_text(line: str) -> str:
    marker = bullet_marker(line)
    text = line.strip()[len(marker) :] if marker else without_list_markers(line)
    if marker:  # - a) りんご: a serial after the bullet; ・J. ブラウン: an initial (round 28)
        return _SERIAL_AFTER_BULLET.sub("", text)
    return _LETTER_MARK.sub("", text) if text.strip() == line.strip() else text


@instruction(
    "format:bullet_list",
    "書式指定",
    "top-level list items (・ • ● ■ ◆ ★ - － * …; numbered items too if ``numbered``) within [min, max]; "
    "towards min only items holding text that differs from the other items count; items that only name parts of "
    "an answer (・メリット ・デメリット ・まとめ) with nothing else say none, nor items only numbering their slot "
    "(・二つ目の理由)",
    MIN,
    MAX,
    Param("marker", "str", "only items with this marker count, e.g. ・"),
    Param(
        "numbered",
        "bool",
        "numbered items (1. 1) ①) count as items too: the request says 箇条書き without naming a marker",
        default=False,
    ),
    needs_morph=True,
)
def bullet_list(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["marker"] and kw["numbered"]:
        raise ValueError(
            "format:bullet_list: marker and numbered exclude each other (a named marker admits no numbers)"
        )
    items = list_items(response, kw["numbered"])
    if kw["marker"]:
        items = [item for item in items if bullet_marker(item) == kw["marker"]]
    unit = (
        f"「{kw['marker']}」 bullet items"
        if kw["marker"]
        else "bullet or numbered items"
        if kw["numbered"]
        else "bullet items"
    )
    if only_an_outline([_listed(item) for item in items], response):  # ・メリット ・デメリット ・まとめ (round 19)
        return Verdict(False, f"the {unit} only name parts of an answer (メリット, 理由, まとめ) and say none")
    return counted([_listed(item) for item in items], kw["min"], kw["max"], unit)


def _listed(item: str) -> str:
    """A bullet item's text, or a numbered item's unless it only says its own number again (「1. 1」, round 10)."""
    text = _item_text(item)
    return "" if not bullet_marker(item) and own_number(item, text) else text


@instruction(
    "format:numbered_list",
    "書式指定",
    "numbered items (1. 1) （1） ①, any digits) within [min, max]; "
    "towards min only items holding text that differs from the other items count",
    MIN,
    MAX,
    needs_morph=True,
)
def numbered_list(response: str, kw: Mapping[str, Any]) -> Verdict:
    items = [_numbered_text(item) for item in numbered_items(response)]
    if only_an_outline(items, response):  # 1. 質問への答え 2. その理由 3. 具体例: nothing said (2.8)
        return Verdict(False, "the numbered items only name parts of an answer (答え, 理由, 例) and say none")
    return counted(items, kw["min"], kw["max"], "numbered items")


def _numbered_text(line: str) -> str:
    """A numbered item's text; none when it only says its own number again (「1. 1」, round 10; 「一、一」)."""
    text = without_list_markers(line)
    item = kanji_item(line) if text == line else None  # 三、三分待つ: numbered in a sequence (round 23)
    if item:
        return "" if item[1] == item[0] else item[1]
    return "" if own_number(line, text) else text


def _holds_sentence(rest: str) -> bool:
    """Whether the rest of a heading line is a sentence: it ends one (not with a name's 。:
    「第1章 モーニング娘。」) and has a predicate (「第1章 東京は晴れです。」)."""
    if not boundaries.holds_end(rest):
        return False
    return any(m.pos1 in ("動詞", "形容詞", "助動詞") for m in morph.analyze(rest))


def _sections(response: str, unit: str) -> Iterator[tuple[int, str, str]]:
    """(number, body, heading) of each 第N<unit> section: the lines up to the next heading, and the rest of the heading
    line when it holds a sentence (「第1章 東京は晴れです。」)."""
    heading = re.compile(rf"^[【「\[［]?第([0-9０-９{_KANSUUJI}]+){re.escape(unit)}")
    all_lines = response.splitlines()
    starts = [
        (i, m)
        for i, line in enumerate(all_lines)
        if (m := heading.match(undecorate(line)))
        and not (kana_goes_on(undecorate(line)[m.end() :][:1]) and re.search("[、。]", line))
    ]  # 「第1章では、…」
    for n, (i, found) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(all_lines)
        rest = undecorate(all_lines[i])[found.end() :]
        text = [line for line in all_lines[i + 1 : end] if not _HEADING_LINE.match(line)]  # a subheading is no body
        again = key("\n".join(text)) == key(rest)  # 第1章 春 / 春: the body is the heading again (round 12)
        sentence = _holds_sentence(rest)  # 「第1章 東京は晴れです。」: the heading line is body text, no heading
        body = "" if again else "\n".join(([rest] if sentence else []) + text)
        yield numeral_value(found.group(1)), body, "" if sentence else rest


@instruction(
    "format:sections",
    "書式指定",
    "sections whose heading line starts with 第N<unit> (章, 節, 項, …); "
    "towards min only sections with a number of their own and a body of text unlike the others count, a body "
    "saying more than its heading (not only its heading's words and 部分 / 内容, nor one template filled with each "
    "heading)",
    MIN,
    MAX,
    Param("unit", "str", "section unit after the number, e.g. 章", default="章"),
    needs_morph=True,
)
def sections(response: str, kw: Mapping[str, Any]) -> Verdict:
    found = list(_sections(without_code(response), kw["unit"]))
    numbers: set[int] = set()
    bodies = []
    # a body that only restates its heading says nothing (物語の起の部分。 under 起; round 14), nor one template
    # filled with each heading, when two bodies or more leave the same words beyond their headings
    left = [residue(body, heading) for _, body, heading in found]
    template = left[0] if len(left) >= 2 and all(x == left[0] for x in left) else None
    for number, body, heading in found:  # a repeated number opens no new section: its body is no section of its own
        empty = number in numbers or restates_heading(body, heading, template)
        bodies.append("" if empty else body)
        numbers.add(number)
    verdict = counted(bodies, kw["min"], kw["max"], f"第N{kw['unit']} sections")
    return verdict


def _counts_itself(found: re.Match[str], position: int) -> bool:
    """Whether a highlight holds only its own position and is used as a number in its sentence
    (作業の手順は《1》、《2》、《3》の順です; round 12; before a particle or the counter か, also written ヶ or ヵ:
    《1》ヶ月): it says nothing. One that labels the text after it, opening a line or a sentence or followed directly
    by a word that is not a particle (《1》国鉄の車両設計…, 。《5. 》これらの会議は…), marks a section and counts."""
    if key(found.group(1)) != str(position):
        return False
    before = found.string[: found.start()].rstrip(" \t\u3000")
    after = found.string[found.end() : found.end() + 1]
    particle = "ぁ" <= after <= "ゖ" or after in "ヵヶ"
    labels = not before or before[-1] in "\n。！？!?" or (after.isalnum() and not particle)
    return not labels


@instruction(
    "format:highlights",
    "書式指定",
    "highlighted spans like 《…》 within [min, max]; towards min only "
    "spans holding text that differs from the other spans count (the same word in another script, "
    "《安全》《あんぜん》, is one; a kana reading right after its kanji, 図書館《としょかん》, is ruby, no highlight)",
    MIN,
    MAX,
    Param("open", "str", "opening mark", default="《"),
    Param("close", "str", "closing mark", default="》"),
    needs_morph=True,
)
def highlights(response: str, kw: Mapping[str, Any]) -> Verdict:
    o, c = re.escape(kw["open"]), re.escape(kw["close"])
    found = [m for m in re.finditer(rf"{o}([^\n{o}{c}]*){c}", response) if m.group(1).strip()]
    marks = kw["open"] + kw["close"]
    spans = [
        ""
        if _counts_itself(m, n)
        or slots.function_words_only(response, m.start(), m.end(), marks)
        or notation.ruby_reading(response, m.start(), m.end())  # 図書館《としょかん》: a reading (round 14)
        else m.group(1)
        for n, m in enumerate(found, 1)
    ]
    return counted(spans, kw["min"], kw["max"], f"{kw['open']}…{kw['close']} highlights")


def _title(line: str) -> str | None:
    core = _TITLE_LABEL.sub("", undecorate(line))
    core = core[1:-1].strip() if re.fullmatch(r"「[^「」]*」|【[^【】]*】", core) else core  # 「『title』 - subtitle」
    found = _TITLE_LINE.fullmatch(core)
    if not found or not key(found.group(1)) or boundaries.holds_end(core[found.end(1) + 1 :]):
        return None
    if placeholder_title(found.group(1)):
        return None  # 『タイトル』, 『○○』, 『Untitled』, 『（仮）』: a blank to fill, no title
    return f"『{found.group(1)}』"


@instruction(
    "format:title",
    "書式指定",
    "a title line: a line that is wholly 『title』 (a heading mark, a タイトル： or 【タイトル】 label or a subtitle "
    "after 〜 ― "
    "or ： aside), holding text, with text after it; the first non-blank line, or (unless ``first_line``) "
    "after a preamble of at most two lines. 『』 inside a sentence names a work, it is no title, 『』 naming "
    "only the kind of text (『作文』, 『日記』) is none, and 『無題』 is a title over verse only",
    Param("first_line", "bool", "the title must be in the first non-blank line", default=False),
    needs_morph=True,
)
def title(response: str, kw: Mapping[str, Any]) -> Verdict:
    all_lines = lines(without_code(response))
    for number, line in enumerate(all_lines[: 1 if kw["first_line"] else 1 + _PREAMBLE_LINES]):
        found = _title(line)
        if found and untitled_over_prose(found[1:-1], all_lines[number + 1 :]):
            found = None  # 『無題』 over prose names nothing; over verse it is a poem's title (round 20)
        if found and any(
            key(rest) and not _title(rest) and key(rest) != key(found) for rest in all_lines[number + 1 :]
        ):
            return Verdict(True, f"title {found} in line {number + 1}")
        if found:
            return Verdict(False, f"title {found} with no text after it")
    where = "first line" if kw["first_line"] else f"first {1 + _PREAMBLE_LINES} lines"
    return Verdict(False, f"no line in the {where} is a 『title』 of its own")


@instruction(
    "format:table",
    "書式指定",
    "a markdown (GFM) table, outer pipes optional: header, |---| rule, rows; at least min_rows rows holding "
    "text unlike the other rows and the header (a row of one letter per cell, as | あ | い |, holds no word, and "
    "a row whose values after its label are deferred or withheld, "
    "as | 1日目 | 要検討 | or | 国語 | 秘密 |, is empty; a ditto cell, 同上 or 同左, "
    "holds the value it copies, so | A | 同左 | holds its label only), "
    "and min_columns columns holding text in a row below the header",
    Param("min_rows", "int", "least number of body rows", default=1),
    Param("min_columns", "int", "least number of columns", default=2),
    needs_morph=True,
)
def table(response: str, kw: Mapping[str, Any]) -> Verdict:
    best = None
    for header, written in tables(response):
        body = with_dittos(written)  # | B | 同上 | holds the value above (round 18)
        columns = sum(
            1 for n in range(len(header)) if any(filled_cell(row[n], header[n]) for row in body if n < len(row))
        )
        # a row whose cells after its first defer their value and hold none (| 1日目 | 要検討 |; round 14) is an
        # empty row; an empty cell beside a word (| 静か | |, a pros and cons table) leaves the row its word
        valued = [
            row
            for row, as_written in zip(body, written)
            if not deferred_row(row, header) and not label_only(as_written, row)
        ]
        own = [["" if header_counter(c, h) else c for c, h in zip(row, header)] + row[len(header) :] for row in valued]
        worded = [
            "|".join(r) for r in own if not kana_row(r) and not hollow.counting_row(r) and not serial_row(r)
        ]  # | 名前1 | (r10), | 1 | 1 | (r16), | 値1 | 値2 | (r24)
        rows = len([r for r in distinct_filled(worded) if key(r) != key("|".join(header))])
        if columns >= kw["min_columns"] and rows >= kw["min_rows"]:
            return Verdict(True, f"markdown table, {columns} columns × {rows} filled, distinct rows")
        best = best or (columns, rows, len(body))
    if best is None:
        return Verdict(False, "no markdown table (header row followed by a |---| rule)")
    columns, rows, all_rows = best
    if columns < kw["min_columns"]:
        return Verdict(False, f"table has {columns} columns with text < min {kw['min_columns']}")
    return Verdict(False, f"table has {rows} filled, distinct rows (of {all_rows}) < min {kw['min_rows']}")


@instruction(
    "format:placeholders",
    "書式指定",
    "square-bracket placeholders like [名前] (not markdown links, "
    "task boxes, a to-do's status marks ([済] 買い物), numbered references, nor keys and buttons to press: "
    "[Enter]キー, [保存]をクリック, [Ctrl]+[C], nor a label opening a sentence of its own: [速報] 新商品が出ました。); "
    "towards min every filled placeholder counts, a reused one too "
    "(a template names one slot wherever it is needed)",
    MIN,
    MAX,
)
def placeholders(response: str, kw: Mapping[str, Any]) -> Verdict:
    # [a][b] is a reference link only when a definition [b]: … exists (CommonMark); else both are brackets as typed
    defined = {key(m.group(1)) for m in re.finditer(r"(?m)^ {0,3}\[([^\]\n]+)\]:", response)}
    linked = [
        m.span()
        for m in re.finditer(r"\[([^\[\]\n]+)\]\[([^\[\]\n]*)\]", response)
        if key(m.group(2) or m.group(1)) in defined
    ]
    brackets = [
        m
        for m in re.finditer(r"(?<!!)[\[［]([^\[\]［］\n]*\S[^\[\]［］\n]*)[\]］](?!\()", response)
        if not any(a <= m.start() < b for a, b in linked) and key(m.group(1)) not in defined  # [b] or [b]: url
    ]
    # a reaction or stage direction closing a sentence ([笑], [拍手]; round 13) is no slot
    # and a key or button to press ([Enter]キー, [保存]をクリック; round 14) is no slot either
    found = [
        m.group(1)
        for m in brackets
        if not slots.status_mark(response, m)
        and not slots.stage_direction(response, m.start(), m.end())
        and not notation.control_name(response, m.start(), m.end())
        and not slots.article_label(response, m.start(), m.end())  # [速報] 新商品が発売されました。 (round 22)
    ]
    found = [f for f in found if any(is_letter(ch) for ch in f) and f.strip() not in ("x", "X")]
    found = [f for f in found if not slots.MAINTENANCE_TAG.fullmatch(key(f))]
    return counted(found, kw["min"], kw["max"], "placeholders", distinct=False, content=False)  # [ここに説明] is a slot
