"""書式指定 checkers: lists, sections, highlights, titles, JSON, tables, quotations, placeholders,
postscripts, multiple answers, repeated prompts, fixed answers and 答えのみ.

A format is judged by what fills it (from checkers 2.0): list items, sections, highlights, placeholders and table
rows count towards a minimum only if they hold a letter or number and read differently from the others (``key``);
a JSON answer is an object or array with content; a quotation, a title and a postscript hold text."""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any, Iterator, Mapping

from lctg_metrics.instructions.registry import MAX, MIN, Param, instruction
from lctg_metrics.instructions.visible import visible
from lctg_metrics.instructions.text import (bullet_marker, is_hiragana, is_letter, lines, list_items, nfkc, numbered_items,
                                            paragraphs, strip_emphasis, undecorate, without_list_markers)
from lctg_metrics.schema import ScoringError
from lctg_metrics.verdict import Verdict

#: Kansuuji accepted in section numbers (第一章, 第十二節).
_KANSUUJI = "〇零一二三四五六七八九十百"
#: The fixed answers M-IFEval offers for constrained_response (its ``_CONSTRAINED_RESPONSE_OPTIONS``).
CONSTRAINED_OPTIONS = ("はい、そうです。", "いいえ、違います。", "どちらとも言えません。")
#: Separator between two answers: six or more asterisks, on their own line or not (the prompt asks ``******``).
_ANSWER_SEPARATOR = re.compile(r"\*{6,}")
#: What may follow a final answer: blanks, closing quotes and brackets, emphasis marks, 。 . ! ！.
_ANSWER_TRAILING = " \u3000\t\n」』”\"')）*_。.!！"
_FENCE = re.compile(r"^\s*(```|~~~)[\w+.-]*[ \t]*\n(.*?)\n?\s*\1\s*$", re.DOTALL)
#: Postscript markers as written in prompts -> the pattern that recognises them at a line start.
_POSTSCRIPT = {"P.S.": r"P\.\s?S\.?(?!\w)", "P.P.S.": r"P\.\s?P\.\s?S\.?(?!\w)", "追伸": r"追伸"}
_POSTSCRIPT_ALIASES = {"P.S": "P.S.", "P. S.": "P.S.", "P.P.S": "P.P.S.", "P. P. S.": "P.P.S."}
#: Any postscript marker at a paragraph start (a P.P.S. or 再追伸 may follow a P.S.).
_ANY_POSTSCRIPT = re.compile(r"^\s*(?:P\.\s?(?:P\.\s?)*S\.?(?!\w)|再?追伸)", re.IGNORECASE)
#: A lettered item's mark (a) (a) A. ア．), removed before items are compared.
_LETTER_MARK = re.compile(r"^\s*[（(]?[a-zA-Zａ-ｚＡ-Ｚア-ン][.．)）]\s*")
#: A title line: 『title』, optionally followed by a subtitle after 〜 ― - : or an opening bracket (no sentence).
_TITLE_LINE = re.compile(r"『([^『』\n]+)』(?:\s*[〜～~―—\-－:：(（【\[].*)?")
_TITLE_LABEL = re.compile(r"^(?:タイトル|題名|表題)\s*[:：]\s*")
#: A markdown heading or a wholly bold line: no body text of a section.
_HEADING_LINE = re.compile(r"^\s*(?:#{1,6}\s|(\*\*|__)[^*_]+\1\s*$)")
#: Lines that may precede a title (a short preamble such as 「以下が要約です。」).
_PREAMBLE_LINES = 2


def key(text: str) -> str:
    """What a reader compares two spans by: the letters and numbers of the visible form, case folded and katakana
    read as hiragana (markup, blanks, punctuation, symbols and invisible characters aside). Empty: the span holds
    nothing to read."""
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch
                   for ch in unicodedata.normalize("NFKC", visible(text)).casefold()
                   if unicodedata.category(ch)[0] in "LN")


def distinct_filled(spans: list[str]) -> list[str]:
    """The spans that hold a letter or number, each reading counted once (「《AI》《ＡＩ》」 is one highlight)."""
    seen: set[str] = set()
    out = []
    for span in spans:
        k = key(span)
        if k and k not in seen:
            seen.add(k)
            out.append(span)
    return out


