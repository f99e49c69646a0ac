"""M-IFEval-ja compatibility: read its input and response files, map its ``ja:`` instruction ids and kwargs
to ours (``files.score_mifeval`` scores a model's responses with them)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping
from typing import Any

from lctg_metrics.schema import ScoringError

Kwargs = Mapping[str, Any]
#: M-IFEval's comparison words: 未満 N = fewer than N, 以上 N = N or more.
_LESS, _AT_LEAST = "未満", "以上"
#: Keyword matching used for M-IFEval's keyword ids (see checks_rules.MATCH).
KEYWORD_MATCH = "substring"
#: Set by ``translate`` when the prompt shows the bullet format 「・一つめの内容」: then only ・ items count.
SHOWN_MARKER = "_prompt_shows_bullet_marker"
#: Set by ``translate`` when the prompt says to begin with the title (タイトルから書き始めて): first line only.
STARTS_WITH_TITLE = "_prompt_starts_with_title"


def _relation(relation: str, n: int, where: str) -> dict[str, int]:
    if relation == _LESS:
        return {"max": n - 1}
    if relation == _AT_LEAST:
        return {"min": n}
    raise ScoringError(f"{where}: unknown relation {relation!r}; valid: {_LESS}, {_AT_LEAST}")


def _same(our_id: str) -> tuple[str, Callable[[Kwargs], dict[str, Any]]]:
    return our_id, lambda kw: {}


#: M-IFEval ``ja:`` id -> (our id, kwargs translation). The one place the two vocabularies meet.
MIFEVAL_MAP: dict[str, tuple[str, Callable[[Kwargs], dict[str, Any]]]] = {
    "ja:combination:repeat_prompt": ("format:repeat_prompt", lambda kw: {"prompt_to_repeat": kw["prompt_to_repeat"]}),
    "ja:combination:two_responses": _same("format:two_responses"),
    "ja:detectable_content:number_placeholders": ("format:placeholders", lambda kw: {"min": kw["num_placeholders"]}),
    "ja:detectable_content:postscript": ("format:postscript", lambda kw: {"marker": kw["postscript_marker"]}),
    "ja:detectable_format:constrained_response": _same("format:constrained_response"),
    "ja:detectable_format:json_format": _same("format:json"),
    "ja:detectable_format:multiple_sections": (
        "format:sections",
        lambda kw: {"unit": kw["section_spliter"], "min": kw["num_sections"]},
    ),
    "ja:detectable_format:nominal_ending": ("startend:nominal_ending", lambda kw: {"min": kw["count"]}),
    "ja:detectable_format:number_bullet_lists": (
        "format:bullet_list",
        lambda kw: {
            "min": kw["num_bullets"],
            "max": kw["num_bullets"],
            **({"marker": "・"} if kw.get(SHOWN_MARKER) else {}),
        },
    ),
    "ja:detectable_format:number_highlighted_sections": ("format:highlights", lambda kw: {"min": kw["num_highlights"]}),
    "ja:detectable_format:number_numbered_lists": (
        "format:numbered_list",
        lambda kw: {"min": kw["num_items"], "max": kw["num_items"]},
    ),
    "ja:detectable_format:title": ("format:title", lambda kw: {"first_line": kw[STARTS_WITH_TITLE]}),
    "ja:keywords:existence": ("keywords:existence", lambda kw: {"keywords": kw["keywords"], "match": KEYWORD_MATCH}),
    "ja:keywords:forbidden_words": (
        "keywords:forbidden",
        lambda kw: {"words": kw["forbidden_words"], "match": KEYWORD_MATCH},
    ),
    "ja:keywords:frequency": (
        "keywords:frequency",
        lambda kw: {
            "keyword": kw["keyword"],
            "match": KEYWORD_MATCH,
            **_relation(kw["relation"], kw["frequency"], "ja:keywords:frequency"),
        },
    ),
    "ja:keywords:letter_frequency": (
        "keywords:letter_frequency",
        lambda kw: {
            "letter": kw["letter"],
            **_relation(kw["let_relation"], kw["let_frequency"], "ja:keywords:letter_frequency"),
        },
    ),
    "ja:language:response_language": ("script:language", lambda kw: {"language": kw["language"]}),
    "ja:length_constraints:nth_paragraph_first_word": (
        "rule:nth_paragraph_first_word",
        lambda kw: {"nth": kw["nth_paragraph"], "first_word": kw["first_word"], "num_paragraphs": kw["num_paragraphs"]},
    ),
    "ja:length_constraints:number_letters": (
        "length:chars",
        lambda kw: _relation(kw["relation"], kw["num_letters"], "ja:length_constraints:number_letters"),
    ),
    "ja:length_constraints:number_paragraphs": (
        "length:paragraphs",
        lambda kw: {"min": kw["num_paragraphs"], "max": kw["num_paragraphs"], "separator": "***"},
    ),
    "ja:length_constraints:number_sentences": (
        "length:sentences",
        lambda kw: _relation(kw["relation"], kw["num_sentences"], "ja:length_constraints:number_sentences"),
    ),
    "ja:letters:furigana": _same("script:furigana"),
    "ja:letters:hiragana_only": _same("script:hiragana_only"),
    "ja:letters:kanji": (
        "script:kanji_count",
        lambda kw: _relation(kw["relation"], kw["kanji_limit"], "ja:letters:kanji"),
    ),
    "ja:letters:kansuuji": _same("script:kansuuji"),
    "ja:letters:katakana_only": _same("script:katakana_only"),
    "ja:letters:no_hiragana": _same("script:no_hiragana"),
    "ja:letters:no_katakana": _same("script:no_katakana"),
    "ja:punctuation:no_comma": _same("rule:no_comma"),
    "ja:punctuation:no_period": _same("rule:no_period"),
    "ja:startend:end_checker": ("startend:end", lambda kw: {"phrase": kw["end_phrase"]}),
    "ja:startend:quotation": _same("format:quotation"),
    "ja:startend:sentence_unified_end": ("startend:unified_ending", lambda kw: {"ending": kw["ending"]}),
}


def _read_jsonl(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    rows = []
    with open(path, encoding="utf-8-sig") as handle:  # a BOM is no part of the first line
        for number, line in enumerate(handle, 1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as error:
                    raise ScoringError(f"{path}:{number}: not JSON ({error.msg})") from None
    return rows


def read_mifeval_inputs(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """M-IFEval input rows ``{"key", "prompt", "instruction_id_list", "kwargs"}`` (kwargs nulls dropped)."""
    rows = _read_jsonl(path)
    for number, row in enumerate(rows, 1):
        missing = {"key", "prompt", "instruction_id_list", "kwargs"} - set(row)
        if missing:
            raise ScoringError(f"{path}: row {number} lacks field {sorted(missing)[0]!r}")
        if not isinstance(row, dict) or not isinstance(row.get("prompt"), str):
            raise ScoringError(f"{path}: row {number}: field 'prompt' must be a string")
        kwargs, ids = row["kwargs"], row["instruction_id_list"]
        if not isinstance(ids, list) or not isinstance(kwargs, list) or not all(isinstance(k, dict) for k in kwargs):
            raise ScoringError(
                f"{path}: row {number}: key {row['key']}: fields 'instruction_id_list' and 'kwargs' "
                "must be a list of ids and a list of objects"
            )
        if len(row["kwargs"]) != len(row["instruction_id_list"]):
            raise ScoringError(
                f"{path}: key {row['key']}: {len(row['kwargs'])} kwargs for "
                f"{len(row['instruction_id_list'])} instructions"
            )
        row["kwargs"] = [{k: v for k, v in kw.items() if v is not None} for kw in row["kwargs"]]
    return rows


def read_mifeval_responses(path: str | os.PathLike[str]) -> dict[str, str]:
    """M-IFEval responses: prompt -> response (the files carry no key; prompts are unique)."""
    out: dict[str, str] = {}
    for number, row in enumerate(_read_jsonl(path), 1):
        if not isinstance(row.get("prompt"), str) or not isinstance(row.get("response"), str):
            raise ScoringError(f"{path}: row {number} needs string fields 'prompt' and 'response'")
        out[row["prompt"]] = row["response"]
    return out


def translate(mifeval_id: str, kwargs: Kwargs, prompt: str = "") -> tuple[str, dict[str, Any]]:
    """Our (instruction id, kwargs) for an M-IFEval ``ja:`` instruction (the prompt decides the bullet marker and
    whether the title must come first)."""
    try:
        our_id, convert = MIFEVAL_MAP[mifeval_id]
    except KeyError:
        raise ScoringError(f"unknown M-IFEval id {mifeval_id!r}; valid: {', '.join(sorted(MIFEVAL_MAP))}") from None
    return our_id, convert(
        {
            **kwargs,
            SHOWN_MARKER: "・一つめ" in prompt,
            STARTS_WITH_TITLE: bool(re.search(r"タイトル(?:から|で)書き始め", prompt)),
        }
    )
