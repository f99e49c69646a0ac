"""Scores pinned by value, not by digest: cases that a changed comparison, a dropped pattern or another rounding
would change. Every expected number is worked out by hand in the comments (fixtures written here)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from lctg_metrics.aspects import Constraint, Texts, check
from lctg_metrics.aspects.format import passes_format
from lctg_metrics.cleaners import get_cleaner
from lctg_metrics.cleaners.base import CleanBatch
from lctg_metrics.profiles import resolve_options
from lctg_metrics.scoring import Generation, score

UP = resolve_options()  # affix length 10 for every task
RUN = "やったーーーーーーーーーーー"  # ends in a run of 11 「ー」: longer than the affix
LEAD = "ーーーーーーーーーーーやった"


@pytest.mark.parametrize(
    "raw,cleaned,where",
    [
        (RUN + "！", RUN, "after"),  # one character added after a tail of identical characters
        (RUN + "w", RUN, "after"),
        ("！" + LEAD, LEAD, "before"),  # one character added before a head of identical characters
        ("は" + LEAD, LEAD, "before"),
    ],
)
def test_format_notices_one_character_added_at_an_end(raw, cleaned, where):
    """A shifted comparison that skips the outermost character would read both ends as unchanged here."""
    constraint = Constraint("ad_text")
    verdict = check("format", Texts(raw, cleaned), constraint, UP)
    assert verdict.passed is False and f"text added {where} the answer" in verdict.reason
    assert passes_format([raw], [cleaned], [constraint], UP) == [False]
    honest = check("format", Texts(cleaned, cleaned), constraint, UP)
    assert honest.passed is True and passes_format([cleaned], [cleaned], [constraint], UP) == [True]


def test_format_reasons_quote_both_ends_as_compared():
    """The reason quotes the first or last 10 characters of the raw and the cleaned text (blanks deleted)."""
    answer = "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"
    before = check("format", Texts("以下が回答です。" + answer, answer), Constraint("summary"), UP)
    assert (
        before.reason
        == "text added before the answer: starts 「以下が回答です。京都」, answer 「京都に新しい抹茶カフ」"
    )
    after = check("format", Texts(answer + "以上です。", answer), Constraint("summary"), UP)
    assert after.reason == "text added after the answer: ends 「ができた。以上です。」, answer 「ら長い行列ができた。」"


def test_format_one_character_added_through_score():
    refs = [
        {
            "id": "ad_text/1/format",
            "task": "ad_text",
            "prompt_id": 1,
            "aspects": ["format"],
            "dataset_version": "1.0.0",
        },
        {
            "id": "ad_text/2/format",
            "task": "ad_text",
            "prompt_id": 2,
            "aspects": ["format"],
            "dataset_version": "1.0.0",
        },
    ]
    gens = [Generation("ad_text/1/format", RUN + "！", cleaned=RUN), Generation("ad_text/2/format", RUN, cleaned=RUN)]
    result = score(gens, refs, cleaner="provided")
    assert result.scores["ad_text"]["format"] == 0.5  # one of two passes


ANSWER = "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"


@pytest.mark.parametrize(
    "closing,tasks",
    [
        ("お役に立てれば。", ("summary", "ad_text", "pros_and_cons")),
        ("少しでもお役に立てれば。", ("summary", "ad_text", "pros_and_cons")),
        ("お役に立てれば幸いです。", ("summary", "ad_text", "pros_and_cons")),
        ("お申し付けください。", ("summary", "pros_and_cons")),  # ad copy may say it: kept in ad_text (below)
        ("ご不明点はお申し付けください。", ("summary", "pros_and_cons")),
    ],
)
def test_rule_cleaner_cuts_each_closing_line(closing, tasks):
    cleaner = get_cleaner("rule")
    for task in tasks:
        assert cleaner.clean(CleanBatch([task], [ANSWER + "\n" + closing])) == [ANSWER], (task, closing)


def test_rule_cleaner_keeps_a_request_in_ad_copy():
    cleaner = get_cleaner("rule")
    text = ANSWER + "\nお申し付けください。"
    assert cleaner.clean(CleanBatch(["ad_text"], [text])) == [text]


def _ref(task: str, pid: int, aspect: str, **kw) -> dict:
    return {
        "id": f"{task}/{pid}/{aspect}",
        "task": task,
        "prompt_id": pid,
        "aspects": [aspect],
        "min_chars": kw.get("lo"),
        "max_chars": kw.get("hi"),
        "keyword": kw.get("kw"),
        "prohibited_word": None,
        "dataset_version": "1.0.0",
    }


def test_rounding_chain_and_overall_average_by_value():
    """Three tasks, keyword and char_count, three prompts each, two samples.

    summary keyword passes 1/3 then 1/3 of its prompts; char_count 3/3 then 2/3.
    ad_text keyword 2/3 then 2/3; char_count 0/3 then 1/3.
    pros_and_cons keyword 3/3 then 3/3; char_count 1/3 then 1/3.
    Exact: a cell is the mean of its two per-sample accuracies, a task average the mean of its cells, the overall
    average the mean of the three task averages. Upstream's chain rounds each per-sample accuracy to 3 decimals
    first (1/3 -> 0.333, 2/3 -> 0.667) and averages plain floats.
    """
    patterns = {  # task -> aspect -> per sample, which of the three prompts pass
        "summary": {"keyword": [(1, 0, 0), (0, 1, 0)], "char_count": [(1, 1, 1), (1, 1, 0)]},
        "ad_text": {"keyword": [(1, 1, 0), (0, 1, 1)], "char_count": [(0, 0, 0), (0, 0, 1)]},
        "pros_and_cons": {"keyword": [(1, 1, 1), (1, 1, 1)], "char_count": [(1, 0, 0), (0, 0, 1)]},
    }
    refs, gens = [], []
    for task, aspects in patterns.items():
        for pid in (1, 2, 3):
            refs.append(_ref(task, pid, "keyword", kw="抹茶"))
            refs.append(_ref(task, pid, "char_count", lo=3, hi=5))
        for aspect, samples in aspects.items():
            for sample, passes in enumerate(samples):
                for pid, ok in zip((1, 2, 3), passes):
                    if aspect == "keyword":
                        text = "抹茶の店" if ok else "緑茶の店"
                    else:
                        text = "四文字だ" if ok else "とても長すぎる答え"
                    gens.append(Generation(f"{task}/{pid}/{aspect}", text, sample=sample))
    result = score(gens, refs, cleaner="none")

    third = Fraction(1, 3)
    exact = {
        "summary": {"keyword": third, "char_count": (1 + 2 * third) / 2},
        "ad_text": {"keyword": 2 * third, "char_count": third / 2},
        "pros_and_cons": {"keyword": Fraction(1), "char_count": third},
    }
    for task, cells in exact.items():
        for aspect, value in cells.items():
            assert result.scores[task][aspect] == pytest.approx(float(value), abs=1e-15), (task, aspect)
        assert result.scores[task]["average"] == pytest.approx(float(sum(cells.values()) / 2), abs=1e-15)
    overall = sum(sum(c.values()) / 2 for c in exact.values()) / 3
    assert result.overall_average == pytest.approx(float(overall), abs=1e-15)

    r3 = {"0": 0.0, "1/3": 0.333, "2/3": 0.667, "1": 1.0}
    chain = {
        "summary": {"keyword": (r3["1/3"] + r3["1/3"]) / 2, "char_count": (r3["1"] + r3["2/3"]) / 2},
        "ad_text": {"keyword": (r3["2/3"] + r3["2/3"]) / 2, "char_count": (r3["0"] + r3["1/3"]) / 2},
        "pros_and_cons": {"keyword": (r3["1"] + r3["1"]) / 2, "char_count": (r3["1/3"] + r3["1/3"]) / 2},
    }
    got = result.to_dict()["upstream_rounding"]["scores"]
    for task, cells in chain.items():
        for aspect, value in cells.items():
            assert got[task][aspect] == pytest.approx(value, abs=1e-12), (task, aspect)
        assert got[task]["average"] == pytest.approx(sum(cells.values()) / 2, abs=1e-12)
    # the two chains differ where rounding bites: 0.333 is not 1/3
    assert got["summary"]["keyword"] != pytest.approx(result.scores["summary"]["keyword"], abs=1e-6)


@pytest.mark.parametrize("blanks", [" " * 30, "\u3000" * 25 + "\n" * 5, "\t\n" * 40])
def test_format_uncleaned_text_behind_blanks_is_long_enough(blanks):
    """Without cleaning, FORMAT only asks whether the text has more than 10 characters once blanks are deleted;
    a text whose first characters are all blanks must be counted whole, not judged by its blank head."""
    text = blanks + "京都に新しい抹茶カフェが開店した"
    constraint = Constraint("summary")
    assert passes_format([text], [text], [constraint], UP) == [True]
    raws = [text, blanks + "短い", blanks + "ちょうど十文字の答え"]  # 16, 2 and exactly 10 characters
    assert passes_format(raws, raws, [constraint] * 3, UP) == [True, False, False]
    assert check("format", Texts(text, text), constraint, UP).passed is True
