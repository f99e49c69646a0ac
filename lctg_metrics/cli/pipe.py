"""Input files that are not plain files: ``-`` (standard input), a pipe (``lctg report <(cat d.jsonl)``) or a named
FIFO. The one rule of every command that reads generations or details (score, if-score, ifsm, the family commands,
compare, report, substitutability): each such input is read once into a temp file that the command then reads as
often as it needs (a pipe gives its bytes once), removed when the command ends. Errors then name the input as the
user typed it (:func:`as_given`), never the temp copy."""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from lctg_metrics.schema import ScoringError

#: Suffixes the readers know; a pipe without one (``/dev/fd/63``, ``-``) is read as JSONL.
KNOWN = (".jsonl", ".json", ".ndjson", ".csv", ".parquet")
#: The arguments that name the files a command reads, unless its parser declares ``input_files`` (report, compare,
#: substitutability, whose ``details`` is an input; in score it is an output).
DEFAULT_INPUTS = ("generations",)
#: The name standard input is given as.
STDIN = "-"
#: Inputs named by an option, not by position (errors name them by their flag, the others in capitals).
OPTION_INPUTS = ("result", "input", "head")
#: The argument an output flag of :data:`lctg_metrics.cli.held.WRITES` fills, where it is not the flag's own name.
OUTPUT_DESTS = {("report", "--output"): "out", ("substitutability", "--output"): "out_dir"}


def is_pipe(path: str) -> bool:
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _streamed(path: object) -> bool:
    return isinstance(path, str) and (path == STDIN or is_pipe(path))


def input_names(args: argparse.Namespace) -> tuple[str, ...]:
    """The attributes of ``args`` that name the files the command reads."""
    return tuple(getattr(args, "input_files", None) or DEFAULT_INPUTS)


@contextlib.contextmanager
def read_once(args: argparse.Namespace) -> Iterator[None]:
    """Every input of ``args`` that is ``-`` or a pipe replaced by a temp copy of what it gave, for the command's
    run; ``args.given`` maps each copy back to the name typed (for :func:`as_given`)."""
    slots = [(name, k) for name in input_names(args) for k, v in enumerate(_values(args, name)) if _streamed(v)]
    if not slots:
        yield
        return
    refuse_outputs_over_inputs(args)  # before any input is opened: a FIFO that is also an output is never read
    if sum(_values(args, name)[k] == STDIN for name, k in slots) > 1:
        raise ScoringError("- (standard input) is given twice; standard input can be read once: give - for one input")
    folder = Path(tempfile.mkdtemp(prefix="lctg-pipe-"))
    args.given = {}
    try:
        for n, (name, k) in enumerate(slots):
            typed = str(_values(args, name)[k])
            copy = folder / str(n) / _copy_name(typed)
            copy.parent.mkdir()
            _copy(typed, copy)
            _replace(args, name, k, str(copy))
            args.given[str(copy)] = typed
        yield
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def output_flags(command: str) -> list[tuple[str, str]]:
    """The output flags of ``command`` (:data:`lctg_metrics.cli.held.WRITES`) and the argument each fills; a
    family's generic command has the generic outputs."""
    from lctg_metrics.cli.commands import family_commands
    from lctg_metrics.cli.held import WRITES

    own = [flag for c, flag in WRITES if c == command]
    if not own and family_commands().get(command, ("",))[0] == "family":
        own = [flag for c, flag in WRITES if c == "family"]
    return [(flag, OUTPUT_DESTS.get((command, flag), flag[2:].replace("-", "_"))) for flag in own]


def refuse_outputs_over_inputs(args: argparse.Namespace) -> None:
    """Every path the run writes checked against every input it reads, by name and file identity only (nothing is
    opened): ``lctg score FIFO --details FIFO`` is refused before the FIFO is read (the command's own check of its
    outputs, :func:`lctg_metrics.cli.outside.check_outputs`, comes after its inputs are read once)."""
    from lctg_metrics.outputs.checks import Output, refuse_over_inputs

    command = str(getattr(args, "command", "") or "")
    outputs = [
        Output.file(flag, value)
        for flag, dest in output_flags(command)
        if isinstance(value := getattr(args, dest, None), str) and value
    ]
    inputs = [
        (f"--{name}" if name in OPTION_INPUTS else name.upper(), v)
        for name in input_names(args)
        for v in _values(args, name)
        if isinstance(v, str) and v != STDIN
    ]
    refuse_over_inputs(outputs, inputs)


def as_given(message: str, args: argparse.Namespace) -> str:
    """``message`` with every temp copy of :func:`read_once` named as the user typed it."""
    import re

    for copy, typed in (getattr(args, "given", None) or {}).items():
        message = message.replace(copy, typed)
        if typed.startswith(("/dev/fd/", "/proc/")):  # a process substitution: gone once the command ends
            message = re.sub(rf"(lctg [\w-]+ ){re.escape(typed)}(?=[\s`)]|$)", r"\1<(…)", message)
    return message


def _copy_name(typed: str) -> str:
    name = "stdin" if typed == STDIN else Path(typed).name
    return name + ("" if Path(name).suffix.lower() in KNOWN else ".jsonl")


def _copy(typed: str, copy: Path) -> None:
    if typed != STDIN:
        with open(typed, "rb") as source, open(copy, "wb") as out:
            shutil.copyfileobj(source, out)
        return
    if sys.stdin is None or sys.stdin.closed:
        raise ScoringError("- reads standard input, which is closed; pipe the file in (… | lctg …) or give its path")
    if sys.stdin.isatty():
        raise ScoringError(
            "- reads standard input, which is a terminal; pipe the file in (… | lctg …) or give its path"
        )
    with open(copy, "wb") as out:
        shutil.copyfileobj(sys.stdin.buffer, out)


def _values(args: argparse.Namespace, name: str) -> list[object]:
    value = getattr(args, name, None)
    return list(value) if isinstance(value, list) else [value]


def _replace(args: argparse.Namespace, name: str, k: int, path: str) -> None:
    value = getattr(args, name)
    if isinstance(value, list):
        value[k] = path
    else:
        setattr(args, name, path)
