"""Tests for lctg_metrics.substitutability: rankings, Spearman matrices, JSD similarity, published tables."""

from __future__ import annotations

import itertools
import json
import math

import pytest

from lctg_metrics import stats
from lctg_metrics.analysis.substitutability import (
    published_substitutability,
    rank_models,
    ranking_analysis,
    setting_name,
    substitutability,
)

EN = "LCTG Bench (English paper), Tables 2-4"
JA = "LCTG Bench (NLP2024 Japanese paper), Tables 2-3"
T, F = True, False


def records(spec: dict[str, dict[int, list[bool]]], *, quality: bool | str = False) -> list[dict]:
    """Summary records from ``{aspect: {prompt_id: [passed per sample]}}``; quality = copy of passed
    when ``quality=True``, absent otherwise."""
    out = []
    for aspect, prompts in spec.items():
        for pid, samples in prompts.items():
            for s, passed in enumerate(samples):
                out.append(
                    {
                        "id": f"summary/{pid}/{aspect}",
                        "task": "summary",
                        "prompt_id": pid,
                        "aspect": aspect,
                        "sample": s,
                        "variant": None,
                        "passed": passed,
                        "reason": "",
                        "quality": passed if quality else None,
                    }
                )
    return out


# Three models on two settings; both rank m1 > m2 > m3.
SPEC = {
    "m1": {"keyword": {1: [T, T, T], 2: [T, T, F]}, "format": {1: [T, T, T], 2: [T, T, T]}},
    "m2": {"keyword": {1: [T, T, F], 2: [F, F, F]}, "format": {1: [T, T, F], 2: [T, F, F]}},
    "m3": {"keyword": {1: [F, F, F], 2: [F, F, F]}, "format": {1: [F, F, F], 2: [F, F, F]}},
}


# ------------------------------------------------------------------------------------------------
# rankings
# ------------------------------------------------------------------------------------------------


def test_rank_models_best_first_with_ties():
    assert rank_models({"a": 0.9, "b": 0.9, "c": 0.1, "d": 0.3}) == {"a": 1.5, "b": 1.5, "c": 4.0, "d": 3.0}


TABLE = {
    "s1": {"a": 0.9, "b": 0.5, "c": 0.1, "d": 0.3},
    "s2": {"a": 0.8, "b": 0.6, "c": 0.2, "d": 0.4},  # same order as s1
    "s3": {"a": 0.1, "b": 0.2, "c": 0.9, "d": 0.3},  # reversed
    "s4": {"a": 0.5, "b": 0.5, "c": 0.5, "d": 0.5},  # constant: no ranking
    "s5": {"a": 0.9, "b": 0.9, "c": 0.1, "d": 0.3},  # s1 with a tie
}


def test_ranking_analysis_by_hand():
    out = ranking_analysis(TABLE, threshold=0.8)
    json.dumps(out)
    m = out["spearman"]
    assert out["settings"] == ["s1", "s2", "s3", "s4", "s5"]
    assert out["rankings"]["s1"] == {"a": 1.0, "b": 2.0, "c": 4.0, "d": 3.0}
    assert m[0][1] == 1.0 and m[0][2] == -1.0
    # s1 vs s5: ranks (4, 3, 1, 2) vs (3.5, 3.5, 1, 2): 4.5 / sqrt(5 * 4.5)
    assert m[0][4] == pytest.approx(4.5 / math.sqrt(22.5))
    assert m[2][4] == pytest.approx(-4.5 / math.sqrt(22.5))
    assert all(m[3][j] is None and m[j][3] is None for j in range(5))
    assert [m[i][i] for i in range(5)] == [1.0, 1.0, 1.0, None, 1.0]
    assert out["undefined"] == {"s4": "every model has the same score (0.5); ranking correlation undefined"}
    assert [(d["a"], d["b"]) for d in out["substitutes"]] == [("s1", "s2"), ("s1", "s5"), ("s2", "s5")]
    assert out["substitutes_by_setting"]["s3"] == [] and out["substitutes_by_setting"]["s1"] == ["s2", "s5"]
    assert any("s4" in n for n in out["notes"])
    assert all(m[i][j] == m[j][i] for i, j in itertools.product(range(5), repeat=2))


