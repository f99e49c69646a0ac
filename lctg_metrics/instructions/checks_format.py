"""書式指定 checkers: lists, sections, highlights, titles, JSON, tables, quotations, placeholders,
postscripts, multiple answers, repeated prompts, fixed answers and 答えのみ."""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any, Mapping

from lctg_metrics.instructions.registry import MAX, MIN, Param, bounds, instruction
from lctg_metrics.verdict import Verdict
from lctg_metrics.instructions.text import (bullet_marker, is_letter, lines, list_items, nfkc, numbered_items,
                                            strip_emphasis, undecorate)

#: Kansuuji accepted in section numbers (第一章, 第十二節).
_KANSUUJI = "〇零一二三四五六七八九十百"
#: The fixed answers M-IFEval offers for constrained_response (its ``_CONSTRAINED_RESPONSE_OPTIONS``).
CONSTRAINED_OPTIONS = ("はい、そうです。", "いいえ、違います。", "どちらとも言えません。")
#: Separator between two answers: six or more asterisks, on their own line or not (the prompt asks ``******``).
_ANSWER_SEPARATOR = re.compile(r"\*{6,}")
#: What may follow a final answer: blanks, closing quotes and brackets, emphasis marks, 。 . ! ！.
_ANSWER_TRAILING = " \u3000\t\n」』”\"')）*_。.!！"
_FENCE = re.compile(r"^\s*```[A-Za-z]*\s*\n(.*?)\n?\s*```\s*$", re.DOTALL)
#: Postscript markers as written in prompts -> the pattern that recognises them at a line start.
_POSTSCRIPT = {"P.S.": r"P\.\s?S\.?(?!\w)", "P.P.S.": r"P\.\s?P\.\s?S\.?(?!\w)", "追伸": r"追伸"}
_POSTSCRIPT_ALIASES = {"P.S": "P.S.", "P. S.": "P.S.", "P.P.S": "P.P.S.", "P. P. S.": "P.P.S."}


