"""Registry, kwargs validation, strict/loose modes, listing, conflicts and the M-IFEval-ja scorer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.instructions import (
    CATEGORIES,
    LLM_ONLY,
    MIFEVAL_MAP,
    REGISTRY,
    Verdict,
    check,
    conflict_table,
    find_conflicts,
    listing,
    read_mifeval_inputs,
    score_mifeval,
)
from lctg_metrics.instructions.mifeval import translate
from lctg_metrics.instructions.text import loose_variants, split_sentences

MIFEVAL = Path(__file__).resolve().parents[2] / "shared" / "m-ifeval-ja"


def test_unknown_id_lists_the_valid_ids() -> None:
    with pytest.raises(ValueError, match=r"unknown instruction id 'format:jsn'; valid: .*format:json"):
        check("format:jsn", "{}", {})


def test_llm_only_ids_say_so() -> None:
    with pytest.raises(ValueError, match="LLM judge only"):
        check("topic:topic", "何か", {})
    assert "topic:topic" in LLM_ONLY and "topic:topic" not in REGISTRY
    llm_rows = {row["id"]: row for row in listing() if row["checker"] == "llm_only"}
    assert set(llm_rows) == set(LLM_ONLY) and llm_rows["persona:roleplay"]["category"] == "ペルソナ・言語指定"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"keywords": ["a"], "colour": 1}, r"keywords:existence: unknown kwarg 'colour'; valid: keywords, match"),
        ({}, r"missing required kwarg 'keywords'"),
        ({"keywords": "a"}, r"kwarg 'keywords' must be a non-empty list\[str\]"),
        ({"keywords": []}, r"must be a non-empty list"),
    ],
)
def test_kwargs_are_validated(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check("keywords:existence", "a", kwargs)


def test_null_kwargs_count_as_absent() -> None:
    assert check("length:chars", "abc", {"min": None, "max": 3}).passed


def test_bounds_need_min_or_max() -> None:
    with pytest.raises(ValueError, match="needs min or max"):
        check("length:chars", "abc", {})


def test_unknown_mode() -> None:
    with pytest.raises(ValueError, match="unknown mode 'lax'; valid: strict, loose"):
        check("format:json", "{}", {}, mode="lax")


def test_every_checker_returns_a_verdict_with_a_reason() -> None:
    for row in listing():
        assert row["category"] in CATEGORIES
    for spec in REGISTRY.values():
        assert spec.id.count(":") == 1 and spec.description


def test_loose_mode_drops_first_or_last_line_and_emphasis() -> None:
    response = '以下が回答です。\n{"a": 1}\nいかがでしょうか。'
    assert not check("format:json", response, {}).passed
    loose = check("format:json", response, {}, mode="loose")
    assert loose.passed and "loose: without first and last lines" in loose.reason
    assert check("startend:start", "**結論**から", {"phrase": "結論から"}, mode="loose").passed
    assert not check("format:json", "前置き\n本文", {}, mode="loose").passed


def test_loose_variants_are_named_and_non_empty() -> None:
    names = [name for name, _ in loose_variants("一\n二\n三")]
    assert names[0] == "as is" and "without first and last lines" in names
    assert all(text.strip() for _, text in loose_variants("一\n\n"))


def test_empty_response_fails_every_checker() -> None:
    assert check("script:no_kanji", "  \n", {}) == Verdict(False, "empty response")


def test_sentence_splitting_edge_cases() -> None:
    assert split_sentences("「行く。」と言った。次！") == ["「行く。」と言った。", "次！"]
    assert split_sentences("待って…\n本当に?!") == ["待って…", "本当に?!"]
    assert split_sentences("「開いたまま。続く") == ["「開いたまま。", "続く"]


def test_conflicts_static_and_through_kwargs() -> None:
    assert find_conflicts([("script:hiragana_only", {}), ("script:katakana_only", {})])
    found = find_conflicts([("script:hiragana_only", {}), ("keywords:existence", {"keywords": ["機械学習"]})])
    assert found == ["keywords:existence × script:hiragana_only: required 「機械学習」 breaks the rule"]
    assert find_conflicts([("script:furigana", {}), ("keywords:existence", {"keywords": ["東京"]})])
    assert find_conflicts([("keywords:existence", {"keywords": ["猫"]}), ("keywords:forbidden", {"words": ["猫"]})])
    assert find_conflicts([("script:language", {"language": "fr"}), ("style:polite", {})])
    assert not find_conflicts([("script:hiragana_only", {}), ("keywords:existence", {"keywords": ["ねこ"]})])
    assert not find_conflicts([("format:json", {}), ("keywords:existence", {"keywords": ["猫"]})])
    # declared pairs, with nothing left to a second list the builder alone reads (です/ます × だ・である)
    assert find_conflicts([("startend:unified_ending", {"ending": "です"}), ("style:plain", {})])
    assert find_conflicts([("format:json", {}), ("length:chars", {"max": 100})])
    assert find_conflicts([("format:constrained_response", {"position": "end"}), ("startend:end", {"phrase": "以上"})])
    assert {"a", "b", "reason"} == set(conflict_table()[0])


def test_mifeval_map_covers_every_ja_id_and_translates_relations() -> None:
    assert len(MIFEVAL_MAP) == 33 and all(our in REGISTRY for our, _ in MIFEVAL_MAP.values())
    assert translate("ja:letters:kanji", {"relation": "未満", "kanji_limit": 40}) == ("script:kanji_count", {"max": 39})
    assert translate("ja:length_constraints:number_letters", {"relation": "以上", "num_letters": 300})[1] == {
        "min": 300
    }
    with pytest.raises(ValueError, match="unknown relation '約'"):
        translate("ja:letters:kanji", {"relation": "約", "kanji_limit": 40})
    with pytest.raises(ValueError, match="unknown M-IFEval id 'ja:x'"):
        translate("ja:x", {})


def test_mifeval_reader_names_the_bad_line(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    path.write_text('{"key": 1, "prompt": "p", "instruction_id_list": [], "kwargs": []}\n{oops\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"in.jsonl:2: not JSON"):
        read_mifeval_inputs(path)


def test_score_mifeval_on_a_small_made_up_file(tmp_path: Path) -> None:
    inputs, responses = tmp_path / "in.jsonl", tmp_path / "resp.jsonl"
    rows = [
        {
            "key": 1,
            "prompt": "ひらがなで",
            "instruction_id_list": ["ja:letters:hiragana_only", "ja:punctuation:no_comma"],
            "kwargs": [{}, {}],
        },
        {
            "key": 2,
            "prompt": "三文以上",
            "instruction_id_list": ["ja:length_constraints:number_sentences"],
            "kwargs": [{"relation": "以上", "num_sentences": 3, "keyword": None}],
        },
    ]
    inputs.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    responses.write_text(
        "\n".join(
            json.dumps(r, ensure_ascii=False)
            for r in [
                {"prompt": "ひらがなで", "response": "はい、わかりました"},
                {"prompt": "三文以上", "response": "一文。\n二文。"},
            ]
        ),
        encoding="utf-8",
    )
    details, summary = score_mifeval(inputs, responses)
    assert [(d["key"], d["index"], d["strict"]) for d in details] == [(1, 0, True), (1, 1, False), (2, 0, False)]
    assert set(details[0]) == {"key", "instruction_id", "index", "strict", "loose", "reason"}
    assert summary["prompt_strict"] == 0.0 and summary["instruction_strict"] == pytest.approx(1 / 3)


@pytest.mark.slow  # scores every real M-IFEval-ja response (about 6 s)
@pytest.mark.skipif(not (MIFEVAL / "ja_input_data.jsonl").is_file(), reason="M-IFEval-ja data not in ../shared")
def test_score_mifeval_on_the_real_responses() -> None:
    details, summary = score_mifeval(MIFEVAL / "ja_input_data.jsonl", MIFEVAL / "responses" / "gpt-4o-2024-08-06.jsonl")
    assert summary["prompts"] == 172 and summary["instructions"] == len(details) == 226
    assert 0.5 < summary["instruction_strict"] <= summary["instruction_loose"] <= 1.0
    assert all(d["strict"] <= d["loose"] for d in details)


def test_missing_analyzer_raises_the_install_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from lctg_metrics.instructions import morph

    real_import = builtins.__import__

    def no_fugashi(name: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        if name == "fugashi":
            raise ImportError("No module named 'fugashi'")
        return real_import(name, *args, **kwargs)

    morph._tagger.cache_clear()
    morph.analyze.cache_clear()
    monkeypatch.setattr(builtins, "__import__", no_fugashi)
    try:
        with pytest.raises(ImportError, match=r"pip install 'lctg\[ja\]'"):
            check("style:polite", "雨が降っていますね。", {})
        assert check("script:no_kanji", "かな", {}).passed  # plain-text checkers need no analyzer
    finally:
        monkeypatch.undo()
        morph._tagger.cache_clear()


def test_signature_names_every_verdict_setting() -> None:
    from lctg_metrics.instructions import settings
    from lctg_metrics.instructions.score import result_signature
    from lctg_metrics.schema import ScoringError

    loose = settings("loose")
    assert list(loose) == ["checkers", "mode", "morph", "langdetect"] and loose["mode"] == "loose"
    assert loose["morph"].startswith("fugashi-") and "unidic-lite-" in loose["morph"]
    assert loose["langdetect"].endswith("(seed 0)")
    assert result_signature("loose", "1.0.0").startswith("instr|checkers:2.10|mode:loose|morph:fugashi-")
    with pytest.raises(ScoringError, match="unknown mode 'lax'; valid: strict, loose"):
        settings("lax")


def test_each_checker_is_given_the_view_it_declares() -> None:
    """The registry, not the checker, renders the response: a visible-view checker never sees a comment or a tag, a
    markup-view checker sees the markdown as written, a raw checker the bytes."""
    from lctg_metrics.instructions.registry import InstructionSpec, instruction  # noqa: PLC0415

    seen: dict[str, str] = {}
    for view in ("visible", "markup", "raw"):
        instruction(f"test:reads_{view}", "ルール指定", "records what it is given", reads=view)(
            lambda response, kw, view=view: seen.__setitem__(view, response) or Verdict(True, "seen")
        )
    try:
        text = "**太字**の<b>文</b><!-- 注 -->です\u200b。"
        for view in ("visible", "markup", "raw"):
            assert check(f"test:reads_{view}", text).passed
        assert seen == {"visible": "太字の文です。", "markup": "**太字**の<b>文</b>です。", "raw": text}
        assert isinstance(REGISTRY["test:reads_raw"], InstructionSpec) and REGISTRY["test:reads_raw"].reads == "raw"
    finally:
        for view in ("visible", "markup", "raw"):
            REGISTRY.pop(f"test:reads_{view}", None)


def test_an_unknown_view_is_refused_with_the_valid_names() -> None:
    from lctg_metrics.instructions.registry import instruction  # noqa: PLC0415

    with pytest.raises(ValueError, match="unknown view 'html'.*visible, markup, raw"):
        instruction("test:bad_view", "ルール指定", "never registered", reads="html")


def test_a_response_a_reader_cannot_see_fails_as_empty() -> None:
    verdict = check("keywords:forbidden", "<!-- 何か -->\u200b", {"words": ["伝統"]})
    assert not verdict.passed and verdict.reason == "nothing a reader sees"


def test_listing_says_which_view_each_checker_reads() -> None:
    rows = {row["id"]: row for row in listing()}
    assert (
        rows["format:json"]["reads"] == "raw"
        and rows["format:table"]["reads"] == "markup"
        and rows["keywords:existence"]["reads"] == "visible"
    )
