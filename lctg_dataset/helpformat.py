"""The argument parser of every command line of the project: one-line usage errors, defaults in every help line.

Defaults are read from the parser (never typed twice into the help text); a help text that already says its
default, a default of None/False (nothing given, a switch) and positional arguments are left as they are.
A usage error names the command it belongs to (``lctg score: error: unrecognized arguments: --bogus``), and a flag
the command does not know is named before the arguments it lacks (a mistyped ``--datset`` is the likelier cause
of a missing ``--dataset``).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

#: The build's renamed flags (old -> new; ``build_dataset.py`` and ``lctg build``), refused with the new name: the
#: folder written is ``-o/--output`` as in every command, the upload tag is a tag (``--revision`` only ever names a
#: dataset revision to read).
BUILD_RENAMED: dict[str, str] = {"--out": "--output", "--revision": "--tag"}
#: argparse's words for a value given to a switch with ``=`` (``--ci=yes``).
_IGNORED = re.compile(r"argument (?P<flag>\S+): ignored explicit argument (?P<value>.+)")
#: argparse's first words for missing required arguments (the one message held back while unknown flags are sought).
_REQUIRED = "the following arguments are required"


class HelpFormatter(argparse.HelpFormatter):
    """Help lines that always show the default (when there is one and the text does not already say it)."""

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (
            default is None
            or default is argparse.SUPPRESS
            or default is False
            or "default" in text.lower()
            or not action.option_strings
            or isinstance(action, argparse._HelpAction)
        ):
            return text
        shown = ",".join(map(str, default)) if isinstance(default, (list, tuple)) else default
        return f"{text} (default: {shown})" if text else f"(default: {shown})"


class _MissingRequired(Exception):
    """Raised instead of exiting on missing required arguments, so that unknown flags are reported first."""


class _Commands(argparse._SubParsersAction):
    """Subcommands whose unknown arguments are reported by the subcommand's own parser (``lctg score: error: …``),
    not by the top-level one, which would name only ``lctg``."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        super().__call__(parser, namespace, values, option_string)
        extras = getattr(namespace, argparse._UNRECOGNIZED_ARGS_ATTR, None)
        if extras:
            self._name_parser_map[values[0]].error(f"unrecognized arguments: {' '.join(extras)}")


#: Flags that may be given more than once (each adds a value, or counts), and those that end the command at once.
_REPEATABLE = (
    argparse._AppendAction,
    argparse._AppendConstAction,
    argparse._CountAction,
    argparse._ExtendAction,
    argparse._HelpAction,
    argparse._VersionAction,
)


