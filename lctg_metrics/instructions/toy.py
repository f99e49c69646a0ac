"""Toy outputs for the ``instructions`` config: a synthetic sloppy model that follows some instructions and breaks
others, deterministically (seeded per row), to try the scoring pipeline without a real model."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lctg_metrics.instructions.score import prompt_of_row

#: Probability that the toy model tries to follow an instruction (otherwise it breaks it on purpose).
FOLLOW_PROBABILITY = 0.6
#: Longest body the toy model writes from the base text, in characters.
BODY_CHARS = 160

Edit = Callable[[str, Mapping[str, Any], bool], str]


def _drop(text: str, words: Sequence[str]) -> str:
    for word in words:
        text = text.replace(word, "")
    return text


def _keywords(text: str, kw: Mapping[str, Any], follow: bool) -> str:
    if follow:
        return text + "".join(f"{word}も大切です。" for word in kw["keywords"])
    return _drop(text, kw["keywords"])


def _forbidden(text: str, kw: Mapping[str, Any], follow: bool) -> str:
    return _drop(text, kw["words"]) if follow else text + f"{kw['words'][0]}もあります。"


def _count(word: str, sentence: str) -> Edit:
    def edit(text: str, kw: Mapping[str, Any], follow: bool) -> str:
        text, lo, hi = _drop(text, [kw[word]]), kw["min"] or 0, kw["max"]
        times = lo if follow else (hi + 1 if hi is not None else max(lo - 1, 0))
        return text + sentence.format(kw[word]) * times

    return edit


def _start(text: str, kw: Mapping[str, Any], follow: bool) -> str:
    return f"{kw['phrase']}{text}" if follow else f"承知しました。{text}"


def _end(text: str, kw: Mapping[str, Any], follow: bool) -> str:
    # the phrase as its own sentence: glued to a text's last word it may join it (指示 3以上です: "3 or more")
    joint = "" if not text or text.endswith(("。", "！", "？", "\n")) else "\n"
    return f"{text}{joint}{kw['phrase']}" if follow else f"{text}（終）"


def _title(text: str, kw: Mapping[str, Any], follow: bool) -> str:
    return f"『まとめ』\n{text}" if follow else text


def _postscript(text: str, kw: Mapping[str, Any], follow: bool) -> str:
    return f"{text}\n\n{kw['marker']} ご確認ください。" if follow else text


def _listing(marker: Callable[[int], str]) -> Edit:
    def edit(text: str, kw: Mapping[str, Any], follow: bool) -> str:
        if not follow:
            return text
        n = kw.get("min") or kw.get("max") or 3
        parts = [p for p in re.split(r"(?<=。)", text) if p.strip()] or [text]
        return "\n".join(f"{marker(i)}{parts[i % len(parts)]}" for i in range(n))

    return edit


def _chars(text: str, kw: Mapping[str, Any], follow: bool) -> str:
    lo, hi = kw["min"], kw["max"]
    if follow:
        text = text[:hi] if hi is not None else text
        return text + "。" * max(0, (lo or 0) - len(text))
    return text + "。" * ((hi or 0) + 1) if hi is not None else text[: max(lo - 1, 0)]


def _replace(char: str) -> Edit:
    return lambda text, kw, follow: text.replace(char, "") if follow else text + f"まず{char}次に{char}"


def _json(text: str, kw: Mapping[str, Any], follow: bool) -> str:
    return json.dumps({"回答": text}, ensure_ascii=False) if follow else text


#: Registry id -> edit, in the order the toy model applies them (content first, then layout, start, end).
EDITS: dict[str, Edit] = {
    "keywords:existence": _keywords,
    "keywords:forbidden": _forbidden,
    "keywords:frequency": _count("keyword", "{}が重要です。"),
    "keywords:letter_frequency": _count("letter", "{}"),
    "rule:no_comma": _replace("、"),
    "rule:no_period": _replace("。"),
    "length:chars": _chars,
    "format:bullet_list": _listing(lambda i: "・"),
    "format:numbered_list": _listing(lambda i: f"{i + 1}. "),
    "format:json": _json,
    "format:title": _title,
    "startend:start": _start,
    "format:postscript": _postscript,
    "startend:end": _end,
}


def _body(row: Mapping[str, Any]) -> str:
    text = str(row.get("base_text") or row.get("prompt") or "今日は良い天気です。")
    sentences = [s for s in re.split(r"(?<=[。！？])", text.replace("\n", "")) if s.strip()]
    body = ""
    for sentence in sentences:
        if body and len(body) + len(sentence) > BODY_CHARS:
            break
        body += sentence
    return body[:BODY_CHARS] or "今日は良い天気です。"


def toy_instruction_outputs(rows: Sequence[Mapping[str, Any]], seed: int = 0) -> list[dict[str, Any]]:
    """One ``{"id", "generation"}`` per row: the row's base text, edited to follow each instruction with
    probability ``FOLLOW_PROBABILITY`` and to break it otherwise (unknown ids are left to chance)."""
    out = []
    for number, row in enumerate(rows, 1):
        prompt = prompt_of_row(row, f"row {number}")
        rng = random.Random(f"lctg-toy-instructions:{seed}:{prompt.key}")
        decisions = {item.check_id: (item.kwargs, rng.random() < FOLLOW_PROBABILITY) for item in prompt.items}
        text = _body(row)
        for check_id, edit in EDITS.items():
            if check_id in decisions:
                kwargs, follow = decisions[check_id]
                text = edit(text, kwargs, follow)
        out.append({"id": prompt.key, "generation": text})
    return out


__all__ = ["EDITS", "FOLLOW_PROBABILITY", "toy_instruction_outputs"]
