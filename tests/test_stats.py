"""Tests for lctg_metrics.stats: hand-computed cases, properties, error messages."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lctg_metrics import stats
from lctg_metrics.stats import (
    DEFAULT_BINS,
    aspect_score,
    average_ranks,
    bootstrap_ci,
    histogram,
    histogram2d,
    js_divergence,
    jsd_similarity,
    paired_comparison,
    per_prompt_stats,
    scores,
    spearman,
)

ASPECTS = ("format", "char_count", "keyword", "prohibited_word")


def rec(
    task: str,
    prompt_id: int,
    aspect: str,
    sample: int,
    passed: bool,
    quality: bool | None = None,
    variant: int | None = None,
) -> dict:
    return {
        "id": f"{task}/{prompt_id}/{aspect}",
        "task": task,
        "prompt_id": prompt_id,
        "aspect": aspect,
        "sample": sample,
        "variant": variant,
        "passed": passed,
        "reason": "",
        "quality": quality,
    }


def grid(passed: dict[tuple[int, int], bool], task: str = "summary", aspect: str = "keyword") -> list[dict]:
    """Records of one task × aspect from {(prompt_id, sample): passed}."""
    return [rec(task, p, aspect, s, v) for (p, s), v in passed.items()]


def bernoulli_records(
    rng: np.random.Generator,
    p: float,
    *,
    tasks=("summary",),
    aspects=("keyword",),
    n_prompts: int = 120,
    n_samples: int = 3,
) -> list[dict]:
    return [
        rec(t, i, a, s, bool(rng.random() < p))
        for t in tasks
        for i in range(n_prompts)
        for a in aspects
        for s in range(n_samples)
    ]


def upstream_reference(records: list[dict], field: str = "passed") -> float:
    """Upstream scripts/eval_ctg.py aggregation, written out loop by loop: per run, accuracy over
    prompts (unjudged answers leave the denominator); the score is the mean of the run accuracies."""
    runs: dict[int, list[bool]] = {}
    for r in records:
        if r[field] is not None:
            runs.setdefault(r["sample"], []).append(r[field])
    accuracies = [sum(v) / len(v) for v in runs.values()]
    return sum(accuracies) / len(accuracies)


# ------------------------------------------------------------------------------------------------
# aggregation
# ------------------------------------------------------------------------------------------------


def test_aspect_score_is_mean_of_per_sample_accuracies():
    # sample 0: 1/2, sample 1: 2/2, sample 2: 0/2 -> (0.5 + 1 + 0) / 3
    data = grid({(1, 0): True, (2, 0): False, (1, 1): True, (2, 1): True, (1, 2): False, (2, 2): False})
    assert aspect_score(data) == pytest.approx(0.5)


def test_quality_none_leaves_the_denominator_of_its_sample():
    # sample 0: judged True, False, (None) -> 1/2; sample 1: True, True, True -> 1.
    # Mean of per-sample accuracies = 0.75, not the pooled 4/5 = 0.8.
    data = [
        rec("summary", 1, "format", 0, True, True),
        rec("summary", 2, "format", 0, True, False),
        rec("summary", 3, "format", 0, True, None),
        rec("summary", 1, "format", 1, True, True),
        rec("summary", 2, "format", 1, True, True),
        rec("summary", 3, "format", 1, True, True),
    ]
    assert aspect_score(data, field="quality") == pytest.approx(0.75)
    assert aspect_score(data) == 1.0


def test_sample_with_no_judged_item_is_skipped():
    data = [rec("summary", 1, "format", 0, True, True), rec("summary", 1, "format", 1, True, None)]
    assert aspect_score(data, field="quality") == 1.0


def test_scores_average_and_overall_by_hand():
    data = []
    # summary: aspect i passes on i of 4 prompts (one sample) -> 0, .25, .5, .75; average .375
    for i, a in enumerate(ASPECTS):
        data += [rec("summary", p, a, 0, p < i) for p in range(4)]
    # ad_text: every aspect passes everywhere -> average 1
    data += [rec("ad_text", p, a, 0, True) for p in range(2) for a in ASPECTS]
    out = scores(data)
    assert out["summary/format"] == 0.0
    assert out["summary/prohibited_word"] == pytest.approx(0.75)
    assert out["summary/average"] == pytest.approx(0.375)
    assert out["ad_text/average"] == 1.0
    assert out["overall/average"] == pytest.approx((0.375 + 1.0) / 2)
    assert list(out) == [
        *(f"summary/{a}" for a in ASPECTS),
        "summary/average",
        *(f"ad_text/{a}" for a in ASPECTS),
        "ad_text/average",
        "overall/average",
    ]
    json.dumps(out)


def test_partial_run_averages_the_aspects_present():
    # Like the report (scoring.aggregate): a task's average is over the aspects that were scored.
    out = scores(grid({(1, 0): True}) + grid({(1, 0): False}, aspect="format"))
    assert out == {"summary/format": 0.0, "summary/keyword": 1.0, "summary/average": 0.5, "overall/average": 0.5}


def test_one_id_may_carry_several_aspects():
    # A multi-constraint prompt: one id, one generation, two aspect verdicts.
    data = [
        {**rec("summary", 1, "keyword", 0, True), "id": "summary/1/multi"},
        {**rec("summary", 1, "format", 0, False), "id": "summary/1/multi"},
    ]
    assert scores(data)["summary/average"] == 0.5
    with pytest.raises(ValueError, match=r"duplicate item .*'summary/1/multi', None, 0, 'keyword'"):
        scores(data + data[:1])


def test_variants_are_separate_items():
    data = [rec("summary", 1, "keyword", 0, True, variant=0), rec("summary", 1, "keyword", 0, False, variant=1)]
    assert aspect_score(data) == 0.5


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 9), st.integers(0, 3), st.booleans(), st.none() | st.booleans()),
        min_size=1,
        max_size=40,
        unique_by=lambda t: (t[0], t[1]),
    )
)
def test_aggregation_matches_upstream_loop(items):
    data = [rec("pros_and_cons", p, "char_count", s, passed, quality) for p, s, passed, quality in items]
    assert aspect_score(data) == pytest.approx(upstream_reference(data))
    if any(q is not None for *_, q in items):
        assert aspect_score(data, field="quality") == pytest.approx(upstream_reference(data, "quality"))


@pytest.mark.parametrize(
    ("records", "message"),
    [
        ([], "no records"),
        ([{"id": "x"}], "missing field"),
        ([{**rec("summary", 1, "keyword", 0, True), "task": "qa"}], "unknown task 'qa'"),
        ([{**rec("summary", 1, "keyword", 0, True), "aspect": "tone"}], "unknown aspect 'tone'"),
        ([{**rec("summary", 1, "keyword", 0, True), "passed": 1}], "passed must be true or false"),
        ([{**rec("summary", 1, "keyword", 0, True), "sample": "0"}], "sample must be an integer"),
        ([rec("summary", 1, "keyword", 0, True)] * 2, "record 1 .*duplicate item"),
        (grid({(1, 0): True}) + grid({(1, 0): True}, aspect="format"), "one task × aspect, got 2"),
    ],
)
def test_record_errors(records, message):
    with pytest.raises(ValueError, match=message):
        aspect_score(records)


def test_unjudged_quality_setting_is_left_out():
    judged = [rec("summary", 1, "format", 0, True, True), rec("summary", 2, "format", 0, True, False)]
    out = scores(judged + grid({(1, 0): True}), field="quality")  # keyword: quality never judged
    assert out == {"summary/format": 0.5, "summary/average": 0.5, "overall/average": 0.5}
    with pytest.raises(ValueError, match="no scored items: every 'quality' value is None"):
        scores(grid({(1, 0): True}), field="quality")
    with pytest.raises(ValueError, match="unknown field"):
        scores(grid({(1, 0): True}), field="qual")


# ------------------------------------------------------------------------------------------------
# bootstrap
# ------------------------------------------------------------------------------------------------


def test_bootstrap_is_seeded_and_contains_estimate():
    data = bernoulli_records(np.random.default_rng(0), 0.6, tasks=("summary", "ad_text"), aspects=ASPECTS, n_prompts=30)
    a = bootstrap_ci(data, n_resamples=300, seed=5)
    b = bootstrap_ci(data, n_resamples=300, seed=5)
    c = bootstrap_ci(data, n_resamples=300, seed=6)
    assert a == b and a != c
    assert set(a) == set(scores(data))
    for k, iv in a.items():
        assert iv.low <= iv.estimate <= iv.high, k
        assert 0 <= iv.low < iv.high <= 1, k
    assert a["overall/average"].high - a["overall/average"].low < a["summary/keyword"].high - a["summary/keyword"].low
    json.dumps({k: v.to_dict() for k, v in a.items()})


def test_bootstrap_of_constant_scores_is_degenerate():
    iv = bootstrap_ci(grid({(p, s): True for p in range(5) for s in range(3)}), n_resamples=50)
    assert (iv["summary/keyword"].low, iv["summary/keyword"].high) == (1.0, 1.0)


def test_task_average_resamples_prompts_jointly_across_aspects():
    # In every prompt exactly two aspects pass, so every prompt's mean over aspects is 0.5: a joint
    # resample of prompts keeps the average at exactly 0.5; independent per-aspect resampling would not.
    rng = np.random.default_rng(1)
    data = []
    for p in range(40):
        first = bool(rng.random() < 0.5)
        for a, passed in zip(ASPECTS, (first, first, not first, not first)):
            data += [rec("summary", p, a, s, passed) for s in range(3)]
    ci = bootstrap_ci(data, n_resamples=200)
    assert ci["summary/average"].low == pytest.approx(0.5) and ci["summary/average"].high == pytest.approx(0.5)
    assert ci["summary/format"].high - ci["summary/format"].low > 0.1


def test_bootstrap_coverage_on_bernoulli():
    # 200 seeded replications of 120 prompts × 3 samples, each verdict Bernoulli(0.7): the 95% percentile
    # interval should cover 0.7 in roughly 95% of them.
    p, reps = 0.7, 200
    rng = np.random.default_rng(2024)
    covered = 0
    for rep in range(reps):
        data = bernoulli_records(rng, p)
        iv = bootstrap_ci(data, n_resamples=400, seed=rep)["summary/keyword"]
        covered += iv.low <= p <= iv.high
    assert 0.90 <= covered / reps <= 0.99


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"n_resamples": 0}, "n_resamples"),
        ({"level": 1.0}, "level"),
        ({"n_resamples": 1.5}, "n_resamples"),
    ],
)
def test_bootstrap_argument_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        bootstrap_ci(grid({(1, 0): True}), **kwargs)


# ------------------------------------------------------------------------------------------------
# paired comparison
# ------------------------------------------------------------------------------------------------


def test_exact_permutation_p_value_by_hand():
    # A passes all 5 prompts, B none: per-prompt differences +1/5 each. Of the 2**5 sign assignments only
    # all-plus and all-minus reach |diff| = 1, so p = 2/32 = 0.0625 (enumerated exactly: 32 <= 10000).
    a = grid({(p, 0): True for p in range(5)})
    b = grid({(p, 0): False for p in range(5)})
    c = paired_comparison(a, b, alpha=0.1, names=("gpt-4", "calm2"))["summary/keyword"]
    assert (c.score_a, c.score_b, c.diff) == (1.0, 0.0, 1.0)
    assert c.p_value == pytest.approx(0.0625)
    assert c.significant
    assert c.verdict == "gpt-4 > calm2 on summary/keyword (diff +1.000, p = 0.06)"
    c05 = paired_comparison(a, b)["summary/keyword"]
    assert not c05.significant
    assert c05.verdict == "no significant difference on summary/keyword (p = 0.06)"
    assert paired_comparison(b, a, alpha=0.1)["summary/keyword"].verdict.startswith(
        "B > A on summary/keyword (diff -1.000"
    )


def test_permutation_matches_scipy_exact_sign_flip():
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(3)
    pa, pb = rng.random(8) < 0.8, rng.random(8) < 0.3
    a = grid({(p, 0): bool(pa[p]) for p in range(8)})
    b = grid({(p, 0): bool(pb[p]) for p in range(8)})
    ours = paired_comparison(a, b, n_resamples=1000)["summary/keyword"].p_value  # 2**8 <= 1000: exact
    assert ours == pytest.approx(2 / 64)  # six non-zero per-prompt differences, all +1: only ±all reach 6
    ref = scipy_stats.permutation_test(
        (pa.astype(float), pb.astype(float)),
        lambda x, y: np.mean(x - y),
        permutation_type="samples",
        n_resamples=np.inf,
        alternative="two-sided",
    ).pvalue
    assert ours == pytest.approx(ref)


@pytest.mark.slow  # 2.4 s: bootstrap and permutation resamples
def test_quality_compared_only_where_both_are_judged():
    a = [rec("summary", p, asp, 0, True, True) for p in range(4) for asp in ("format", "keyword")]
    b = [{**r, "quality": (False if r["aspect"] == "format" else None)} for r in a]
    out = paired_comparison(a, b)
    assert set(out) == {"summary/format", "summary/keyword", "summary/average", "overall/average"}
    q = paired_comparison(a, b, field="quality")
    assert set(q) == {"summary/format", "summary/average", "overall/average"}
    assert q["summary/average"].diff == 1.0  # the average covers format only


def test_clear_difference_is_significant_both_methods():
    rng = np.random.default_rng(7)
    a = bernoulli_records(rng, 0.9, tasks=("summary", "ad_text"), aspects=ASPECTS, n_prompts=60)
    b = [{**r, "passed": bool(rng.random() < 0.5)} for r in a]
    for method in ("permutation", "bootstrap"):
        out = paired_comparison(a, b, method=method, n_resamples=2000, seed=1)
        c = out["overall/average"]
        assert c.significant and c.p_value < 0.001, method
        assert c.ci_low <= c.diff <= c.ci_high and c.ci_low > 0.2
        assert c.verdict.startswith("A > B on overall/average (diff +0.4") and c.verdict.endswith("p < 0.001)")
        assert set(out) == set(scores(a))


def test_identical_results_no_difference():
    a = bernoulli_records(np.random.default_rng(0), 0.5, aspects=ASPECTS, n_prompts=20)
    for method in ("permutation", "bootstrap"):
        for k, c in paired_comparison(a, a, method=method, n_resamples=500).items():
            assert (c.diff, c.p_value, c.ci_low, c.ci_high, c.significant) == (0.0, 1.0, 0.0, 0.0, False), k
            assert c.verdict == f"no significant difference on {k} (p = 1.00)"


records_pair = st.integers(1, 12).flatmap(
    lambda n: st.tuples(
        st.lists(st.booleans(), min_size=2 * n, max_size=2 * n),
        st.lists(st.booleans(), min_size=2 * n, max_size=2 * n),
        st.sampled_from(["permutation", "bootstrap"]),
    )
)


def _pair(a_bits, b_bits):
    keys = [(p, s) for p in range(len(a_bits) // 2) for s in range(2)]
    return grid(dict(zip(keys, a_bits)), aspect="format"), grid(dict(zip(keys, b_bits)), aspect="format")


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records_pair)
def test_properties_of_paired_comparison(case):
    a_bits, b_bits, method = case
    a, b = _pair(a_bits, b_bits)
    ab = paired_comparison(a, b, method=method, n_resamples=300, seed=4)["summary/format"]
    ba = paired_comparison(b, a, method=method, n_resamples=300, seed=4)["summary/format"]
    aa = paired_comparison(a, a, method=method, n_resamples=300, seed=4)["summary/format"]
    assert ab.diff == pytest.approx(ab.score_a - ab.score_b)
    assert ba.diff == pytest.approx(-ab.diff)
    assert ba.p_value == pytest.approx(ab.p_value)
    assert (ba.ci_low, ba.ci_high) == pytest.approx((-ab.ci_high, -ab.ci_low))
    assert ab.ci_low - 1e-12 <= ab.diff <= ab.ci_high + 1e-12
    assert 0 < ab.p_value <= 1
    assert aa.diff == 0 and aa.p_value == 1.0


def test_mismatched_items_error_names_counts_and_examples():
    a = grid({(1, 0): True, (2, 0): True, (3, 0): True})
    b = grid({(1, 0): True, (2, 1): True})
    with pytest.raises(ValueError) as e:
        paired_comparison(a, b)
    msg = str(e.value)
    assert "same (id, sample) items" in msg
    assert "2 (e.g. summary/2/keyword sample 0, summary/3/keyword sample 0) only in A" in msg
    assert "1 (e.g. summary/2/keyword sample 1) only in B" in msg


def test_paired_argument_errors():
    a = grid({(1, 0): True})
    with pytest.raises(ValueError, match="unknown method 'ttest'; valid: permutation, bootstrap"):
        paired_comparison(a, a, method="ttest")
    with pytest.raises(ValueError, match="alpha"):
        paired_comparison(a, a, alpha=0)
    moved = [{**a[0], "prompt_id": 9}]
    only_a = [rec("summary", 1, "format", 0, True, True), rec("summary", 1, "keyword", 0, True, None)]
    only_b = [rec("summary", 1, "format", 0, True, None), rec("summary", 1, "keyword", 0, True, True)]
    with pytest.raises(ValueError, match="no setting has scored 'quality' items in both A and B"):
        paired_comparison(only_a, only_b, field="quality")
    with pytest.raises(ValueError, match="1 .e.g. summary/1/keyword sample 0. only in A, 1 .e.g. summary/9/keyword"):
        paired_comparison(a, moved)


# ------------------------------------------------------------------------------------------------
# Spearman
# ------------------------------------------------------------------------------------------------


def test_average_ranks_by_hand():
    assert average_ranks([10, 20, 20, 5]).tolist() == [2.0, 3.5, 3.5, 1.0]
    assert average_ranks([3, 3, 3]).tolist() == [2.0, 2.0, 2.0]


@pytest.mark.parametrize(
    ("x", "y", "rho"),
    [
        ([1, 2, 3, 4, 5], [2, 4, 6, 8, 10], 1.0),
        ([1, 2, 3, 4, 5], [5, 4, 3, 2, 1], -1.0),
        ([1, 2, 3], [1, 9, 4], 0.5),  # ranks (1,2,3) vs (1,3,2): 1 - 6*2/(3*8)
        # y ranks (1, 2, 3.5, 5, 3.5): sum dx*dy = 8, sum dx^2 = 10, sum dy^2 = 9.5 -> 8/sqrt(95)
        ([1, 2, 3, 4, 5], [5, 6, 7, 8, 7], 8 / math.sqrt(95)),
        # ties on both sides: ranks (1.5, 1.5, 3, 4) vs (1, 2.5, 2.5, 4): sum dx*dy = 3.75, sums of squares 4.5
        ([1, 1, 2, 3], [1, 2, 2, 3], 3.75 / 4.5),
    ],
)
def test_spearman_by_hand(x, y, rho):
    assert spearman(x, y) == pytest.approx(rho)
    assert spearman(y, x) == pytest.approx(rho)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), min_size=3, max_size=15))
def test_spearman_properties(pairs):
    x, y = [p[0] for p in pairs], [p[1] for p in pairs]
    if len(set(x)) < 2 or len(set(y)) < 2:
        with pytest.raises(ValueError, match="constant"):
            spearman(x, y)
        return
    rho = spearman(x, y)
    assert -1.0 <= rho <= 1.0
    assert rho == pytest.approx(spearman(y, x))
    assert spearman(x, [-v for v in y]) == pytest.approx(-rho)
    assert spearman(x, [v**3 + 1 for v in y]) == pytest.approx(rho)  # monotone transforms keep ranks


def test_spearman_matches_scipy():
    scipy_stats = pytest.importorskip("scipy.stats")
    rng = np.random.default_rng(12)
    for _ in range(50):
        x, y = rng.integers(0, 5, size=9), rng.integers(0, 5, size=9)
        if len(set(x)) > 1 and len(set(y)) > 1:
            assert spearman(x, y) == pytest.approx(scipy_stats.spearmanr(x, y).statistic, abs=1e-12)


@pytest.mark.parametrize(
    ("x", "y", "message"),
    [
        ([1, 2, 3], [1, 2], "same length, got 3 and 2"),
        ([1], [2], "at least 2"),
        ([0.5, 0.5, 0.5], [1, 2, 3], "undefined: x is constant"),
        ([1, 2, 3], [2, 2, 2], "undefined: y is constant"),
        ([1, float("nan")], [1, 2], "NaN"),
    ],
)
def test_spearman_errors(x, y, message):
    with pytest.raises(ValueError, match=message):
        spearman(x, y)


# ------------------------------------------------------------------------------------------------
# histograms and JSD
# ------------------------------------------------------------------------------------------------


def test_jsd_by_hand():
    # m = (0.75, 0.25); KL(p||m) = log2(4/3); KL(q||m) = 0.5*log2(2/3) + 0.5*log2(2)
    expected = (math.log2(4 / 3) + 0.5 * math.log2(2 / 3) + 0.5) / 2
    assert js_divergence([1, 0], [0.5, 0.5]) == pytest.approx(expected)  # 0.3112781
    assert jsd_similarity([1, 0], [0.5, 0.5]) == pytest.approx(1 - expected)
    assert jsd_similarity([10, 0], [3, 3]) == pytest.approx(1 - expected)  # counts are normalised


def test_jsd_identical_and_disjoint():
    assert jsd_similarity([1, 2, 3], [2, 4, 6]) == 1.0
    assert jsd_similarity([1, 0, 0], [0, 0, 5]) == 0.0
    assert js_divergence([0, 1], [1, 0]) == 1.0  # base 2: the divergence's maximum is 1


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=1, max_size=8).filter(
        lambda v: sum(a for a, _ in v) > 0 and sum(b for _, b in v) > 0
    )
)
def test_jsd_properties(pairs):
    p, q = [a for a, _ in pairs], [b for _, b in pairs]
    s = jsd_similarity(p, q)
    assert 0.0 <= s <= 1.0
    assert s == pytest.approx(jsd_similarity(q, p))
    assert jsd_similarity(p, p) == pytest.approx(1.0)


def test_jsd_matches_scipy_squared_js_distance():
    distance = pytest.importorskip("scipy.spatial.distance")
    rng = np.random.default_rng(11)
    for _ in range(50):
        p, q = rng.integers(0, 6, size=7), rng.integers(0, 6, size=7)
        p[0] += 1
        q[1] += 1
        # scipy returns the JS *distance*; our divergence is its square.
        assert js_divergence(p, q) == pytest.approx(distance.jensenshannon(p, q, base=2) ** 2, abs=1e-9)


@pytest.mark.parametrize(
    ("p", "q", "message"),
    [
        ([0, 0], [1, 1], "p_hist is an empty histogram"),
        ([1, 1], [0, 0], "q_hist is an empty histogram"),
        ([1, -1], [1, 1], "non-negative"),
        ([1, 2], [1, 2, 3], "same bins"),
        ([], [], "non-empty"),
    ],
)
def test_jsd_errors(p, q, message):
    with pytest.raises(ValueError, match=message):
        jsd_similarity(p, q)


def test_histogram_default_bins_by_hand():
    sd3 = math.sqrt(2) / 3  # std (ddof=0) of 3 binary samples with 1 or 2 passes
    counts = histogram([0, 1 / 3, 2 / 3, 1, sd3, 0.5, 1 / 6, 0.08], DEFAULT_BINS)
    assert counts.tolist() == [2, 1, 1, 2, 1, 0, 1]


def test_default_bins_put_no_mean_or_std_of_few_samples_on_an_edge():
    interior = np.array(DEFAULT_BINS[1:-1])
    assert len(DEFAULT_BINS) == 8 and DEFAULT_BINS[0] == 0 and DEFAULT_BINS[-1] == 1
    for n in (*range(1, 7), 12):  # 12: means of three 5-point ratings scaled to [0, 1]
        for k in range(n + 1):
            assert np.min(np.abs(interior - k / n)) > 1e-6, (k, n)  # far from float noise
    for n in range(1, 7):  # std of n binary samples with k passes
        for k in range(n + 1):
            assert np.min(np.abs(interior - np.std([1] * k + [0] * (n - k)))) > 1e-6, (k, n)  # far from float noise


def test_histogram2d_by_hand():
    h = histogram2d([0, 1, 1], [0, 0, 0.5], DEFAULT_BINS)
    assert h.shape == (7, 7) and h.sum() == 3
    assert h[0, 0] == 1 and h[6, 0] == 1 and h[6, 3] == 1


@pytest.mark.parametrize(
    ("values", "bins", "message"),
    [
        ([], DEFAULT_BINS, "no values"),
        ([1.2], DEFAULT_BINS, r"outside the bins \[0, 1\]"),
        ([0.5], [0, 0.5, 0.5, 1], "strictly increasing"),
        ([0.5], [0], "at least 2"),
    ],
)
def test_histogram_errors(values, bins, message):
    with pytest.raises(ValueError, match=message):
        histogram(values, bins)


def test_per_prompt_stats_by_hand():
    data = grid({(1, 0): True, (1, 1): True, (1, 2): False, (2, 0): True, (2, 1): True, (2, 2): True})
    mu, sigma = per_prompt_stats(data)["summary/keyword"]
    assert mu.tolist() == pytest.approx([2 / 3, 1.0])
    assert sigma.tolist() == pytest.approx([math.sqrt(2) / 3, 0.0])


def test_module_exports_exist():
    for name in stats.__all__:
        assert hasattr(stats, name), name
