"""One test run of tools/mutation.py under declared limits: an address-space cap set in the child
(``RLIMIT_AS``) and a wall-clock timeout derived from the unmutated run; which limit a killed run stopped at."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from mutation_targets import Target

#: Address space of each test run (bytes, RLIMIT_AS): the unmutated suites need well under 1 GiB; a mutant that
#: allocates in a loop (``j += 0`` in a table checker once took 19 GB) stops here, not at the machine's memory.
MEMORY_CAP = 4 << 30
#: A mutant's tests may run TIMEOUT_FACTOR times the unmutated run plus TIMEOUT_EXTRA seconds (a busy shared
#: machine slows a run by several times; a mutant that loops never ends).
TIMEOUT_FACTOR, TIMEOUT_EXTRA = 10.0, 30.0
#: Run in the child before the test command: the cap, stderr joined to stdout (cosmic-ray keeps stdout only).
_CAPPED = (
    "import os, resource, sys; n = int(sys.argv[1]); resource.setrlimit(resource.RLIMIT_AS, (n, n)); "
    "os.dup2(1, 2); os.execvp(sys.argv[2], sys.argv[2:])"
)
#: Test runs load only the plugin the tests use (hypothesis'): finding and loading every installed plugin took half
#: the CPU of a short test run (1.2 of 2.5 s user time for the aggregation files), paid again by every mutant.
PLUGINS = {"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
#: How a test run that hit the memory cap shows (Python's MemoryError, a C library's failed allocation).
_OUT_OF_MEMORY = re.compile(r"\bMemoryError\b|Cannot allocate memory|std::bad_alloc|out of memory")


@dataclass(frozen=True)
class Limits:
    """The declared limits of one test run: address space in bytes, wall-clock seconds."""

    memory: int = MEMORY_CAP
    timeout: float = 900.0


def capped(command: list[str], memory: int) -> list[str]:
    """``command`` run under an address-space cap of ``memory`` bytes (set in the child, before exec)."""
    return [sys.executable, "-c", _CAPPED, str(memory), *command]


def run_limited(command: list[str], cwd: Path, env: dict[str, str], limits: Limits) -> tuple[int | None, str]:
    """Run ``command`` under ``limits``: (exit status, output), or (None, "timeout") when the time ran out (the
    whole process group is killed)."""
    proc = subprocess.Popen(
        capped(command, limits.memory),
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        start_new_session=True,
    )
    try:
        out, _ = proc.communicate(timeout=limits.timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None, "timeout"
    return proc.returncode, out


def limit_hit(output: str) -> str | None:
    """Which limit a killed mutant's test run stopped at: "timeout", "memory", or None (a test failed)."""
    if output.strip() == "timeout":  # what run_limited and cosmic-ray record for a run out of time
        return "timeout"
    return "memory" if _OUT_OF_MEMORY.search(output) else None


def timeout_for(baseline: float) -> float:
    """A mutant's time limit from the unmutated run's time (seconds)."""
    return TIMEOUT_FACTOR * baseline + TIMEOUT_EXTRA


def pytest_command(copy: Path, target: Target) -> list[str]:
    markers = ["-m", target.markers] if target.markers else []
    plugins = ["-p", "_hypothesis_pytestplugin"]  # the one plugin left to load (see PLUGINS)
    return [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *plugins, *markers, *target.tests]


def pytest_env(copy: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(copy), "PYTHONDONTWRITEBYTECODE": "1", **PLUGINS}


def baseline(copy: Path, target: Target, limits: Limits) -> float:
    """Seconds the unmutated tests take under ``limits``; raises ``RuntimeError`` naming the failure when they do
    not pass (every mutant would look killed)."""
    start = time.monotonic()
    status, out = run_limited(pytest_command(copy, target), copy, pytest_env(copy), limits)
    if status != 0:
        hit = limit_hit(out)
        last = out.strip().splitlines()[-1] if out.strip() else "no output"
        why = f"stopped at the {hit} limit" if hit else f"exit status {status}: {last}"
        raise RuntimeError(f"the unmutated tests ({' '.join(target.tests)}) do not pass: {why}")
    return time.monotonic() - start
