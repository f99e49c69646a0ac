"""The Ctrl-C guard of the console script: a program that imports the CLI has Python's handler back when the import
returns (the console script keeps the guard until ``main`` runs), and what the interpreter compiles before the guard
is in place is a few short modules (the parser lives in ``cli.entry``, imported after the guard: without a bytecode
cache every module is compiled at each start, and a long one was a window of milliseconds)."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys

import pytest

from tests.conftest import PROJECT_ROOT

PROBE = r"""
import sys, _signal
calls = []
real = _signal.signal
_signal.signal = lambda *a: (calls.append(a[0]), real(*a))[1]
if sys.argv[1] == "console":
    sys.modules["__main__"].__file__ = "/venv/bin/lctg"
import lctg_metrics.cli
print(calls, _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler)
"""


@pytest.mark.slow
@pytest.mark.parametrize(("who", "keeps"), [("program", False), ("console", True)])
def test_only_the_console_script_keeps_the_guard_after_the_import(who, keeps):
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, who],
        capture_output=True,
        text=True,
        env=env,
        cwd=PROJECT_ROOT,
        timeout=120,
        # a test worker may ignore SIGINT, and a child inherits that: Python then installs no handler, nor the guard
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.returncode == 0, proc.stderr
    calls, default = proc.stdout.split("]")[0] + "]", proc.stdout.split("]")[1].strip()
    assert calls != "[]", proc.stdout  # both are guarded while the CLI loads
    # the program has Python's handler back; the console script keeps the guard until main() puts the default back
    assert default == str(not keeps), proc.stdout


def _before_guard() -> list[str]:
    """The project modules compiled before the guard is in place: the package, the CLI package up to its first import,
    and the guard's module."""
    cli = PROJECT_ROOT / "lctg_metrics" / "cli"
    first = next(
        n for n in ast.parse((cli / "__init__.py").read_text(encoding="utf-8")).body if isinstance(n, ast.ImportFrom)
    )
    assert first.module == "__future__" or (first.module, first.names[0].name) == ("lctg_metrics.cli", "interrupt")
    return [
        (PROJECT_ROOT / "lctg_metrics" / "__init__.py").read_text(encoding="utf-8"),
        (cli / "__init__.py").read_text(encoding="utf-8"),
        (cli / "interrupt.py").read_text(encoding="utf-8"),
    ]


def test_what_is_compiled_before_the_guard_is_short():
    sizes = [len(text.splitlines()) for text in _before_guard()]
    assert sum(sizes) <= 200, sizes  # was 27 + 258 + 55 lines: the parser compiled before the guard took effect


def test_the_cli_package_imports_the_parser_after_the_guard():
    body = ast.parse((PROJECT_ROOT / "lctg_metrics" / "cli" / "__init__.py").read_text(encoding="utf-8")).body
    imports = [n for n in body if isinstance(n, (ast.Import, ast.ImportFrom))]
    names = [n.module if isinstance(n, ast.ImportFrom) else n.names[0].name for n in imports]
    names = [m for m in names if m != "__future__"]
    assert names[0] == "lctg_metrics.cli" and imports[1].names[0].name == "interrupt"
    assert "lctg_metrics.cli.entry" in names[1:]
