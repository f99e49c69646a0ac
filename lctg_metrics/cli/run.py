"""How every ``lctg`` command runs: one catch list of input errors, each one line and exit code 2; standard output
checked before any work and guarded while the command prints."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from lctg_dataset.constants import DEFAULT_VARIANTS
from lctg_metrics.cleaners import CleanerError
from lctg_metrics.cli import interrupt
from lctg_metrics.cli.dataset import CLIError
from lctg_metrics.cli.needs import check_extras
from lctg_metrics.schema import ScoringError


def input_errors() -> tuple[type[BaseException], ...]:
    """What every subcommand reports as one line on stderr with exit code 2 (the one catch list): misuse, bad input
    (the input layer's and every family's ``ScoringError``), a cleaner that cannot clean, an unreadable or
    unwritable file, a missing extra (its message names what to install), a failed LLM run."""
    from lctg_metrics.llm.errors import LLMError

    return (CLIError, ScoringError, CleanerError, ValueError, OSError, ImportError, LLMError)


def run_command(prog: str, handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    """``handler(args)`` after the extras check, with :func:`input_errors` as one line ``{prog}: error: …`` and
    exit code 2. The catch list is built before the command runs: an interrupt while a library is half imported
    must not meet an ``except`` clause that imports (it would fail with that half-imported module's error). It is
    built under the loading guard (:mod:`lctg_metrics.cli.interrupt`): its imports (asyncio, ssl) are a window in
    which Ctrl-C inside the import machinery can surface as another error; nothing has been written yet."""
    held = interrupt.guard()
    try:
        caught = input_errors()
    finally:
        interrupt.release(held)
    if isinstance(getattr(args, "task", None), list):  # a task named twice (--task summary --task summary) is one
        args.task = list(dict.fromkeys(args.task))
    try:
        check_stdout()
        check_extras(args)
        real, sys.stdout = sys.stdout, _Stdout(sys.stdout)
        try:
            from lctg_metrics.cli.claims import run_claims
            from lctg_metrics.cli.pipe import read_once

            with run_claims(), read_once(args):  # outputs claimed for the run; `-` or a pipe read once
                code = handler(args)
            _flush_stdout()
        finally:
            if isinstance(sys.stdout, _Stdout):
                sys.stdout = real
        return code
    except BrokenPipeError:
        _quiet_stdout()
        print(
            f"{prog}: error: standard output was closed by its reader (broken pipe) before everything was printed; "
            "files the command wrote before that point are complete",
            file=sys.stderr,
        )
        return 2
    except caught as e:
        from lctg_metrics.cli.pipe import as_given

        message = as_given(f"{_cli_words(_one_line(e))}{_folder_hint(prog, args)}", args)
        print(f"{prog}: error: {message}", file=sys.stderr)
        return 2


#: The library's errors name an option both ways (``--missing skip / missing='skip'``); on the command line, the flag.
CLI_WORDS: tuple[tuple[str, str], ...] = (
    ("--task/task=", "--task"),
    (" / missing='skip'", ""),
    (" / missing='fail'", ""),
    ("choose cleaner='rule', 'llm' or 'none'", "give --cleaner rule, llm or none"),
)
#: The build flag that adds each opt-in config (``lctg_dataset.rebuild.KEPT_FLAGS``, under the configs' names).
CONFIG_FLAGS: dict[str, str] = {
    "corrected": "--corrected",
    "variants": f"--variants {DEFAULT_VARIANTS}",
    "multi": "--multi",
    "instructions": "--instructions",
    "story_endings": "--stories",
}


def _cli_words(message: str) -> str:
    """``message`` as the command line says it: its flags only (:data:`CLI_WORDS`), and for a config the build lacks
    the build flag that adds it."""
    import re

    for library, cli in CLI_WORDS:
        message = message.replace(library, cli)
    message = re.sub(r"(--[\w-]+ [\w-]+) / \w+='[\w-]*'", r"\1", message)  # `--split eval / split='eval'`: the flag
    unknown = re.search(r"--dataset (?P<folder>.+?): unknown config '(?P<config>[\w-]+)'", message)
    if unknown and unknown["config"] in CONFIG_FLAGS:
        message += (
            f" (a build adds {unknown['config']} with {CONFIG_FLAGS[unknown['config']]}: lctg build "
            f"{CONFIG_FLAGS[unknown['config']]} -o {unknown['folder']}, keeping its other configs)"
        )
    return message


def _folder_hint(prog: str, args: argparse.Namespace) -> str:
    """For ``lctg score`` and ``lctg if-score`` given a folder as their generations file: what the folder may be (an
    lm-eval output folder reads with ``lctg score --from lm-eval``); else nothing."""
    from pathlib import Path

    path = getattr(args, "generations", None)
    if prog not in ("lctg score", "lctg if-score") or not path or not Path(path).is_dir():
        return ""
    if prog == "lctg score" and getattr(args, "from_format", None) != "lctg":
        return ""
    if prog == "lctg score" and next(Path(path).rglob("samples_*.jsonl"), None) is not None:
        return f" ({path} is a folder of lm-eval samples files: add --from lm-eval)"
    return f" ({path} is a folder: give the generations file in it)"


class _Stdout:
    """Standard output, whose failed writes (a full disk, an I/O error) are one :class:`CLIError` naming it."""

    def __init__(self, out: Any) -> None:
        self._out = out

    def write(self, text: str) -> int:
        return self._guarded(self._out.write, text)

    def flush(self) -> None:
        self._guarded(self._out.flush)

    @staticmethod
    def _guarded(call: Any, *args: Any) -> Any:
        """``call(*args)``; a failed write (a full device, an I/O error) is one line (a broken pipe stays itself)."""
        try:
            return call(*args)
        except BrokenPipeError:
            raise
        except OSError as e:
            _quiet_stdout()
            raise CLIError(
                f"standard output: cannot write ({e.strerror or e}); what it shows is incomplete, files "
                "the command wrote are complete"
            ) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._out, name)


#: Characters every command may print (tables, Japanese names, ×): standard output must be able to encode them.
PRINTED = "×±–テスト「」"


def check_stdout() -> None:
    """Refuse, before any work, a standard output that is closed or cannot encode what the command prints (an
    ASCII-only locale): the command would otherwise fail, or print nothing, after writing its files."""
    out = sys.stdout
    if out is None or getattr(out, "closed", False):
        raise CLIError("standard output is closed; run the command with standard output open (e.g. > FILE)")
    encoding = getattr(out, "encoding", None) or "utf-8"
    try:
        PRINTED.encode(encoding, errors=getattr(out, "errors", None) or "strict")
    except UnicodeEncodeError:
        raise CLIError(
            f"standard output encodes {encoding}, which cannot print the results (Japanese text); set "
            "PYTHONIOENCODING=utf-8 (or a UTF-8 locale such as LANG=C.UTF-8)"
        ) from None
    except LookupError:
        return


def _flush_stdout() -> None:
    _Stdout(sys.stdout).flush()


def _quiet_stdout() -> None:
    """After a broken pipe: send what is left to /dev/null, so the interpreter's exit flush stays silent."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _one_line(e: BaseException) -> str:
    text = str(e) if not isinstance(e, OSError) or not e.filename else f"{e.filename}: {e.strerror or e}"
    return " ".join(text.split("\n")).strip() or type(e).__name__
