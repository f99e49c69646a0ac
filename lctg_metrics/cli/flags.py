"""One vocabulary of flags: the help formatter every subcommand uses, and the old flag names kept as hidden aliases.

The same idea has the same flag in every command (``--ci-resamples``, ``--from``, ``--stories-source``). A renamed
flag keeps its old name for one version: it still works, is hidden from ``--help``, and says its new name on
stderr. :data:`RENAMED` declares every rename once; the parsers and the help-walk test read it.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Sequence

from lctg_dataset.helpformat import HelpFormatter, Parser

__all__ = ["HelpFormatter", "Parser", "RENAMED", "add_renamed", "refuse_empty"]

#: (command, old flag) -> new flag. Kept as hidden aliases until the next minor version.
RENAMED: dict[tuple[str, str], str] = {
    ("compare", "--n-resamples"): "--ci-resamples",
    ("ifsm", "--n-boot"): "--ci-resamples",
    ("ifsm", "--stories"): "--stories-source",
    ("ifsm", "--source"): "--stories-source",
    ("prompts", "--stories"): "--stories-source",
    ("if-score", "--format"): "--from",
}


class _Renamed(argparse.Action):
    """An old flag name: stores into the new flag's destination and says the new name once on stderr."""

    def __init__(self, option_strings: Sequence[str], dest: str, new: str = "", **kwargs: Any) -> None:
        self.new = new
        super().__init__(option_strings, dest, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        print(f"{parser.prog}: note: {option_string} is now {self.new} (the old name goes in the next version)",
              file=sys.stderr)
        setattr(namespace, self.dest, values)


def add_renamed(parser: argparse.ArgumentParser, command: str) -> None:
    """Add the hidden old names of ``command``'s renamed flags (declared in :data:`RENAMED`)."""
    by_flag = {s: a for a in parser._actions for s in a.option_strings}
    for (cmd, old), new in RENAMED.items():
        if cmd != command or old in by_flag:
            continue
        target = by_flag[new]
        # type=None is argparse's own default (typeshed leaves None out)
        parser.add_argument(old, dest=target.dest, action=_Renamed, new=new, type=target.type,  # type: ignore[arg-type]
                            choices=target.choices, metavar=target.metavar, help=argparse.SUPPRESS)


def _nonempty(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty (an empty path or name would silently mean none)")
    return text


def refuse_empty(parser: argparse.ArgumentParser) -> None:
    """Make every flag that takes a string refuse an empty one (``--json ""`` would silently write nothing)."""
    for action in parser._actions:
        if (action.option_strings and action.type is None and action.nargs in (None, "?")
                and isinstance(action, (argparse._StoreAction, argparse._AppendAction))):
            action.type = _nonempty

