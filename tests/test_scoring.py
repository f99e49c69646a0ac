"""Scoring pipeline on hand-made references: aggregation, coverage, missing, cleaners, bad input."""

from __future__ import annotations

import pytest

from lctg_metrics.api import score_predictions
from lctg_metrics.cleaners import CleanerError, get_cleaner
from lctg_metrics.scoring import Generation, Reference, ScoringError, score


def ref(rid: str, aspect: str, **kw) -> dict:
    task, pid, _ = rid.split("/")
    return {
        "id": rid,
        "task": task,
        "prompt_id": int(pid),
        "aspects": [aspect],
        "min_chars": kw.get("lo"),
        "max_chars": kw.get("hi"),
        "keyword": kw.get("kw"),
        "prohibited_word": kw.get("pw"),
        "variant": kw.get("variant"),
        "dataset_version": kw.get("version", "1.0.0"),
    }


REFS = [
    ref("summary/1/keyword", "keyword", kw="抹茶"),
    ref("summary/2/keyword", "keyword", kw="茶屋"),
    ref("summary/1/char_count", "char_count", lo=5, hi=10),
]


def gen(rid, text, sample=0, cleaned=None):
    return Generation(rid, text, sample=sample, cleaned=cleaned)


def test_mean_over_samples_of_per_sample_accuracy():
    gens = [
        gen("summary/1/keyword", "抹茶ラテ", 0),
        gen("summary/2/keyword", "抹茶ラテ", 0),  # sample 0: 1/2
        gen("summary/1/keyword", "抹茶ラテ", 1),
        gen("summary/2/keyword", "茶屋の話", 1),  # sample 1: 2/2
        gen("summary/1/char_count", "あいうえお", 0),
        gen("summary/1/char_count", "あ", 1),  # 1/1, 0/1
    ]
    result = score(gens, REFS, cleaner="none")
    assert result.scores["summary"]["keyword"] == pytest.approx(0.75)
    assert result.scores["summary"]["char_count"] == pytest.approx(0.5)
    assert result.scores["summary"]["average"] == pytest.approx(0.625)
    assert result.tallies["summary"]["keyword"] == {"passed": 3, "total": 4, "samples": 2}
    assert result.coverage["samples"] == [0, 1] and result.coverage["ratio"] == 1.0
    reasons = {(it.id, it.sample): it.reason for it in result.items}
    assert reasons[("summary/2/keyword", 0)] == "missing keyword 「茶屋」"
    assert reasons[("summary/1/char_count", 1)] == "1 chars < min 5"


def test_missing_is_an_error_naming_which():
    gens = [gen("summary/1/keyword", "抹茶"), gen("summary/2/keyword", "茶屋", sample=1)]
    with pytest.raises(ScoringError) as e:
        score(gens, REFS, cleaner="none")
    msg = str(e.value)
    assert "4 of 6 expected generations are missing" in msg
    assert "summary/1/char_count#0" in msg and "--missing fail" in msg


def test_missing_counted_as_failures_when_asked():
    gens = [
        gen("summary/1/keyword", "抹茶"),
        gen("summary/2/keyword", "茶屋"),
        gen("summary/1/char_count", "あいうえお"),
    ]
    result = score(gens + [gen("summary/1/keyword", "抹茶", 1)], REFS, cleaner="none", missing="fail")
    assert result.coverage["missing"] == 2 and result.coverage["expected"] == 6
    assert result.scores["summary"]["keyword"] == pytest.approx((1.0 + 0.5) / 2)
    missing = [it for it in result.items if it.generation is None]
    assert {(it.id, it.sample) for it in missing} == {("summary/2/keyword", 1), ("summary/1/char_count", 1)}
    assert all(it.passed is False and "missing generation" in it.reason for it in missing)
    assert any("2 missing generations counted as failures" in n for n in result.notes)


@pytest.mark.parametrize(
    "gens,message",
    [
        ([gen("summary/9/keyword", "x")], r"unknown id 'summary/9/keyword'"),
        (
            [gen("summary/1/keyword", "x"), gen("summary/1/keyword", "y")],
            r"duplicate \(id, sample\) \('summary/1/keyword', 0\)",
        ),
        ([Generation("summary/1/keyword", None)], r"generation for id 'summary/1/keyword' must be a string, got null"),  # type: ignore[arg-type]
        ([Generation("summary/1/keyword", 3)], r"must be a string, got int"),  # type: ignore[arg-type]
        ([Generation("summary/1/keyword", "x", sample=-1)], r"'sample' .* non-negative integer"),
        ([Generation("summary/1/keyword", "x", sample="0")], r"'sample' .* non-negative integer"),  # type: ignore[arg-type]
        ([], "no generations to score"),
    ],
)
def test_bad_generations(gens, message):
    with pytest.raises(ScoringError, match=message):
        score(gens, REFS, cleaner="none", missing="fail")


