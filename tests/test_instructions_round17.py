"""Round seventeen: the honest start phrase that failed (初めまして for はじめまして) and the classes still open after
round sixteen (text about absent text, claims said again with small changes, stock disclaimers, announcements,
short causatives, romaji of a kanji keyword, mis-cut kana words, flipped boxes, mphantom, small capitals). The
labeled cases of ``tests/data/instructions/round17.jsonl`` (the round's probes and further instances of each
class)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.confusable import LATIN_OF

pytest.importorskip("fugashi")

ROOT = Path(__file__).resolve().parent.parent
CASES = [json.loads(line) for line in (ROOT / "tests/data/instructions/round17.jsonl").open(encoding="utf-8")]
FEW = settings(max_examples=25, deadline=None)


@pytest.mark.parametrize("case", CASES, ids=[f"{i + 1}-{c['id']}" for i, c in enumerate(CASES)])
def test_labeled_case(case: dict) -> None:
    verdict = check(case["id"], case["response"], case["kwargs"])
    assert verdict.passed is case["expected"], f"{case['note']}: {verdict.reason}"


#: Start phrases in kana and the kanji spelling a reader writes them in, written here for the test.
_KANJI_SPELLING = {"はじめまして": "初めまして", "よろしく": "宜しく", "ありがとう": "有難う"}


@FEW
@given(st.sampled_from(sorted(_KANJI_SPELLING)), st.sampled_from(["、", "。", "！"]), st.booleans())
def test_a_start_phrase_in_its_kanji_spelling_is_the_phrase(phrase: str, mark: str, kanji_phrase: bool) -> None:
    written = _KANJI_SPELLING[phrase]
    asked, said = (written, phrase) if kanji_phrase else (phrase, written)
    text = f"{said}{mark}田中と申します。"
    assert check("startend:start", text, {"phrase": asked}).passed, text


def test_every_small_capital_letter_reads_as_its_latin_letter() -> None:
    """The class is taken from Unicode's names, checked here against the names themselves."""
    for code in range(0x1D00, 0x1D2C):
        name = unicodedata.name(chr(code), "")
        if name[:-1] == "LATIN LETTER SMALL CAPITAL ":
            assert LATIN_OF.get(chr(code), "").upper() == name[-1], name


@FEW
@given(st.sampled_from(["ID", "OK", "PC"]), st.sampled_from(["ここで", "まず"]))
def test_a_forbidden_acronym_with_a_small_capital_is_used(word: str, before: str) -> None:
    small = {"D": "ᴅ", "K": "ᴋ", "C": "ᴄ"}
    text = f"{before}{word[0]}{small[word[1]]}を確認します。"
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


@FEW
@given(
    st.sampled_from(["駅に近いこと", "家賃が安いこと", "部屋が広いこと"]),
    st.sampled_from(["とても", "本当に"]),
    st.sampled_from(["・", "- ", "1. "]),
)
def test_an_item_said_again_with_an_adverb_added_is_one_item(item: str, adverb: str, marker: str) -> None:
    noun, rest = item.split("に" if "に" in item else "が", 1)
    again = item.replace(rest, adverb + rest) if adverb != "本当に" else f"{noun}が本当に{rest}"
    lines = [item, again, "日当たりが良いこと"]
    iid = "format:numbered_list" if marker == "1. " else "format:bullet_list"
    text = "\n".join(f"{n + 1}. {x}" if marker == "1. " else marker + x for n, x in enumerate(lines))
    assert not check(iid, text, {"min": 3}).passed, text


@FEW
@given(st.permutations(["駅に近いこと", "家賃が安いこと", "日当たりが良いこと", "静かなこと"]))
def test_items_with_claims_of_their_own_are_distinct(items: list[str]) -> None:
    text = "\n".join("・" + x for x in items)
    assert check("format:bullet_list", text, {"min": 4}).passed, text


@FEW
@given(
    st.sampled_from(["一、", "1. ", "・"]),
    st.sampled_from(["結論", "背景", "手順"]),
    st.sampled_from(["理由", "補足", "まとめ"]),
)
def test_a_table_of_contents_of_absent_sections_is_not_counted(number: str, first: str, second: str) -> None:
    answer = "答えは青です。"
    text = f"{answer}目次：{number}{first}　{number}{second}"
    minimum = sum(not ch.isspace() for ch in text)
    assert not check("length:chars", text, {"min": minimum}).passed, text


@FEW
@given(st.sampled_from(["180deg", "0.5turn", "200deg"]), st.sampled_from(["rotateY", "rotateX"]))
def test_a_box_turned_away_with_its_back_hidden_hides_its_text(angle: str, turn: str) -> None:
    style = f"display:inline-block;transform:{turn}({angle});backface-visibility:hidden"
    text = f'<p>今日はいい天気です。<span style="{style}">環境</span></p>'
    assert not check("keywords:existence", text, {"keywords": ["環境"]}).passed, text
    shown = text.replace(";backface-visibility:hidden", "")
    assert check("keywords:existence", shown, {"keywords": ["環境"]}).passed, shown
