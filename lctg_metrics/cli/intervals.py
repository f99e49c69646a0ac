"""The flags of the bootstrap intervals, one meaning in every command: ``--ci-resamples N`` (one type, one default,
N < 1 refused with what this command offers instead) and the ``--ci`` / ``--no-ci`` pair (``--no-ci`` refused, saying
why, where a command cannot leave its intervals out)."""

from __future__ import annotations

import argparse
from typing import Any

from lctg_metrics.cli.flags import SEED_HELP
from lctg_metrics.options import BY_NAME

#: The one default of ``--ci-resamples`` (score, if-score, ifsm, report: bootstrap 95% intervals over prompts), as the
#: option declares it for the API and the evaluate modules.
CI_RESAMPLES: int = BY_NAME["ci_resamples"].default


def resamples_type(hint: str = "to skip the intervals: --no-ci") -> Any:
    """The argparse type of ``--ci-resamples``: a positive int everywhere (0 is not "no intervals" in one command and
    an error in another; intervals are switched off by ``--no-ci``). ``hint``: what the command printing the error
    offers instead (only its own flags)."""

    def resamples(text: str) -> int:
        value = int(text)  # a ValueError reads "argument --ci-resamples: invalid int value: 'x'"
        if value < 1:
            raise argparse.ArgumentTypeError(f"must be >= 1, got {text} ({hint})")
        return value

    resamples.__name__ = "int"
    return resamples


resamples = resamples_type()


def add_resamples(
    parser: Any,
    *,
    dest: str = "ci_resamples",
    default: int = CI_RESAMPLES,
    what: str = "bootstrap resamples for the 95% confidence intervals",
    hint: str = "to skip the intervals: --no-ci",
) -> None:
    """``--ci-resamples N`` with its one type (and, unless a command says otherwise, its one default); ``hint``:
    what the error for N < 1 offers instead (a flag of this command)."""
    parser.add_argument(
        "--ci-resamples",
        dest=dest,
        metavar="N",
        type=resamples_type(hint),
        default=default,
        help=what.replace("%", "%%"),
    )


class _Ci(argparse.Action):
    """``--ci`` / ``--no-ci``: the one switch pair of the intervals in every command that prints them. ``fixed``:
    why this command cannot leave them out (``--no-ci`` is then refused saying so; ``--ci`` is its default)."""

    def __init__(self, option_strings: Any, dest: str, fixed: str = "", **kwargs: Any) -> None:
        self.fixed = fixed
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        if option_string == "--no-ci" and self.fixed:
            parser.error(f"--no-ci: this command always computes its intervals ({self.fixed}); drop --no-ci")
        setattr(namespace, self.dest, option_string != "--no-ci")

    def format_usage(self) -> str:
        return " | ".join(self.option_strings)


def ci_help(default: bool, fixed: str = "", over: str = "prompts") -> str:
    """The help line of ``--ci/--no-ci`` (its default said in words; ``over``: what the intervals are over)."""
    if fixed:
        return (
            f"bootstrap 95%% confidence intervals: always computed here, by default and with --ci ({fixed}); "
            "--no-ci is refused"
        )
    if default:
        return f"bootstrap 95%% confidence intervals over {over} (default: on; --no-ci: none)"
    return f"bootstrap 95%% confidence intervals over {over} (default: off; --ci: compute them)"


def add_ci(parser: Any, *, default: bool, fixed: str = "", dest: str = "ci") -> None:
    """``--ci`` / ``--no-ci`` with this command's default (``fixed``: the intervals cannot be left out, and why)."""
    parser.add_argument(
        "--ci", "--no-ci", dest=dest, action=_Ci, default=default, fixed=fixed, help=ci_help(default, fixed)
    )


#: What ``lctg score``'s intervals are over, and what they leave out.
SCORE_CELLS = "prompts, for each task × aspect cell and Avg (a multi run's prompt-level rows have none)"


def pair_ci(parser: argparse.ArgumentParser) -> None:
    """Make the ``--ci`` switch the option registry declared (``lctg score``; off by default) the ``--ci/--no-ci``
    pair every command has."""
    action = parser._option_string_actions["--ci"]
    action.option_strings = [*action.option_strings, "--no-ci"]
    parser._option_string_actions["--no-ci"] = action
    action.__class__ = _Ci
    action.fixed = ""  # type: ignore[attr-defined]
    action.help = ci_help(bool(action.default), over=SCORE_CELLS)
    if "--ci-resamples" in parser._option_string_actions:  # N < 1 refused with the hint every command gives
        n = parser._option_string_actions["--ci-resamples"]
        n.type, n.metavar = resamples, "N"  # shown as every command shows it
        n.help = "bootstrap resamples for the 95%% confidence intervals"
    if "--seed" in parser._option_string_actions:
        parser._option_string_actions["--seed"].help = SEED_HELP.format(what="the bootstrap's")
