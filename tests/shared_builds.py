"""Builds that several tests read and none writes, made once per test run: by the first xdist worker that asks, and
reused by the others (and by every later module of the same worker). The same for a fixture's value (a module-scoped
fixture runs once per worker that runs a test of its module: with ``-n 2`` often twice).

Each is keyed by its name, the digests of the sources it reads and of the build code; it is written into a temp
folder and renamed into place under a file lock, so a folder that is visible is a finished one.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import tempfile
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest

try:
    import fcntl
except ImportError:  # Windows: no flock; each worker then builds on its own (the rename keeps folders whole)
    fcntl = None  # type: ignore[assignment]

PROJECT_ROOT = Path(__file__).resolve().parent.parent
T = TypeVar("T")


def _digest(paths: Iterable[Path], base: Path) -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in paths if p.is_file() and "__pycache__" not in p.parts):
        h.update(path.relative_to(base).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _shared_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This run's folder shared by its xdist workers (each worker's own base folder is inside it), or this run's own
    base folder without xdist."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def shared_build(
    tmp_path_factory: pytest.TempPathFactory, name: str, sources: Sequence[Path], make: Callable[[Path], object]
) -> Path:
    """``make(folder)`` run once per test run for ``name`` and ``sources``; the folder it wrote."""
    code = _digest(
        (p for pkg in ("lctg_dataset", "lctg_metrics") for p in (PROJECT_ROOT / pkg).rglob("*")), PROJECT_ROOT
    )
    key = "-".join((name, *(_digest(s.rglob("*"), s) for s in sources), code))
    root = _shared_root(tmp_path_factory)
    final = root / key
    with open(root / f"{key}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not final.is_dir():
            tmp = Path(tempfile.mkdtemp(dir=root, prefix=f".{key}."))
            try:
                make(tmp / "lctg")
            except BaseException:
                shutil.rmtree(tmp, ignore_errors=True)
                raise
            try:
                os.rename(tmp, final)
            except OSError:
                shutil.rmtree(tmp, ignore_errors=True)
                if not final.is_dir():  # unlocked (no flock): another worker renamed its build first
                    raise
    return final / "lctg"


def lctg_build(tmp_path_factory: pytest.TempPathFactory, source_dir: Path, name: str, **options: Any) -> Path:
    """``build(source_dir, **options)`` written with the metric modules, once per test run."""

    def make(out: Path) -> None:
        from lctg_dataset.build import build
        from lctg_dataset.write import write_dataset
        from lctg_metrics.metric_module import module_files as metric_module_files

        write_dataset(build(str(source_dir), **options), out, extra_files=metric_module_files())

    return shared_build(tmp_path_factory, name, [source_dir], make)


def stories_build(source_dir: Path, stories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``build(source, stories=True, stories_source=stories)`` written to a folder, once per test run."""

    def make(out: Path) -> None:
        from lctg_dataset.build import build
        from lctg_dataset.write import write_dataset

        write_dataset(build(str(source_dir), stories=True, stories_source=stories), out)

    return shared_build(tmp_path_factory, "stories_build", [source_dir, stories], make)


def shared_value(
    tmp_path_factory: pytest.TempPathFactory, name: str, sources: Sequence[Path], compute: Callable[[Path], T]
) -> T:
    """``compute(work)`` (``work``: a fresh folder of this worker) run once per test run for ``name`` and ``sources``;
    its value is pickled beside the shared builds and read back by every worker that asks, the first one included."""

    def make(out: Path) -> None:
        out.mkdir(parents=True)
        (out / "value.pickle").write_bytes(pickle.dumps(compute(tmp_path_factory.mktemp(name))))

    return pickle.loads((shared_build(tmp_path_factory, name, sources, make) / "value.pickle").read_bytes())
