"""``lctg ifsm --dataset``: the story_endings rows read from a built folder through the input layer (contexts from
the user's copy) score exactly as the rows made from that copy; a changed file is refused as for every family."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from lctg_dataset.stories import load_story_rows
from lctg_metrics.cli.ifsm import main
from tests.test_ifsm_cli import FIXTURE, embedding_args, generations, head  # noqa: F401  (fixture)


def _built(folder: Path) -> Path:
    """A folder with the story_endings config as the builder writes it: no contexts (they may not be shared)."""
    rows = load_story_rows(FIXTURE)
    assert all(r["document"] is None for r in rows)
    rel = "data/story_endings/test.parquet"
    (folder / "data" / "story_endings").mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(rows), folder / rel)
    digest = hashlib.sha256((folder / rel).read_bytes()).hexdigest()
    manifest = {"configs": {"story_endings": {"files": [rel]}}, "files": {rel: digest}}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def test_rows_from_the_built_folder_score_as_rows_from_the_source(head: Path, tmp_path: Path) -> None:
    rows = load_story_rows(FIXTURE)
    # two samples: every gold ending, then every question restated (the guard fails each)
    gens = tmp_path / "g.jsonl"
    lines = [{"id": r["id"], "generation": r["gold_ending"]} for r in rows]
    lines += [{"id": r["id"], "generation": r["question"]} for r in rows]
    gens.write_text("".join(json.dumps(line) + "\n" for line in lines), "utf-8")
    folder = _built(tmp_path / "lctg")
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    more = ("--no-adversarial", "--allow-invalid", "--details")
    assert main(embedding_args(gens, head, *more, str(tmp_path / "a.jsonl"), "--json", str(a))) == 0
    assert (
        main(embedding_args(gens, head, *more, str(tmp_path / "b.jsonl"), "--json", str(b), "--dataset", str(folder)))
        == 0
    )
    source, built = json.loads(a.read_text("utf-8")), json.loads(b.read_text("utf-8"))
    assert source == built and built["samples"] == 2
    per = [p["ifsm"] for p in built["per_sample"]]
    assert per[1] == 0.0 and built["mean"]["ifsm"] == pytest.approx(per[0] / 2)
    assert (tmp_path / "a.jsonl").read_text("utf-8") == (tmp_path / "b.jsonl").read_text("utf-8")


def test_a_changed_built_file_and_a_revision_without_dataset_are_refused(head: Path, tmp_path: Path, capsys) -> None:
    gens = generations(tmp_path / "g.jsonl", {r["id"]: r["gold_ending"] for r in load_story_rows(FIXTURE)})
    folder = _built(tmp_path / "lctg")
    with open(folder / "data" / "story_endings" / "test.parquet", "ab") as f:
        f.write(b"x")
    assert main(embedding_args(gens, head, "--dataset", str(folder))) == 2
    assert "differs from its sha256 in manifest.json" in capsys.readouterr().err
    assert main(embedding_args(gens, head, "--revision", "v1")) == 2
    assert "--revision reads a Hub dataset given with --dataset" in capsys.readouterr().err
