"""The contracts after the first layers contract (pyproject [tool.importlinter]): the inner layers of the inputs and
outputs packages, and no import cycle in any package. Each must see an import planted against it in a copy of the
packages (tests/test_layers.py does the same for the first contract)."""

from __future__ import annotations

import shutil
import tomllib

import pytest

from tests.conftest import PROJECT_ROOT
from tests.test_layers import _lint_imports


def _inner_layers() -> list[tuple[str, list[str]]]:
    """``(container, layers top first)`` of every layers contract with containers."""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return [
        (container, [name.strip() for layer in c["layers"] for name in layer.split("|")])
        for c in config["tool"]["importlinter"]["contracts"]
        if c["type"] == "layers" and c.get("containers")
        for container in c["containers"]
    ]


def test_inner_layers_name_every_module_of_their_package():
    """A module of ``inputs/`` or ``outputs/`` outside its package's layers would be unchecked there."""
    assert {container for container, _ in _inner_layers()} >= {"lctg_metrics.inputs", "lctg_metrics.outputs"}
    for container, layers in _inner_layers():
        folder = PROJECT_ROOT.joinpath(*container.split("."))
        modules = {p.stem for p in folder.glob("*.py") if p.name != "__init__.py"}
        assert modules == set(layers), f"{container}: modules {sorted(modules)}, layers {layers}"


#: (file, a line importing upward or closing a cycle, what lint-imports must report)
PLANTS = [
    (
        "lctg_metrics/outputs/targets.py",
        "import lctg_metrics.outputs.write",
        "outputs.targets -> lctg_metrics.outputs.write",
    ),
    (
        "lctg_metrics/outputs/checks.py",
        "import lctg_metrics.outputs.write",
        "outputs.checks -> lctg_metrics.outputs.write",
    ),
    (
        "lctg_metrics/inputs/parse.py",
        "import lctg_metrics.inputs.generations",
        "inputs.parse -> lctg_metrics.inputs.generations",
    ),
    ("lctg_metrics/inputs/folder.py", "import lctg_metrics.inputs.hub", "inputs.folder -> lctg_metrics.inputs.hub"),
    ("lctg_metrics/inputs/hub.py", "import lctg_metrics.inputs.families", "inputs.hub -> lctg_metrics.inputs.families"),
    (
        "lctg_metrics/ifsm/items.py",
        "def _planted():\n    from lctg_metrics.ifsm.readers import READERS",
        "No cycles are allowed in lctg_metrics.ifsm.",
    ),
    (
        "lctg_dataset/markdown.py",
        "def _planted():\n    from lctg_dataset.card import render",
        "No cycles are allowed in lctg_dataset.",
    ),
]


@pytest.mark.slow
def test_planted_imports_break_the_inner_contracts(tmp_path):
    """One copy of the packages with every plant, one lint-imports run: each plant is reported."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("lctg_dataset", "lctg_metrics"):
        shutil.copytree(PROJECT_ROOT / package, tmp_path / package, ignore=ignore)
    shutil.copy(PROJECT_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for path, line, _ in PLANTS:
        with (tmp_path / path).open("a", encoding="utf-8") as f:
            f.write(f"\n\n{line}  # planted by tests/test_inner_contracts.py\n")
    proc = _lint_imports(tmp_path)
    report = " ".join(proc.stdout.split())
    assert proc.returncode != 0, proc.stdout[-3000:]
    missed = [what for _, _, what in PLANTS if what not in report]
    assert not missed, f"lint-imports did not report {missed}:\n{proc.stdout[-3000:]}"
