"""The ``lctg`` command: build, prompts, sample, score, publish (and the analysis commands).

    lctg build [--source DIR_OR_URL] [-o lctg]
    lctg prompts --dataset lctg [--task T] [--format jsonl|openai-batch] -o prompts.jsonl
    lctg score generations.jsonl --dataset lctg [--json OUT] [--details OUT] [--cleaner rule] [options]

Every command checks its output paths against its inputs and the dataset folder before any work, and writes its
outputs as one set (:mod:`lctg_metrics.outputs`); a bad input or misuse is one line on stderr and exit code 2.
"""

from __future__ import annotations

from lctg_metrics.cli import interrupt  # first, before any other import: Ctrl-C while they load is one line, exit 130

# isort: split
import argparse
import sys
from collections.abc import Sequence

from lctg_metrics.cli import swallowed
from lctg_metrics.cli.dataset import cmd_build
from lctg_metrics.cli.entry import COMMANDS, SAMPLE_RULE, build_parser, kept_after_interrupt
from lctg_metrics.cli.run import run_command

__all__ = ["COMMANDS", "SAMPLE_RULE", "build_parser", "main", "run_command"]


def main(argv: Sequence[str] | None = None, *, prog: str = "lctg") -> int:
    """Run one command; a bad input or a missing extra is one line and exit 2, Ctrl-C one line and exit 130."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv[0] if argv else "lctg"
    hook, sys.unraisablehook = sys.unraisablehook, swallowed.redelivered(sys.unraisablehook)
    try:
        interrupt.release()  # the console script's loading guard ends inside the try (see interrupt.console_script)
        if argv[:1] == ["build"]:  # the builder parses its own options (one parser, shared with build_dataset.py)
            return cmd_build(
                argparse.Namespace(args=argv[1:]), prog="build_dataset.py" if prog != "lctg" else "lctg build"
            )
        args = build_parser(command).parse_args(argv)
        return run_command(f"lctg {args.command}", getattr(args, "handler", None) or COMMANDS[args.command], args)
    except Exception as exc:  # Ctrl-C inside the import machinery can surface as another error (RuntimeError, …)
        if not any(isinstance(e, KeyboardInterrupt) for e in (exc.__cause__, exc.__context__)):
            raise
        print(f"{prog if prog != 'lctg' else 'lctg ' + command}: interrupted; nothing written", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print(
            f"{prog if prog != 'lctg' else 'lctg ' + command}: interrupted; {kept_after_interrupt(argv)}",
            file=sys.stderr,
        )
        return 130
    finally:
        sys.unraisablehook = hook
        try:
            swallowed.settle()
        except KeyboardInterrupt:  # a swallowed Ctrl-C delivered again just as the command ended: its work is whole
            pass


if not interrupt.console_script():  # imported by a program: Ctrl-C is its own again
    interrupt.release()

if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
