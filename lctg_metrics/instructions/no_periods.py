"""Marks of 句点 shape that are no 句点 (``rule:no_period``): a 。 that is part of a name (モーニング娘。のライブ: in
the one sentence model it ends no sentence, from 2.4), a 。 that is a kaomoji's eye ((｡-ω-), round 13), and a
full-width or small full stop between two letters or digits, an abbreviation's or a decimal's dot as the ASCII one is
(Ｎｏ．１, ３．１４, ｖｅｒ．２: round 27)."""

from __future__ import annotations

import re

from lctg_metrics.instructions.boundaries import name_marks
from lctg_metrics.instructions.roles import in_parentheses

_WIDE_DOT = re.compile(r"(?<=[A-Za-z0-9Ａ-Ｚａ-ｚ０-９])[．﹒](?=[A-Za-z0-9Ａ-Ｚａ-ｚ０-９])")


def _kaomoji_eye(text: str, at: int) -> bool:
    """Whether the 。 at ``at`` is part of a kaomoji: inside round brackets holding no two Japanese letters in a row,
    and after no Japanese letter ((晴。) closes a word: a 句点)."""
    before = text[at - 1] if at else ""
    return not re.fullmatch(r"[ぁ-ゖァ-ヺ一-鿿]", before) and in_parentheses(text, at)


def exempt(response: str, periods: str) -> set[int]:
    """Offsets of the marks among ``periods`` in ``response`` that are no 句点 (see the module docstring); a mark that
    is a name's and a kaomoji's eye at once is one offset."""
    named, line_start = set(), 0
    for line in response.splitlines(keepends=True):
        named |= {line_start + at for at in name_marks(line.rstrip("\r\n")) if line[at] in periods}
        line_start += len(line)
    eyes = {at for at, c in enumerate(response) if c in periods and _kaomoji_eye(response, at)}
    return named | eyes | {m.start() for m in _WIDE_DOT.finditer(response)}


__all__ = ["exempt"]
