"""Ctrl-C in the first tenth of a second of ``lctg ...``: the quiet handler is installed by the first statement of
``lctg_metrics.cli`` (its guard imports only modules the interpreter has already loaded, and ``signal``), so no
KeyboardInterrupt traceback passes through the CLI's modules. What remains before it is the interpreter's start-up
(site and .pth files), the console script's own two imports and ``lctg_metrics/__init__``."""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

CLI = PROJECT_ROOT / "lctg_metrics" / "cli"


def _imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every top-level import statement, in order."""
    out = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            out.append((node.lineno, f"{node.module}.{node.names[0].name}" if node.module else node.names[0].name))
    return out


def test_the_guard_is_the_cli_packages_first_import() -> None:
    first = [m for _, m in _imports(CLI / "__init__.py") if m != "__future__.annotations"]
    assert first[0] == "lctg_metrics.cli.interrupt", first[:3]


def test_the_guard_imports_nothing_heavy() -> None:
    """``os``, ``sys`` and the C module ``_signal`` only (``typing`` or ``signal``, which builds enums, take
    milliseconds on a busy machine: a window of their own)."""
    assert {m for _, m in _imports(CLI / "interrupt.py")} <= {"__future__.annotations", "os", "_signal", "sys"}


#: A File line of a traceback inside the CLI's own modules other than the guard (``interrupt.py``: a signal that
#: arrives while it installs its handler is the window that remains); the line that imports the guard is allowed.
_CLI_FRAME = re.compile(r'File "[^"]*lctg_metrics[/\\]cli[/\\](?!interrupt\.py")[^"]+", line (\d+)')


def _guard_line() -> int:
    return next(n for n, m in _imports(CLI / "__init__.py") if m == "lctg_metrics.cli.interrupt")


@pytest.mark.slow
@pytest.mark.parametrize("delay", ["0.01", "0.03", "0.05", "0.1", "0.2"])
def test_ctrl_c_while_loading_is_quiet_in_the_cli(tmp_path: Path, delay: str) -> None:
    """20 real runs of the console script cut by SIGINT after ``delay`` seconds: no traceback through the CLI's
    modules; each run exits 130 (or 2: done before the signal) with at most one line, or, cut in the interpreter's
    start-up or before the guard, as the interpreter does (a traceback or "Fatal Python error: init_import_site")."""
    timeout, lctg = shutil.which("timeout"), Path(sys.executable).with_name("lctg")
    if timeout is None or not lctg.is_file():
        pytest.skip("needs coreutils timeout and the installed lctg console script")
    env = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT)}
    argv = [
        timeout,
        "--preserve-status",
        "-s",
        "INT",
        delay,
        str(lctg),
        "sample",
        "--dataset",
        str(tmp_path / "none"),
        "-o",
        "x.jsonl",
    ]
    for _ in range(20):
        proc = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
        frames = [int(n) for n in _CLI_FRAME.findall(proc.stderr)]
        assert all(n == _guard_line() for n in frames), proc.stderr
        interpreter = ("Traceback", "Fatal Python error: init_import_site")
        # a bare "KeyboardInterrupt" line (exit 1) is the interpreter's report of a signal with no Python frame to
        # show: at start-up before the script's first line, or at exit after main returned
        if not any(s in proc.stderr for s in interpreter) and proc.stderr != "KeyboardInterrupt\n":
            assert proc.returncode in (130, 2), (proc.returncode, proc.stderr)  # interrupted, or done (no dataset)
            assert proc.stderr.count("\n") <= 1, proc.stderr
    assert not (tmp_path / "x.jsonl").exists()
