"""Items that only count themselves (round 22): a label word followed by a serial letter or number that runs in the
list's order from its start (ポイントA, ポイントB, ポイントC; 案1, 案2; 特徴①, 特徴②) names the slots of a template,
not what fills them: each item says only that it is the next one. The rule reads the form, not a list of labels:
items whose letters are one stem and a mark (a Latin letter, a number in digits, circled or in kansuuji), the same
stem across two items or more, the marks A, B, C … or 1, 2, 3 … in the order the items stand. An item with a word
of its own (ポイントA：早起きする) is content, and so are stems with marks out of series order (ビタミンA, ビタミンC,
ビタミンE) or counted quantities written number first (1年生, 2年生). Decided, gray: a named series that happens to
run from its start, written bare (ビタミンA / ビタミンB / ビタミンC), is read as a template too.
"""

from __future__ import annotations

import re
from collections import defaultdict

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


def serial_row(cells: list[str]) -> bool:
    """Whether a table row's cells are all one label with the next serial mark (| 値1 | 値2 |, | 列A | 列B |; round
    24): a template's row, as such list items are (``template_series``)."""
    filled = [cell for cell in cells if cell.strip()]
    return len(filled) >= 2 and len(template_series(filled)) == len(filled)


__all__ = ["serial_row", "template_series"]