class Parser(argparse.ArgumentParser):
    """argparse with usage errors on one line (the usage itself is one ``--help`` away) and defaults in help; a flag
    that takes one value given twice (``--dataset A --dataset B``, ``-o a -o b``, ``--ci --no-ci``) is refused naming
    it, where argparse would keep the last one without a word."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        # flags are spelled in full: a prefix of another command's flag (score --mode for --model-name) is unknown
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)
        self.register("action", "parsers", _Commands)
        self._probing = False
        #: (flag, other flag, why they contradict): both given is refused in one line (:func:`refuse_together`).
        self.contradictions: list[tuple[str, str, str]] = []

    def parse_known_args(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        namespace: argparse.Namespace | None = None,
    ) -> tuple[argparse.Namespace, list[str]]:
        if not self._probing and not self._subparsers:  # a command's own flags (the top level only names one)
            self._refuse_twice(list(sys.argv[1:] if args is None else args))
            self._refuse_contradictions(list(sys.argv[1:] if args is None else args))
        try:
            return super().parse_known_args(args, namespace)
        except _MissingRequired as missing:
            unknown = self._unknown(args)
            self._fail(f"unrecognized arguments: {' '.join(unknown)}" if unknown else str(missing))

    def _refuse_twice(self, args: list[str]) -> None:
        seen: dict[int, str] = {}
        for token in args[: args.index("--") if "--" in args else len(args)]:
            action = self._flag(token)
            if action is None or isinstance(action, _REPEATABLE) or action.help == argparse.SUPPRESS:
                continue
            if id(action) in seen:
                name = "/".join(action.option_strings)
                first = seen[id(action)]
                again = token.partition("=")[0] if token.startswith("--") else token[:2]
                said = f" ({first}, then {again})" if first != again else ""
                switch = action.nargs == 0 and len(action.option_strings) == 1 and first == again
                why = "it is a switch: once turns it on" if switch else "the last one would silently win"
                self.error(f"{name} given twice{said}: give it once ({why})")
            seen[id(action)] = token.partition("=")[0] if token.startswith("--") else token[:2]

    def _refuse_contradictions(self, args: list[str]) -> None:
        """Two flags declared contradictory (:attr:`contradictions`), both given: one line naming both and why."""
        if not self.contradictions:
            return
        given = {self._flag_name(t) for t in args[: args.index("--") if "--" in args else len(args)]}
        for flag, other, why in self.contradictions:
            if flag in given and other in given:
                self.error(f"{flag} and {other} contradict each other ({why}): give one of them")

    def _flag_name(self, token: str) -> str | None:
        """The option string ``token`` spells (``--flag``, ``--flag=V``, ``-oV``, or an unambiguous ``--fl``)."""
        if not token.startswith("-") or token == "-" or token[1:2].isdigit():
            return None
        name = token.partition("=")[0] if token.startswith("--") else token[:2]
        if name in self._option_string_actions:
            return name
        found = [f for f in self._option_string_actions if f.startswith("--") and f.startswith(name)]
        return found[0] if token.startswith("--") and self.allow_abbrev and len(found) == 1 else None

    def _flag(self, token: str) -> argparse.Action | None:
        """The flag ``token`` names (``--flag``, ``--flag=V``, ``-oV``, or an unambiguous ``--fl``); else None."""
        if not token.startswith("-") or token == "-" or token[1:2].isdigit():
            return None
        flags = self._option_string_actions
        name = token.partition("=")[0] if token.startswith("--") else token[:2]
        if name in flags:
            return flags[name]
        if not token.startswith("--") or not self.allow_abbrev:
            return None
        found = {id(a): a for flag, a in flags.items() if flag.startswith(name) and flag.startswith("--")}
        return next(iter(found.values())) if len(found) == 1 else None

    def _unknown(self, args: Sequence[str] | None) -> list[str]:
        """The arguments this parser does not know, found by parsing again with nothing required (quietly: a
        renamed flag's note is said once)."""
        required = [a for a in self._actions if a.required]
        self._probing = True
        try:
            for action in required:
                action.required = False
            with contextlib.redirect_stderr(io.StringIO()):
                return super().parse_known_args(args, argparse.Namespace())[1]
        except SystemExit:
            return []
        finally:
            self._probing = False
            for action in required:
                action.required = True

    def error(self, message: str) -> NoReturn:
        if message.startswith(_REQUIRED) and not self._probing:
            raise _MissingRequired(message)
        switch = _IGNORED.fullmatch(message)
        if switch:  # argparse says "ignored", but refuses the command: `--ci=yes`
            message = f"{switch['flag']} is a switch and takes no value, got {switch['value']}"
        self._fail(message)

    def _fail(self, message: str) -> NoReturn:
        helper = f"python {self.prog}" if self.prog.endswith(".py") else self.prog  # a script is run by python
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see {helper} --help)\n")


class _Renamed(argparse.Action):
    """A flag's old name, refused with its new one (an exact old name, never read as an abbreviation of another
    flag: ``--sample`` is not ``--samples``)."""

    def __init__(self, option_strings: Sequence[str], dest: str, new: str = "", **kwargs: Any) -> None:
        self.new = new
        super().__init__(option_strings, dest, nargs="?", **kwargs)

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        parser.error(f"{option_string} is now {self.new} (the old name was removed)")


def refuse_together(parser: argparse.ArgumentParser, flag: str, other: str, why: str) -> None:
    """Refuse ``flag`` and ``other`` given together (a :class:`Parser`), saying ``why`` they contradict, where the
    command would otherwise let one silently win."""
    if isinstance(parser, Parser):
        parser.contradictions.append((flag, other, why))


def add_renamed(parser: argparse.ArgumentParser, renamed: dict[str, str]) -> None:
    """Refuse the old flag names (old -> new, the new one on ``parser``) with a one-line error naming the new one; they
    are left out of ``--help``."""
    known = {s for a in parser._actions for s in a.option_strings}
    for old, new in renamed.items():
        if old not in known:
            parser.add_argument(old, action=_Renamed, new=new, default=argparse.SUPPRESS, help=argparse.SUPPRESS)