@pytest.mark.parametrize(
    "bad,message",
    [
        ({"task": "tweets"}, "unknown task 'tweets'"),
        ({"aspects": ["tone"]}, r"unknown aspect\(s\) \['tone'\]"),
        ({"aspects": "keyword"}, "must be a non-empty list"),
        ({"keyword": None}, "keyword needs a non-empty string"),
        ({"aspects": ["char_count"], "min_chars": 10, "max_chars": 5}, r"range \[10, 5\] is malformed"),
        ({"aspects": ["char_count"], "min_chars": None, "max_chars": 5}, "needs integer min_chars and max_chars"),
        ({"id": ""}, "'id' must be a non-empty string"),
        ({"prompt_id": "1"}, "'prompt_id' must be an integer"),
    ],
)
def test_malformed_constraints(bad, message):
    r = {**REFS[0], **bad}
    with pytest.raises(ScoringError, match=message):
        score([gen(REFS[0]["id"], "x")], [r], cleaner="none")


def test_duplicate_reference_and_mixed_versions():
    with pytest.raises(ScoringError, match="duplicate reference id 'summary/1/keyword'"):
        score([gen("summary/1/keyword", "x")], [REFS[0], REFS[0]], cleaner="none")
    other = ref("summary/3/keyword", "keyword", kw="x", version="1.1.0")
    with pytest.raises(ScoringError, match=r"mix dataset versions \['1.0.0', '1.1.0'\]"):
        score([gen("summary/1/keyword", "x")], [REFS[0], other], cleaner="none", missing="fail")


def test_provided_cleaner_needs_every_cleaned_text():
    gens = [gen("summary/1/keyword", "x", cleaned="x"), gen("summary/2/keyword", "y")]
    with pytest.raises(CleanerError, match="1 have none: id 'summary/2/keyword' sample 0"):
        score(gens, REFS[:2], cleaner="provided")


def test_unknown_cleaner_lists_valid():
    with pytest.raises(ValueError, match="unknown cleaner 'gpt'; valid: provided, none, rule, llm"):
        get_cleaner("gpt")


def test_ignored_cleaned_field_is_noted():
    gens = [gen("summary/1/keyword", "抹茶", cleaned="抹茶"), gen("summary/2/keyword", "茶屋")]
    result = score(gens, REFS[:2], cleaner="none")
    assert any("ignored" in n for n in result.notes) and "cleaner:none" in result.signature


def test_rule_cleaner_feeds_format_and_other_aspects():
    refs = [ref("summary/1/format", "format"), ref("summary/1/char_count", "char_count", lo=20, hi=40)]
    text = "承知しました。以下が要約です。\n京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"
    result = score([gen(r["id"], text) for r in refs], refs, cleaner="rule")
    by_aspect = {it.aspect: it for it in result.items}
    assert by_aspect["format"].passed is False
    assert by_aspect["char_count"].cleaned == "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"
    assert by_aspect["char_count"].passed is True  # 28 chars once the preamble is gone
    assert "cleaner:rule@" in result.signature


def test_strip_think_happens_before_cleaning():
    from lctg_metrics.profiles import resolve_options

    refs = [ref("summary/1/char_count", "char_count", lo=20, hi=40)]
    text = (
        "<think>要約の方針を考える。長さは二十字から四十字。</think>"
        "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"
    )
    kept = score([gen(refs[0]["id"], text)], refs, cleaner="rule", options=resolve_options(think="keep"))
    stripped = score([gen(refs[0]["id"], text)], refs, cleaner="rule", options=resolve_options(think="strip"))
    assert stripped.items[0].cleaned == "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"
    assert stripped.items[0].passed is True and "think:strip" in stripped.signature
    assert kept.items[0].passed is False and "chars > max 40" in kept.items[0].reason


