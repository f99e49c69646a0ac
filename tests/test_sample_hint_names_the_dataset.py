"""`lctg sample`'s scoring hint names the dataset as the user named it: a Hub id keeps its id and revision (the cache
folder it resolved to would sign the run as other data), a folder its path."""

from __future__ import annotations

import argparse
from pathlib import Path

from lctg_metrics.cli import main
from lctg_metrics.cli.dataset import _dataset_flags


def test_a_hub_id_is_named_with_its_revision_not_its_cache_folder() -> None:
    cache = Path("/cache/hub/datasets--me--lctg/snapshots/89abcdef")
    args = argparse.Namespace(dataset="me/lctg", revision="v1.1.0")
    assert _dataset_flags(args, cache) == " --dataset me/lctg --revision v1.1.0"
    assert _dataset_flags(argparse.Namespace(dataset="me/lctg", revision=None), cache) == " --dataset me/lctg"
    assert _dataset_flags(argparse.Namespace(dataset=None, revision=None), cache) == f" --dataset {cache}"


def test_the_printed_hint_runs_as_printed(built_dataset, tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(built_dataset)
    assert main(["sample", "--dataset", "B", "--samples", "1", "-o", "g.jsonl"]) == 0
    hint = capsys.readouterr().err.strip().splitlines()[-1]
    assert hint.endswith("score them with lctg score g.jsonl --dataset B)"), hint
    command = hint.split("score them with lctg ", 1)[1].rstrip(")")
    assert main(command.split() + ["--json", "r.json"]) == 0
