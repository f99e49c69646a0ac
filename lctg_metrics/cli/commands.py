"""The family commands of ``lctg`` by name and help line: what ``lctg --help`` lists without importing them.

The analysis and harness commands are declared here; every metric family's command comes from its registration
(:mod:`lctg_metrics.family`: its command, help line and the module of :mod:`lctg_metrics.cli` with its parser, else
the generic family command of :mod:`lctg_metrics.cli.family`). ``lctg --help`` (or a mistyped command) lists them
from this table alone, so it starts without numpy and the families' packages.
"""

from __future__ import annotations

from lctg_metrics.family import REGISTRY

#: The commands of ``lctg`` declared by ``lctg_metrics.cli`` itself (the LCTG family's ``score`` among them).
OWN_COMMANDS = ("build", "prompts", "sample", "score", "publish")
#: command → (module of :mod:`lctg_metrics.cli` that registers it, its help line): the analysis commands.
OTHER_COMMANDS: dict[str, tuple[str, str]] = {
    "compare": ("analysis", "paired significance test of two models' score details"),
    "report": ("analysis", "HTML or Markdown report with charts, CIs, published models and worst items"),
    "substitutability": ("analysis", "which settings rank models alike (Spearman) and look alike (1 - JSD)"),
}
#: The harness's command, listed after the families'.
HARNESS_COMMANDS: dict[str, tuple[str, str]] = {
    "lm-eval-tasks": ("lm_eval", "write lm-evaluation-harness task files (group lctg) for a built dataset"),
}


def family_commands() -> dict[str, tuple[str, str]]:
    """Every command not declared by ``lctg_metrics.cli`` itself: the analysis commands, each registered family's
    (module ``family``: the generic family command), the harness's."""
    families = {e.command: (e.cli or "family", e.help) for e in REGISTRY.values() if e.command not in OWN_COMMANDS}
    return {**OTHER_COMMANDS, **families, **HARNESS_COMMANDS}


def help_line(command: str) -> str:
    """The help line of a family command."""
    return family_commands()[command][1]