@instruction("format:bullet_list", "書式指定",
             "top-level list items (・ • ● ■ ◆ ★ - － * …; numbered items too if ``numbered``) within [min, max]",
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
    return bounds(len(items), kw["min"], kw["max"], unit)


@instruction("format:numbered_list", "書式指定", "numbered items (1. 1) （1） ①, any digits) within [min, max]",
             MIN, MAX)
def numbered_list(response: str, kw: Mapping[str, Any]) -> Verdict:
    return bounds(len(numbered_items(response)), kw["min"], kw["max"], "numbered items")


@instruction("format:sections", "書式指定", "sections whose heading line starts with 第N<unit> (章, 節, 項, …)",
             MIN, MAX, Param("unit", "str", "section unit after the number, e.g. 章", default="章"))
def sections(response: str, kw: Mapping[str, Any]) -> Verdict:
    heading = re.compile(rf"^[【「\[［]?第[0-9０-９{_KANSUUJI}]+{re.escape(kw['unit'])}")
    found = [line for line in lines(response) if heading.match(undecorate(line))]
    return bounds(len(found), kw["min"], kw["max"], f"第N{kw['unit']} headings")


@instruction("format:highlights", "書式指定", "non-empty highlighted spans like 《…》 within [min, max]",
             MIN, MAX, Param("open", "str", "opening mark", default="《"),
             Param("close", "str", "closing mark", default="》"))
def highlights(response: str, kw: Mapping[str, Any]) -> Verdict:
    o, c = re.escape(kw["open"]), re.escape(kw["close"])
    spans = [s for s in re.findall(rf"{o}([^\n{o}{c}]*){c}", response) if s.strip()]
    return bounds(len(spans), kw["min"], kw["max"], f"{kw['open']}…{kw['close']} highlights")


@instruction("format:title", "書式指定",
             "a 『title』: in the first line, in a markdown heading, or as a line of its own",
             Param("first_line", "bool", "the title must be in the first non-blank line", default=False))
def title(response: str, kw: Mapping[str, Any]) -> Verdict:
    all_lines = lines(response)
    for number, line in enumerate(all_lines[:1] if kw["first_line"] else all_lines):
        core = re.sub(r"^(?:タイトル|題名|表題)\s*[:：]\s*", "", undecorate(line))
        found = re.search(r"『([^『』\n]*\S[^『』\n]*)』", core)
        if found and (number == 0 or line.lstrip().startswith("#") or found.group() == core):
            return Verdict(True, f"title {found.group()} in line {number + 1}")
    where = "first line" if kw["first_line"] else "first line, heading or own line"
    return Verdict(False, f"no 『title』 ({where})")


@instruction("format:json", "書式指定", "the whole response is JSON (a ```json fence allowed)")
def json_format(response: str, kw: Mapping[str, Any]) -> Verdict:
    body = response.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    try:
        json.loads(body)
    except ValueError as error:
        return Verdict(False, f"not JSON: {str(error).splitlines()[0]}")
    return Verdict(True, "valid JSON")


@instruction("format:table", "書式指定", "a markdown table (header, |---| rule, rows) with at least min rows/columns",
             Param("min_rows", "int", "least number of body rows", default=1),
             Param("min_columns", "int", "least number of columns", default=2))
def table(response: str, kw: Mapping[str, Any]) -> Verdict:
    rows = [line.strip() for line in response.splitlines() if line.strip().startswith("|")]
    rule = next((i for i, row in enumerate(rows) if re.fullmatch(r"\|?(\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*\|?", row)), None)
    if rule is None or rule == 0:
        return Verdict(False, "no markdown table (header row followed by a |---| rule)")
    columns = len(rows[rule - 1].strip("|").split("|"))
    body = len(rows) - rule - 1
    if columns < kw["min_columns"]:
        return Verdict(False, f"table has {columns} columns < min {kw['min_columns']}")
    if body < kw["min_rows"]:
        return Verdict(False, f"table has {body} rows < min {kw['min_rows']}")
    return Verdict(True, f"markdown table, {columns} columns × {body} rows")


@instruction("format:quotation", "書式指定", "the whole response is one 「…」 quotation")
def quotation(response: str, kw: Mapping[str, Any]) -> Verdict:
    text = response.strip()
    if not (text.startswith("「") and text.endswith("」")) or len(text) < 2:
        return Verdict(False, f"does not start with 「 and end with 」: 「{text[:8]}…{text[-8:]}」")
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "「"
        depth -= ch == "」"
        if depth == 0 and i < len(text) - 1:
            return Verdict(False, f"the opening 「 closes at char {i + 1} of {len(text)}, before the end")
    return Verdict(depth == 0, "wrapped in one 「…」" if depth == 0 else "unbalanced 「」")


@instruction("format:placeholders", "書式指定", "square-bracket placeholders like [名前] (not markdown links)",
             MIN, MAX)
def placeholders(response: str, kw: Mapping[str, Any]) -> Verdict:
    found = re.findall(r"[\[［]([^\[\]［］\n]*\S[^\[\]［］\n]*)[\]］](?!\()", response)
    return bounds(len(found), kw["min"], kw["max"], "placeholders")


@instruction("format:postscript", "書式指定",
             "a postscript: a line or sentence starting with the marker (P.S., P.P.S., 追伸)",
             Param("marker", "str", "P.S., P.P.S. or 追伸 (or any literal marker)", required=True))
def postscript(response: str, kw: Mapping[str, Any]) -> Verdict:
    marker = _POSTSCRIPT_ALIASES.get(kw["marker"].strip(), kw["marker"].strip())
    pattern = re.compile(rf"(?:^|[。！？!?])[ \t\u3000]*(?:{_POSTSCRIPT.get(marker, re.escape(marker))})",
                         re.IGNORECASE | re.MULTILINE)
    match = pattern.search(strip_emphasis(response))
    if match:
        return Verdict(True, f"postscript 「{match.group().lstrip('。！？!? ')}…」 starts a line or sentence")
    return Verdict(False, f"no line or sentence starts with 「{marker}」")


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
    if answers[0] == answers[1]:
        return Verdict(False, "the two answers are identical")
    return Verdict(True, "two different answers separated by ******")


@instruction("format:repeat_prompt", "書式指定", "the response first repeats the request word for word",
             Param("prompt_to_repeat", "str", "the request to repeat", required=True))
def repeat_prompt(response: str, kw: Mapping[str, Any]) -> Verdict:
    text, wanted = response.strip(), kw["prompt_to_repeat"].strip()
    if text.startswith(wanted) or nfkc(text).startswith(nfkc(wanted)):
        return Verdict(True, "starts with the request, repeated verbatim")
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
