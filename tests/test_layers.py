"""Architecture checks: import-linter contracts (pyproject [tool.importlinter]) that cover every module and break on
a planted upward import, module size and docstrings."""

from __future__ import annotations

import ast
import io
import shutil
import subprocess
import sys
import tokenize
import tomllib
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT

#: The style guide's ceiling for one module ("one job per file, ~300 lines at most"), counted in logical lines
#: (:func:`logical_lines`) so that the formatter's layout of one long call does not count as several.
MAX_LINES = 250  # logical lines: about 300 as this code base writes them (the largest module: 243 of 296)


#: The top layer: nothing may import it.
TOP = "lctg_metrics.cli"


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if exe is None:
        pytest.skip("import-linter is not installed (pip install -e '.[test]')")
    return subprocess.run([exe, "--no-cache"], cwd=root, capture_output=True, text=True, timeout=300)


def _layers() -> list[str]:
    """Every module named in the lctg_metrics layers contract, top first."""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    return [name.strip() for layer in contract["layers"] for name in layer.split("|")]


def _module_name(path: Path) -> str:
    parts = path.relative_to(PROJECT_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_import_contracts_hold():
    proc = _lint_imports(PROJECT_ROOT)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "0 broken" in proc.stdout


def test_every_module_is_in_a_layer():
    """A new package or module outside every layer would be unchecked: each one must be named (or sit under a
    name) in the layers contract. The root package itself is in none, so it may import nothing of ours."""
    layers = _layers()
    modules = sorted({_module_name(p) for p in (PROJECT_ROOT / "lctg_metrics").rglob("*.py")})
    uncovered = [
        m
        for m in modules
        if m != "lctg_metrics" and not any(m == layer or m.startswith(layer + ".") for layer in layers)
    ]
    assert not uncovered, f"not in any layer of the lctg_metrics contract (pyproject.toml): {uncovered}"
    root = ast.parse((PROJECT_ROOT / "lctg_metrics" / "__init__.py").read_text(encoding="utf-8"))
    ours = [
        n
        for n in ast.walk(root)
        if isinstance(n, ast.ImportFrom)
        and (n.level > 0 or (n.module or "").partition(".")[0] in ("lctg_metrics", "lctg_dataset"))
    ]
    assert not ours, "lctg_metrics/__init__.py sits in no layer: it must not import the package's modules"


def _planted_in(layer: str, root: Path) -> Path:
    """The module of ``layer`` that gets the planted import: a submodule when the layer is a package (so the
    contract is seen to reach inside it), else the module itself."""
    base = root.joinpath(*layer.split("."))
    if base.is_dir():
        inner = sorted(p for p in base.rglob("*.py") if p.name != "__init__.py")
        return inner[0] if inner else base / "__init__.py"
    return base.with_suffix(".py")


#: Every layer below the top, and the families importing each other (siblings must stay independent).
PLANTS = [(layer, TOP) for layer in _layers() if layer != TOP] + [
    ("lctg_metrics.instructions", "lctg_metrics.ifsm"),
    ("lctg_metrics.ifsm", "lctg_metrics.instructions"),
]


@pytest.fixture(scope="module")
def planted_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[tuple[str, str], str], str]:
    """A copy of the packages with one forbidden import planted per entry of :data:`PLANTS`, and lint-imports' report
    on it (one run for all of them)."""
    root = tmp_path_factory.mktemp("planted")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("lctg_dataset", "lctg_metrics"):
        shutil.copytree(PROJECT_ROOT / package, root / package, ignore=ignore)
    shutil.copy(PROJECT_ROOT / "pyproject.toml", root / "pyproject.toml")
    planted: dict[tuple[str, str], str] = {}
    for layer, target in PLANTS:
        path = _planted_in(layer, root)
        with path.open("a", encoding="utf-8") as f:
            f.write(f"\nimport {target}  # planted by tests/test_layers.py\n")
        parts = path.relative_to(root).with_suffix("").parts
        planted[(layer, target)] = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    proc = _lint_imports(root)
    assert proc.returncode != 0 and "0 broken" not in proc.stdout, proc.stdout[-3000:]
    return planted, " ".join(proc.stdout.split())


@pytest.mark.parametrize(("layer", "target"), PLANTS, ids=[f"{a}->{b}" for a, b in PLANTS])
def test_a_planted_upward_import_breaks_the_contract(planted_report, layer, target):
    planted, report = planted_report
    module = planted[(layer, target)]
    assert f"{module} -> {target}" in report, f"lint-imports did not report {module} -> {target}"


def _modules() -> list[Path]:
    return sorted(p for pkg in ("lctg_dataset", "lctg_metrics") for p in (PROJECT_ROOT / pkg).rglob("*.py"))


def logical_lines(text: str) -> int:
    """Statements (as ``tokenize`` ends them), comment-only lines and the further lines of multi-line strings: a
    module's size whatever the formatter does with long calls (one argument per line is one statement still)."""
    tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    statements = sum(t.type == tokenize.NEWLINE for t in tokens)
    comments = sum(t.type == tokenize.COMMENT and not t.line[: t.start[1]].strip() for t in tokens)
    strings = sum(t.end[0] - t.start[0] for t in tokens if t.type == tokenize.STRING)
    return statements + comments + strings


def test_logical_lines_count_statements_not_layout():
    one = "x = f(a, b, c)\n"
    exploded = "x = f(\n    a,\n    b,\n    c,\n)\n"
    assert logical_lines(one) == logical_lines(exploded) == 1
    assert logical_lines('"""Doc\n\nmore."""\n# note\ny = 1  # trailing\n') == 2 + 1 + 1 + 1


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(PROJECT_ROOT)))
def test_module_is_small_and_says_its_job(path: Path):
    text = path.read_text(encoding="utf-8")
    assert logical_lines(text) <= MAX_LINES, f"{path.name} has {logical_lines(text)} logical lines"
    if text.strip():
        assert ast.get_docstring(ast.parse(text)), f"{path.name} has no module docstring"


def test_the_test_tiers_are_declared():
    """``-m "not slow"`` is the fast loop (the marker is registered, so a typo in it fails under --strict-markers), and
    property tests run without a wall-clock deadline (tests never assert on time)."""
    from hypothesis import settings

    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(m.startswith("slow:") for m in config["tool"]["pytest"]["ini_options"]["markers"])
    assert settings().deadline is None