def test_ranking_analysis_errors():
    with pytest.raises(ValueError, match=r"'s2' must score the same models .* missing \['c'\], extra \['x'\]"):
        ranking_analysis({"s1": {"a": 1, "b": 2, "c": 3}, "s2": {"a": 1, "b": 2, "x": 3}})
    with pytest.raises(ValueError, match="at least 2 models"):
        ranking_analysis({"s1": {"a": 1}})
    with pytest.raises(ValueError, match="no settings"):
        ranking_analysis({})


# ------------------------------------------------------------------------------------------------
# per-item analysis
# ------------------------------------------------------------------------------------------------


def test_substitutability_by_hand():
    results = {m: records(spec) for m, spec in SPEC.items()}
    out = substitutability(results)
    json.dumps(out)
    kw, fmt = "summary/keyword:ctg", "summary/format:ctg"
    assert out["settings"] == [fmt, kw]
    assert out["models"] == ["m1", "m2", "m3"]
    # m1 keyword: samples 1, 1, 1/2 -> 5/6; m2 format: 1, 1/2, 0 -> 1/2
    assert out["scores"][kw]["m1"] == pytest.approx(5 / 6)
    assert out["scores"][fmt]["m2"] == pytest.approx(0.5)
    for m in SPEC:
        assert out["scores"][kw][m] == pytest.approx(stats.scores(results[m])["summary/keyword"])
    assert out["spearman"] == [[1.0, 1.0], [1.0, 1.0]]
    assert out["substitutes"] == [{"a": fmt, "b": kw, "spearman": 1.0}]

    st = out["statistics"]
    assert st["bins"] == list(stats.DEFAULT_BINS) and st["std_ddof"] == 0
    h = st["histograms"]
    # per-prompt means pooled over models: keyword (1, 2/3, 2/3, 0, 0, 0); format (1, 1, 2/3, 1/3, 0, 0)
    assert h["mean"][kw] == [3, 0, 0, 0, 2, 0, 1]
    assert h["mean"][fmt] == [2, 0, 1, 0, 1, 0, 2]
    # per-prompt stds: four prompts constant, two with 1 or 2 of 3 passing (sqrt(2)/3) -> same histogram
    assert h["std"][kw] == h["std"][fmt] == [4, 0, 0, 2, 0, 0, 0]
    assert sum(map(sum, h["joint"][kw])) == 6
    sim = st["similarity"]
    assert sim["std"] == [[1.0, 1.0], [1.0, 1.0]]
    assert sim["mean"][0][1] == sim["mean"][1][0] == pytest.approx(stats.jsd_similarity(h["mean"][fmt], h["mean"][kw]))
    assert 0 < sim["mean"][0][1] < 1 and sim["mean"][0][0] == 1.0
    # one setting pair only: the similarity-vs-substitutability correlation is undefined, with a note
    assert st["similarity_vs_substitutability"] == {"mean": None, "std": None, "joint": None}
    assert any("similarity_vs_substitutability[std] undefined" in n for n in out["notes"])


def test_quality_settings_only_when_every_model_is_judged():
    partly = {m: records(spec, quality=(m != "m3")) for m, spec in SPEC.items()}
    out = substitutability(partly)
    assert all(s.endswith(":ctg") for s in out["settings"])
    assert any("qual settings skipped" in n for n in out["notes"])

    judged = {m: records(spec, quality=True) for m, spec in SPEC.items()}
    out = substitutability(judged)
    assert out["settings"] == [
        "summary/format:ctg",
        "summary/keyword:ctg",
        "summary/format:qual",
        "summary/keyword:qual",
    ]
    assert out["scores"]["summary/keyword:qual"] == out["scores"]["summary/keyword:ctg"]
    assert len(out["statistics"]["similarity"]["joint"]) == 4


