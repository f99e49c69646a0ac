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
#: The prompt-level row's line when intervals are shown: they are the cells' and Avg's, none is drawn for this row.
PROMPT_LEVEL_CI = "prompt-level (ci)"
ROWS[PROMPT_LEVEL_CI] = ROWS["prompt-level"] + "; it has no interval (the [low,high] are the task × aspect cells')"
#: The score table's other lines (under the table).
SCORE_LINES: dict[str, str] = {
    "overall": "overall = mean of the tasks' Avg (each task weighs the same)",
    "coverage": "coverage = generations scored / generations expected (prompts × samples of the config)",
}
#: One line per part of the if-score table.
IF_LINES: dict[str, str] = {
    "n": "n = prompts (prompt level row) or instructions (every other row) counted in that row",
    "prompt level": "prompt level = share of prompts whose instructions all hold",
    "instruction level": "instruction level = share of instructions that hold (also each category and id row)",
    "mean": "mean over N samples = each level, category and mode averaged over the samples' tables above",
}
#: The legend lines of each part of the ifsm output, one line per figure.
IFSM_LINES: dict[str, tuple[str, ...]] = {
    "dissimilarity": (
        "dissimilarity to gold = mean 1 - cos between each ending and the human ending of its item",
        "within passage = the same between endings for different questions of one passage (the paper's Dissimilarity)",
    ),
    "columns": (
        "IFSM (guarded) = share of items whose ending the reader picks; guard-flagged endings count as misses",
        "reader alone = the same share without the guard",
        "flagged = endings the guard failed (a count of items)",
        "unparseable = reader answers that could not be read (a count; never guessed)",
        "re-asked = reader questions asked a second time because the first answer could not be read (a count)",
    ),
    "attacks": (
        "share = share of the run's items the attack replaced",
        "IFSM on the attack share = IFSM (guarded) on those items alone, with its CI",
        "flagged (attack table) = share of those the guard failed",
        "run = the attacked run's verdict: valid, invalid, limit (a mix no test detects, above chance), "
        "GETS THROUGH (a whole attack run that passes)",
        "failed tests = the run-level validity tests that caught the attacked run (- : none)",
    ),
    "limit": ("limit: = a mix no run-level test detects: CI low-high on its items, and how far it can raise a run",),
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


def aspects_legend(
    headings: Iterable[str] = ASPECTS, rows: Iterable[str] = (), ci: str = "", other: Iterable[str] = ()
) -> str:
    """``legend:`` and one line per aspect heading shown, per other row label shown (:data:`ROWS`), per other line
    shown (``other``: keys of :data:`SCORE_LINES`), and the line saying what the intervals are (``ci``:
    :func:`ci_line`; empty without intervals)."""
    lines = [*legend(headings, ASPECTS), *legend(rows, ROWS), *legend(other, SCORE_LINES), *([ci] if ci else [])]
    return "\n".join(["legend:", *(f"  {line}" for line in lines)])


#: The resampling unit of each family's intervals, as its bootstrap draws them.
PROMPTS = "prompts (each task's prompts resampled with all their samples and aspects)"
ITEMS = "items (one story question each)"


def ci_line(resamples: int, seed: int, level: float = 0.95, unit: str = PROMPTS) -> str:
    """What ``[low,high]`` after a score is (:mod:`lctg_metrics.stats.bootstrap`): kind, unit, resamples, seed."""
    return f"[low,high] = {level:.0%} CI: percentile bootstrap over {unit}, {resamples} resamples, seed {seed}"


def modes_legend(modes: Iterable[str] = MODES, samples: int = 1, ci: str = "") -> str:
    """``legend:`` and one line per verdict mode shown, the table's rows and columns (:data:`IF_LINES`; the
    mean-over-samples block with ``samples`` > 1) and the intervals' line (``ci``)."""
    rows = [IF_LINES[k] for k in ("n", "prompt level", "instruction level")]
    if samples > 1:
        rows.append(IF_LINES["mean"].replace("N samples", f"{samples} samples"))
    lines = [*legend(modes, MODES), *rows, *([ci] if ci else [])]
    return "\n".join(["legend:", *(f"  {line}" for line in lines)])


def ifsm_legend(ci: str, *, dissimilarity: bool, attacks: bool, limits: bool) -> str:
    """``legend:`` for the ifsm output: the intervals, the lines and tables shown (:data:`IFSM_LINES`)."""
    shown = {"dissimilarity": dissimilarity, "columns": True, "attacks": attacks, "limit": limits}
    lines = [ci, *(line for part, on in shown.items() if on for line in IFSM_LINES[part])]
    return "\n".join(["legend:", *(f"  {line}" for line in lines)])


__all__ = [
    "ASPECTS",
    "IFSM_LINES",
    "IF_LINES",
    "ITEMS",
    "MODES",
    "PROMPTS",
    "PROMPT_LEVEL_CI",
    "ROWS",
    "SCORE_LINES",
    "aspects_legend",
    "ci_line",
    "ifsm_legend",
    "legend",
    "modes_legend",
]
