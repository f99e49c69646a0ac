"""lctg_dataset stands alone and its modules import one another without cycles; each module stays small."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import PROJECT_ROOT
from tests.test_layers import MAX_LINES, logical_lines

PACKAGE = PROJECT_ROOT / "lctg_dataset"


def _imports(path: Path) -> set[str]:
    """Every module a file imports (at any depth, including function-level imports)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out |= {f"{node.module}.{a.name}" for a in node.names}
    return out


def _graph() -> dict[str, set[str]]:
    modules = {f"lctg_dataset.{p.stem}": p for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    return {name: {m for m in _imports(path) if m in modules and m != name} for name, path in modules.items()}


def test_never_imports_lctg_metrics():
    offenders = [p.name for p in PACKAGE.rglob("*.py") if any(m.split(".")[0] == "lctg_metrics" for m in _imports(p))]
    assert offenders == []


def test_no_import_cycles():
    graph = _graph()
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph[node]):
            assert state.get(dep) != 1, "import cycle: " + " -> ".join(path + [node, dep])
            if dep not in state:
                visit(dep, path + [node])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])


def test_pipeline_layers_flow_one_way():
    graph = _graph()
    # the pipeline does no file writing and knows nothing of the CLI; nothing low imports the writer or the CLI
    assert (
        "lctg_dataset.write" not in graph["lctg_dataset.build"]
        and "lctg_dataset.cli" not in graph["lctg_dataset.build"]
    )
    for low in ("constants", "layout", "errors", "source", "templates", "validate", "rows", "card", "configs"):
        assert not graph[f"lctg_dataset.{low}"] & {"lctg_dataset.build", "lctg_dataset.write", "lctg_dataset.cli"}, low


def test_modules_are_small_and_say_their_job():
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert logical_lines(text) <= MAX_LINES, path.name  # the one measure of tests/test_layers.py
        assert ast.get_docstring(ast.parse(text)), f"{path.name} has no module docstring"


def test_card_template_is_package_data_and_the_root_card_links_to_it():
    root_card = PROJECT_ROOT / "dataset_card.md"
    assert root_card.is_symlink() and not Path(root_card.readlink()).is_absolute()
    assert root_card.resolve() == (PACKAGE / "card_template.md").resolve()
