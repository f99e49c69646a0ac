"""Items that only count themselves (round 22): a label word followed by a serial letter or number that runs in the
list's order from its start (ポイントA, ポイントB, ポイントC; 案1, 案2; 特徴①, 特徴②) names the slots of a template,
not what fills them: each item says only that it is the next one. The rule reads the form, not a list of labels:
items whose letters are one stem and a mark (a Latin letter, a number in digits, circled or in kansuuji), the same
stem across two items or more, the marks A, B, C … or 1, 2, 3 … in the order the items stand. An item with a word
of its own (ポイントA：早起きする) is content, and so are stems with marks out of series order (ビタミンA, ビタミンC,
ビタミンE) or counted quantities written number first (1年生, 2年生). Decided, gray: a named series that happens to
run from its start, written bare (ビタミンA / ビタミンB / ビタミンC), is read as a template too.

From round 29 a label that only counts the answer it opens says nothing either (``unlabelled``): two answers opening
with labels that differ only in a serial mark (A案： / B案：, 回答1： / 回答2：, 【その1】 / 【その2】, 1. / 2.,
## 案A on a line of its own) are compared by what follows the labels, so one answer under two labels is one answer.
Labels that differ in a word (朝： / 夜：, 東京案： / 大阪案：) or hold a particle or a predicate ((1人で) / (2人で))
say something and stay.
"""

from __future__ import annotations

import re
from collections import defaultdict

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.contents import key

_KANSUUJI = "一二三四五六七八九十"
#: A stem (no digit) and a serial mark closing it, in ``key`` form (NFKC: ① is 1, Ａ is a): a number after any
#: stem (step1, 案1), a Latin letter after a stem not ending in one (ポイントa), a kansuuji after one not ending in one.
_LABELLED = (
    re.compile(r"(?P<stem>[^0-9]+)(?P<mark>[0-9]{1,2})"),
    re.compile(r"(?P<stem>[^0-9]*[^0-9a-z])(?P<mark>[a-z])"),
    re.compile(rf"(?P<stem>[^0-9]*[^0-9{_KANSUUJI}])(?P<mark>[{_KANSUUJI}])"),
)


def _rank(mark: str) -> tuple[str, int]:
    """The mark's kind and place in its series (a is 1, 3 is 3, 三 is 3)."""
    if mark.isdigit():
        return "number", int(mark)
    if mark in _KANSUUJI:
        return "number", _KANSUUJI.index(mark) + 1
    return "letter", ord(mark) - ord("a") + 1


def template_series(spans: list[str]) -> set[int]:
    """Indices of the spans that are a label and the next serial mark of a series run from its start."""
    groups: dict[tuple[str, str], list[tuple[int, int]]] = defaultdict(list)
    for i, span in enumerate(spans):
        found = next((m for pattern in _LABELLED if (m := pattern.fullmatch(key(span)))), None)
        if found:
            kind, place = _rank(found["mark"])
            groups[(found["stem"], kind)].append((i, place))
    out: set[int] = set()
    for members in groups.values():
        places = [place for _, place in members]
        if len(members) >= 2 and places == list(range(1, len(places) + 1)):
            out.update(i for i, _ in members)
    return out


#: A label opening an answer: a heading's text on its line (## 案A), a bracketed label (【その1】), or at most twelve
#: characters before a colon (A案：; not a time or a score, 10:00, 3：2) or a list number's dot before a blank (1. ).
_LABEL_TEXT = r"([^\n：:】\]）)〉>》]{1,12}?)"
_OPENING_LABEL = re.compile(
    rf"\s*(?:#+[ \t]*{_LABEL_TEXT}[ \t]*\n|[【\[（(〈<《]{_LABEL_TEXT}[】\]）)〉>》][ \t]*[：:]?"
    rf"|{_LABEL_TEXT}(?:[：:](?![ \t]*[0-9０-９])|[.．](?=\s)))"
)
#: One serial mark: a number in digits, a Latin letter, a kansuuji (``key`` form).
_MARK = re.compile(rf"[0-9]{{1,2}}|[a-z]|[{_KANSUUJI}]")


#: What a label that only counts holds none of: a particle or a predicate (（1人で）, 2回行く： say something).
_SAYING = ("助詞", "動詞", "形容詞", "助動詞")


def _counts_only(a: str, b: str) -> bool:
    """Whether two labels (``key`` form) differ only in one serial mark at one place (a案 / b案, 回答1 / 回答2)."""
    head = len(next((p for p in (a[:i] for i in range(min(len(a), len(b)), -1, -1)) if b.startswith(p)), ""))
    tail = 0
    while tail < min(len(a), len(b)) - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    x, y = a[head : len(a) - tail], b[head : len(b) - tail]
    return x != y and all(_MARK.fullmatch(m) for m in (x, y)) and x.isdigit() == y.isdigit()


def unlabelled(answers: list[str]) -> list[str]:
    """Two answers without their opening labels when the labels only count them (see the module docstring), else as
    they are."""
    found = [_OPENING_LABEL.match(answer) for answer in answers]
    if len(answers) != 2 or not all(found):
        return answers
    labels = [key(next(g for g in m.groups() if g is not None)) for m in found if m]
    bodies = [answer[m.end() :].strip() for answer, m in zip(answers, found) if m]
    named = all(m.pos1 not in _SAYING for label in labels for m in morph.analyze(label))  # （1人で） says something
    if all(labels) and named and all(key(body) for body in bodies) and _counts_only(*labels):
        return bodies
    return answers


def serial_row(cells: list[str]) -> bool:
    """Whether a table row's cells are all one label with the next serial mark (| 値1 | 値2 |, | 列A | 列B |; round
    24): a template's row, as such list items are (``template_series``)."""
    filled = [cell for cell in cells if cell.strip()]
    return len(filled) >= 2 and len(template_series(filled)) == len(filled)


__all__ = ["serial_row", "template_series", "unlabelled"]
