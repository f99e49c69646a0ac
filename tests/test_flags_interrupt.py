"""Ctrl-C at any moment, including while a command is still loading its modules: one line, exit 130, no traceback.

Two ways in: SIGINT sent after fixed delays (0.0-0.5 s, the first ones land during the imports), and SIGINT raised
by the command itself at the import of each of a spread of the modules it loads (the same moments, made exact: a
finder placed before the real ones sends the signal when the module is asked for).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

LCTG = "import sys; from lctg_metrics.cli import main; sys.exit(main())"
BUILD = str(PROJECT_ROOT / "build_dataset.py")
#: Run before the command: a finder that sends SIGINT to the process when the module $LCTG_SIGINT_AT is asked for,
#: or, with $LCTG_LIST_IMPORTS, writes every module asked for (in order) to stderr at exit.
HOOK = """
import atexit, os, signal, sys
at, names = os.environ.get("LCTG_SIGINT_AT"), []
class Finder:
    def find_spec(self, name, path=None, target=None):
        names.append(name)
        if name == at:
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Finder())
if os.environ.get("LCTG_LIST_IMPORTS"):
    atexit.register(lambda: sys.stderr.write("\\nIMPORTS " + " ".join(names) + "\\n"))
"""


def _run(argv: list[str], *, delay: float | None = None, env: dict[str, str] | None = None) -> tuple[int, str]:
    """Run a command as a terminal would (Ctrl-C's default action), SIGINT after ``delay`` seconds if given."""
    full = {**os.environ, "PYTHONPATH": str(PROJECT_ROOT), "PYTHONUNBUFFERED": "1", **(env or {})}
    proc = subprocess.Popen(
        argv,
        cwd=PROJECT_ROOT,
        env=full,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    if delay is not None:
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=300)
    return proc.returncode, err


def _one_line(code: int, err: str, prog: str) -> None:
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 130 and len(lines) == 1 and lines[0].startswith(f"{prog}: interrupted; nothing written"), (code, err)


def _guard_lines() -> set[str]:
    """``File`` lines of build_dataset.py up to the statement that installs its handler (marked ``# GUARD``): a
    signal while the script's first lines run is the window that remains, as the interpreter's start-up is."""
    lines = Path(BUILD).read_text(encoding="utf-8").splitlines()
    last = next(n for n, line in enumerate(lines, 1) if "# GUARD" in line)
    return {f'File "{BUILD}", line {n}, in <module>' for n in range(1, last + 1)}


def _project_frames(err: str) -> list[str]:
    """The traceback lines that name a file of the project (its own code was running when Ctrl-C came), but for the
    build script's lines before its handler is set."""
    return [
        line
        for line in err.splitlines()
        if line.strip().startswith("File ")
        and str(PROJECT_ROOT) in line
        and "site-packages" not in line
        and line.strip() not in _guard_lines()
    ]  # the venv may sit inside the checkout: its installed files (the editable finder) are the interpreter's start


@pytest.fixture(scope="module")
def generations(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    from lctg_metrics.inputs.folder import read_rows

    path = tmp_path_factory.mktemp("gens") / "g.jsonl"
    path.write_text(
        "".join(
            json.dumps({"id": r["id"], "generation": "テスト"}, ensure_ascii=False) + "\n"
            for r in read_rows(built_dataset)
        ),
        encoding="utf-8",
    )
    return path


@pytest.mark.slow
def test_sigint_at_the_import_of_each_module_lctg_score_loads(built_dataset: Path, generations: Path) -> None:
    argv = [sys.executable, "-c", HOOK + LCTG, "score", str(generations), "--dataset", str(built_dataset)]
    code, err = _run(argv, env={"LCTG_LIST_IMPORTS": "1"})
    assert code == 0, err
    names = err.rpartition("IMPORTS ")[2].split()
    # from the first module lctg_metrics.cli loads after its guard to the last one the command asks for
    loaded = names[names.index("lctg_metrics.cli.interrupt") + 1 :]
    assert len(loaded) > 20, loaded
    picks = sorted({loaded[round(k * (len(loaded) - 1) / 11)] for k in range(12)}, key=loaded.index)
    for name in picks:
        code, err = _run(argv, env={"LCTG_SIGINT_AT": name})
        assert "Traceback" not in err, f"Ctrl-C at the import of {name}:\n{err}"
        _one_line(code, err, "lctg score")


@pytest.mark.slow
def test_sigint_at_the_import_of_each_module_build_dataset_py_loads(tmp_path: Path) -> None:
    script = tmp_path / "hooked_build.py"  # the script as it is, after the finder (so __main__ stays the script)
    future = "from __future__ import annotations\n"
    head, _, rest = Path(BUILD).read_text(encoding="utf-8").partition(future)
    script.write_text(head + future + HOOK + rest, encoding="utf-8")
    argv = [sys.executable, str(script), "--help"]
    code, err = _run(argv, env={"LCTG_LIST_IMPORTS": "1"})
    assert code == 0, err
    loaded = err.rpartition("IMPORTS ")[2].split()
    assert "lctg_metrics.cli" in loaded and len(loaded) > 20, loaded
    for name in sorted({loaded[round(k * (len(loaded) - 1) / 9)] for k in range(10)}, key=loaded.index):
        code, err = _run(argv, env={"LCTG_SIGINT_AT": name})
        assert "Traceback" not in err, f"Ctrl-C at the import of {name}:\n{err}"
        _one_line(code, err, "build_dataset.py")


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.5])
def test_sigint_after_a_delay_is_one_line_from_the_first_line_of_build_dataset_py(delay: float, tmp_path: Path) -> None:
    """From the script's first line on, Ctrl-C is one line and 130 and leaves no folder (a build is still loading or
    building at 0.5 s on a quiet machine; one the signal reaches only after it wrote is whole, exit 0). Earlier, only
    the interpreter's own start-up can be hit (killed by the signal before Python set its handler, or a traceback of
    site start-up frames alone): no frame of the project may be in it."""
    code, err = _run([sys.executable, BUILD, "-o", str(tmp_path / "lctg")], delay=delay)
    if code == 0:  # the build (about a second) finished before the signal came, on a loaded machine: whole
        assert err.strip() == f"wrote {tmp_path / 'lctg'}", err
        assert (tmp_path / "lctg" / "manifest.json").is_file()
        return
    if code == 130 or not err:
        if code != -signal.SIGINT:
            _one_line(code, err, "build_dataset.py")
    else:
        assert _project_frames(err) == [], err
    assert not (tmp_path / "lctg").exists()


