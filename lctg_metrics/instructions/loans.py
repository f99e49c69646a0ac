"""Loanwords in another katakana spelling (round 12): スマフォ for スマホ, ヴァイオリン for バイオリン, ティーム for
チーム. The spellings the 外来語の表記 (内閣告示, 1991) gives as a pair for one sound, フォ/ホ, ヴァ/バ (ヴィ ヴ ヴェ
ヴォ), ティ/チ and ディ/ジ, read as one where a katakana word of the response, whole, is the keyword but for them, and
the analyser does not know the word as another loanword of its own origin (フォーム, form, is no ホーム, home); and a
loanword spelled in hiragana (``hiragana_loans``, round 23)."""

from __future__ import annotations

import re
from functools import lru_cache

from lctg_metrics.instructions import morph

#: The paired spellings, folded to the plain one.
_PAIRS = (
    ("フォ", "ホ"),
    ("ヴァ", "バ"),
    ("ヴィ", "ビ"),
    ("ヴェ", "ベ"),
    ("ヴォ", "ボ"),
    ("ヴ", "ブ"),
    ("ティ", "チ"),
    ("ディ", "ジ"),
)
_RUN = re.compile(r"[ァ-ヺー]+")


def _folded(word: str) -> str:
    for written, plain in _PAIRS:
        word = word.replace(written, plain)
    return word


def _origin(word: str) -> str:
    found = morph.analyze(word)
    return found[0].lemma.partition("-")[2].lower() if len(found) == 1 else ""


def variant_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Whole katakana words of ``text`` that are the katakana ``word`` (three letters or more) in another spelling of
    the pairs above, and are not a loanword of another origin to the analyser."""
    if len(word) < 3 or not _RUN.fullmatch(word):
        return []
    wanted, origin = _folded(word), _origin(word)
    found = []
    for run in _RUN.finditer(text):
        written = run.group()
        if written == word or _folded(written) != wanted:
            continue
        own = _origin(written)
        if not own or not origin or own == origin:
            found.append(run.span())
    return found


_LATIN_RUN = re.compile(r"(?<![A-Za-z])[A-Za-z]+(?![A-Za-z])")
_LATIN_PARTS = re.compile(r"[A-Za-z]+(?:[- ][A-Za-z]+)+")


def _same_origin(latin: str, origin: str) -> bool:
    """A Latin word is a loanword's origin, singular or plural (sports is スポーツ-sport)."""
    latin, origin = latin.lower(), origin.lower()
    return bool(origin) and latin in (origin, origin + "s", origin + "es")


def origin_spans(text: str, word: str) -> list[tuple[int, int]]:
    """A loanword and its English original are one word to a reader (2.8, round 7 and 15): a katakana keyword the
    analyser knows as one loanword is met by its origin in Latin letters, any case, as a whole word (computer for
    コンピューター); a Latin keyword of several parts (e-sports) by the parts written in Latin letters or as the
    katakana loanword of that origin (eスポーツ). Only the dictionary's own origins count: a katakana compound whose
    words' origins, joined, spell a Latin word is that word and back (ユーチューブ, ユー-you チューブ-tube, is YouTube;
    フェイスブック is Facebook; round 30), while a name the analyser cuts into words of other origins (インスタグラム:
    Ince, tag, lamb) is not matched."""
    origin = (_origin(word) or _joined_origin(word)) if _RUN.fullmatch(word) else ""
    if origin:
        return [m.span() for m in _LATIN_RUN.finditer(text) if _same_origin(m.group(), origin)]
    if re.fullmatch(r"[A-Za-z]{3,}", word):
        return _compound_spans(text, word)
    if not _LATIN_PARTS.fullmatch(word):
        return []
    parts, tokens, found = re.split(r"[- ]", word), morph.spans(text), []
    for i in range(len(tokens)):
        at, k = i, 0
        while k < len(parts) and at < len(tokens):
            m = tokens[at][2]
            if k and m.surface in ("-", "・", " ") and at + 1 < len(tokens):
                at += 1
                continue
            if m.surface.lower() != parts[k].lower() and not _same_origin(parts[k], m.lemma.partition("-")[2]):
                break
            at, k = at + 1, k + 1
        if k == len(parts):
            found.append((tokens[i][0], tokens[at - 1][1]))
    return found


