"""The family commands of ``lctg`` by name and help line: what ``lctg --help`` lists without importing them.

Each family's module (``analysis``, ``ifsm``, ``instructions``, ``lm_eval``) registers its full parser with the
help line declared here; ``lctg --help`` (or a mistyped command) lists them from this table alone, so it starts
without numpy and the families' packages.
"""

from __future__ import annotations

#: command → (module of :mod:`lctg_metrics.cli` that registers it, its help line)
FAMILY_COMMANDS: dict[str, tuple[str, str]] = {
    "compare": ("analysis", "paired significance test of two models' score details"),
    "report": ("analysis", "HTML or Markdown report with charts, CIs, published models and worst items"),
    "substitutability": ("analysis", "which settings rank models alike (Spearman) and look alike (1 - JSD)"),
    "ifsm": ("ifsm", "score story endings with IFSM (reader, guard, attacks, signature)"),
    "if-score": (
        "instructions",
        "score Japanese verifiable instructions (M-IFEval-ja files or the instructions config)",
    ),
    "lm-eval-tasks": ("lm_eval", "write lm-evaluation-harness task files (group lctg) for a built dataset"),
}


def help_line(command: str) -> str:
    """The help line of a family command."""
    return FAMILY_COMMANDS[command][1]
