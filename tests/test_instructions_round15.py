"""Round fifteen: honest templates and greetings that failed, and the classes still open after round fourteen
(look-alike signs by category, start phrases read in their parse, MathML annotations, recited padding, fillers,
translated second answers). The labeled cases of ``tests/data/instructions/round15.jsonl`` (the round's probes and
further instances of each class)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

pytest.importorskip("fugashi")

ROOT = Path(__file__).resolve().parent.parent
CASES = [json.loads(line) for line in (ROOT / "tests/data/instructions/round15.jsonl").open(encoding="utf-8")]


@pytest.mark.parametrize("case", CASES, ids=[f"{i + 1}-{c['id']}" for i, c in enumerate(CASES)])
def test_labeled_case(case: dict) -> None:
    verdict = check(case["id"], case["response"], case["kwargs"])
    assert verdict.passed is case["expected"], f"{case['note']}: {verdict.reason}"


#: Greetings holding a long vowel and where it stands (index of the う or い that a casual spelling writes ー),
#: written here for the test.
_LONG_INSIDE = {"おはようございます": [3], "ありがとうございます": [4], "おめでとうございます": [4], "せんせい": [3]}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(_LONG_INSIDE)), st.data(), st.sampled_from(["！", "、", "。"]))
def test_a_long_vowel_written_as_a_long_mark_inside_a_start_phrase_is_the_phrase(
    phrase: str, data: st.DataObject, mark: str
) -> None:
    at = data.draw(st.sampled_from(_LONG_INSIDE[phrase]))
    # a small vowel writes a long vowel of its own vowel only (ぉ after よ); せんせぃ is no spelling the fold reads
    written = phrase[:at] + data.draw(st.sampled_from(["ー", "ぉ" if phrase[at] == "う" else "ー"])) + phrase[at + 1 :]
    text = f"{written}{mark}今日もよろしくお願いします。"
    assert check("startend:start", text, {"phrase": phrase}).passed, text


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["よろしく", "それでは", "まず"]), st.sampled_from(["ない", "なかった", "ありません"]))
def test_a_start_phrase_with_a_negation_glued_to_it_is_not_said(phrase: str, negation: str) -> None:
    text = f"{phrase}{negation}と思います。"
    assert not check("startend:start", text, {"phrase": phrase}).passed, text


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.sampled_from(["えーと", "うーん", "あのー", "えっと", "んー", "あー"]), min_size=1, max_size=4),
    st.sampled_from(["、", "……", "…"]),
)
def test_a_quotation_of_hesitation_sounds_says_nothing(sounds: list[str], mark: str) -> None:
    text = "「" + mark.join(sounds) + "……。」"
    assert not check("format:quotation", text, {}).passed, text


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["えーと", "うーん", "あのー"]),
    st.sampled_from(["駅は右の出口です。", "明日は雨が降るそうです。", "それは知りませんでした。"]),
)
def test_a_quotation_that_says_something_after_a_filler_is_said(filler: str, said: str) -> None:
    text = f"「{filler}、{said}」"
    assert check("format:quotation", text, {}).passed, text
