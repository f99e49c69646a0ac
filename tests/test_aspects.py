"""Aspect checks and options: tables of Japanese cases and hypothesis properties (fixtures written here)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.aspects import (
    ASPECT_CHECKS,
    Constraint,
    Texts,
    check,
    count_chars,
    get_check,
    normalize,
    strip_think,
)
from lctg_metrics.profiles import OPTION_NAMES, ScoringOptions, resolve_options
from lctg_metrics.signature import build as signature
from lctg_metrics.signature import options_signature

UP = resolve_options()
ANSWER = "京都に新しい抹茶カフェが開店し、初日から長い行列ができた。"


@pytest.mark.parametrize(
    "raw,cleaned,passed,reason",
    [
        (ANSWER, ANSWER, True, "first and last 10 chars unchanged"),
        ("以下が要約です。\n" + ANSWER, ANSWER, False, "text added before the answer"),
        (ANSWER + "\n以上です。", ANSWER, False, "text added after the answer"),
        ("  " + ANSWER.replace("、", "、\u3000") + "\n", ANSWER, True, "unchanged"),  # blanks never matter
        (ANSWER, "Invalid Error", False, "cleaner failed"),
        ("短い答え", "短い答え", False, "<= 10"),  # the upstream ≤ 10-character quirk
        ("ぴったり十文字です", "ぴったり十文字です", False, "<= 10"),
        ("十一文字ちょうどです。", "十一文字ちょうどです。", True, "unchanged"),
        ("🍵" * 12, "🍵" * 12, True, "unchanged"),
    ],
)
def test_format_table(raw, cleaned, passed, reason):
    v = check("format", Texts(raw, cleaned), Constraint("summary"), UP)
    assert v.passed is passed and reason in v.reason


@pytest.mark.parametrize(
    "text,lo,hi,passed,reason",
    [
        ("あ" * 50, 50, 60, True, "50 chars in [50, 60]"),
        ("あ" * 49, 50, 60, False, "49 chars < min 50"),
        ("あ" * 61, 50, 60, False, "61 chars > max 60"),
        ("あ\nい" * 20, 60, 60, True, "60 chars in [60, 60]"),  # newlines count, as upstream
        ("が" * 10, 10, 10, True, "10 chars"),
        ("か\u3099" * 10, 20, 20, True, "20 chars"),  # combining marks count as code points
        ("Invalid Error", 0, 100, False, "cleaner failed"),
    ],
)
def test_char_count_table(text, lo, hi, passed, reason):
    v = check("char_count", Texts(text, text), Constraint("summary", min_chars=lo, max_chars=hi), UP)
    assert v.passed is passed and reason in v.reason


@pytest.mark.parametrize(
    "text,counting,n",
    [
        ("か\u3099き", "codepoints", 3),
        ("か\u3099き", "graphemes", 2),
        ("👍🏽👨‍👩‍👧", "codepoints", 7),
        ("👍🏽👨‍👩‍👧", "graphemes", 2),
        ("あ い\u3000う\nえ\tお", "nonblank", 5),
        ("あ い\u3000う\nえ\tお", "codepoints", 9),
    ],
)
def test_counting_modes(text, counting, n):
    assert count_chars(text, counting) == n


@pytest.mark.parametrize(
    "text,word,normalization,passed",
    [
        ("大谷が申告敬遠された", "敬遠", "none", True),
        ("大谷が申告けいえんされた", "敬遠", "none", False),
        ("AWSで学ぶ", "aws", "none", False),
        ("AWSで学ぶ", "aws", "nfkc_casefold", True),
        ("ＡＷＳで学ぶ", "aws", "nfkc", False),
        ("ＡＷＳで学ぶ", "AWS", "nfkc", True),
        ("ｍｉｎｉサイズ", "ｍｉｎｉ", "none", True),
        ("miniサイズ", "ｍｉｎｉ", "none", False),
        ("miniサイズ", "ｍｉｎｉ", "nfkc", True),
    ],
)
def test_keyword_table(text, word, normalization, passed):
    opts = resolve_options(normalization=normalization)
    v = check("keyword", Texts(text, text), Constraint("ad_text", keyword=word), opts)
    assert v.passed is passed
    assert v.reason == (f"contains keyword 「{word}」" if passed else f"missing keyword 「{word}」")
    pv = check("prohibited_word", Texts(text, text), Constraint("ad_text", prohibited_word=word), opts)
    assert pv.passed is (not passed)


def test_empty_generation_policy():
    c = Constraint("summary", prohibited_word="ヤギ")
    assert check("prohibited_word", Texts("", ""), c, UP).passed is True  # upstream: an empty text avoids the word
    v = check("prohibited_word", Texts("", ""), c, resolve_options(empty="fail"))
    assert v.passed is False and v.reason == "empty generation"


def test_short_text_exact_policy():
    opts = resolve_options(short_text="exact")
    assert check("format", Texts("はい", "はい"), Constraint("ad_text"), opts).passed is True
    assert check("format", Texts("答え：はい", "はい"), Constraint("ad_text"), opts).passed is False


def test_paper_profile_uses_five_characters_for_ad_text():
    paper = resolve_options("paper")
    raw, cleaned = "新作抹茶ラテ登場！今だけ半額セール実施中【公式】", "新作抹茶ラテ登場！今だけ半額セール実施中"
    assert check("format", Texts(raw, cleaned), Constraint("ad_text"), paper).passed is False
    # 5 chars: a text of 6–10 chars is long enough to compare under the paper profile
    assert check("format", Texts("抹茶ラテ新発売", "抹茶ラテ新発売"), Constraint("ad_text"), paper).passed is True
    assert check("format", Texts("抹茶ラテ新発売", "抹茶ラテ新発売"), Constraint("ad_text"), UP).passed is False
    assert "affix:10/5/10" in options_signature(paper)


@pytest.mark.parametrize(
    "text,expected",
    [
        ("<think>考え中…</think>答えです", "答えです"),
        ("<think>a</think>\n\n答え<think>b</think>", "答え"),
        ("途中から</think>答え", "答え"),
        ("答え<think>切れた推論", "答え"),
        ("タグなし  ", "タグなし  "),
    ],
)
def test_strip_think(text, expected):
    assert strip_think(text) == expected


def test_registry_and_errors():
    assert list(ASPECT_CHECKS) == ["format", "char_count", "keyword", "prohibited_word"]
    from lctg_metrics.aspects import Aspect, registered

    toy = Aspect("toy", lambda texts, constraint, options: None, heading="Toy", column="toy")
    with registered(toy):  # a live view: an aspect registered later is in it, and gone when removed
        assert ASPECT_CHECKS["toy"] is toy.check and list(ASPECT_CHECKS)[-1] == "toy"
    assert "toy" not in ASPECT_CHECKS
    with pytest.raises(ValueError, match="unknown aspect 'tone'; valid: format, char_count, keyword, prohibited_word"):
        get_check("tone")
    with pytest.raises(ValueError, match="char_count needs min_chars and max_chars"):
        check("char_count", Texts("a", "a"), Constraint("summary"), UP)
    with pytest.raises(ValueError, match="keyword check needs a non-empty keyword"):
        check("keyword", Texts("a", "a"), Constraint("summary", keyword=""), UP)


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"counting": "bytes"}, "unknown counting 'bytes'; valid: codepoints, graphemes, nonblank"),
        ({"normalization": "nfd"}, "unknown normalization 'nfd'; valid: none, nfkc, nfkc_casefold"),
        ({"short_text": "x"}, "unknown short_text 'x'"),
        ({"empty": "skip"}, "unknown empty 'skip'"),
        ({"affix_length": "summary=ten"}, "affix_length 'summary=ten'"),
        ({"affix_length": {"tweets": 5}}, r"unknown task\(s\) \['tweets'\]"),
        ({"colour": "red"}, r"unknown scoring option\(s\) \['colour'\]; valid: counting, normalization"),
    ],
)
def test_option_errors_list_valid_names(kwargs, message):
    with pytest.raises(ValueError, match=message):
        resolve_options(**kwargs)


def test_unknown_profile():
    with pytest.raises(ValueError, match="unknown profile 'fast'; valid: upstream, paper"):
        resolve_options("fast")


def test_signature_lists_every_setting():
    opts = resolve_options(
        "paper", counting="graphemes", normalization="nfkc", short_text="exact", empty="fail", think="strip"
    )
    sig = signature(
        opts, cleaner="rule@1.0", judge="gpt-4o@api.example.com", dataset_version="1.0.0", package_version="9.9"
    )
    assert sig == (
        "lctg|profile:paper|count:gc|norm:nfkc|affix:10/5/10|short:exact|empty:fail|think:strip"
        "|cleaner:rule@1.0|judge:gpt-4o@api.example.com|data:1.0.0|version:9.9"
    )
    # every option is represented: changing any one changes the signature
    base = options_signature(resolve_options())
    for name, value in [
        ("counting", "nonblank"),
        ("normalization", "nfkc_casefold"),
        ("affix_length", 7),
        ("short_text", "exact"),
        ("empty", "fail"),
        ("think", "strip"),
    ]:
        assert options_signature(resolve_options(**{name: value})) != base, name
    assert set(OPTION_NAMES) == {"counting", "normalization", "affix_length", "short_text", "empty", "think"}


def test_options_are_immutable():
    opts = ScoringOptions()
    with pytest.raises(TypeError, match="immutable"):
        opts.affix_length["summary"] = 3  # type: ignore[index]


# ------------------------------------------------------------------------------------- properties

japanese = st.text(alphabet=st.characters(min_codepoint=0x3041, max_codepoint=0x30FF), min_size=1, max_size=40)
blanks = st.sampled_from([" ", "\u3000", "\n", "\t"])


@given(before=st.text(max_size=20), word=japanese, after=st.text(max_size=20))
def test_text_containing_keyword_always_passes(before, word, after):
    text = before + word + after
    assert check("keyword", Texts(text, text), Constraint("ad_text", keyword=word), UP).passed
    assert not check("prohibited_word", Texts(text, text), Constraint("ad_text", prohibited_word=word), UP).passed


@settings(max_examples=200)
@given(text=st.text(min_size=0, max_size=60), raw_extra=st.text(max_size=10), data=st.data())
def test_adding_blanks_never_changes_format(text, raw_extra, data):
    raw = raw_extra + text
    base = check("format", Texts(raw, text), Constraint("pros_and_cons"), UP).passed
    positions = data.draw(st.lists(st.integers(0, len(raw)), max_size=5))
    noisy = raw
    for p in sorted(positions, reverse=True):
        noisy = noisy[:p] + data.draw(blanks) + noisy[p:]
    assert check("format", Texts(noisy, text), Constraint("pros_and_cons"), UP).passed is base


@given(a=st.text(max_size=30), b=st.text(max_size=30), counting=st.sampled_from(["codepoints", "nonblank"]))
def test_counting_is_additive(a, b, counting):
    assert count_chars(a + b, counting) == count_chars(a, counting) + count_chars(b, counting)


@given(text=st.text(max_size=40))
def test_normalization_is_idempotent(text):
    for mode in ("none", "nfkc"):
        once = normalize(text, mode)
        assert normalize(once, mode) == once
    assert normalize(text, "none") == text


@given(
    word=st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=8),
    before=japanese,
    after=japanese,
)
def test_casefold_matches_any_width_and_case(word, before, after):
    opts = resolve_options(normalization="nfkc_casefold")
    variants = [word.upper(), word.lower(), "".join(chr(ord(c) + 0xFEE0) for c in word)]
    for v in variants:
        text = before + v + after
        assert check("keyword", Texts(text, text), Constraint("ad_text", keyword=word), opts).passed


@given(text=st.text(max_size=50), lo=st.integers(0, 60), width=st.integers(0, 30))
def test_char_count_agrees_with_len(text, lo, width):
    hi = lo + width
    v = check("char_count", Texts(text, text), Constraint("summary", min_chars=lo, max_chars=hi), UP)
    assert v.passed is (lo <= len(text) <= hi)


#: Texts the batch checks are tried on: blanks, the cleaner-failed marker and short texts are the edge cases.
_piece = st.sampled_from(
    [
        "京都",
        "抹茶",
        "カフェ",
        " ",
        "\u3000",
        "\n",
        "\t",
        "Ａｂ",
        "ab",
        "。",
        "🍵",
        "か\u3099",
        "Invalid Error",
        "以下が要約です。",
    ]
)
_texts = st.lists(_piece, max_size=12).map("".join)


@pytest.mark.slow  # 3 s: 300 drawn batches
@settings(max_examples=300)
@given(
    data=st.data(),
    counting=st.sampled_from(["codepoints", "graphemes", "nonblank"]),
    normalization=st.sampled_from(["none", "nfkc", "nfkc_casefold"]),
    short_text=st.sampled_from(["fail", "exact"]),
    affix=st.sampled_from([1, 3, 10, "summary=2,ad_text=5"]),
)
def test_each_aspects_batch_passes_is_its_checks_passed(data, counting, normalization, short_text, affix):
    """What the scorer runs (an aspect's ``passes`` over many items) gives each item's check's ``passed``."""
    from lctg_metrics import aspects

    opts = resolve_options(counting=counting, normalization=normalization, short_text=short_text, affix_length=affix)
    n = data.draw(st.integers(0, 8))
    raws = [data.draw(_texts) for _ in range(n)]
    cleaned = [data.draw(st.sampled_from([r, r.strip(), r[1:], "Invalid Error"]) | _texts) for r in raws]
    words = ["京都", "抹茶", "ab", "AB", "。", "か"]
    constraints = [
        Constraint(
            data.draw(st.sampled_from(["summary", "ad_text", "pros_and_cons"])),
            min_chars=(lo := data.draw(st.integers(0, 20))),
            max_chars=lo + data.draw(st.integers(0, 20)),
            keyword=data.draw(st.sampled_from(words)),
            prohibited_word=data.draw(st.sampled_from(words)),
        )
        for _ in range(n)
    ]
    for name in aspects.names():
        spec = aspects.get(name)
        assert spec.passes is not None, name
        for cl in (
            cleaned,
            raws,
            list(raws),
        ):  # cleaned texts that differ, and none cleaned away (the same list or not)
            expected = [spec.check(Texts(r, c), k, opts).passed for r, c, k in zip(raws, cl, constraints)]
            assert list(spec.passes(raws, cl, constraints, opts)) == expected, name


@pytest.mark.parametrize("pad", [" " * 200, "\u3000" * 50 + "\n" * 50, "\t\n " * 40])
def test_blank_padding_never_lengthens_a_short_answer_for_format(pad):
    """FORMAT needs more than its affix length of non-blank characters; padding with blanks (before, after or
    between) must not reach it, on the fast path that decides on each text's head."""
    from lctg_metrics.aspects.format import passes_format

    opts = resolve_options()
    short = "京都の抹茶"
    texts = [short + pad, pad + short, "京都" + pad + "の抹茶", pad]
    constraints = [Constraint("summary")] * len(texts)
    assert passes_format(texts, texts, constraints, opts) == [False] * len(texts)
    assert passes_format(
        ["京都の抹茶カフェが新たに開店" + pad], ["京都の抹茶カフェが新たに開店" + pad], constraints[:1], opts
    ) == [True]
