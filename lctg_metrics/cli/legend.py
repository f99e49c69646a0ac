"""What the columns printed under a table mean, one line each: the LCTG aspects (the benchmark's definitions) and
IFEval's strict and loose modes (docs/scoring.md). Printed under the human table only, never in a machine output."""

from __future__ import annotations

from collections.abc import Iterable

#: One line per LCTG aspect heading, from the benchmark's definitions of its four controls.
ASPECTS: dict[str, str] = {
    "FORMAT": "FORMAT  = outputs only the answer, with no preamble or closing remark",
    "C-COUNT": "C-COUNT = its length is within the character range asked for",
    "KEYWORD": "KEYWORD = contains the keyword(s) asked for",
    "P-WORD": "P-WORD  = avoids the prohibited word(s)",
    "Avg": "Avg     = mean over the task's aspects",
}
#: One line per verdict mode of the verifiable instructions (IFEval's definitions).
MODES: dict[str, str] = {
    "strict": "strict = the instruction holds for the response as written",
    "loose": "loose  = it holds for the response or for it without its first line, its last line, both, "
    "or markdown emphasis (IFEval)",
}


def legend(keys: Iterable[str], lines: dict[str, str]) -> list[str]:
    """The legend lines of the given headings, in the table's order (unknown headings have none)."""
    return [lines[k] for k in dict.fromkeys(keys) if k in lines]


def aspects_legend(headings: Iterable[str] = ASPECTS) -> str:
    """``legend:`` and one line per aspect heading shown."""
    return "\n".join(["legend:", *(f"  {line}" for line in legend(headings, ASPECTS))])


def modes_legend(modes: Iterable[str] = MODES) -> str:
    """``legend:`` and one line per verdict mode shown."""
    return "\n".join(["legend:", *(f"  {line}" for line in legend(modes, MODES))])


__all__ = ["ASPECTS", "MODES", "aspects_legend", "legend", "modes_legend"]
