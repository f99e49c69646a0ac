"""One vocabulary of flags: the help formatter every subcommand uses, and the old flag names refused with the new
(the intervals' flags, ``--ci-resamples`` and ``--ci/--no-ci``, are :mod:`lctg_metrics.cli.intervals`).

The same idea has the same flag in every command (``--ci-resamples``, ``--from``, ``--stories-source``). A renamed
flag's old name is refused with a one-line error naming the new one (never read as an abbreviation of another flag),
and is hidden from ``--help``. :data:`RENAMED` declares every rename once; the parsers and the help-walk test read it.
A flag that takes one value is given once: :class:`Parser` refuses it twice, naming it.
"""

from __future__ import annotations

import argparse
from typing import Any

from lctg_dataset.helpformat import HelpFormatter, refuse_together
from lctg_dataset.helpformat import Parser as _Parser
from lctg_dataset.helpformat import add_renamed as refuse_renamed

__all__ = [
    "HelpFormatter",
    "Parser",
    "RENAMED",
    "REVISION_HELP",
    "SEED_HELP",
    "add_renamed",
    "refuse_contradictions",
    "refuse_empty",
    "refuse_switch_values",
]

#: The parser of every ``lctg`` command (and of the build): the project's one-line errors, and a flag that takes one
#: value given twice refused naming it (:class:`lctg_dataset.helpformat.Parser`).
Parser = _Parser


#: (command, old flag) -> new flag: the old name is refused, naming the new one.
RENAMED: dict[tuple[str, str], str] = {
    ("compare", "--n-resamples"): "--ci-resamples",
    ("ifsm", "--n-boot"): "--ci-resamples",
    ("ifsm", "--stories"): "--stories-source",
    ("ifsm", "--source"): "--stories-source",
    ("prompts", "--stories"): "--stories-source",
    ("if-score", "--format"): "--from",
    # 0.x: one output flag (-o/--output: the file or folder a command writes), an upload tag that is not a revision,
    # one name for samples per prompt
    ("report", "--out"): "--output",
    ("substitutability", "--out-dir"): "--output",
    ("lm-eval-tasks", "--out"): "--output",
    ("lm-eval-tasks", "--repeats"): "--samples",
    ("lm-eval-tasks", "--sample"): "--do-sample",
    ("lm-eval-tasks", "--no-sample"): "--no-do-sample",
    ("publish", "--revision"): "--tag",
}  # the build's own renames are in lctg_dataset.helpformat.BUILD_RENAMED (its parser adds them)


#: (command, old flag) -> what else the old name may be taken for, said after the new name: ``--sample 3`` meant a
#: number of samples more often than the sampling switch.
ALSO_MEANT: dict[tuple[str, str], str] = {
    ("lm-eval-tasks", "--sample"): "a switch, no value; samples per prompt are --samples N",
    ("lm-eval-tasks", "--no-sample"): "a switch, no value; samples per prompt are --samples N",
}


class _RenamedAlso(argparse.Action):
    """An old flag name refused with its new one and what else it may have meant (see :data:`ALSO_MEANT`)."""

    def __init__(self, option_strings: Any, dest: str, new: str = "", also: str = "", **kwargs: Any) -> None:
        self.new, self.also = new, also
        super().__init__(option_strings, dest, nargs=0, **kwargs)

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        parser.error(f"{option_string} is now {self.new} (the old name was removed): {self.also}")


def add_renamed(parser: argparse.ArgumentParser, command: str) -> None:
    """Refuse the old names of ``command``'s renamed flags (declared in :data:`RENAMED`), naming the new ones."""
    renamed = {old: new for (cmd, old), new in RENAMED.items() if cmd == command}
    refuse_renamed(parser, {old: new for old, new in renamed.items() if (command, old) not in ALSO_MEANT})
    known = {s for a in parser._actions for s in a.option_strings}
    for old in (o for o in renamed if (command, o) in ALSO_MEANT and o not in known):
        also = ALSO_MEANT[(command, old)]
        parser.add_argument(
            old, action=_RenamedAlso, new=renamed[old], also=also, default=argparse.SUPPRESS, help=argparse.SUPPRESS
        )


class _StrayValue(argparse.Action):
    """A command without positional arguments: a bare word is the value given to a switch (``--do-sample 3``),
    refused at once naming the switch, that it takes no value, and what a number may have meant."""

    def __init__(
        self, option_strings: Any, dest: str, switches: dict[str, str] | None = None, hint: str = "", **kwargs: Any
    ) -> None:
        self.switches, self.hint = switches or {}, hint
        super().__init__(option_strings, dest, nargs="*", **kwargs)

    def __call__(self, parser: Any, namespace: Any, values: Any, option_string: str | None = None) -> None:
        if not values:
            return
        given = [flag for flag, dest in self.switches.items() if getattr(namespace, dest, None) is not None]
        if given:
            hint = f" ({self.hint})" if self.hint else ""
            parser.error(f"{' or '.join(given)} is a switch and takes no value, got {values[0]!r}{hint}")
        if _after_unknown_flag(parser, values[0]):  # ``--seed 1``: named with its flag, as every command names it
            unrecognized = getattr(argparse, "_UNRECOGNIZED_ARGS_ATTR", "_unrecognized_args")
            setattr(namespace, unrecognized, [*(getattr(namespace, unrecognized, None) or []), *values])
            return
        parser.error(f"unexpected argument {values[0]!r}: this command takes no positional argument")


