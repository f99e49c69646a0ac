"""``ShardScorer`` given generations without a ``sample`` column (a file of one generation per id, as a model writes
the outputs of ``lctg prompts``) reads each as sample 0, as ``lctg score`` and ``run`` read such a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.api import ShardScorer, run
from lctg_metrics.inputs.folder import read_rows
from lctg_metrics.scoring import ScoringError


@pytest.fixture(scope="module")
def my_file(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One generation per prompt, no ``sample`` field: the prompt's own text cut short (a lazy model)."""
    rows = read_rows(built_dataset, "all")
    path = tmp_path_factory.mktemp("r15shards") / "my.jsonl"
    path.write_text(
        "".join(json.dumps({"id": r["id"], "generation": r["prompt"][:40]}, ensure_ascii=False) + "\n" for r in rows),
        encoding="utf-8",
    )
    return path


def test_dataset_map_without_sample_equals_run(built_dataset: Path, my_file: Path) -> None:
    import datasets

    refs = [r["constraint"] for r in read_rows(built_dataset, "all")]
    scorer = ShardScorer(refs, cleaner="rule")
    gens = datasets.load_dataset("json", data_files=str(my_file), split="train")
    assert "sample" not in gens.column_names
    parts = gens.map(scorer, batched=True, batch_size=500, remove_columns=gens.column_names)
    got = scorer.finalize(parts)
    expected = run("lctg", str(my_file), dataset=str(built_dataset), options={"cleaner": "rule"})
    assert got.flat() == {k: v for k, v in expected.flat.items() if k in got.flat()}
    assert got.flat()["summary/format"] == expected.flat["summary/format"]


def test_an_id_twice_without_sample_is_refused_in_one_line(built_dataset: Path) -> None:
    refs = [r["constraint"] for r in read_rows(built_dataset, "all")]
    rid = read_rows(built_dataset, "all")[0]["id"]
    with pytest.raises(ScoringError, match=rf"^batch has no 'sample' column and id '{rid}' twice: .*'sample' column"):
        ShardScorer(refs).counts({"id": [rid, rid], "generation": ["a", "b"]})
