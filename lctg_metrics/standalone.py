"""Generate the self-contained evaluate metric module from the package: the metric script and every module it
needs, flattened into ``_lctg_*.py`` files beside it with their imports made relative.

    lctg_metrics.scoring.counts  ──►  _lctg_scoring_counts.py     (``from ._lctg_scoring_counts import Counts``)
    lctg_dataset.constants       ──►  _lctg_dataset_constants.py

``evaluate.load`` copies only the local files its metric script imports as ``from .name import …`` (one level
deep), so the generated script names every flattened module in such a line. Imports of what the standalone
module leaves out (:data:`LEFT_OUT`: the LLM client and the package's build side) become a one-line ``ImportError``
with the install hint; they may only happen inside functions, which the generator checks. The Hub code is kept: a
dataset named by Hub repo id is fetched with ``huggingface_hub`` (which ``evaluate`` brings), so the module resolves
``dataset="org/lctg", revision="v1.0.0"`` in a fresh venv or a metric Space as the package does.
"""

from __future__ import annotations

import ast
import importlib.util
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

#: The packages whose modules are flattened.
PACKAGES = ("lctg_metrics", "lctg_dataset")
#: Left out of the standalone module, and what to do instead (the LLM client needs the ``llm`` extra of this
#: package, which is not on PyPI).
_INSTALL = 'pip install "lctg[llm] @ <the lctg source folder or its git URL>"'
LEFT_OUT: dict[str, str] = {
    "lctg_metrics.llm": f"the LLM cleaner and judge need the lctg package with its llm extra ({_INSTALL}); then "
    "score with lctg_metrics.api.score_predictions or `lctg score`",
    "lctg_dataset": f"install the lctg package ({_INSTALL})",
}
#: Kept although under ``LEFT_OUT`` (each with its submodules): plain data and file names the scoring core reads, the
#: Possible Stories rows the IFSM module builds from a local copy (standard library only), and what the Hub code
#: reads (the snapshot fetch of ``loader``, the build manifest's name in ``output``; ``huggingface_hub`` and
#: ``datasets`` imported inside functions), and how a folder named in an environment variable is read (``env_paths``).
KEPT = (
    "lctg_dataset.constants",
    "lctg_dataset.layout",
    "lctg_dataset.jsonl",
    "lctg_dataset.digest",
    "lctg_dataset.stories",
    "lctg_dataset.loader",
    "lctg_dataset.output",
    "lctg_dataset.errors",
    "lctg_dataset.env_paths",
)
#: File-name prefix of every flattened module.
PREFIX = "_lctg"
#: The line of ``lctg_metrics/__init__.py`` that the generator fills with the package's version (a standalone module
#: has no package metadata to read it from).
VERSION_LINE = "STANDALONE_VERSION: str | None = None\n"


class GeneratorError(RuntimeError):
    """The package cannot be flattened as it stands (a left-out module imported at module level, a name clash)."""


def local_name(module: str) -> str:
    """``lctg_metrics.scoring.counts`` -> ``_lctg_scoring_counts``; ``lctg_dataset.constants`` ->
    ``_lctg_dataset_constants``; the ``lctg_metrics`` package itself -> ``_lctg``."""
    head, _, rest = module.partition(".")
    parts = ([] if head == "lctg_metrics" else ["dataset"]) + (rest.split(".") if rest else [])
    return "_".join([PREFIX, *parts])


def left_out(module: str) -> str | None:
    """What to do instead of importing ``module`` if the standalone module leaves it out, else None."""
    if any(module == k or module.startswith(k + ".") for k in KEPT):
        return None
    return next((hint for p, hint in LEFT_OUT.items() if module == p or module.startswith(p + ".")), None)


def _source_file(module: str) -> Path | None:
    """The file of ``module`` (a package's ``__init__.py``); None if it is not a module of ours."""
    head = module.partition(".")[0]
    if head not in PACKAGES:
        return None
    spec = importlib.util.find_spec(head)
    assert spec is not None and spec.submodule_search_locations is not None
    base = Path(list(spec.submodule_search_locations)[0]).joinpath(*module.split(".")[1:])
    for path in (base / "__init__.py", base.with_suffix(".py")):
        if path.is_file():
            return path
    return None


@dataclass(frozen=True)
class _Import:
    """One ``from lctg_… import a, b as c`` statement: its lines, and per imported name the module it loads."""

    node: ast.ImportFrom
    targets: tuple[tuple[str, str, str | None], ...]  # (module, name, submodule or None)
    in_function: bool


def _imports(tree: ast.Module) -> list[_Import]:
    found: list[_Import] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import) and any(a.name.partition(".")[0] in PACKAGES for a in child.names):
                raise GeneratorError(f"line {child.lineno}: write `from lctg_… import name`, not `import lctg_…`")
            if (
                isinstance(child, ast.ImportFrom)
                and child.level == 0
                and child.module
                and child.module.partition(".")[0] in PACKAGES
            ):
                targets = []
                for a in child.names:
                    sub = f"{child.module}.{a.name}"
                    targets.append((child.module, a.name, sub if _source_file(sub) else None))
                found.append(_Import(child, tuple(targets), in_function))
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            visit(child, inner)

    visit(tree, False)
    return found


