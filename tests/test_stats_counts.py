"""Statistics on counts: the same numbers from a result's counts, its details records and merged shards, and
estimates equal to the run's own scores (one formula)."""

from __future__ import annotations

import pytest

from lctg_dataset.constants import TASKS
from lctg_metrics import stats
from lctg_metrics.analysis import ci_table
from lctg_metrics.scoring import Generation, Reference, score
from lctg_metrics.scoring.records import counts_from_records

ASPECTS = ("keyword", "prohibited_word")


@pytest.fixture(scope="module")
def result():
    refs, gens = [], []
    for task in TASKS:
        for p in range(12):
            rid = f"{task}/{p}/multi"
            refs.append(Reference(id=rid, task=task, prompt_id=p, aspects=ASPECTS, keyword="猫", prohibited_word="犬"))
            for s in range(3):
                text = ["猫がいる。", "犬がいる。", "猫と犬。", "鳥。"][(p * 7 + s * 3) % 4]
                gens.append(Generation(id=rid, text=text, sample=s))
    return score(gens, refs, cleaner="none")


def _records(result):
    return [it.to_dict() for it in result.items]


def test_estimates_equal_the_run_scores_exactly(result):
    point = stats.scores(result.counts)
    for task in TASKS:
        for key, value in result.scores[task].items():
            assert point[f"{task}/{key}"] == value, (task, key)
    assert point["overall/average"] == pytest.approx(result.overall_average, abs=1e-15)


def test_counts_and_records_give_the_same_statistics(result):
    records = _records(result)
    assert counts_from_records(records) == result.counts
    assert stats.bootstrap_ci(records, n_resamples=200, seed=3) == stats.bootstrap_ci(
        result.counts, n_resamples=200, seed=3
    )
    assert {k: (m.tolist(), s.tolist()) for k, (m, s) in stats.per_prompt_stats(records).items()} == {
        k: (m.tolist(), s.tolist()) for k, (m, s) in stats.per_prompt_stats(result.counts).items()
    }


def test_ci_table_needs_only_counts(result):
    cis = ci_table(result, n_resamples=200, seed=3)
    intervals = stats.bootstrap_ci(_records(result), n_resamples=200, seed=3)
    assert cis["summary"]["keyword"] == (intervals["summary/keyword"].low, intervals["summary/keyword"].high)
    assert cis["overall"]["average"] == (intervals["overall/average"].low, intervals["overall/average"].high)


def test_shards_add_up_to_the_same_intervals(result):
    records = _records(result)
    half = [r for r in records if r["prompt_id"] % 2], [r for r in records if not r["prompt_id"] % 2]
    merged = counts_from_records(half[0]) + counts_from_records(half[1])
    assert stats.bootstrap_ci(merged, n_resamples=100) == stats.bootstrap_ci(result.counts, n_resamples=100)


def test_paired_comparison_of_counts_with_itself(result):
    out = stats.paired_comparison(result.counts, result.counts, n_resamples=200)
    assert set(out) == set(stats.scores(result.counts))
    assert all(c.diff == 0 and c.p_value == 1.0 for c in out.values())
