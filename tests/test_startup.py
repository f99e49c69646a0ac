"""Start-up: ``lctg --help`` and ``lctg score --help`` import neither ``datasets`` nor pandas (they cost ~0.5 s and
no help text needs them); commands that read the dataset still import them when they run."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import PROJECT_ROOT

HEAVY = ("datasets", "pandas", "pyarrow")

_PROBE = """
import contextlib, io, sys
from lctg_metrics.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    try:
        main({argv!r})
    except SystemExit:
        pass
assert "usage: lctg" in out.getvalue(), out.getvalue()[:200]
print(" ".join(sorted(m for m in {heavy!r} if m in sys.modules)))
"""


def _imported(argv: list[str]) -> set[str]:
    code = _PROBE.format(argv=argv, heavy=HEAVY)
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(PROJECT_ROOT), "PATH": "/usr/bin:/bin", "HOME": "/nonexistent"},
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return set(done.stdout.split())


@pytest.mark.slow  # two fresh interpreters
@pytest.mark.parametrize("argv", [["--help"], ["score", "--help"], ["if-score", "--help"], ["ifsm", "--help"]])
def test_help_imports_no_dataset_library(argv: list[str]) -> None:
    assert _imported(argv) == set()


@pytest.mark.slow
def test_the_probe_sees_a_heavy_import_when_there_is_one() -> None:
    """The check can fail: the dataset builder's row module imports ``datasets`` at once."""
    code = f"import sys; import lctg_dataset.rows; print(' '.join(sorted(m for m in {HEAVY!r} if m in sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(PROJECT_ROOT), "PATH": "/usr/bin:/bin"},
        timeout=120,
    )
    assert "datasets" in done.stdout.split()


def test_conflicts_read_the_declarations_on_first_use() -> None:
    """The conflict table is the builder's declarations, read lazily: the same pairs as reading them directly."""
    from lctg_dataset.instructions import load_declarations
    from lctg_metrics.instructions.conflicts import CONFLICTS, find_conflicts

    declared = dict(load_declarations().conflicts)
    assert dict(CONFLICTS) == declared and len(CONFLICTS) == len(declared) > 0
    pair, reason = next(iter(declared.items()))
    a, b = sorted(pair)
    assert CONFLICTS[frozenset((b, a))] == reason and CONFLICTS.get(frozenset(("x", "y"))) is None
    assert find_conflicts([(a, {}), (b, {})])[0].startswith(f"{a} × {b}: {reason}")


@pytest.mark.slow  # a fresh interpreter
def test_the_command_list_imports_no_family() -> None:
    """``lctg --help`` lists the family commands from their table (``cli/commands.py``): no numpy, no IFSM."""
    code = _PROBE.format(argv=["--help"], heavy=("numpy", "lctg_metrics.ifsm", "lctg_metrics.instructions"))
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(PROJECT_ROOT), "PATH": "/usr/bin:/bin", "HOME": "/nonexistent"},
        timeout=120,
    )
    assert done.returncode == 0 and done.stdout.split() == [], done.stdout + done.stderr[-2000:]


def test_the_command_list_says_what_each_family_registers() -> None:
    """The listed help lines are the registered ones (one declaration: the families read theirs from the table)."""
    import argparse

    from lctg_metrics.cli import build_parser
    from lctg_metrics.cli.commands import family_commands

    def helps(parser: argparse.ArgumentParser) -> dict[str, str | None]:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return {a.dest: a.help for a in sub._choices_actions}

    listed, full = helps(build_parser("--help")), helps(build_parser())
    assert listed == full and set(family_commands()) <= set(full)
    assert build_parser("--help").parse_known_args(["ifsm"])[0].command == "ifsm"