@lru_cache(maxsize=2048)
def _origins(katakana: str) -> tuple[tuple[int, int, str], ...]:
    """The analyser's words of a katakana run, with their Latin origins ("" for a word without one)."""
    return tuple((a, b, m.lemma.partition("-")[2].lower()) for a, b, m in morph.spans(katakana))


def _joined_origin(word: str) -> str:
    """The origins of a katakana compound's words joined (ユーチューブ: youtube), or "" if a word has none."""
    found = _origins(word)
    if len(found) < 2 or not all(origin.isascii() and origin.isalpha() for _, _, origin in found):
        return ""
    return "".join(origin for _, _, origin in found)


def _compound_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Runs of whole words of a katakana run whose origins joined are the Latin ``word`` (ユーチューブ for
    YouTube, ユーチューブチャンネル holds it)."""
    found = []
    for run in _RUN.finditer(text):
        words = _origins(run.group())
        for i in range(len(words)):
            joined = ""
            for j in range(i, len(words)):
                if not (words[j][2].isascii() and words[j][2].isalpha()):
                    break
                joined += words[j][2]
                if j > i and _same_origin(word, joined):
                    found.append((run.start() + words[i][0], run.start() + words[j][1]))
    return found


_HIRAGANA_RUN = re.compile(r"[ぁ-ゖー]{3,}")
#: What marks a hiragana spelling as a foreign word's: the long-vowel mark and the small vowels of foreign sounds
#: (ふぃ, うぇ).
_FOREIGN_MARK = re.compile(r"[ーぁぃぅぇぉゎ]")


@lru_cache(maxsize=2048)
def _loanword(katakana: str) -> bool:
    return bool(_origin(katakana))


@lru_cache(maxsize=2048)
def hiragana_loans(text: str) -> str:
    """``text`` with each loanword spelled in hiragana written in katakana, letter for letter (round 23: ぐーぐる is
    グーグル, Google): a span of a hiragana run, three letters or more, holding the long-vowel mark ー or a small vowel
    of a foreign sound (ふぃ), that the analyser reads, in katakana, as one loanword (a lemma with its origin:
    グーグル-Google). The analyser's word edges in a hiragana run that spells a loanword are not to be trusted
    (は|ついったー is read はつ|いっ|た|ー), so any span is tried; a mark the analyser reads as the drawn-out end of
    an ending (つかれたー, いいなー: たー, なー) marks no loanword (つかれたー holds no レター). A spelling with
    neither mark stays: きす is a fish, かんと is かん and と."""
    out = list(text)
    for run in _HIRAGANA_RUN.finditer(text):
        spelled = run.group()
        endings = {i for a, b, m in morph.spans(spelled) if m.pos1 in ("助動詞", "助詞") for i in range(a, b)}
        marks = [m.start() for m in _FOREIGN_MARK.finditer(spelled) if m.start() not in endings]  # not a drawn-out たー
        pieces = {(a, b) for at in marks for a in range(max(0, at - 8), at + 1) for b in range(at + 1, at + 9)}
        for a, b in sorted(pieces, key=lambda p: (p[0], p[0] - p[1])):  # the longest from each start first
            piece = spelled[a:b]
            if len(piece) == b - a >= 3 and out[run.start() + a] == piece[0] and _loanword(morph.to_katakana(piece)):
                out[run.start() + a : run.start() + b] = morph.to_katakana(piece)
    return "".join(out)


__all__ = ["hiragana_loans", "origin_spans", "variant_spans"]
