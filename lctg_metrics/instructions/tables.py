"""Markdown (GFM) tables as a reader sees them (checkers 2.8): the header, the rows and their cells (outer pipes
optional, lines inside ``` fences aside), which cells hold a value, and which rows hold no word of their own: one letter
per cell (| あ | い |, round 8) or values still to come after the row's label (| 1日目 | 要検討 |, round 14)."""

from __future__ import annotations

import re
from collections.abc import Iterator

from lctg_metrics.instructions.contents import key, placeholder
from lctg_metrics.instructions.pending import status_value
from lctg_metrics.instructions.unfilled import label_slot


def _cells(row: str, width: int | None = None) -> list[str]:
    row = row.strip()
    row = row.removeprefix("|")
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [cell.strip() for cell in re.split(r"(?<!\\)\|", row)][:width]  # GFM drops cells beyond the header


def tables(response: str) -> Iterator[tuple[list[str], list[list[str]]]]:
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


#: A cell that copies another (「同上」「同左」「〃」「″」, "ditto", "same as above"; round 18): its value is what
#: it copies.
_DITTO = re.compile(r"(?:(同上|〃|″|\u2033|ditto|same as above|\"|”)|(同左|same as left))", re.IGNORECASE)


def with_dittos(body: list[list[str]]) -> list[list[str]]:
    """The rows with each ditto cell replaced by what it copies, as a reader reads it: 同左 the cell to its left,
    同上 and 〃 the cell above (none in the first row: a header is no value)."""
    out: list[list[str]] = []
    for row in body:
        resolved: list[str] = []
        for n, cell in enumerate(row):
            m = _DITTO.fullmatch(cell.strip("*_` \u3000"))
            if m and m.group(2):
                cell = resolved[n - 1] if n else ""
            elif m:
                cell = out[-1][n] if out and n < len(out[-1]) else ""  # a header is a label, no value to copy
            resolved.append(cell)
        out.append(resolved)
    return out


def label_only(row: list[str], resolved: list[str]) -> bool:
    """Whether a row holds its label and copies of it only (| A | 同左 | 同左 |: nothing beside the label; an empty
    cell beside a word, | 静か | |, is no copy and leaves the row its word)."""
    copies = any(_DITTO.fullmatch(cell.strip("*_` \u3000")) for cell in row)
    return copies and len({key(cell) for cell in resolved if key(cell)}) <= 1


#: Marks that are a table cell's value (○ × △ ◎ ✓: a comparison table).
_CELL_MARKS = frozenset("○◯×✕✖△▲◎●✓✔☓")


def filled_cell(cell: str, header: str) -> bool:
    """A body cell holding a value: text that is no placeholder (work in progress under a status header is a value:
    | 状態 | 準備中 |, round 13), or a mark of a comparison table (○, ×)."""
    if status_value(header, cell):
        return True
    return (bool(key(cell)) and not placeholder(cell)) or any(ch in _CELL_MARKS for ch in cell)


def deferred_row(row: list[str], header: list[str]) -> bool:
    """Whether a row's cells after its first hold no value and one of them stands for a value to come (要検討, 未定,
    TBD, 後日連絡: ``placeholder``), or only names the label's slot (| 例1 | 例1の説明 |: ``unfilled.label_slot``,
    round 23)."""
    rest = [(c, h) for c, h in zip(row[1:], header[1:]) if not (row and label_slot(row[0], c))]
    slots = len(rest) < len(row[1:])
    return (slots or any(key(c) and placeholder(c) for c, _ in rest)) and not any(filled_cell(c, h) for c, h in rest)


def kana_row(row: list[str]) -> bool:
    """Whether a table row only recites letters (round 8): each cell one kana or empty (| あ | い |), or each one Latin
    letter or empty (| C | D |; r9), no word."""
    cells = [key(cell) for cell in row if key(cell)]
    kana = all(len(k) == 1 and "ぁ" <= k <= "ゖ" for k in cells)
    latin = all(len(k) == 1 and "a" <= k <= "z" for k in cells)
    return bool(cells) and (kana or latin)  # one script: | あ | a | is a letter and its reading


__all__ = ["deferred_row", "filled_cell", "kana_row", "label_only", "tables", "with_dittos"]