def _rewrite(source: str, where: str) -> tuple[str, list[str]]:
    """``source`` with every import of our packages made relative to the flattened modules, and the modules it
    loads."""
    script, loaded = _rewritten(source, where)
    return script, list(loaded)


@lru_cache(maxsize=1024)
def _rewritten(source: str, where: str) -> tuple[str, tuple[str, ...]]:
    """:func:`_rewrite`, kept per source text: every build and module written in one process parses each file once."""
    lines = source.splitlines(keepends=True)
    loaded: list[str] = []
    for imp in sorted(_imports(ast.parse(source)), key=lambda i: i.node.lineno, reverse=True):
        node = imp.node
        indent = lines[node.lineno - 1][: node.col_offset]
        out: list[str] = []
        names: list[str] = []  # names imported from the module itself, one statement for all of them
        for (module, name, sub), alias in zip(imp.targets, node.names):
            target = sub or module
            hint = left_out(target)
            if hint:
                if not imp.in_function:
                    raise GeneratorError(
                        f"{where}:{node.lineno}: {target} is left out of the standalone module "
                        "and may only be imported inside a function"
                    )
                message = f"{target} is not part of this standalone metric module: {hint}"
                out, names = [f"raise ImportError({message!r})"], []
                break
            loaded.append(target)
            if sub:
                out.append(f"from . import {local_name(sub)} as {alias.asname or name}")
            else:
                names.append(name + (f" as {alias.asname}" if alias.asname else ""))
        if names:
            out.insert(0, f"from .{local_name(node.module or '')} import {', '.join(names)}")
        end = lines[node.end_lineno - 1]  # type: ignore[operator]  # parsed source: end_lineno is set
        tail = end[node.end_col_offset :].rstrip("\n")  # a trailing comment, kept
        lines[node.lineno - 1 : node.end_lineno] = [indent + f"\n{indent}".join(out) + tail + "\n"]
    return "".join(lines), tuple(dict.fromkeys(loaded))


def flatten(entry_source: str, entry_name: str) -> tuple[str, dict[str, str]]:
    """The rewritten entry script and ``{file name: source}`` of every module it needs, transitively."""
    script, todo = _rewrite(entry_source, entry_name)
    files: dict[str, str] = {}
    owners: dict[str, str] = {}
    order: list[str] = []
    while todo:
        module = todo.pop(0)
        name = local_name(module) + ".py"
        if owners.get(name) == module:
            continue
        if name in owners:
            raise GeneratorError(f"{module} and {owners[name]} both flatten to {name}")
        found = _source_file(module)
        if found is None:
            raise GeneratorError(f"{module}: no such module in {', '.join(PACKAGES)}")
        owners[name] = module
        order.append(name)
        files[name], more = _rewrite(found.read_text(encoding="utf-8"), str(found))
        if module == "lctg_metrics":
            files[name] = _stamped(files[name], str(found))
        todo += [m for m in more if m not in owners.values()]
    return script, {n: files[n] for n in sorted(order)}


def _stamped(source: str, where: str) -> str:
    """The package's ``__init__`` with the version it was generated from written into :data:`VERSION_LINE`."""
    from lctg_metrics import __version__

    if source.count(VERSION_LINE) != 1:
        raise GeneratorError(f"{where}: expected one line {VERSION_LINE.strip()!r} to write the version into")
    return source.replace(VERSION_LINE, f"STANDALONE_VERSION: str | None = {__version__!r}\n")


def listing(files: dict[str, str]) -> str:
    """Lines that make ``evaluate.load`` copy every flattened module (it copies what ``from .name import`` names)."""
    head = (
        "# The scoring core, generated from the lctg package (lctg_metrics.standalone); evaluate copies the\n"
        "# local modules a metric script imports by name, so each one is named here. (No comment may follow an\n"
        "# import in this file: evaluate would read it as a URL to download.)\n"
    )
    return head + "".join(f"from .{n[:-3]} import __name__ as _\n" for n in files)


def standalone_module(
    script_source: str, script_name: str = "lctg_ctg.py", *, extra_listing: str = ""
) -> dict[str, str]:
    """``{file name: source}`` of the self-contained metric module: the script (the listing after its imports, then
    ``extra_listing``: lines naming data folders for ``evaluate`` to copy) and the flattened modules."""
    script, files = flatten(script_source, script_name)
    commented = [line for line in script.splitlines() if line.startswith(("from ", "import ")) and "#" in line]
    if commented:
        raise GeneratorError(
            f"{script_name}: no comment may follow an import (evaluate reads it as a URL): {commented[0]!r}"
        )
    tree = ast.parse(script)
    last_import = max(n.end_lineno or n.lineno for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom)))
    lines = script.splitlines(keepends=True)
    lines.insert(last_import, "\n" + listing(files) + extra_listing)
    out = {script_name: "".join(lines)}
    out.update(files)
    return out
