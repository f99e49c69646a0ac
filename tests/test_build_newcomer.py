"""``python build_dataset.py`` run by a Python without the project's dependencies: one line naming the missing
package and the install command, exit status 1, no traceback; a missing module of our own is not hidden."""

from __future__ import annotations

import subprocess
import sys

import pytest

import build_dataset
from tests.conftest import PROJECT_ROOT


@pytest.mark.slow
@pytest.mark.parametrize("args", [["--help"], []])
def test_without_the_dependencies_it_is_one_line(args, tmp_path):
    # -S: no site-packages, as a system Python without the venv (the standard library only)
    proc = subprocess.run(
        [sys.executable, "-S", str(PROJECT_ROOT / "build_dataset.py"), *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1 and proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert lines[0].startswith("build_dataset.py: the package '") and "is not installed in this Python" in lines[0]
    assert "pip install -e ." in lines[0]
    assert not (tmp_path / "lctg").exists()  # nothing was written


def test_only_a_missing_dependency_gets_the_hint():
    assert "'regex' is not installed" in build_dataset._missing(ModuleNotFoundError("no regex", name="regex"))
    assert "'pyarrow' is not installed" in build_dataset._missing(ModuleNotFoundError("x", name="pyarrow.parquet"))
    for ours in ("lctg_metrics.cli", "lctg_dataset.build", None):  # a broken checkout keeps its traceback
        assert build_dataset._missing(ModuleNotFoundError("x", name=ours)) is None


def test_with_the_dependencies_it_builds_as_lctg_build(capsys):
    with pytest.raises(SystemExit) as e:
        build_dataset.run(["--help"])
    assert e.value.code == 0 and "usage: build_dataset.py" in capsys.readouterr().out
