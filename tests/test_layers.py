"""Architecture checks: import-linter contracts (pyproject [tool.importlinter]), module size and docstrings."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

#: The style guide's ceiling for one module ("one job per file, ~300 lines at most").
MAX_LINES = 300


def test_import_contracts_hold():
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    proc = subprocess.run([exe, "--no-cache"], cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "0 broken" in proc.stdout


def _modules() -> list[Path]:
    return sorted(p for pkg in ("lctg_dataset", "lctg_metrics") for p in (PROJECT_ROOT / pkg).rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PROJECT_ROOT)))
def test_module_is_small_and_says_its_job(path: Path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_LINES, f"{path.name} has {len(text.splitlines())} lines"
    if text.strip():
        assert ast.get_docstring(ast.parse(text)), f"{path.name} has no module docstring"
