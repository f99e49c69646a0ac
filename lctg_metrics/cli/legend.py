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
#: One line per row label of the score table that is not a task (shown only when the table has such rows).
ROWS: dict[str, str] = {
    "prompts": "prompts = prompts scored / prompts of the cell (a partial run: the others had no generation)",
    "prompt-level": "prompt-level = share of the task's prompts meeting all four controls at once (multi: each "
    "prompt asks for all four), mean over samples",
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


def aspects_legend(headings: Iterable[str] = ASPECTS, rows: Iterable[str] = (), ci: str = "") -> str:
    """``legend:`` and one line per aspect heading shown, per other row label shown (:data:`ROWS`), and the line
    saying what the intervals are (``ci``: :func:`ci_line`; empty without intervals)."""
    lines = [*legend(headings, ASPECTS), *legend(rows, ROWS), *([ci] if ci else [])]
    return "\n".join(["legend:", *(f"  {line}" for line in lines)])


#: The resampling unit of each family's intervals, as its bootstrap draws them.
PROMPTS = "prompts (each task's prompts resampled with all their samples and aspects)"
ITEMS = "items (one story question each)"


def ci_line(resamples: int, seed: int, level: float = 0.95, unit: str = PROMPTS) -> str:
    """What ``[low,high]`` after a score is (:mod:`lctg_metrics.stats.bootstrap`): kind, unit, resamples, seed."""
    return f"[low,high] = {level:.0%} CI: percentile bootstrap over {unit}, {resamples} resamples, seed {seed}"


def modes_legend(modes: Iterable[str] = MODES) -> str:
    """``legend:`` and one line per verdict mode shown."""
    return "\n".join(["legend:", *(f"  {line}" for line in legend(modes, MODES))])


__all__ = ["ASPECTS", "ITEMS", "MODES", "PROMPTS", "ROWS", "aspects_legend", "ci_line", "legend", "modes_legend"]
