"""The standalone ``lctg_if`` module a build ships knows every instruction id the package knows: its flattened
registry, imported in this process as a package of its own, holds the same ids. Each module that registers checkers
is found here by reading the sources (a line starting ``@instruction(``), not from the list the package keeps."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from lctg_metrics.instructions import REGISTRY
from lctg_metrics.metric_module import METRICS, metric_files
from lctg_metrics.standalone import local_name
from tests.conftest import PROJECT_ROOT


def _registering_modules() -> set[str]:
    folder = PROJECT_ROOT / "lctg_metrics" / "instructions"
    return {
        f"lctg_metrics.instructions.{path.stem}"
        for path in folder.glob("*.py")
        if any(line.startswith("@instruction(") for line in path.read_text(encoding="utf-8").splitlines())
    }


def test_every_registering_module_is_shipped_and_the_shipped_registry_is_whole(tmp_path: Path, monkeypatch) -> None:
    files = metric_files(METRICS["lctg_if"])
    modules = _registering_modules()
    assert len(modules) >= 6  # checks_answer, _format, _length, _rules, _script, _task at least
    for module in sorted(modules):
        assert f"lctg_if/{local_name(module)}.py" in files, module

    package = tmp_path / "shipped_if"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for name, data in files.items():
        if name.endswith(".py"):
            (package / name.split("/", 1)[1]).write_bytes(data)
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        importlib.import_module("shipped_if.lctg_if")
        shipped = importlib.import_module(f"shipped_if.{local_name('lctg_metrics.instructions.registry')}")
        assert set(shipped.REGISTRY) == set(REGISTRY)
        assert {"format:json", "format:two_responses", "format:quotation"} <= set(shipped.REGISTRY)
    finally:
        for name in [n for n in sys.modules if n == "shipped_if" or n.startswith("shipped_if.")]:
            del sys.modules[name]