def test_multi_aspect_prompt_level():
    multi = {
        **ref("ad_text/5/multi", "format"),
        "aspects": ["format", "char_count", "keyword", "prohibited_word"],
        "min_chars": 10,
        "max_chars": 30,
        "keyword": "抹茶",
        "prohibited_word": "安い",
    }
    gens = [
        gen("ad_text/5/multi", "京都の抹茶スイーツ専門店が新登場", 0),
        gen("ad_text/5/multi", "京都の安い抹茶スイーツ専門店が新登場", 1),
    ]
    result = score(gens, [multi], cleaner="none")
    assert result.scores["ad_text"]["prohibited_word"] == 0.5 and result.scores["ad_text"]["keyword"] == 1.0
    assert result.prompt_level == {"ad_text": 0.5}
    assert result.flat()["ad_text/prompt_level"] == 0.5


def test_variant_statistics():
    refs = [ref(f"summary/{p}/keyword", "keyword", kw="抹茶", variant=v) for p in (1, 2) for v in (0, 1)]
    for r, v in zip(refs, (0, 1, 0, 1)):
        r["id"] = f"{r['id']}/v{v}"
    texts = {
        "summary/1/keyword/v0": "抹茶",
        "summary/1/keyword/v1": "抹茶",
        "summary/2/keyword/v0": "抹茶",
        "summary/2/keyword/v1": "緑茶",
    }
    result = score([gen(k, t) for k, t in texts.items()], refs, cleaner="none")
    v = result.variants["summary"]["keyword"]
    assert v["n_variants"] == 2 and v["per_variant"] == {"0": 1.0, "1": 0.5}
    assert v["min"] == 0.5 and v["max"] == 1.0 and v["std"] == pytest.approx(0.25) and v["mean"] == 0.75
    assert v["consistency"] == 0.5  # prompt 1 agrees across variants, prompt 2 does not


def test_score_predictions_flat_output_and_items():
    out = score_predictions(
        ["抹茶", "緑茶", "抹茶ラテ", "茶屋"], [REFS[0], REFS[1], REFS[0], REFS[1]], cleaner="none", return_items=True
    )
    assert out["summary/keyword"] == pytest.approx((0.5 + 1.0) / 2)  # sample 0: 1/2; sample 1: 2/2
    assert out["signature"].startswith("lctg|profile:upstream")
    assert [(i["id"], i["sample"]) for i in out["items"]] == [
        ("summary/1/keyword", 0),
        ("summary/2/keyword", 0),
        ("summary/1/keyword", 1),
        ("summary/2/keyword", 1),
    ]
    assert set(k for k in out if k not in ("signature", "items", "coverage")) == {"summary/keyword", "summary/average"}


@pytest.mark.parametrize(
    "preds,refs,kwargs,message",
    [
        (["a"], [REFS[0], REFS[1]], {}, "got 1 predictions but 2 references"),
        (["a"], [REFS[0]], {"cleaned": ["a", "b"]}, "got 2 cleaned texts but 1 predictions"),
        (["a"], ["summary/1/keyword"], {}, r"references\[0\]: expected a constraint dict"),
        (["a", "b"], [REFS[0], {**REFS[0], "keyword": "別"}], {}, "appears with two different constraints"),
        (
            [None],
            [REFS[0]],
            {"cleaner": "none"},
            r"predictions\[0\] \(id 'summary/1/keyword'\): generation .* got null",
        ),
    ],
)
def test_score_predictions_bad_input(preds, refs, kwargs, message):
    with pytest.raises(ScoringError, match=message):
        score_predictions(preds, refs, **kwargs)


def test_reference_round_trip():
    r = Reference.from_mapping(REFS[2])
    assert r.constraint().min_chars == 5 and r.aspects == ("char_count",) and r.keyword is None


def test_score_predictions_with_confidence_intervals():
    refs = [ref(f"summary/{p}/keyword", "keyword", kw="抹茶") for p in range(1, 41)]
    preds = ["抹茶ラテ" if p % 4 else "緑茶" for p in range(40)]  # 30 of 40 pass
    out = score_predictions(preds, refs, cleaner="none", ci=True, ci_resamples=500, seed=3)
    assert out["summary/keyword"] == 0.75
    low, high = out["summary/keyword/ci_low"], out["summary/keyword/ci_high"]
    assert 0.5 < low < 0.75 < high < 0.95
    again = score_predictions(preds, refs, cleaner="none", ci=True, ci_resamples=500, seed=3)
    assert (again["summary/keyword/ci_low"], again["summary/keyword/ci_high"]) == (low, high)  # seeded
    assert "summary/keyword/ci_low" not in score_predictions(preds, refs, cleaner="none")
