"""Counts and aggregation by value, one test per behaviour a mutant of tools/mutation.py (target aggregation)
changed without any other test noticing. Every expected number is worked out by hand in the docstring or comment
beside it, from the verdicts the test itself lays down."""

from __future__ import annotations

import numpy as np
import pytest

from lctg_metrics.schema import ScoringError
from lctg_metrics.scoring.aggregate import aggregate
from lctg_metrics.scoring.counts import (
    ALL_PASSED,
    GENERATIONS,
    MULTI,
    THINK_STRIPPED,
    THINK_UNFINISHED,
    Counts,
)
from lctg_metrics.scoring.tally import build, from_codes


def _counts(rows, multi=False):
    """Counts of one-aspect-per-item rows ``(task, prompt, variant, sample, aspect, passed)``, one generation per
    distinct (task, prompt, variant, sample)."""
    keys: dict[tuple, int] = {}
    item_gen, item_aspect, item_passed = [], [], []
    for task, unit, variant, sample, aspect, passed in rows:
        g = keys.setdefault((task, unit, variant, sample), len(keys))
        item_gen.append(g)
        item_aspect.append(aspect)
        item_passed.append(passed)
    gens = list(keys)
    return build(
        [k[0] for k in gens],
        [k[1] for k in gens],
        [k[2] for k in gens],
        [k[3] for k in gens],
        item_gen,
        item_aspect,
        item_passed,
        multi_of=[multi] * len(gens) if multi else None,
    )


@pytest.mark.parametrize(
    ("variant", "named"),
    [(2, "summary prompt 3 variant 2 aspect keyword sample 0"), (None, "summary prompt 3 aspect keyword sample 0")],
)
def test_a_cell_in_two_parts_is_named_with_its_variant(variant, named):
    a = _counts([("summary", 3, variant, 0, "keyword", True), ("summary", 4, variant, 0, "keyword", True)])
    b = _counts([("summary", 3, variant, 0, "keyword", False)])
    with pytest.raises(ScoringError) as e:
        a + b
    assert str(e.value) == f"{named} was scored in both parts: each (id, sample) must be in exactly one shard"


def test_prompt_tallies_stay_with_their_prompt():
    """Three prompts with two aspects each (keyword, char_count), one sample, no variants. Prompt 1 passes both,
    prompt 2 fails char_count, prompt 3 passes both: per prompt (all_passed, multi, generations) is (1, 1, 1),
    (0, 1, 1), (1, 1, 1); the prompt-level accuracy is 2/3."""
    rows = []
    for unit, (kw, cc) in zip((1, 2, 3), ((True, True), (True, False), (True, True))):
        rows += [("summary", unit, None, 0, "keyword", kw), ("summary", unit, None, 0, "char_count", cc)]
    counts = _counts(rows, multi=True)
    tc = counts.tasks["summary"]
    assert tc.units == (1, 2, 3)
    per_prompt = [
        [int(tc.prompt_tally(k)[u, 0, 0]) for k in (ALL_PASSED, MULTI, GENERATIONS)] for u in range(len(tc.units))
    ]
    assert per_prompt == [[1, 1, 1], [0, 1, 1], [1, 1, 1]]
    assert aggregate(counts).prompt_level == {"summary": pytest.approx(2 / 3, abs=1e-15)}


def test_variant_consistency_counts_only_prompts_every_variant_scored():
    """keyword on prompts 1 and 2, variants 0 and 1, samples 0 and 1; variant 1 of prompt 2 has no sample 0.

    (prompt, sample): 1/0 both pass (consistent), 1/1 pass and fail (not), 2/0 only variant 0 (not every variant:
    left out), 2/1 fail and pass (not): consistency 1 of 3. Per variant, the mean over samples of the share
    passing: variant 0 has 1/2 at sample 0 (prompt 1 passes, 2 fails) and 1/2 at sample 1, so 0.5; variant 1 has
    1/1 at sample 0 and 1/2 at sample 1, so 0.75. Mean 0.625, population std 0.125."""
    rows = [
        ("summary", 1, 0, 0, "keyword", True),
        ("summary", 1, 1, 0, "keyword", True),
        ("summary", 1, 0, 1, "keyword", True),
        ("summary", 1, 1, 1, "keyword", False),
        ("summary", 2, 0, 0, "keyword", False),
        ("summary", 2, 0, 1, "keyword", False),
        ("summary", 2, 1, 1, "keyword", True),
    ]
    stats = aggregate(_counts(rows)).variants["summary"]["keyword"]
    assert stats["consistency_n"] == 3
    assert stats["consistency"] == pytest.approx(1 / 3, abs=1e-15)
    assert stats["per_variant"] == {"0": 0.5, "1": 0.75}
    assert (stats["n_variants"], stats["min"], stats["max"]) == (2, 0.5, 0.75)
    assert stats["mean"] == pytest.approx(0.625, abs=1e-15)
    assert stats["std"] == pytest.approx(0.125, abs=1e-15)


def test_think_tallies_survive_the_rows_of_a_shard():
    """Two generations of summary prompts 1 and 2; the first had its reasoning block stripped, the second's
    reasoning is unfinished. The rows a shard writes and reads back keep both tallies (1 and 1)."""
    counts = from_codes(
        np.array([0, 0]),
        np.array([1, 2]),
        np.array([-1, -1]),
        np.array([0, 0]),
        np.array([0, 1]),
        ["keyword", "keyword"],
        [True, False],
        think=(np.array([1, 0]), np.array([0, 1])),
    )
    assert (counts.prompt_total(THINK_STRIPPED), counts.prompt_total(THINK_UNFINISHED)) == (1, 1)
    back = Counts.from_rows(counts.to_rows())
    assert (back.prompt_total(THINK_STRIPPED), back.prompt_total(THINK_UNFINISHED)) == (1, 1)
    assert back == counts
