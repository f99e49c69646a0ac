"""Hints that name a command work when run as printed: the build script's error points to `python build_dataset.py
--help` (the file is no executable on PATH), and a wrong family's file is sent to a command with a real dataset."""

from __future__ import annotations

import json
import subprocess
import sys

from lctg_metrics.family import REGISTRY
from tests.conftest import PROJECT_ROOT


def test_the_build_scripts_error_names_a_help_command_that_runs() -> None:
    done = subprocess.run(
        [sys.executable, "build_dataset.py", "--no-such-flag"], cwd=PROJECT_ROOT, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert done.stderr.rstrip().endswith("(see python build_dataset.py --help)"), done.stderr


def test_a_wrong_familys_hint_names_a_dataset_it_can_use(tmp_path, monkeypatch) -> None:
    entry = REGISTRY["instr"] if "instr" in REGISTRY else next(iter(REGISTRY.values()))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LCTG_DATASET", raising=False)
    assert entry.how("g.jsonl", None).endswith("--dataset <the folder build_dataset.py wrote>")
    (tmp_path / "lctg").mkdir()
    (tmp_path / "lctg" / "manifest.json").write_text('{"configs": {"other": {}}}')
    # a build here without this family's config would refuse the hint: the placeholder still
    assert entry.how("g.jsonl", None).endswith("--dataset <the folder build_dataset.py wrote>")
    (tmp_path / "lctg" / "manifest.json").write_text(json.dumps({"configs": {entry.config: {}}}))
    assert entry.how("g.jsonl", None).endswith("--dataset lctg")  # the build script's default folder, here
    monkeypatch.setenv("LCTG_DATASET", "org/lctg")
    assert entry.how("g.jsonl", None).endswith("--dataset org/lctg")
    assert entry.how("g.jsonl", "built").endswith("--dataset built")  # a dataset given wins
