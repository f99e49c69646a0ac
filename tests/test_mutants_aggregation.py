"""Counts and aggregation by value, one test per behaviour a mutant of tools/mutation.py (target aggregation)
changed without any other test noticing. Every expected number is worked out by hand in the docstring or comment
beside it, from the verdicts the test itself lays down."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from lctg_metrics.schema import ScoringError
from lctg_metrics.scoring import Generation, Reference, score
from lctg_metrics.scoring.aggregate import aggregate, upstream_chain
from lctg_metrics.scoring.counts import (
    ALL_PASSED,
    APPROPRIATE,
    FAILED,
    GENERATIONS,
    JUDGED,
    MULTI,
    PARSED,
    THINK_MALFORMED,
    THINK_NO_ANSWER,
    THINK_STRIPPED,
    THINK_UNFINISHED,
    UNPARSEABLE,
    Counts,
    P,
    T,
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
    """Three prompts with two aspects each (keyword, char_count), three samples, no variants. Prompt 1 passes both
    at every sample; prompt 2 fails char_count at sample 1; prompt 3 fails keyword at samples 0 and 2. Per prompt
    and sample, (all_passed, multi, generations) is (1, 1, 1) except (0, 1, 1) where an aspect failed; the
    prompt-level accuracy is the mean over samples of the share of prompts passing everything: (2/3 + 2/3 + 2/3) / 3
    = 2/3."""
    fails = {(2, 1, "char_count"), (3, 0, "keyword"), (3, 2, "keyword")}
    rows = [
        ("summary", unit, None, sample, aspect, (unit, sample, aspect) not in fails)
        for unit in (1, 2, 3)
        for sample in (0, 1, 2)
        for aspect in ("keyword", "char_count")
    ]
    counts = _counts(rows, multi=True)
    tc = counts.tasks["summary"]
    assert (tc.units, tc.samples) == ((1, 2, 3), (0, 1, 2))
    got = {
        (unit, sample): tuple(int(tc.prompt_tally(k)[u, 0, s]) for k in (ALL_PASSED, MULTI, GENERATIONS))
        for u, unit in enumerate(tc.units)
        for s, sample in enumerate(tc.samples)
    }
    failed = {(2, 1), (3, 0), (3, 2)}
    assert got == {(u, s): (0 if (u, s) in failed else 1, 1, 1) for u in (1, 2, 3) for s in (0, 1, 2)}
    assert aggregate(counts).prompt_level == {"summary": pytest.approx(2 / 3, abs=1e-15)}


@pytest.mark.parametrize("ids", [(-5, 0, 7), (0, 10**7, 3 * 10**9)])
def test_any_integer_prompt_id_is_its_own_prompt(ids):
    """References may carry any integer prompt id (negative, or far above the number of prompts). Each stays its own
    prompt: keyword passes on the first two ids and fails on the third, so the score is 2/3."""
    counts = _counts([("summary", pid, None, 0, "keyword", ok) for pid, ok in zip(ids, (True, True, False))])
    tc = counts.tasks["summary"]
    assert tc.units == tuple(sorted(ids))
    passed = dict(zip(ids, (1, 1, 0)))
    assert [int(tc.tally(0)[u, 0, 0, 0]) for u in range(3)] == [passed[i] for i in sorted(ids)]
    assert aggregate(counts).scores["summary"] == {"keyword": pytest.approx(2 / 3), "average": pytest.approx(2 / 3)}


def test_judge_tallies_and_the_upstream_quality_average():
    """Judged summary generations, one aspect each. keyword: sample 0 has 1 of 2 appropriate, sample 1 has 1 of 3,
    so Qual is (1/2 + 1/3) / 2 = 5/12; char_count (sample 0): appropriate, unparseable, judge failed, so 1 of 1
    parsed, Qual 1. The average is (5/12 + 1) / 2 = 17/24. Upstream's chain rounds each aspect's mean to 3 decimals
    first: 0.417 and 1.0, average 0.7085."""
    q = SimpleNamespace
    yes, no = q(label=True, reason="appropriate"), q(label=False, reason="not appropriate")
    judged = [  # (prompt, sample, aspect, judge verdict)
        (1, 0, "keyword", yes),
        (2, 0, "keyword", no),
        (1, 1, "keyword", yes),
        (2, 1, "keyword", no),
        (6, 1, "keyword", no),
        (3, 0, "char_count", yes),
        (4, 0, "char_count", q(label=None, reason="unparseable: no verdict in the answer")),
        (5, 0, "char_count", q(label=None, reason="judge call failed: timeout")),
    ]
    n = len(judged)
    counts = build(
        ["summary"] * n,
        [j[0] for j in judged],
        [None] * n,
        [j[1] for j in judged],
        range(n),
        [j[2] for j in judged],
        [True] * n,
        quality=[j[3] for j in judged],
    )
    summary = aggregate(counts)
    assert summary.quality_counts == {
        "summary": {
            "keyword": {"appropriate": 2, "parsed": 5, "unparseable": 0, "failed": 0, "judged": 5},
            "char_count": {"appropriate": 1, "parsed": 1, "unparseable": 1, "failed": 1, "judged": 3},
        }
    }
    quality = summary.quality["summary"]
    assert quality["keyword"] == pytest.approx(5 / 12, abs=1e-15)
    assert quality["char_count"] == 1.0
    assert quality["average"] == pytest.approx(17 / 24, abs=1e-15)
    upstream = upstream_chain(counts)["quality"]["summary"]
    assert upstream == {"keyword": 0.417, "char_count": 1.0, "average": pytest.approx(0.7085, abs=1e-12)}


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


def test_a_total_of_parts_adds_them_and_names_a_cell_scored_twice():
    """Two parts of summary with two aspects each (no variants): prompt 1 in the first, prompt 2 in the second.
    keyword passes on both, char_count on prompt 1 only: the total scores keyword 1.0 and char_count 0.5. A third
    part scoring prompt 2's keyword again makes the total name that cell."""
    first = _counts([("summary", 1, None, 0, "keyword", True), ("summary", 1, None, 0, "char_count", True)])
    second = _counts([("summary", 2, None, 0, "keyword", True), ("summary", 2, None, 0, "char_count", False)])
    total = Counts.total([first, second])
    assert total == first + second
    assert aggregate(total).scores["summary"] == {"keyword": 1.0, "char_count": 0.5, "average": 0.75}
    # one aspect in two variants: variant 0 passes in the first part, variant 1 fails in the second
    v0, v1 = _counts([("summary", 1, 0, 0, "keyword", True)]), _counts([("summary", 1, 1, 0, "keyword", False)])
    both = Counts.total([v0, v1])
    assert both == v0 + v1
    assert aggregate(both).variants["summary"]["keyword"]["per_variant"] == {"0": 1.0, "1": 0.0}
    again = _counts([("summary", 2, None, 0, "keyword", False)])
    with pytest.raises(ScoringError) as e:
        Counts.total([first, second, again])
    assert str(e.value) == (
        "summary prompt 2 aspect keyword sample 0 was scored in both parts: each (id, sample) must be in exactly one "
        "shard"
    )


