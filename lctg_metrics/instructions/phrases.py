"""A start or end phrase as the words it is (round 12): the same words in another spelling of the same tokens
(先ずは for まず, 下さい for ください, じつは for 実は, ハイ for はい, かなぁ for かな), read by the analyser in the
response against the phrase read alone; and what may follow an end phrase without ending the response otherwise
(a name signed in brackets)."""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph, variants


def _reading(m: morph.Morpheme) -> str:
    """The katakana reading with its lengthening folded (round 14): ー, っ, 〜 and a small or repeated vowel after a
    mora of that vowel are no sound of the word, so ネェ, ネー and ネエ are one reading, as カナァ and カナ."""
    kana = morph.to_katakana(m.reading)
    return variants.fold_emphasis(kana)[0] or kana


def same_word(found: morph.Morpheme, key: morph.Morpheme) -> bool:
    """Whether a morpheme of the response is the phrase's morpheme in another spelling: the same dictionary form,
    part of speech, conjugated form and reading (a final lengthening aside, a small vowel read as the full one), so
    先ず is まず, 下さい ください and ねぇ ねえ, but でし is no です and 灰 no はい."""
    return (
        found.lemma.split("-")[0] == key.lemma.split("-")[0]
        and found.pos1 == key.pos1
        and found.form == key.form
        and _reading(found) == _reading(key)
    )


_BLANK = re.compile(r"[ \u3000\t\n]+")


def _key(phrase: str) -> list[morph.Morpheme]:
    key = list(morph.analyze(phrase))
    return key if key and "".join(m.surface for m in key) == phrase else []


def spelled_start(text: str, phrase: str) -> int | None:
    """Where in ``text`` a phrase written in another spelling ends, when ``text`` opens with its words (the analyser's
    morphemes of ``text`` against those of the phrase alone), or None. A blank ends the words read (ハイ 会議を…: the
    analyser reads ハイ before a noun as "high", alone as the reply)."""
    key, tokens = _key(phrase), morph.spans(_BLANK.split(text, maxsplit=1)[0])
    if not key or len(tokens) < len(key):
        return None
    run = tokens[: len(key)]
    if run[0][0] != 0 or not all(same_word(t[2], k) for t, k in zip(run, key)):
        return None
    return run[-1][1]


def lengthened_start(text: str, phrase: str) -> int | None:
    """Where a kana phrase holding a long vowel (ねえ, おはようございます) ends in ``text`` when ``text`` writes a
    long vowel of it as ー or a small vowel (ねー, ねぇ: round 14; おはよーございまーす inside the phrase: round 15),
    the rest of the phrase as written (in either kana); else None."""
    if len(phrase) < 2 or not re.fullmatch(r"[ぁ-ゖァ-ヺー]+", phrase):
        return None
    key = variants.fold_emphasis(morph.to_katakana(phrase))[0]
    for end in range(min(len(text), len(phrase) + 3), len(phrase) - 1, -1):
        written = morph.to_katakana(text[:end])
        marks = [ch for ch in written if ch in "ーァィゥェォ"]
        if written != morph.to_katakana(phrase) and marks and variants.fold_emphasis(written)[0] == key:
            return end
    return None


def lengthened_end(text: str, phrase: str) -> int | None:
    """Where a kana phrase ending in a long vowel starts in ``text`` when ``text`` ends with it and writes that vowel
    as ー or a small vowel (だねー, だねぇ for ねえ: round 14); else None."""
    if len(phrase) < 2 or not re.fullmatch(r"[ぁ-ゖァ-ヺー]+", phrase) or len(text) < len(phrase):
        return None
    at = len(text) - len(phrase)
    return at if lengthened_start(text[at:], phrase) == len(phrase) else None


def start_spelling(text: str, phrase: str) -> int | None:
    """Where the phrase ends in ``text`` written in another spelling (``spelled_start``) or lengthened
    (``lengthened_start``), the longer reading first (やぁ is やあ whole, not や); None when neither."""
    found = [at for at in (lengthened_start(text, phrase), spelled_start(text, phrase)) if at is not None]
    return max(found) if found else None


def end_spelling(text: str, phrase: str) -> int | None:
    """Where the phrase starts in ``text`` written in another spelling (``spelled_end``) or lengthened
    (``lengthened_end``), the longer reading first; None when neither."""
    found = [at for at in (lengthened_end(text, phrase), spelled_end(text, phrase)) if at is not None]
    return min(found) if found else None


