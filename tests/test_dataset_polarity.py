"""Word-condition polarity: KEYWORD conditions that negate their word, P-WORD conditions that ask for it.

Hand-written paraphrases and hypothesis-generated ones (fixtures written for this project), plus the real
upstream source, where the rule must find exactly the two negated KEYWORD conditions.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from lctg_dataset.polarity import NEGATIVE, POSITIVE, UNCLEAR, condition_polarity, contradicts, polarity
from tests.conftest import TASKS

NEGATIVE_FORMS = [
    "使わないで",
    "使わないでください",
    "使わずに",
    "使わずに書いて",
    "使わない",
    "使わないこと",
    "含めないで",
    "含めずに",
    "含めない",
    "入れないで",
    "入れないでください",
    "入れずに",
    "避けて",
    "避けること",
    "は使用禁止",
    "の使用は禁止",
    "禁止",
    "使用しない",
    "使用しないで",
    "使用せずに",
    "使用せず",
    "用いないで",
    "用いず",
    "使ってはいけません",
    "使ってはいけない",
    "使用してはならない",
    "使うな",
    "使用するな",
    "は不使用",
    "は使用不可",
    "は禁句",
    "はNG",
    "はダメ",
    "を控えて",
    "を省いて",
    "を除いて",
    "以外の言葉で",
    "を別の言葉に言い換えて",
    "は必要ないので入れないで",
    "が入らないように",
    "を含まない",
    "は使えない",
]
POSITIVE_FORMS = [
    "使って",
    "使ってください",
    "を使う",
    "使うこと",
    "含めて",
    "含めてください",
    "を含む",
    "入れて",
    "入れてください",
    "を入れる",
    "使用して",
    "使用してください",
    "使用すること",
    "を必ず使う",
    "必ず使用",
    "用いて",
    "用いること",
    "は必須",
    "がなくてはならない",
    "を使わなくてはならない",
    "を入れなければならない",
    "を忘れずに使って",
    "を欠かさず入れて",
    "が入るように",
    "を盛り込んで",
    "を利用して",
]
LEADS = ["", "回答には", "要約文の中に", "必ず", "次の単語を使って。", "広告文中に"]
NOUNS = ["という言葉", "という単語", "というワード", "という語", "", "の文字"]
QUOTES = [("「", "」"), ("", ""), ("『", "』"), ("｢", "｣")]
PARTICLES = ["を", "は", ""]
ENDS = ["", "。", "回答してください", "要約しなさい。"]


def _condition(lead: str, quote: tuple[str, str], noun: str, particle: str, form: str, end: str) -> str:
    return f"{lead}{quote[0]}{{word}}{quote[1]}{noun}{particle}{form}{end}"


@pytest.mark.parametrize("form", NEGATIVE_FORMS)
def test_negative_forms(form):
    assert polarity(f"「{{word}}」という言葉{form}") == NEGATIVE
    assert contradicts("keyword", f"{{word}}という単語{form}") and not contradicts("prohibited_word", f"{{word}}{form}")


@pytest.mark.parametrize("form", POSITIVE_FORMS)
def test_positive_forms(form):
    assert polarity(f"「{{word}}」という言葉{form}") == POSITIVE
    assert contradicts("prohibited_word", f"{{word}}という単語{form}") and not contradicts("keyword", f"{{word}}{form}")


@pytest.mark.parametrize(
    "template,expected",
    [
        ("次の単語を使用して書いて下さい。『{word}』", POSITIVE),  # the cue is in the sentence before the word
        ("次の単語は使用しないでください。「{word}」", NEGATIVE),
        ("「{word}」", UNCLEAR),
        ("好きに書いて", POSITIVE),
        ("「{word}」という単語は必ず使用してください", POSITIVE),  # 必ず is not the negation ず
        ("「{word}」を一つずつ入れて", POSITIVE),  # nor is ずつ
        ("format", UNCLEAR),
    ],
)
def test_edge_cases(template, expected):
    assert polarity(template) == expected


@given(
    lead=st.sampled_from(LEADS),
    quote=st.sampled_from(QUOTES),
    noun=st.sampled_from(NOUNS),
    particle=st.sampled_from(PARTICLES),
    form=st.sampled_from(NEGATIVE_FORMS),
    end=st.sampled_from(ENDS),
)
def test_negative_paraphrases_property(lead, quote, noun, particle, form, end):
    assert polarity(_condition(lead, quote, noun, particle, form, end)) == NEGATIVE


@given(
    lead=st.sampled_from(LEADS),
    quote=st.sampled_from(QUOTES),
    noun=st.sampled_from(NOUNS),
    particle=st.sampled_from(PARTICLES),
    form=st.sampled_from(POSITIVE_FORMS),
    end=st.sampled_from(ENDS),
)
def test_positive_paraphrases_property(lead, quote, noun, particle, form, end):
    assert polarity(_condition(lead, quote, noun, particle, form, end)) == POSITIVE


CUE_WORDS = ["危ない", "禁止", "使わず", "ダメ", "NG", "以外", "必須", "含む", "入れ歯", "使用", "なくてはならない"]


@given(
    word=st.sampled_from(CUE_WORDS)
    | st.text(st.characters(blacklist_characters="{}", blacklist_categories=("Cs",)), min_size=1, max_size=6),
    form=st.sampled_from(NEGATIVE_FORMS + POSITIVE_FORMS),
)
def test_the_word_itself_never_decides_property(word, form):
    """A keyword such as 「危ない」 or 「禁止」 is read as the slot: the condition's polarity is its template's."""
    template = f"「{{word}}」という言葉{form}"
    condition = template.replace("{word}", word)
    assume(condition.count(word) == 1)  # a word that also spells part of the fixed text is another case
    assert condition_polarity(condition, word) == polarity(template)


def test_real_source_has_exactly_two_negated_keyword_conditions(upstream_records):
    found = [
        (task, r["prompt_id"], aspect)
        for task in TASKS
        for r in upstream_records[task]
        for aspect, wrong in (("keyword", NEGATIVE), ("prohibited_word", POSITIVE))
        if condition_polarity(r[aspect], r[f"{aspect}_answer"]) == wrong
    ]
    assert found == [("summary", 1264, "keyword"), ("pros_and_cons", 128, "keyword")]
    # every other word condition of the release is read with its aspect's polarity (none is unclear)
    for task in TASKS:
        for r in upstream_records[task]:
            if (task, r["prompt_id"], "keyword") not in found:
                assert condition_polarity(r["keyword"], r["keyword_answer"]) == POSITIVE, r["keyword"]
            assert condition_polarity(r["prohibited_word"], r["prohibited_word_answer"]) == NEGATIVE, r[
                "prohibited_word"
            ]


def test_validation_reports_them_and_faithful_rows_keep_their_flags(built_dataset, built_rows):
    findings = json.loads((built_dataset / "validation.json").read_text(encoding="utf-8"))
    polar = [
        (f["task"], f["prompt_id"], f["kind"], f["aspect"])
        for f in findings
        if f["kind"] in ("keyword_condition_negated", "prohibited_word_condition_requested")
    ]
    assert polar == [
        ("summary", 1264, "keyword_condition_negated", "keyword"),
        ("pros_and_cons", 128, "keyword_condition_negated", "keyword"),
    ]
    # the 1.0.0 rows are frozen: kinds added later are not in their flags
    assert not any("keyword_condition_negated" in r["flags"] for r in built_rows.values())
    card = (built_dataset / "README.md").read_text(encoding="utf-8")
    assert "`keyword_condition_negated`" in card and "使わないで" in card