def counted(spans: list[str], lo: int | None, hi: int | None, unit: str) -> Verdict:
    """A count verdict: the minimum counts filled, distinct spans only; the maximum counts every span a reader
    sees (empty and repeated ones too)."""
    if lo is None and hi is None:
        raise ScoringError(f"a {unit} count needs min or max")
    good = distinct_filled(spans)
    if lo is not None and len(good) < lo:
        extra = f" ({len(spans) - len(good)} more empty or repeated)" if len(spans) > len(good) else ""
        return Verdict(False, f"{len(good)} filled, distinct {unit} < min {lo}{extra}")
    if hi is not None and len(spans) > hi:
        return Verdict(False, f"{len(spans)} {unit} > max {hi}")
    shown = f"[{lo if lo is not None else ''}, {hi if hi is not None else ''}]"
    return Verdict(True, f"{len(good)} filled, distinct {unit} ({len(spans)} in all) in {shown}")


def _item_text(line: str) -> str:
    marker = bullet_marker(line)
    text = line.strip()[len(marker):] if marker else without_list_markers(line)
    return _LETTER_MARK.sub("", text) if text.strip() == line.strip() else text


@instruction("format:bullet_list", "書式指定",
             "top-level list items (・ • ● ■ ◆ ★ - － * …; numbered items too if ``numbered``) within [min, max]; "
             "towards min only items holding text that differs from the other items count",
             MIN, MAX, Param("marker", "str", "only items with this marker count, e.g. ・"),
             Param("numbered", "bool", "numbered items (1. 1) ①) count as items too: the request says 箇条書き "
                                       "without naming a marker", default=False))
