"""Scoring in shards: any partition of a generation set, merged, gives exactly the single-process result."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lctg_metrics.api import ShardScorer, merge
from lctg_metrics.cli import main
from lctg_metrics.scoring import Counts, ScoringError


@pytest.fixture(scope="module")
def toy(built_dataset, tmp_path_factory) -> tuple[list[dict], list[dict]]:
    """Toy generations (2 samples) of every prompt, and the dataset's constraints."""
    import pyarrow.parquet as pq

    out = tmp_path_factory.mktemp("shards") / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "--samples", "2", "--seed", "3", "-o", str(out)]) == 0
    gens = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    refs = (
        [
            r["constraint"]
            for r in pq.read_table(Path(built_dataset) / "data" / "all" / "test-00000-of-00001.parquet").to_pylist()
        ]
        if (Path(built_dataset) / "data" / "all").is_dir()
        else None
    )
    if refs is None:
        from lctg_metrics.inputs.folder import read_rows

        refs = [r["constraint"] for r in read_rows(built_dataset, "all")]
    return gens, refs


def _batch(gens: list[dict]) -> dict[str, list]:
    return {
        "id": [g["id"] for g in gens],
        "generation": [g["generation"] for g in gens],
        "sample": [g["sample"] for g in gens],
    }


@pytest.fixture(scope="module")
def whole(toy):
    gens, refs = toy
    scorer = ShardScorer(refs)
    return scorer, scorer.counts(_batch(gens))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    n_shards=st.integers(min_value=1, max_value=7),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    skew=st.floats(min_value=0.0, max_value=3.0),
)
@pytest.mark.slow
def test_any_partition_merges_to_the_single_process_result(toy, whole, n_shards, seed, skew):
    """Each generation goes to a random shard (shards of very different sizes, some possibly empty, in any order)."""
    gens, _refs = toy
    scorer, counts_all = whole
    rng = random.Random(seed)
    weights = [rng.random() ** skew + 1e-9 for _ in range(n_shards)]
    shards: list[list[dict]] = [[] for _ in range(n_shards)]
    for g in gens:
        shards[rng.choices(range(n_shards), weights)[0]].append(g)
    for shard in shards:
        rng.shuffle(shard)
    parts = [scorer.counts(_batch(shard)) for shard in shards]
    merged = sum(parts, Counts.empty())
    assert merged == counts_all
    single = scorer.finalize(counts_all)
    sharded = scorer.finalize(parts)
    assert sharded.to_dict() == single.to_dict()
    # and equal to the one-call scorer (the CLI's path)
    rows = merge([Counts.from_rows(p.to_rows()) for p in parts])
    assert rows == counts_all


def test_sharded_result_equals_score(toy, whole):
    from lctg_metrics.scoring import Generation, score

    gens, refs = toy
    scorer, counts_all = whole
    direct = score([Generation(g["id"], g["generation"], g["sample"]) for g in gens], refs)
    assert scorer.finalize(counts_all).to_dict() == direct.to_dict()


def test_a_generation_in_two_shards_is_an_error(toy, whole):
    gens, _ = toy
    scorer, _ = whole
    a, b = scorer.counts(_batch(gens[:10])), scorer.counts(_batch(gens[5:15]))
    with pytest.raises(ScoringError, match="exactly one shard"):
        a + b


def test_missing_generations_are_found_after_merging(toy, whole):
    gens, _ = toy
    scorer, _ = whole
    with pytest.raises(ScoringError, match="expected generations are missing"):
        scorer.finalize(scorer.counts(_batch(gens[:-3])))
    result = scorer.finalize(scorer.counts(_batch(gens[:-3])), missing="fail")
    assert result.coverage["missing"] == 3 and result.coverage["scored"] == len(gens) - 3


def test_dataset_map_with_two_processes(toy, whole):
    import datasets

    gens, refs = toy
    scorer, counts_all = whole
    ds = datasets.Dataset.from_dict(_batch(gens))
    parts = ds.map(ShardScorer(refs), batched=True, batch_size=997, num_proc=2, remove_columns=ds.column_names)
    assert merge(parts) == counts_all
    assert scorer.finalize(parts).to_dict() == scorer.finalize(counts_all).to_dict()


@pytest.mark.slow
def test_ray_data_recipe(toy, whole):
    """The Ray Data recipe of docs/scoring.md, as written: pandas batches in, count rows out, merged to the one-process
    result."""
    ray = pytest.importorskip("ray")
    gens, refs = toy
    scorer, counts_all = whole
    ray.init(num_cpus=2, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False)
    try:
        ds = ray.data.from_items(gens)
        table = ds.map_batches(ShardScorer(refs), batch_format="pandas").to_pandas()
        assert merge(table.to_dict(orient="list")) == counts_all
        assert scorer.finalize(table.to_dict(orient="list")).to_dict() == scorer.finalize(counts_all).to_dict()
    finally:
        ray.shutdown()


def test_batches_against_other_references_use_their_own_table(toy, whole):
    """What batches derive from the references (constraints, key columns) is kept for the next batch only while the
    references are the same: scorers over references that differ in one keyword, taking turns, each score as alone."""
    gens, refs = toy
    scorer, counts_all = whole
    first_keyword = next(k for k, r in enumerate(refs) if r.get("keyword"))
    changed = [dict(r) for r in refs]
    changed[first_keyword]["keyword"] = "\u2603never-in-any-generation"
    other = ShardScorer(changed)
    alone = ShardScorer(changed).counts(_batch(gens))
    mine = [g for g in gens if g["id"] == refs[first_keyword]["id"]]
    assert mine, "the changed reference has generations"
    for _ in range(2):  # turns: each scorer's batch follows the other's
        assert other.counts(_batch(gens)).to_rows() == alone.to_rows()
        assert scorer.counts(_batch(gens)).to_rows() == counts_all.to_rows()
    assert other.counts(_batch(gens)).to_rows() != counts_all.to_rows()  # the change is seen