def _after_unknown_flag(parser: Any, value: str) -> bool:
    """Whether ``value`` follows a flag ``parser`` does not know in the arguments it is parsing (argparse keeps them
    in its parsing frame only; False when they cannot be found)."""
    import inspect

    known = getattr(parser, "_option_string_actions", {})
    frame = inspect.currentframe()
    try:
        while frame is not None:
            local = frame.f_locals
            if frame.f_code.co_name == "_parse_known_args" and local.get("self") is parser:
                tokens = list(local.get("arg_strings") or [])
                for i, token in enumerate(tokens[1:], 1):
                    before = tokens[i - 1]
                    if token == value and before.startswith("-") and before != "-":
                        return before.partition("=")[0] not in known
                return False
            frame = frame.f_back
        return False
    finally:
        del frame


def refuse_switch_values(parser: argparse.ArgumentParser, switches: dict[str, str], hint: str = "") -> None:
    """Make a command without positional arguments refuse a value given to one of its ``switches`` (flag -> dest),
    naming the flag (and ``hint``: what a value may have meant), instead of argparse's "unrecognized arguments"."""
    parser.add_argument("stray", action=_StrayValue, switches=switches, hint=hint, default=[], help=argparse.SUPPRESS)


def _nonempty(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty (an empty path or name would silently mean none)")
    return text


def refuse_empty(parser: argparse.ArgumentParser) -> None:
    """Make every flag that takes a string refuse an empty one (``--json ""`` would silently write nothing)."""
    for action in parser._actions:
        if (
            action.option_strings
            and action.type is None
            and action.nargs in (None, "?")
            and isinstance(action, (argparse._StoreAction, argparse._AppendAction))
        ):
            action.type = _nonempty


#: What ``--revision`` means in every command that has it: the dataset revision to read (an upload tag is ``--tag``).
REVISION_HELP = (
    "with a Hub repo id as --dataset: the tag, branch or commit to read (default: the repo's default revision)"
)
#: What ``--seed`` is in every command: the seed of every random draw the command makes.
SEED_HELP = "seed of every random draw this command makes ({what}); the same seed, the same output"


#: Flags that contradict each other, refused together in every command that has both (one rule, one place): a flag
#: of the intervals with ``--no-ci`` (score's and if-score's ``--seed`` is the bootstrap's), an upload tag with
#: ``--no-tag``. ``ifsm``, ``report`` and ``compare`` refuse ``--no-ci`` itself.
CONTRADICTIONS: tuple[tuple[str, str, str], ...] = (
    ("--no-ci", "--ci-resamples", "--ci-resamples sets the intervals' resamples; --no-ci leaves the intervals out"),
    ("--no-ci", "--seed", "--seed seeds the intervals' bootstrap; --no-ci leaves the intervals out"),
    ("--no-tag", "--tag", "--tag names the upload's tag; --no-tag leaves the upload untagged"),
    (
        "--dataset-repo",
        "--repo-id",
        "--dataset-repo names the Space's dataset when --metric is published alone; with --repo-id the Space "
        "scores that repo",
    ),
)
#: Commands whose ``--seed`` seeds the intervals' bootstrap and nothing else (contradicted by ``--no-ci``).
SEED_ONLY_CI = ("score", "if-score")


def refuse_contradictions(parser: argparse.ArgumentParser, command: str) -> None:
    """Declare on ``command``'s parser every pair of :data:`CONTRADICTIONS` it has both flags of."""
    flags = parser._option_string_actions
    for flag, other, why in CONTRADICTIONS:
        if other == "--seed" and command not in SEED_ONLY_CI:
            continue
        if flag in flags and other in flags:
            refuse_together(parser, flag, other, why)


def affix_length(text: str) -> str:
    """The argparse type of ``--affix-length``: N, or task=N,... with N >= 1 (the error names the flag and the valid
    form; the value is resolved against the profile later)."""
    from lctg_dataset.constants import TASKS

    parts = [text] if "=" not in text else [p.partition("=")[2] for p in text.split(",")]
    tasks = {p.partition("=")[0].strip() for p in text.split(",")} if "=" in text else set()
    if tasks - set(TASKS) or not all(p.strip().isdigit() and int(p) >= 1 for p in parts):
        raise argparse.ArgumentTypeError(
            f"must be a number of characters >= 1 (N), or task=N,... for the tasks {', '.join(TASKS)}; got {text!r}"
        )
    return text


def typed_options(parser: argparse.ArgumentParser) -> None:
    """Give the declared options that take a text with a form of its own their checked argparse type."""
    for action in parser._actions:
        if action.dest == "affix_length":
            action.type = affix_length