def spelled_end(text: str, phrase: str) -> int | None:
    """Where in ``text`` a phrase written in another spelling starts, when ``text`` closes with its words, or None
    (the words after the last blank are read)."""
    tail = _BLANK.split(text)[-1]
    key, tokens = _key(phrase), morph.spans(tail)
    if not key or len(tokens) < len(key):
        return None
    run = tokens[len(tokens) - len(key) :]
    if run[-1][1] != len(tail) or not all(same_word(t[2], k) for t, k in zip(run, key)):
        return None
    return len(text) - len(tail) + run[0][0]


#: A lengthening after a word's last kana (ましたーっ, ですぅ, よ〜): a decoration of its sound, like a ！ after it.
_LENGTHENED = re.compile(r"(?<=[ぁ-ゖァ-ヺ])[ー〜~っッぁぃぅぇぉァィゥェォ]+$")


def without_lengthening(text: str, phrase: str) -> str:
    """``text`` without a lengthening of its last sound (ありがとうございましたーっ, round 14) when what is left ends
    with ``phrase`` as written or in another spelling; else ``text`` itself."""
    found = _LENGTHENED.search(text)
    if found is None or phrase.endswith(found.group()[-1]):
        return text
    bare = text[: found.start()]
    return bare if bare.endswith(phrase) or spelled_end(bare, phrase) is not None else text


_PAIRS = {"」": "「", "』": "『"}


def inside_closing_quote(text: str) -> bool:
    """Whether ``text`` closes on a quotation or title that opens inside a sentence (好きな曲は『君がいいんです』):
    the phrase inside it is the title's, not the response's end. A quotation opening a sentence (説明。「以上です。」)
    or the whole response is the writer's own sentence quoted."""
    body = text.rstrip(" \u3000\n\t*")
    if not body or body[-1] not in _PAIRS:
        return False
    close, depth = body[-1], 0
    for i in range(len(body) - 1, -1, -1):
        depth += (body[i] == close) - (body[i] == _PAIRS[close])
        if depth == 0:
            before = body[:i].rstrip(" \u3000\t*")
            return bool(before) and before[-1] not in "。.!?！？\n「『:："
    return False


#: The quantity words a number bounds (三十歳以上, 3つ以下, 五人未満): after a number or a counter they say "or over",
#: "or under", not the closing 以上 ("that is all").
_BOUND_AFTER_NUMBER = ("数詞", "名詞的")


def bounds_a_number(text: str, at: int) -> bool:
    """Whether the end phrase starting at ``at`` is read as the bound of a number before it (三十歳|以上 is "thirty or
    over", not the closing 以上 of a report): the morpheme before it is a number or a counter."""
    before = [m for _, end, m in morph.spans(text) if end <= at]
    here = [m for start, _, m in morph.spans(text) if start >= at][:1]
    if not before or not here or here[0].pos1 != "名詞":
        return False
    return before[-1].pos2 in _BOUND_AFTER_NUMBER and sum(len(m.surface) for m in before) == at


#: A bracket closing a response after its last sentence that holds only a name (以上です（田中）, （営業部 佐藤）):
#: the writer's signature, not words of the text.
_SIGNATURE = re.compile(r"[(（]([^()（）]{1,20})[)）]$")


def signature(text: str) -> int | None:
    """Where a signature in brackets closing ``text`` starts (a proper noun among nouns, title suffixes and blanks
    only: 田中, 営業部 佐藤, 山田さん), or None; (笑) and (予定) are words of the text and stay."""
    found = _SIGNATURE.search(text)
    if found is None or not found.group(1).strip():
        return None
    inside = morph.analyze(found.group(1).strip())
    named = any(m.pos2 == "固有名詞" for m in inside)
    rest = all(m.pos1 in ("名詞", "接尾辞", "空白", "補助記号") or m.surface.isspace() for m in inside)
    return found.start() if named and rest else None


__all__ = [
    "bounds_a_number",
    "end_spelling",
    "inside_closing_quote",
    "lengthened_end",
    "lengthened_start",
    "same_word",
    "signature",
    "spelled_end",
    "spelled_start",
    "start_spelling",
    "without_lengthening",
]
