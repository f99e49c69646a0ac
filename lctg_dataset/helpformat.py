"""The argument parser of every command line of the project: one-line usage errors, defaults in every help line.

Defaults are read from the parser (never typed twice into the help text); a help text that already says its
default, a default of None/False (nothing given, a switch) and positional arguments are left as they are.
"""

from __future__ import annotations

import argparse
from typing import Any, NoReturn


class HelpFormatter(argparse.HelpFormatter):
    """Help lines that always show the default (when there is one and the text does not already say it)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (default is None or default is argparse.SUPPRESS or default is False or "default" in text.lower()
                or not action.option_strings or isinstance(action, argparse._HelpAction)):
            return text
        shown = ",".join(map(str, default)) if isinstance(default, (list, tuple)) else default
        return f"{text} (default: {shown})" if text else f"(default: {shown})"


class Parser(argparse.ArgumentParser):
    """argparse with usage errors on one line (the usage itself is one ``--help`` away) and defaults in help."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see {self.prog} --help)\n")