def test_rows_read_back_keep_variants_and_judge_tallies():
    """Rows of summary prompt 1 in variants 0 and 1 (keyword passes in variant 0 only), judged appropriate and
    unparseable: read back, the variants, the verdicts and the judge's tallies are the same; a row whose variant
    is null is a prompt without variants."""
    q = SimpleNamespace
    counts = build(
        ["summary", "summary"],
        [1, 1],
        [0, 1],
        [0, 0],
        [0, 1],
        ["keyword", "keyword"],
        [True, False],
        quality=[q(label=True, reason="appropriate"), q(label=None, reason="unparseable: no verdict")],
    )
    back = Counts.from_rows(counts.to_rows())
    tc = back.tasks["summary"]
    assert tc.variants == (0, 1)
    assert [int(tc.tally(0)[0, v, 0, 0]) for v in (0, 1)] == [1, 0]
    assert aggregate(back).quality_counts == {
        "summary": {"keyword": {"appropriate": 1, "parsed": 1, "unparseable": 1, "failed": 0, "judged": 2}}
    }
    assert back == counts
    rows = _counts([("summary", 4, None, 0, "keyword", True)]).to_rows()
    assert Counts.from_rows({**rows, "variant": [None]}).tasks["summary"].variants == (-1,)


def test_rows_without_think_findings_hold_zeros():
    """A run without reasoning blocks writes 0 in every think_ column, and reads back no think finding."""
    rows = _counts([("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "keyword", False)]).to_rows()
    think = {k: v for k, v in rows.items() if k.startswith("think_")}
    assert think == {k: [0, 0] for k in ("think_stripped", "think_unfinished", "think_no_answer", "think_malformed")}
    assert Counts.from_rows(rows).prompt_total(THINK_STRIPPED) == 0


def test_rows_scored_twice_name_the_cell():
    """The same (prompt 3, keyword, sample 0) row from two shards."""
    rows = _counts([("summary", 3, None, 0, "keyword", True)]).to_rows()
    twice = {k: v * 2 for k, v in rows.items()}
    with pytest.raises(ScoringError) as e:
        Counts.from_rows(twice)
    assert str(e.value) == (
        "summary prompt 3 aspect keyword sample 0 appears in several parts: each (id, sample) must be scored in "
        "exactly one shard"
    )


def test_a_negative_reference_variant_is_refused_and_variants_0_and_1_are_kept_apart():
    """-1 is the counts' "no variant": a reference may not carry it (it would be left out of the variant statistics
    silently); variants 0 and 1 of one prompt are two variants, 1.0 and 0.0."""
    with pytest.raises(ScoringError, match=r"reference 'v-1': constraint field 'variant' must be >= 0 or null, got -1"):
        Reference(id="v-1", task="summary", prompt_id=1, aspects=("keyword",), keyword="猫", variant=-1)
    mapping = {"id": "m", "task": "summary", "prompt_id": 1, "aspects": ["keyword"], "keyword": "猫", "variant": -2}
    with pytest.raises(ScoringError, match=r"'variant' must be an integer >= 0 or null, got -2"):
        Reference.from_mapping(mapping)
    refs = [
        Reference(id=f"v{v}", task="summary", prompt_id=1, aspects=("keyword",), keyword="猫", variant=v)
        for v in (0, 1)
    ]
    gens = [Generation(id="v0", text="猫です", sample=0), Generation(id="v1", text="犬です", sample=0)]
    result = score(gens, refs, cleaner="none")
    assert result.to_dict()["variants"]["summary"]["keyword"]["per_variant"] == {"0": 1.0, "1": 0.0}


def test_prompt_tallies_with_variants_stay_with_their_prompt_and_variant():
    """Prompts 1, 2, 3, each in variants 0 and 1, one sample, keyword only (counted as multi-aspect prompts, so
    all_passed is kept); (2, variant 1) and (3, variant 0) fail. all_passed is each generation's own verdict, and
    each (prompt, variant) holds one generation."""
    fails = {(2, 1), (3, 0)}
    rows = [("summary", u, v, 0, "keyword", (u, v) not in fails) for u in (1, 2, 3) for v in (0, 1)]
    tc = _counts(rows, multi=True).tasks["summary"]
    assert (tc.units, tc.variants) == ((1, 2, 3), (0, 1))
    got = {
        (u, v): (int(tc.prompt_tally(ALL_PASSED)[i, j, 0]), int(tc.prompt_tally(GENERATIONS)[i, j, 0]))
        for i, u in enumerate(tc.units)
        for j, v in enumerate(tc.variants)
    }
    assert got == {(u, v): (0 if (u, v) in fails else 1, 1) for u in (1, 2, 3) for v in (0, 1)}


def test_a_total_of_parts_files_each_sample_under_its_own_index():
    """Part a: prompt 1 at samples 0 (passed) and 1 (failed); part b: prompt 2 at samples 2 and 0 (both passed).
    The total has samples (0, 1, 2); passed / total per (prompt, sample): prompt 1 is 1/1, 0/1, 0/0; prompt 2 is
    1/1, 0/0, 1/1."""
    a = _counts([("summary", 1, None, 0, "keyword", True), ("summary", 1, None, 1, "keyword", False)])
    b = _counts([("summary", 2, None, 2, "keyword", True), ("summary", 2, None, 0, "keyword", True)])
    tc = Counts.total([a, b]).tasks["summary"]
    assert tc.samples == (0, 1, 2)
    got = [[(int(tc.tally(P)[u, 0, 0, s]), int(tc.tally(T)[u, 0, 0, s])) for s in range(3)] for u in range(2)]
    assert got == [[(1, 1), (0, 1), (0, 0)], [(1, 1), (0, 0), (1, 1)]]


def test_counts_are_equal_only_when_their_tallies_are():
    rows = [("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "keyword", False)]
    flipped = [("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "keyword", True)]
    assert _counts(rows) == _counts(rows)
    assert _counts(rows) != _counts(flipped)


def test_no_quality_without_a_judge():
    """Nothing judged: no Qual for the task (not a Qual of NaN for each aspect)."""
    summary = aggregate(
        _counts([("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "char_count", False)])
    )
    assert summary.quality is None and summary.quality_counts is None


def test_judge_tallies_of_two_tasks_stay_with_their_task():
    """Generations in the order ad_text (prompt 1, not appropriate), ad_text (prompt 2, not appropriate), summary
    (prompt 1, appropriate), keyword each: summary has 1 appropriate of 1 parsed, ad_text 0 of 2."""
    q = SimpleNamespace
    yes, no = q(label=True, reason="appropriate"), q(label=False, reason="not appropriate")
    counts = build(
        ["ad_text", "ad_text", "summary"],
        [1, 2, 1],
        [None] * 3,
        [0] * 3,
        range(3),
        ["keyword"] * 3,
        [True] * 3,
        quality=[no, no, yes],
    )
    assert aggregate(counts).quality_counts == {
        "summary": {"keyword": {"appropriate": 1, "parsed": 1, "unparseable": 0, "failed": 0, "judged": 1}},
        "ad_text": {"keyword": {"appropriate": 0, "parsed": 2, "unparseable": 0, "failed": 0, "judged": 2}},
    }


def test_variant_statistics_skip_an_aspect_without_variants_and_go_on():
    """summary prompt 1 has no variants and is scored on char_count only; prompt 2, in variants 0 and 1, on keyword
    only (variant 0 passes, variant 1 fails). char_count has no variant to compare and is left out; keyword, which
    comes after it in the registry's order, still gets its statistics: 1.0 and 0.0, mean 0.5, spread 0.5."""
    rows = [
        ("summary", 1, None, 0, "char_count", True),
        ("summary", 2, 0, 0, "keyword", True),
        ("summary", 2, 1, 0, "keyword", False),
    ]
    variants = aggregate(_counts(rows)).variants
    assert list(variants["summary"]) == ["keyword"]
    stats = variants["summary"]["keyword"]
    assert stats["per_variant"] == {"0": 1.0, "1": 0.0}
    assert (stats["mean"], stats["min"], stats["max"], stats["std"]) == (0.5, 0.0, 1.0, 0.5)


def test_tallies_not_stored_read_as_zeros():
    """Counts without a judge or think findings store (passed, total) per cell and (all_passed, multi, generations)
    per prompt: every other tally reads as zeros of the cube's shape, whichever index it has."""
    tc = _counts([("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "keyword", False)]).tasks["summary"]
    assert (tc.cells.shape[-1], tc.prompts.shape[-1]) == (2, 3)
    assert tc.tally(P).tolist() == [[[[1]]], [[[0]]]]
    for k in (APPROPRIATE, PARSED, UNPARSEABLE, FAILED, JUDGED):
        assert tc.tally(k).tolist() == [[[[0]]], [[[0]]]]
    assert tc.prompt_tally(GENERATIONS).tolist() == [[[1]], [[1]]]
    for k in (THINK_STRIPPED, THINK_UNFINISHED, THINK_NO_ANSWER, THINK_MALFORMED):
        assert tc.prompt_tally(k).tolist() == [[[0]], [[0]]]


def test_prompt_tallies_of_three_variants_stay_with_their_prompt_and_variant():
    """Prompts 1 and 2 in variants 0, 1 and 2, one sample, keyword only (counted as multi-aspect prompts); (1,
    variant 2) and (2, variant 1) fail. Each (prompt, variant) holds one generation, all_passed its own verdict."""
    fails = {(1, 2), (2, 1)}
    rows = [("summary", u, v, 0, "keyword", (u, v) not in fails) for u in (1, 2) for v in (0, 1, 2)]
    tc = _counts(rows, multi=True).tasks["summary"]
    assert (tc.units, tc.variants) == ((1, 2), (0, 1, 2))
    got = {
        (u, v): (int(tc.prompt_tally(ALL_PASSED)[i, j, 0]), int(tc.prompt_tally(GENERATIONS)[i, j, 0]))
        for i, u in enumerate(tc.units)
        for j, v in enumerate(tc.variants)
    }
    assert got == {(u, v): (0 if (u, v) in fails else 1, 1) for u in (1, 2) for v in (0, 1, 2)}


def test_two_parts_with_generations_of_one_prompt_add_its_prompt_tallies():
    """Two references of summary prompt 1 (one scored on keyword, one on char_count), each generation at sample 0 in
    its own part: the total holds 2 generations of (prompt 1, sample 0), by + and by total alike."""
    a = _counts([("summary", 1, None, 0, "keyword", True)])
    b = _counts([("summary", 1, None, 0, "char_count", False)])
    for both in (a + b, Counts.total([a, b])):
        assert both.tasks["summary"].prompt_tally(GENERATIONS).tolist() == [[[2]]]
        assert aggregate(both).generations == 2


def test_a_task_in_one_part_only_is_kept_as_it_is():
    """Part a scores summary (keyword passes), part b ad_text (keyword fails): the sum holds both tasks as they
    were, whichever side holds each, by + and by total alike: summary 1.0, ad_text 0.0."""
    a = _counts([("summary", 1, None, 0, "keyword", True)])
    b = _counts([("ad_text", 2, None, 0, "keyword", False)])
    for both in (a + b, b + a, Counts.total([a, b]), Counts.total([b, a])):
        assert list(both.tasks) == ["summary", "ad_text"]
        scores = aggregate(both).scores
        assert scores == {"summary": {"keyword": 1.0, "average": 1.0}, "ad_text": {"keyword": 0.0, "average": 0.0}}


def test_an_aspects_samples_are_those_it_was_scored_at():
    """keyword scored at samples 0 and 1, char_count at sample 0 only (summary prompt 1): char_count's tallies name
    1 sample, keyword's 2."""
    rows = [
        ("summary", 1, None, 0, "keyword", True),
        ("summary", 1, None, 1, "keyword", False),
        ("summary", 1, None, 0, "char_count", True),
    ]
    assert aggregate(_counts(rows)).counts == {
        "summary": {
            "char_count": {"passed": 1, "total": 1, "samples": 1},
            "keyword": {"passed": 1, "total": 2, "samples": 2},
        }
    }


def test_rows_of_one_task_at_two_samples_read_back_whole():
    """ad_text only (summary, first in the task order, has no rows): prompt 1 scored on keyword at samples 0
    (passed) and 1 (failed). Read back, the task, both samples and their generation are there: scores 0.5."""
    counts = _counts([("ad_text", 1, None, 0, "keyword", True), ("ad_text", 1, None, 1, "keyword", False)])
    back = Counts.from_rows(counts.to_rows())
    assert list(back.tasks) == ["ad_text"]
    assert back.tasks["ad_text"].prompt_tally(GENERATIONS).tolist() == [[[1, 1]]]
    assert back == counts
    assert aggregate(back).scores == {"ad_text": {"keyword": 0.5, "average": 0.5}}


def test_prompt_tallies_ride_on_the_first_aspect_row_only():
    """summary prompt 1 scored on char_count (passed) and keyword (failed) at sample 0, a multi-aspect prompt: its
    rows are char_count then keyword; the prompt's tallies (all_passed 0, multi 1, generations 1) are on the first
    row, zeros on the second, and read back once."""
    counts = _counts(
        [("summary", 1, None, 0, "char_count", True), ("summary", 1, None, 0, "keyword", False)], multi=True
    )
    rows = counts.to_rows()
    assert rows["aspect"] == ["char_count", "keyword"]
    assert (rows["all_passed"], rows["multi"], rows["generations"]) == ([0, 0], [1, 0], [1, 0])
    back = Counts.from_rows(rows)
    assert back.tasks["summary"].prompt_tally(GENERATIONS).tolist() == [[[1]]]
    assert back.tasks["summary"].prompt_tally(MULTI).tolist() == [[[1]]]
    assert back == counts


def test_a_total_of_one_part_twice_names_the_cell():
    """The same one-cell part (summary prompt 5, keyword, sample 0) given twice: every cell of the total is scored
    twice, and the total names it."""
    part = _counts([("summary", 5, None, 0, "keyword", True)])
    with pytest.raises(ScoringError) as e:
        Counts.total([part, part])
    assert str(e.value) == (
        "summary prompt 5 aspect keyword sample 0 was scored in both parts: each (id, sample) must be in exactly one "
        "shard"
    )


def test_tasks_scored_on_different_aspects_keep_their_own():
    """summary scored on keyword (passes), ad_text on char_count (fails), in one batch: each task holds only its own
    aspect, with its own verdict."""
    counts = build(
        ["summary", "ad_text"], [1, 1], [None, None], [0, 0], [0, 1], ["keyword", "char_count"], [True, False]
    )
    assert (counts.tasks["summary"].aspects, counts.tasks["ad_text"].aspects) == (("keyword",), ("char_count",))
    assert aggregate(counts).scores == {
        "summary": {"keyword": 1.0, "average": 1.0},
        "ad_text": {"char_count": 0.0, "average": 0.0},
    }


def test_judge_tallies_read_by_index():
    """One judged summary generation (prompt 1, keyword passed, judged appropriate): each tally read by its index
    holds its own value."""
    q = SimpleNamespace(label=True, reason="appropriate")
    tc = build(["summary"], [1], [None], [0], [0], ["keyword"], [True], quality=[q]).tasks["summary"]
    got = [int(tc.tally(k).sum()) for k in (P, T, APPROPRIATE, PARSED, UNPARSEABLE, FAILED, JUDGED)]
    assert got == [1, 1, 1, 1, 0, 0, 1]


def test_the_quality_average_leaves_out_a_judged_aspect_without_a_parsed_verdict():
    """Judged summary generations: keyword (prompt 1) appropriate; char_count (prompt 2) judged, but the judge call
    failed. char_count has no Qual (None) and the average is keyword's alone, 1.0 (not (1 + 0) / 2)."""
    q = SimpleNamespace
    counts = build(
        ["summary", "summary"],
        [1, 2],
        [None, None],
        [0, 0],
        [0, 1],
        ["keyword", "char_count"],
        [True, True],
        quality=[q(label=True, reason="appropriate"), q(label=None, reason="judge call failed: timeout")],
    )
    assert aggregate(counts).quality == {"summary": {"char_count": None, "keyword": 1.0, "average": 1.0}}


def test_variant_consistency_of_three_variants_at_two_samples():
    """summary prompt 1 in variants 0, 1 and 2 on keyword: every variant passes at sample 0, variant 2 fails at
    sample 1. Consistent at sample 0 only: 1 of 2. Per variant 1.0, 1.0 and (1 + 0) / 2 = 0.5."""
    rows = [("summary", 1, v, s, "keyword", not (v == 2 and s == 1)) for v in (0, 1, 2) for s in (0, 1)]
    stats = aggregate(_counts(rows)).variants["summary"]["keyword"]
    assert (stats["consistency"], stats["consistency_n"]) == (0.5, 2)
    assert stats["per_variant"] == {"0": 1.0, "1": 1.0, "2": 0.5}


def test_rows_written_before_the_think_tallies_read_back():
    """Rows without any think_ column (written before those tallies were kept) read back as the same counts: summary
    prompts 1 (passed) and 2 (failed) on keyword."""
    counts = _counts([("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "keyword", False)])
    rows = {k: v for k, v in counts.to_rows().items() if not k.startswith("think_")}
    back = Counts.from_rows(rows)
    assert back == counts
    assert aggregate(back).scores == {"summary": {"keyword": 0.5, "average": 0.5}}


def test_no_variant_statistics_without_variants():
    """Prompts without variants (summary prompts 1 and 2 on keyword): the result has no variant section at all."""
    summary = aggregate(_counts([("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "keyword", False)]))
    assert summary.variants is None


def test_rows_are_the_scored_cells_only():
    """summary prompt 1 scored on keyword, prompt 2 on char_count: the cube has four (prompt, aspect) cells, of which
    two were scored, so two rows; they read back as the same counts (the two empty cells are no cell scored twice)."""
    counts = _counts([("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "char_count", False)])
    rows = counts.to_rows()
    assert Counts.from_rows(rows) == counts
    assert list(zip(rows["prompt_id"], rows["aspect"], rows["passed"], rows["total"])) == [
        (1, "keyword", 1, 1),
        (2, "char_count", 0, 1),
    ]


def test_prompt_level_accuracy_is_a_mean_over_samples():
    """Multi-aspect summary prompts (keyword and char_count): at sample 0, prompt 1 passes both and prompt 2 fails
    keyword (1 of 2 prompts pass everything); at sample 1 only prompt 1 was generated and passes both (1 of 1). The
    prompt-level accuracy is the mean over samples, (1/2 + 1) / 2 = 0.75, not the pooled 2/3."""
    rows = [
        ("summary", 1, None, 0, "keyword", True),
        ("summary", 1, None, 0, "char_count", True),
        ("summary", 2, None, 0, "keyword", False),
        ("summary", 2, None, 0, "char_count", True),
        ("summary", 1, None, 1, "keyword", True),
        ("summary", 1, None, 1, "char_count", True),
    ]
    assert aggregate(_counts(rows, multi=True)).prompt_level == {"summary": 0.75}


def test_two_references_sharing_a_cell_add_up_across_shards():
    """References a and b both summary prompt 1 on keyword (as when the one-aspect and the multi config are scored
    together), c is prompt 2. Shard 1 scores a and b (both pass), shard 2 scores c (fails): each (id, sample) is in
    exactly one shard, so the shards add up to 2 of 3 passed, keyword 2/3 (sample accuracy over the three
    generations). Refusing such references, naming both ids, would be a fix too."""
    refs = [
        Reference(id=rid, task="summary", prompt_id=pid, aspects=("keyword",), keyword="猫")
        for rid, pid in (("a", 1), ("b", 1), ("c", 2))
    ]
    try:
        both = [Generation(id=i, text="猫です", sample=0) for i in ("a", "b")]
        first = score(both, refs, cleaner="none", missing="skip")
        second = score([Generation(id="c", text="犬です", sample=0)], refs, cleaner="none", missing="skip")
    except ScoringError as e:
        assert "'a'" in str(e) and "'b'" in str(e)
        return
    total = aggregate(first.counts + second.counts)
    assert total.scores == {"summary": {"keyword": pytest.approx(2 / 3), "average": pytest.approx(2 / 3)}}


def test_seven_samples_without_a_judge():
    """summary prompt 1 on keyword at samples 0 to 6 (more samples than there are tallies), passing at the even ones:
    4 of 7 samples pass, each sample's accuracy 1 or 0, keyword 4/7; nothing judged, so no Qual."""
    summary = aggregate(_counts([("summary", 1, None, s, "keyword", s % 2 == 0) for s in range(7)]))
    assert summary.scores == {"summary": {"keyword": pytest.approx(4 / 7), "average": pytest.approx(4 / 7)}}
    assert summary.counts == {"summary": {"keyword": {"passed": 4, "total": 7, "samples": 7}}}
    assert summary.quality is None


def test_rows_without_a_judge_hold_zero_judge_tallies():
    """A run without a judge writes 0 in every judge column, and reads back without Qual."""
    counts = _counts([("summary", 1, None, 0, "keyword", True), ("summary", 2, None, 0, "keyword", False)])
    rows = counts.to_rows()
    judge = {k: rows[k] for k in ("appropriate", "parsed", "unparseable", "failed", "judged")}
    assert judge == {k: [0, 0] for k in judge}
    back = Counts.from_rows(rows)
    assert back == counts
    assert aggregate(back).quality is None


def test_cells_of_three_aspects_stay_with_their_prompt_and_aspect():
    """summary prompts 1 and 2 on char_count, keyword and prohibited_word. Prompt 1 passes char_count and
    prohibited_word, fails keyword; prompt 2 fails char_count and prohibited_word, passes keyword. Per aspect:
    char_count 1 of 2, keyword 1 of 2, prohibited_word 1 of 2."""
    fails = {(1, "keyword"), (2, "char_count"), (2, "prohibited_word")}
    aspects = ("char_count", "keyword", "prohibited_word")
    rows = [("summary", u, None, 0, a, (u, a) not in fails) for u in (1, 2) for a in aspects]
    assert aggregate(_counts(rows)).counts == {
        "summary": {
            "char_count": {"passed": 1, "total": 2, "samples": 1},
            "keyword": {"passed": 1, "total": 2, "samples": 1},
            "prohibited_word": {"passed": 1, "total": 2, "samples": 1},
        }
    }


def test_a_judged_part_and_a_part_without_a_judge_add_up():
    """Part a: summary prompt 1 on keyword, passed and judged appropriate; part b: prompt 2 on keyword, failed, not
    judged. The sum (by + and by total) keeps a's judge tallies (1 appropriate of 1 parsed, 1 judged) and scores
    keyword 1 of 2."""
    q = SimpleNamespace(label=True, reason="appropriate")
    a = build(["summary"], [1], [None], [0], [0], ["keyword"], [True], quality=[q])
    b = _counts([("summary", 2, None, 0, "keyword", False)])
    for both in (a + b, b + a, Counts.total([a, b]), Counts.total([b, a])):
        summary = aggregate(both)
        assert summary.scores == {"summary": {"keyword": 0.5, "average": 0.5}}
        assert summary.quality_counts == {
            "summary": {"keyword": {"appropriate": 1, "parsed": 1, "unparseable": 0, "failed": 0, "judged": 1}}
        }


def test_variants_that_all_fail_are_consistent():
    """summary prompt 1 on keyword in variants 0 and 1, both failing at sample 0: the verdict is the same for every
    variant, consistency 1 of 1."""
    rows = [("summary", 1, v, 0, "keyword", False) for v in (0, 1)]
    stats = aggregate(_counts(rows)).variants["summary"]["keyword"]
    assert (stats["consistency"], stats["consistency_n"]) == (1.0, 1)


def test_each_task_holds_only_its_own_prompts():
    """One batch: summary prompt 1, ad_text prompts 2 and 3 (keyword each). summary's prompt axis is (1,), ad_text's
    (2, 3): a task never holds another task's prompts (they would be resampled as empty prompts)."""
    counts = build(
        ["summary", "ad_text", "ad_text"], [1, 2, 3], [None] * 3, [0] * 3, range(3), ["keyword"] * 3, [True] * 3
    )
    assert (counts.tasks["summary"].units, counts.tasks["ad_text"].units) == ((1,), (2, 3))


def test_rows_with_several_cells_scored_twice_name_the_first():
    """Rows of summary prompts 3 and 4 (keyword, sample 0), each given twice: the error names prompt 3, the first
    in prompt order, as adding two parts does."""
    rows = _counts([("summary", 3, None, 0, "keyword", True), ("summary", 4, None, 0, "keyword", True)]).to_rows()
    twice = {k: v * 2 for k, v in rows.items()}
    with pytest.raises(ScoringError, match=r"^summary prompt 3 aspect keyword sample 0 appears in several parts"):
        Counts.from_rows(twice)


def test_a_judged_part_and_seven_prompts_without_a_judge_add_up():
    """Part a: summary prompt 1 on keyword, passed and judged appropriate; part b: prompts 2 to 8 (seven, more than
    there are tallies), failed, not judged. The sum (by + and by total) scores keyword 1 of 8 and keeps a's judge
    tallies."""
    q = SimpleNamespace(label=True, reason="appropriate")
    a = build(["summary"], [1], [None], [0], [0], ["keyword"], [True], quality=[q])
    b = _counts([("summary", u, None, 0, "keyword", False) for u in range(2, 9)])
    for both in (a + b, b + a, Counts.total([a, b]), Counts.total([b, a])):
        summary = aggregate(both)
        assert summary.scores == {"summary": {"keyword": 1 / 8, "average": 1 / 8}}
        assert summary.quality_counts == {
            "summary": {"keyword": {"appropriate": 1, "parsed": 1, "unparseable": 0, "failed": 0, "judged": 1}}
        }


def test_prompt_ids_just_below_the_no_variant_code():
    """Prompt ids -2 and -1 (the smallest ids the lookup table cannot index) and 0: keyword passes on -2 and 0, fails
    on -1, so the score is 2/3, and each id is its own prompt."""
    counts = _counts([("summary", pid, None, 0, "keyword", pid != -1) for pid in (-2, -1, 0)])
    assert counts.tasks["summary"].units == (-2, -1, 0)
    assert aggregate(counts).scores == {"summary": {"keyword": pytest.approx(2 / 3), "average": pytest.approx(2 / 3)}}


def test_the_empty_counts_add_as_nothing():
    """Counts.empty() is the zero of +: with it first, or as the start of sum(), the parts add to the same counts."""
    a = _counts([("summary", 1, None, 0, "keyword", True)])
    b = _counts([("summary", 2, None, 0, "keyword", False)])
    assert Counts.empty().tasks == {}
    assert Counts.empty() + a == a
    assert sum([a, b], Counts.empty()) == a + b


def test_from_codes_counts_generations_by_default():
    """Two summary generations (prompts 1 and 2), keyword each: from_codes counts both as generations unless told
    they stand for missing ones."""
    args = (np.array([0, 0]), np.array([1, 2]), np.array([-1, -1]), np.array([0, 0]), np.array([0, 1]))
    assert from_codes(*args, ["keyword"] * 2, [True, False]).prompt_total(GENERATIONS) == 2
    assert from_codes(*args, ["keyword"] * 2, [True, False], generations=False).prompt_total(GENERATIONS) == 0


def test_one_multi_aspect_prompt_has_a_prompt_level_accuracy():
    """A single summary prompt with two aspects (keyword and char_count), both passed at sample 0: prompt-level
    accuracy 1 of 1."""
    rows = [("summary", 1, None, 0, "keyword", True), ("summary", 1, None, 0, "char_count", True)]
    assert aggregate(_counts(rows, multi=True)).prompt_level == {"summary": 1.0}


def test_parts_with_several_cells_scored_twice_name_the_first():
    """Two parts that both score summary prompts 3 and 4 (keyword, sample 0): the error names prompt 3, the first in
    prompt order."""
    a = _counts([("summary", 3, None, 0, "keyword", True), ("summary", 4, None, 0, "keyword", True)])
    b = _counts([("summary", 3, None, 0, "keyword", False), ("summary", 4, None, 0, "keyword", False)])
    with pytest.raises(ScoringError, match=r"^summary prompt 3 aspect keyword sample 0 was scored in both parts"):
        a + b


def test_one_variant_has_no_spread():
    """summary prompts 1 and 2 on keyword, all in variant 0 (passes on 1, fails on 2): one variant, 0.5 each way,
    standard deviation 0.0."""
    stats = aggregate(_counts([("summary", u, 0, 0, "keyword", u == 1) for u in (1, 2)])).variants["summary"]["keyword"]
    assert (stats["n_variants"], stats["mean"], stats["min"], stats["max"], stats["std"]) == (1, 0.5, 0.5, 0.5, 0.0)