def test_constant_setting_is_null_not_a_crash():
    spec = {m: {**s, "format": {1: [T, T, T], 2: [T, T, T]}} for m, s in SPEC.items()}
    out = substitutability({m: records(s) for m, s in spec.items()})
    json.dumps(out)
    assert out["spearman"][0] == [None, None]
    assert "summary/format:ctg" in out["undefined"]
    assert out["statistics"]["similarity"]["mean"][0][0] == 1.0  # histograms still exist
    assert out["substitutes"] == []


def test_substitutability_input_errors():
    with pytest.raises(ValueError, match="at least 2 models"):
        substitutability({"m1": records(SPEC["m1"])})
    uneven = {"m1": records(SPEC["m1"]), "m2": records({"keyword": SPEC["m2"]["keyword"]})}
    with pytest.raises(ValueError, match="same task × aspect settings"):
        substitutability(uneven)


def test_setting_name():
    assert setting_name("ad_text/keyword", "qual") == "ad_text/keyword:qual"


# ------------------------------------------------------------------------------------------------
# published tables
# ------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def published():
    return published_substitutability()


def test_published_analysis_shape(published):
    json.dumps(published)
    assert list(published) == [EN, JA]
    assert len(published[EN]["settings"]) == 24 and len(published[EN]["models"]) == 9
    assert len(published[JA]["settings"]) == 16 and len(published[JA]["models"]) == 11
    assert all(not a["undefined"] for a in published.values())


def _rho(analysis, a, b):
    s = analysis["settings"]
    return analysis["spearman"][s.index(a)][s.index(b)]


def test_published_findings(published):
    en, ja = published[EN], published[JA]
    # Hand-checked: the nine models are in the same order in both columns of Table 2.
    assert _rho(en, "summary/format:qual", "summary/keyword:qual") == 1.0
    # The one CTG pair that substitutes in both papers: summary char_count and keyword.
    assert _rho(en, "summary/char_count:ctg", "summary/keyword:ctg") == pytest.approx(0.9)
    assert _rho(ja, "summary/char_count:ctg", "summary/keyword:ctg") == pytest.approx(1 - 6 * 20 / (11 * 120))
    # Quality rankings substitute within a task: every within-task Qual pair has rho >= 0.8.
    for analysis in (en, ja):
        qual = [s for s in analysis["settings"] if s.endswith(":qual")]
        for a, b in itertools.combinations(qual, 2):
            if a.split("/")[0] == b.split("/")[0]:
                assert _rho(analysis, a, b) >= 0.8, (a, b)

    # CTG aspects mostly do not: 8 of 66 CTG pairs (EN) and 2 of 28 (NLP2024) reach 0.8.
    def ctg_pairs(analysis):
        return {(d["a"], d["b"]) for d in analysis["substitutes"] if d["a"].endswith("ctg") and d["b"].endswith("ctg")}

    assert len(ctg_pairs(en)) == 8 and len(en["substitutes"]) == 80
    assert ctg_pairs(ja) == {
        ("summary/char_count:ctg", "summary/keyword:ctg"),
        ("ad_text/keyword:ctg", "ad_text/prohibited_word:ctg"),
    }
    assert len(ja["substitutes"]) == 38
    assert ("ad_text/keyword:ctg", "pros_and_cons/keyword:ctg") in ctg_pairs(en)


def test_published_spearman_matches_scipy(published):
    scipy_stats = pytest.importorskip("scipy.stats")
    en = published[EN]
    a, b = "summary/prohibited_word:ctg", "pros_and_cons/format:ctg"
    x = [en["scores"][a][m] for m in en["models"]]
    y = [en["scores"][b][m] for m in en["models"]]
    assert _rho(en, a, b) == pytest.approx(scipy_stats.spearmanr(x, y).statistic)
