"""Lint and types as CI runs them: ``tools/lint.sh`` (ruff check, ruff format --check, mypy; settings in
pyproject.toml) passes on the tree, and fails, naming the finding, on a tree that has one; the settings keep the
agreed floor."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

SCRIPT = PROJECT_ROOT / "tools" / "lint.sh"
#: Where the test extra installs ruff and mypy: beside the interpreter running the tests.
BIN = Path(sys.executable).parent


def _env() -> dict[str, str]:
    for tool in ("ruff", "mypy"):
        if shutil.which(tool, path=str(BIN)) is None:
            pytest.skip(f"{tool} is not installed beside {sys.executable} (pip install -e '.[test]' installs it)")
    return {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "MYPY_CACHE_DIR": os.devnull}


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", str(root / "tools" / "lint.sh")], cwd=root, env=_env(), capture_output=True, text=True, timeout=900
    )


@pytest.mark.slow
def test_the_tree_is_clean():
    proc = _lint(PROJECT_ROOT)
    assert proc.returncode == 0, (
        proc.stdout[-6000:]
        + proc.stderr[-2000:]
        + "\n(tools/lint.sh --fix applies ruff's safe fixes and formats the tree)"
    )


def _small_tree(tmp_path: Path, metrics: str, build: str) -> Path:
    """A project with this project's settings and script, and the three places mypy checks."""
    (tmp_path / "tools").mkdir()
    shutil.copy(SCRIPT, tmp_path / "tools" / "lint.sh")
    shutil.copy(PROJECT_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for package, text in (("lctg_metrics", metrics), ("lctg_dataset", '"""Dataset."""\n')):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text(text, encoding="utf-8")
    (tmp_path / "build_dataset.py").write_text(build, encoding="utf-8")
    return tmp_path


CLEAN_METRICS = '"""Metrics."""\n\n\ndef half(n: int) -> float:\n    return n / 2\n'
CLEAN_BUILD = '"""Build."""\n\nimport sys\n\nprint(sys.argv)\n'


@pytest.mark.slow
def test_a_clean_small_tree_passes(tmp_path):
    proc = _lint(_small_tree(tmp_path, CLEAN_METRICS, CLEAN_BUILD))
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("metrics", "build", "expected"),
    [
        pytest.param(
            CLEAN_METRICS,
            CLEAN_BUILD.replace("import sys", "import os\nimport sys"),
            ["F401", "build_dataset.py"],
            id="an unused import",
        ),
        pytest.param(
            CLEAN_METRICS,
            CLEAN_BUILD.replace("print(sys.argv)", "print(sys.argv, '" + "x" * 130 + "')"),
            ["E501", "build_dataset.py"],
            id="a long line",
        ),
        pytest.param(
            CLEAN_METRICS,
            CLEAN_BUILD.replace("print(sys.argv)", "print( sys.argv )"),
            ["would be reformatted", "build_dataset.py"],
            id="unformatted code",
        ),
        pytest.param(
            CLEAN_METRICS.replace("return n / 2", 'return n + "2"'),
            CLEAN_BUILD,
            ["lctg_metrics/__init__.py:5: error"],
            id="a type error",
        ),
        pytest.param(
            CLEAN_METRICS + "\n\ndef f():\n    x: int = 'a'\n    return x\n",
            CLEAN_BUILD,
            ["lctg_metrics/__init__.py:9: error"],
            id="a type error in an unannotated function",
        ),
    ],
)
def test_a_finding_fails_and_is_named(tmp_path, metrics, build, expected):
    proc = _lint(_small_tree(tmp_path, metrics, build))
    assert proc.returncode != 0
    for text in expected:
        assert text in proc.stdout + proc.stderr


def test_the_settings_keep_the_floor():
    """The rule set, line length and mypy strictness agreed for the project cannot be lowered unnoticed; untyped
    third-party packages are named one by one, never skipped wholesale."""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]
    ruff, mypy = config["ruff"], config["mypy"]
    assert ruff["line-length"] == 120
    assert {"E", "F", "W", "I", "UP", "B"} <= set(ruff["lint"]["select"])
    assert set(ruff["lint"].get("ignore", [])) <= {"B905"}, "a new ignore needs its reason in pyproject.toml"
    assert set(mypy["files"]) == {"lctg_metrics", "lctg_dataset", "build_dataset.py"}
    for flag in ("check_untyped_defs", "warn_unused_ignores", "no_implicit_optional"):
        assert mypy.get(flag) is True, flag
    assert "ignore_missing_imports" not in mypy
    for override in mypy.get("overrides", []):
        modules = override["module"] if isinstance(override["module"], list) else [override["module"]]
        assert all(m.split(".")[0] not in ("lctg_metrics", "lctg_dataset", "build_dataset", "*") for m in modules)