def bullet_list(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["marker"] and kw["numbered"]:
        raise ValueError("format:bullet_list: marker and numbered exclude each other (a named marker admits no numbers)")
    items = list_items(response, kw["numbered"])
    if kw["marker"]:
        items = [item for item in items if bullet_marker(item) == kw["marker"]]
    unit = (f"「{kw['marker']}」 bullet items" if kw["marker"] else
            "bullet or numbered items" if kw["numbered"] else "bullet items")
    return counted([_item_text(item) for item in items], kw["min"], kw["max"], unit)


@instruction("format:numbered_list", "書式指定", "numbered items (1. 1) （1） ①, any digits) within [min, max]; "
             "towards min only items holding text that differs from the other items count", MIN, MAX)
def numbered_list(response: str, kw: Mapping[str, Any]) -> Verdict:
    items = [without_list_markers(item) for item in numbered_items(response)]
    return counted(items, kw["min"], kw["max"], "numbered items")


def _number(numeral: str) -> int:
    """A section number in digits or kansuuji (1, １, 一, 十二, 二十, 百) as an integer."""
    numeral = nfkc(numeral)
    if numeral.isdigit():
        return int(numeral)
    total, digit = 0, 0
    for ch in numeral:
        value = "〇一二三四五六七八九".find(ch) if ch != "零" else 0
        if value >= 0:
            digit = value
        else:
            total += (digit or 1) * {"十": 10, "百": 100}[ch]
            digit = 0
    return total + digit


def _sections(response: str, unit: str) -> Iterator[tuple[int, str]]:
    """(number, body) of each 第N<unit> section: the lines up to the next heading, and the rest of the heading
    line when it holds a sentence (「第1章 東京は晴れです。」)."""
    heading = re.compile(rf"^[【「\[［]?第([0-9０-９{_KANSUUJI}]+){re.escape(unit)}")
    all_lines = response.splitlines()
    starts = [(i, m) for i, line in enumerate(all_lines) if (m := heading.match(undecorate(line)))
              and not (is_hiragana(undecorate(line)[m.end():][:1]) and re.search("[、。]", line))]  # 「第1章では、…」
    for n, (i, found) in enumerate(starts):
        end = starts[n + 1][0] if n + 1 < len(starts) else len(all_lines)
        rest = undecorate(all_lines[i])[found.end():]
        text = [line for line in all_lines[i + 1:end] if not _HEADING_LINE.match(line)]  # a subheading is no body
        yield _number(found.group(1)), "\n".join(([rest] if re.search("[。！？!?]", rest) else []) + text)


@instruction("format:sections", "書式指定", "sections whose heading line starts with 第N<unit> (章, 節, 項, …); "
             "towards min only sections with a number of their own and a body of text unlike the others count",
             MIN, MAX, Param("unit", "str", "section unit after the number, e.g. 章", default="章"))
def sections(response: str, kw: Mapping[str, Any]) -> Verdict:
    found = list(_sections(response, kw["unit"]))
    numbers: set[int] = set()
    bodies = []
    for number, body in found:  # a repeated number opens no new section: its body is no section of its own
        bodies.append(body if number not in numbers else "")
        numbers.add(number)
    verdict = counted(bodies, kw["min"], kw["max"], f"第N{kw['unit']} sections")
    return verdict


@instruction("format:highlights", "書式指定", "highlighted spans like 《…》 within [min, max]; towards min only "
             "spans holding text that differs from the other spans count",
             MIN, MAX, Param("open", "str", "opening mark", default="《"),
             Param("close", "str", "closing mark", default="》"))
def highlights(response: str, kw: Mapping[str, Any]) -> Verdict:
    o, c = re.escape(kw["open"]), re.escape(kw["close"])
    spans = [s for s in re.findall(rf"{o}([^\n{o}{c}]*){c}", response) if s.strip()]
    return counted(spans, kw["min"], kw["max"], f"{kw['open']}…{kw['close']} highlights")


def _title(line: str) -> str | None:
    core = _TITLE_LABEL.sub("", undecorate(line))
    core = core[1:-1].strip() if re.fullmatch(r"「[^「」]*」", core) else core  # 「『title』 - subtitle」
    found = _TITLE_LINE.fullmatch(core)
    if not found or not key(found.group(1)) or re.search("[。！？!?]", core[found.end(1) + 1:]):
        return None
    return f"『{found.group(1)}』"


@instruction("format:title", "書式指定",
             "a title line: a line that is wholly 『title』 (a heading mark, a タイトル： label or a subtitle after 〜 ― "
             "or ： aside), holding text, with text after it; the first non-blank line, or (unless ``first_line``) "
             "after a preamble of at most two lines. 『』 inside a sentence names a work, it is no title",
             Param("first_line", "bool", "the title must be in the first non-blank line", default=False))
def title(response: str, kw: Mapping[str, Any]) -> Verdict:
    all_lines = lines(response)
    for number, line in enumerate(all_lines[:1 if kw["first_line"] else 1 + _PREAMBLE_LINES]):
        found = _title(line)
        if found and key("".join(all_lines[number + 1:])):
            return Verdict(True, f"title {found} in line {number + 1}")
        if found:
            return Verdict(False, f"title {found} with no text after it")
    where = "first line" if kw["first_line"] else f"first {1 + _PREAMBLE_LINES} lines"
    return Verdict(False, f"no line in the {where} is a 『title』 of its own")


def _json_content(value: Any) -> bool:
    if isinstance(value, dict):
        return any(_json_content(v) or (bool(key(k)) and v not in (None, "", [], {})) for k, v in value.items())
    if isinstance(value, list):
        return any(_json_content(v) for v in value)
    return (isinstance(value, str) and bool(key(value))) or (isinstance(value, (int, float))
                                                              and not isinstance(value, bool))


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


@instruction("format:json", "書式指定", "the whole response is one JSON object or array (a ```json fence allowed) "
             "holding text: a bare string or number, {} or [] and values that are all empty or null fail; read as "
             "written (raw), since markup removed for the reader would not make a broken document JSON",
             reads="raw")
def json_format(response: str, kw: Mapping[str, Any]) -> Verdict:
    body = response.strip().lstrip("\ufeff")
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(2).strip()
    try:
        value = json.loads(body, parse_constant=_no_constant)
    except ValueError as error:
        return Verdict(False, f"not JSON: {str(error).splitlines()[0]}")
    if not isinstance(value, (dict, list)):
        return Verdict(False, f"JSON {type(value).__name__}, not an object or array")
    if not _json_content(value):
        return Verdict(False, "a JSON object or array without content (empty, or only empty values)")
    return Verdict(True, f"a JSON {'object' if isinstance(value, dict) else 'array'} with content")


def _cells(row: str, width: int | None = None) -> list[str]:
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", row)][:width]  # GFM drops cells beyond the header


def _tables(response: str) -> Iterator[tuple[list[str], list[list[str]]]]:
    """GFM tables (outer pipes optional): a header row, a delimiter row of as many :---: cells, and the rows
    with a pipe that follow; lines inside ``` fences are code, not tables."""
    all_lines, fenced = [], False
    for line in response.splitlines():
        fenced ^= line.strip().startswith("```")
        all_lines.append("" if fenced or line.strip().startswith("```") else line)
    for i in range(1, len(all_lines)):
        rule, header = all_lines[i], all_lines[i - 1]
        if "|" not in rule or "|" not in header or "-" not in rule:
            continue
        delimiter = _cells(rule)
        if not all(re.fullmatch(r":?-+:?", c) for c in delimiter) or len(_cells(header)) != len(delimiter):
            continue
        body, j = [], i + 1
        while j < len(all_lines) and "|" in all_lines[j] and all_lines[j].strip():
            body.append(_cells(all_lines[j], len(delimiter)))
            j += 1
        yield _cells(header), body


@instruction("format:table", "書式指定",
             "a markdown (GFM) table, outer pipes optional: header, |---| rule, rows; at least min_rows rows holding "
             "text unlike the other rows, and min_columns columns holding text",
             Param("min_rows", "int", "least number of body rows", default=1),
             Param("min_columns", "int", "least number of columns", default=2))
def table(response: str, kw: Mapping[str, Any]) -> Verdict:
    best = None
    for header, body in _tables(response):
        columns = sum(1 for n in range(len(header))
                      if any(key(row[n]) for row in [header, *body] if n < len(row)))
        rows = len(distinct_filled(["|".join(row) for row in body]))
        if columns >= kw["min_columns"] and rows >= kw["min_rows"]:
            return Verdict(True, f"markdown table, {columns} columns × {rows} filled, distinct rows")
        best = best or (columns, rows, len(body))
    if best is None:
        return Verdict(False, "no markdown table (header row followed by a |---| rule)")
    columns, rows, all_rows = best
    if columns < kw["min_columns"]:
        return Verdict(False, f"table has {columns} columns with text < min {kw['min_columns']}")
    return Verdict(False, f"table has {rows} filled, distinct rows (of {all_rows}) < min {kw['min_rows']}")


@instruction("format:quotation", "書式指定", "the whole response is one 「…」 quotation holding text")
def quotation(response: str, kw: Mapping[str, Any]) -> Verdict:
    text = response.strip()
    if re.fullmatch(r"(\*\*|__)(.*)\1", text, re.DOTALL):
        text = text[2:-2].strip()
    if not (text.startswith("「") and text.endswith("」")) or len(text) < 2:
        return Verdict(False, f"does not start with 「 and end with 」: 「{text[:8]}…{text[-8:]}」")
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "「"
        depth -= ch == "」"
        if depth == 0 and i < len(text) - 1:
            return Verdict(False, f"the opening 「 closes at char {i + 1} of {len(text)}, before the end")
    if depth != 0:
        return Verdict(False, "unbalanced 「」")
    if not key(text[1:-1]):
        return Verdict(False, "the quotation 「」 holds no text")
    return Verdict(True, "wrapped in one 「…」")


@instruction("format:placeholders", "書式指定", "square-bracket placeholders like [名前] (not markdown links, "
             "task boxes or numbered references); towards min only placeholders with distinct words count",
             MIN, MAX)
def placeholders(response: str, kw: Mapping[str, Any]) -> Verdict:
    found = re.findall(r"(?<![!\]])[\[［]([^\[\]［］\n]*\S[^\[\]［］\n]*)[\]］](?![(\[])", response)
    found = [f for f in found if any(is_letter(ch) for ch in f) and f.strip() not in ("x", "X")]
    return counted(found, kw["min"], kw["max"], "placeholders")


@instruction("format:postscript", "書式指定",
             "a postscript: a line or sentence starting with the marker (P.S., P.P.S., 追伸) and text after it; with "
             "``position: end`` (the request says 最後に) it follows the main text and nothing but further "
             "postscripts follows it",
             Param("marker", "str", "P.S., P.P.S. or 追伸 (or any literal marker)", required=True),
             Param("position", "str", "anywhere (M-IFEval) or end (the request says 回答の最後に)", default="anywhere"))
def postscript(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["position"] not in ("anywhere", "end"):
        raise ValueError(f"format:postscript: position must be anywhere or end, got {kw['position']!r}")
    marker = _POSTSCRIPT_ALIASES.get(kw["marker"].strip(), kw["marker"].strip())
    pattern = re.compile(rf"(?:^|[。！？!?])[ \t\u3000]*(?:{_POSTSCRIPT.get(marker, re.escape(marker))})",
                         re.IGNORECASE | re.MULTILINE)
    text = strip_emphasis(response)
    found = [m for m in pattern.finditer(text) if key(text[m.end():])]
    if not found:
        return Verdict(False, f"no line or sentence starts with 「{marker}」 followed by text")
    if kw["position"] == "anywhere":
        return Verdict(True, f"postscript 「{found[0].group().lstrip('。！？!? ')}…」 starts a line or sentence")
    for m in found:
        later = paragraphs(text[m.end():])[1:]
        if key(text[:m.start()]) and all(_ANY_POSTSCRIPT.match(p) for p in later):
            return Verdict(True, f"postscript 「{m.group().lstrip('。！？!? ')}…」 after the main text, at the end")
    return Verdict(False, f"the 「{marker}」 postscript does not come at the end, after the main text")


@instruction("format:two_responses", "書式指定",
             "two different answers separated by ****** (a part without letters is no answer; an empty answer "
             "between separators fails)")
def two_responses(response: str, kw: Mapping[str, Any]) -> Verdict:
    parts = [part.strip() for part in _ANSWER_SEPARATOR.split(response)]
    filled = [any(is_letter(ch) for ch in part) for part in parts]
    answers = [part for part, ok in zip(parts, filled) if ok]
    inner = filled[filled.index(True):len(filled) - filled[::-1].index(True)] if answers else []
    if not all(inner):
        return Verdict(False, "an empty answer between two ****** separators")
    if len(answers) != 2:
        return Verdict(False, f"{len(answers)} answers separated by ******, expected 2")
    if key(answers[0]) == key(answers[1]):
        return Verdict(False, "the two answers read the same (blanks, punctuation and markup aside)")
    return Verdict(True, "two different answers separated by ******")


@instruction("format:repeat_prompt", "書式指定", "the response first repeats the request word for word "
             "(「」 around it allowed), then answers",
             Param("prompt_to_repeat", "str", "the request to repeat", required=True))
def repeat_prompt(response: str, kw: Mapping[str, Any]) -> Verdict:
    text, wanted = response.strip(), kw["prompt_to_repeat"].strip()
    for given, asked in ((text, wanted), (nfkc(text), nfkc(wanted))):
        quoted = given.startswith("「" + asked + "」")
        if given.startswith(asked) or quoted:
            rest = key(given[len(asked) + 2 * quoted:])
            if not rest or rest.replace(key(asked), "") == "":
                return Verdict(False, "the request is repeated, but no answer follows it")
            return Verdict(True, "starts with the request, repeated verbatim, and an answer follows")
    return Verdict(False, f"starts 「{text[:20]}…」, not with the request 「{wanted[:20]}…」")


def _answer_core(text: str) -> str:
    """An answer without what may trail it: blanks, closing 」』”)）, emphasis marks and final 。.!！."""
    previous = None
    while previous != text:
        previous = text
        text = text.rstrip(_ANSWER_TRAILING)
    return text


@instruction("format:constrained_response", "書式指定(答えのみ)",
             "answers with exactly one of the given options; with ``position: end`` the option ends the response "
             "(trailing blanks, invisible marks, 」』, emphasis and 。.! aside), is not glued to a word before it "
             "(「絶対に賛成です」 is not the option) and is the only option on the last line",
             Param("options", "list[str]", "the allowed answers", default=list(CONSTRAINED_OPTIONS)),
             Param("position", "str", "anywhere (M-IFEval) or end (the prompt says 回答の最後に)", default="anywhere"))
def constrained_response(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["position"] not in ("anywhere", "end"):
        raise ValueError(f"format:constrained_response: position must be anywhere or end, got {kw['position']!r}")
    text = nfkc(strip_emphasis(response))
    if kw["position"] == "end":
        text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")  # invisible marks are not read
        last = text.strip().splitlines()[-1] if text.strip() else ""
        on_last = [option for option in kw["options"] if _answer_core(nfkc(option)) in last]
        core = _answer_core(text)
        ending = [option for option in on_last if core.endswith(_answer_core(nfkc(option)))
                  and not is_letter(core[-len(_answer_core(nfkc(option))) - 1:][:1] or " ")]
        if not ending:
            return Verdict(False, f"the response does not end with one of the options (ends 「…{text.strip()[-12:]}」)")
        if len(on_last) > 1:
            return Verdict(False, f"the last line holds {len(on_last)} options: {'/'.join(on_last)}")
        return Verdict(True, f"ends with the answer 「{ending[0]}」")
    used = [option for option in kw["options"] if nfkc(option) in text]
    if len(used) == 1:
        return Verdict(True, f"answers 「{used[0]}」")
    if not used:
        return Verdict(False, "uses none of the options")
    return Verdict(False, f"uses {len(used)} options: {'/'.join(used)}")


def _bare(text: str) -> str:
    text = nfkc(strip_emphasis(text)).strip()
    text = re.sub(r"^[「『\"']|[」』\"']$", "", text).strip()
    return re.sub(r"[。.!！]+$", "", text).strip()


@instruction("format:answer_only", "書式指定(答えのみ)",
             "nothing but the answer: no preamble, no closing remark (emphasis, quotes, final 。 ignored)",
             Param("answer", "str", "the expected answer, e.g. 168時間", required=True))
def answer_only(response: str, kw: Mapping[str, Any]) -> Verdict:
    got, want = _bare(response), _bare(kw["answer"])
    if got == want:
        return Verdict(True, f"answer only: 「{want}」")
    if want in got:
        return Verdict(False, f"answer 「{want}」 with extra text ({len(got) - len(want)} chars)")
    return Verdict(False, f"answer 「{want}」 not given; got 「{got[:30]}」")
