"""Template recovery and validation on hand-written conditions and records (fixtures written for this project)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lctg_dataset.constants import ASPECTS
from lctg_dataset.source import Record
from lctg_dataset.templates import TemplateError, build_pool, fill, recover, recover_char_count, recover_word
from lctg_dataset.validate import FINDING_KINDS, Finding, validate


@pytest.mark.parametrize(
    "condition,template,values",
    [
        ("30文字以上60文字以内でまとめて", "{min}文字以上{max}文字以内でまとめて", {"min": 30, "max": 60}),
        ("40-80字で", "{min}-{max}字で", {"min": 40, "max": 80}),
        ("最低100字最高250字で書く", "最低{min}字最高{max}字で書く", {"min": 100, "max": 250}),
        ("{括弧}付き10から20文字", "{{括弧}}付き{min}から{max}文字", {"min": 10, "max": 20}),
        ("70文字から70文字で", "{min}文字から{max}文字で", {"min": 70, "max": 70}),
    ],
)
def test_char_count_templates(condition, template, values):
    rec = recover_char_count(condition)
    assert rec.template == template and dict(rec.values) == values
    assert fill(rec.template, rec.values) == condition


@pytest.mark.parametrize(
    "condition,why",
    [("百文字以内で", "0 numbers"), ("10から20、30字", "3 numbers"), ("０１０から２０字", "0 numbers")],
)
def test_char_count_needs_two_ascii_numbers(condition, why):
    with pytest.raises(TemplateError, match=why):
        recover_char_count(condition)


def test_leading_zero_does_not_round_trip():
    with pytest.raises(TemplateError, match="round-trip"):
        recover_char_count("050から90字")


@pytest.mark.parametrize(
    "condition,word,template",
    [
        ("「抹茶」という言葉を使うこと", "抹茶", "「{word}」という言葉を使うこと"),
        ("抹茶を使わないで", "抹茶", "{word}を使わないで"),
        # the word also occurs inside the fixed text: the quoted occurrence is the slot
        ("長所と短所を「長所」という言葉なしで書いて", "長所", "長所と短所を「{word}」という言葉なしで書いて"),
        # a word the condition does not contain gives a slot-less template (validation reports it)
        ("好きに書いて", "抹茶", "好きに書いて"),
    ],
)
def test_word_templates(condition, word, template):
    rec = recover_word(condition, word)
    assert rec.template == template
    assert fill(rec.template, rec.values) == condition


def test_pool_frequency_beats_quotes():
    pool = Counter({"{word}と書く{word}": 0, "旅の{word}と書く": 5})
    rec = recover_word("旅の旅と書く", "旅", pool)
    assert rec.template == "旅の{word}と書く" and rec.ambiguous_offsets == (0, 2) and rec.chosen_offset == 2


def test_unknown_aspect():
    with pytest.raises(TemplateError, match="unknown aspect 'tone'"):
        recover("x", "tone")


@given(
    prefix=st.text(max_size=8),
    mid=st.text(max_size=5),
    suffix=st.text(max_size=8),
    lo=st.integers(1, 999),
    hi=st.integers(1, 999),
)
def test_char_count_round_trip_property(prefix, mid, suffix, lo, hi):
    strip = lambda s: "".join(ch for ch in s if not ch.isascii() or not ch.isdigit())  # noqa: E731
    prefix, mid, suffix = strip(prefix), strip(mid) or "-", strip(suffix)
    condition = f"{prefix}{lo}{mid}{hi}{suffix}"
    rec = recover_char_count(condition)
    assert fill(rec.template, rec.values) == condition and rec.values == {"min": lo, "max": hi}


@given(word=st.text(min_size=1, max_size=4), before=st.text(max_size=6), after=st.text(max_size=6))
def test_word_round_trip_property(word, before, after):
    condition = f"{before}「{word}」{after}"
    rec = recover_word(condition, word)
    assert fill(rec.template, rec.values) == condition
    assert rec.template.count("{word}") == 1


def test_pool_ids_and_counts():
    items = [
        ("summary", 1, "keyword", "「A」を使う", "A"),
        ("summary", 2, "keyword", "「B」を使う", "B"),
        ("summary", 3, "keyword", "Cという語を入れる", "C"),
        ("summary", 1, "char_count", "10から20字", None),
    ]
    pool = build_pool(items)
    kw = pool.by_task_aspect("summary", "keyword")
    assert [(t.template_id, t.template, t.prompt_ids) for t in kw] == [
        ("summary/keyword/001", "「{word}」を使う", (1, 2)),
        ("summary/keyword/002", "{word}という語を入れる", (3,)),
    ]
    assert pool.assignment[("summary", 2, "keyword")][0] == "summary/keyword/001"


# ------------------------------------------------------------------------------------------ validation

FORMAT = "答えのみを書いてください。"


def _record(
    pid=1,
    task="summary",
    *,
    title="題",
    base="記事の本文です。",
    char=("30から60字で", (30, 60)),
    kw=("「抹茶」を使う", "抹茶"),
    pw=("「緑茶」は使わない", "緑茶"),
    fmt=FORMAT,
    line=1,
) -> Record:
    conditions = {"format": fmt, "char_count": char[0], "keyword": kw[0], "prohibited_word": pw[0]}
    return Record(
        task=task,
        prompt_id=pid,
        base_text=base,
        title=title,
        conditions=conditions,
        prompts={a: f"指示\n[条件]\n{c}\n[文章]\n{base}\n" for a, c in conditions.items()},
        char_count_answer=char[1],
        keyword_answer=kw[1],
        prohibited_word_answer=pw[1],
        file="fixture.jsonl",
        line=line,
    )


def _kinds(findings: list[Finding]) -> list[str]:
    return sorted(f.kind for f in findings)


@pytest.mark.parametrize(
    "record,kinds",
    [
        (_record(), []),
        (_record(char=("30から40字で", (30, 60))), ["condition_disagrees_with_answer"]),
        (_record(char=("50から50字で", (50, 50))), ["degenerate_range"]),
        (_record(char=("60から30字で", (60, 30))), ["inverted_range"]),
        (_record(char=("百字以内で", (1, 100))), ["unparseable_range"]),
        (_record(kw=("好きな言葉を使う", "抹茶")), ["keyword_not_in_condition"]),
        (_record(pw=("好きにして", "緑茶")), ["prohibited_word_not_in_condition"]),
        (_record(kw=("「緑茶」を使う", "緑茶")), ["keyword_equals_prohibited_word"]),
        (_record(kw=("「緑茶畑」を使う", "緑茶畑")), ["keyword_contains_prohibited_word"]),
        (_record(pw=("緑茶の「緑茶」は使わない", "緑茶")), ["word_repeated_in_condition"]),
        (_record(kw=("抹茶という言葉を使わないで", "抹茶")), ["keyword_condition_negated"]),
        (_record(kw=("「抹茶」を含めずに書く", "抹茶")), ["keyword_condition_negated"]),
        (_record(kw=("「抹茶」がなくてはならない", "抹茶")), []),
        (_record(pw=("「緑茶」という言葉を必ず使って", "緑茶")), ["prohibited_word_condition_requested"]),
        (_record(pw=("「緑茶」以外の言葉で書いて", "緑茶")), []),
        (_record(base=" "), ["empty_field"]),
        (_record(title=None), ["missing_field"]),
        (_record(title=None, task="pros_and_cons"), []),
    ],
)
def test_record_findings(record, kinds):
    assert _kinds(validate({record.task: [record]})) == kinds


def test_format_condition_differs_and_duplicates():
    recs = [_record(1, line=1), _record(2, line=2), _record(3, fmt="説明なしで。", line=3), _record(1, line=4)]
    findings = validate({"summary": recs})
    # records 2 and 3 are sent as record 1's prompts (4 aspects, and 3 besides record 3's own format prompt)
    assert _kinds(findings) == ["duplicate_prompt"] * 7 + ["duplicate_prompt_id", "format_condition_differs"]
    assert {(f.prompt_id, f.aspect) for f in findings if f.kind == "duplicate_prompt"} == {(2, a) for a in ASPECTS} | {
        (3, a) for a in ASPECTS if a != "format"
    }
    dup = next(f for f in findings if f.kind == "duplicate_prompt_id")
    assert dup.prompt_id == 1 and "[1, 4]" in dup.detail


def test_prohibited_word_in_instruction_and_unreconstructible_prompt():
    r = _record(pw=("「指示」は使わない", "指示"))
    findings = validate(
        {"summary": [r]},
        instructions={("summary", 1): "指示に従って要約してください。"},
        rebuilt_prompts={("summary", 1, "keyword"): "別物"},
    )
    assert _kinds(findings) == ["prohibited_word_in_instruction", "prompt_not_reconstructible"]


def test_unknown_finding_kind_is_rejected():
    with pytest.raises(ValueError, match="unknown finding kind 'oops'"):
        Finding("summary", 1, "oops", "x")
    assert "degenerate_range" in FINDING_KINDS
