"""Packaging: a non-editable wheel installed into a fresh virtual environment builds the dataset (card template,
evaluate module and every data file come from the package, not from the repository) and scores with it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import PROJECT_ROOT


def _run(cmd: list[str], cwd: Path, timeout: int = 900) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"{cmd}: {proc.stdout[-2000:]}\n{proc.stderr[-3000:]}"
    return proc.stdout


@pytest.mark.slow
def test_wheel_in_a_fresh_venv_builds_the_dataset(tmp_path, source_dir):
    dist, src = tmp_path / "dist", tmp_path / "src"
    tracked = subprocess.run(["git", "ls-files", "-z"], cwd=PROJECT_ROOT, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode("utf-8").split("\0")):  # build from a copy: setuptools writes build/
        target = src / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if (PROJECT_ROOT / name).is_symlink():
            target.symlink_to(os.readlink(PROJECT_ROOT / name))
        elif (PROJECT_ROOT / name).is_file():
            shutil.copyfile(PROJECT_ROOT / name, target)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dist, src], cwd=tmp_path)
    wheel = next(dist.glob("lctg-*.whl"))
    venv = tmp_path / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", venv], cwd=tmp_path)
    # Installed by this interpreter's pip into the venv (--python): a venv made without pip is ready in 0.2 s, not ~8 s.
    # --no-compile: pip byte-compiles every file it installs (evaluate's install: 59 s with it, 22 s without, warm
    # cache, load 4.5); it ignores compile errors, so that checked nothing: what runs is compiled on import
    _run(
        [sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install", "-q", "--no-compile", wheel],
        cwd=tmp_path,
    )
    where = _run(
        [venv / "bin" / "python", "-c", "import lctg_metrics, lctg_dataset; print(lctg_metrics.__file__)"], cwd=tmp_path
    )
    assert str(PROJECT_ROOT) not in where and "site-packages" in where
    out = tmp_path / "lctg"
    _run([venv / "bin" / "lctg", "build", "--source", source_dir, "--output", out], cwd=tmp_path)
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert (out / "lctg_ctg" / "lctg_ctg.py").is_file() and (out / "README.md").is_file()
    assert "lctg_ctg/lctg_ctg.py" in json.dumps(manifest)
    gens = tmp_path / "g.jsonl"
    _run([venv / "bin" / "lctg", "sample", "--dataset", out, "--task", "ad_text", "-o", gens], cwd=tmp_path)
    printed = _run([venv / "bin" / "lctg", "score", gens, "--dataset", out, "--task", "ad_text"], cwd=tmp_path)
    assert "ad_text" in printed and "cleaner:rule@" in printed