#: A Ctrl-C that lands where Python cannot raise it: a weakref callback (as the import machinery's module-lock
#: callbacks are) raising KeyboardInterrupt is "Exception ignored" and the program goes on.
SWALLOWED = """
import sys, time, weakref
class Held: pass
held = Held()
def callback(ref): raise KeyboardInterrupt
ref = weakref.ref(held, callback)
del held
for _ in range(200): time.sleep(0.001)
"""
#: The same, with work that goes on for up to 20 s: the interrupt delivered again ends it at once, however long a busy
#: machine takes to run the thread that delivers it.
SWALLOWED_LONG = SWALLOWED.replace("range(200)", "range(20000)")


def _terminal() -> None:
    """Ctrl-C's default action in the child, as under a terminal: a run started in the background of a shell without
    job control ignores SIGINT, its children inherit that, and Python then installs no handler to raise it."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_python_swallows_a_ctrl_c_in_a_weakref_callback() -> None:
    """What the next tests guard against, seen as Python does it: the interrupt is printed and lost."""
    done = subprocess.run([sys.executable, "-c", SWALLOWED + "print('went on')"], capture_output=True, text=True)
    assert done.stdout == "went on\n" and "Exception ignored" in done.stderr, done


def test_a_swallowed_ctrl_c_is_delivered_again() -> None:
    code = "from lctg_metrics.cli import swallowed\nsys.unraisablehook = swallowed.redelivered(sys.unraisablehook)\n"
    program = (
        "import sys\n" + code + "try:\n" + "".join(f"    {line}\n" for line in SWALLOWED_LONG.strip().splitlines())
    )
    program += "    print('went on')\nexcept KeyboardInterrupt:\n    print('interrupted')\n"
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=PROJECT_ROOT, preexec_fn=_terminal
    )
    assert done.stdout == "interrupted\n" and "Exception ignored" not in done.stderr, done


def test_a_command_whose_ctrl_c_python_swallowed_is_one_line_and_130(tmp_path: Path) -> None:
    """A running command (here `lctg prompts`, its work replaced by the swallowed Ctrl-C) stops with one line and
    130, writing nothing, as when the signal is raised where Python can raise it."""
    out = tmp_path / "prompts.jsonl"
    program = (
        "import sys\nimport lctg_metrics.cli as cli\n"
        "def run_command(*args, **kwargs):\n"
        + "".join(f"    {line}\n" for line in SWALLOWED_LONG.strip().splitlines())
        + "    return 0\n"
        "cli.run_command = run_command\n"
        f"sys.exit(cli.main(['prompts', '--dataset', 'lctg', '-o', {str(out)!r}]))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, cwd=tmp_path, preexec_fn=_terminal
    )
    assert done.returncode == 130, done
    assert done.stderr.startswith("lctg prompts: interrupted;") and done.stderr.count("\n") == 1, done.stderr
    assert not out.exists()
