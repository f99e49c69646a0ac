"""Other spellings a reader reads as the same word: romaji, emphatic kana, mixed kanji and kana, a word split by a
blank.

``spans(text, word)`` finds, in the reader's view of a response, where ``word`` is written

- **in romaji** — a whole Latin token, or tokens spelled apart (su-ma-ho), whose Hepburn, kunrei or wāpuro reading
  (``romaji``) is the word's reading, long vowels written or not (sumaho for スマホ; benkyou, benkyō, benkyo for 勉強;
  totemo for とても), next to Japanese text or in a line written wholly in romaji (in an English sentence, sonata is
  English). A word of two morae is met only by a token written beside Japanese text, not in capitals (家族でsushiを
  is 寿司, 「sakeを飲んだ」 is 酒; round 10): alone or in an English sentence two-mora romaji are English words too
  often (are, made, "I like sake"), and two letters or capitals beside Japanese are an acronym (aiを使う, IT: no 愛,
  no 糸);
- **emphatically** — kana with an inserted small っ, ー or 〜, a small or repeated vowel (とっても, とーっても,
  すっごく, すごーい, ほんっと, すごぉい) reading as the word once the emphasis is taken out, where the text with the
  plain word put back reads the word; a span the analyser reads alone as one other word stays that word (もっと is no
  もと, おばさん no おばあさん);
- **in mixed kanji and kana** (交ぜ書き) — some of the word's own kanji kept, the others written in hiragana or
  katakana for their part of the reading (勉きょう, べん強, 天き, てん気, 勉キョウ), where the text with the word put
  back reads the word there (化がく is no 科学: a mixed form keeps one of the word's own kanji; all kana is ``words``'
  reading match);
- **split** — blanks, middle dots or hyphens, or one line break, between the letters of the word inside running text
  (勉 強, 勉　強, 勉・強), where no side is part of a word of its own reaching past the letters (「大会 社長」 and
  「毎日 本」 are words that hold 会 社 and 日 本 by chance) and the text with the split taken out reads the word there
  as whole morphemes.

The word is always read as a whole token: the text with the word put in its place must analyse to the word's own
morphemes at that place (emphatic and romaji spans compare readings of whole tokens instead).
"""

from __future__ import annotations

import functools
import itertools
import re

from lctg_metrics.instructions import morph, romaji, wordforms

#: What may split a word inside running text: blanks of any width, middle dots, hyphens, underscores, or one line break.
_SPLIT = r"(?:[ \t\u3000・･·_\-‐－]+|[ \t\u3000]*\n[ \t\u3000]*)"
_KANA_RUN = re.compile(r"[ぁ-ゖァ-ヺー〜～ゝゞヽヾ]+")
_KANJI = re.compile(r"[一-鿿㐀-䶿々〆]+")
#: Letters an emphatic spelling inserts: small tsu, long-vowel marks and waves.
_EMPHASIS = "ッー〜～"
_SMALL_VOWELS = {"ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o"}
#: Kana that cannot start a kanji's part of a reading (ん, っ, ー and the small kana).
_NOT_A_START = "ンッーャュョァィゥェォヮ"
#: Fewest morae of a word's reading that a romaji token may spell (see the module docstring).
MIN_ROMAJI_MORAE = 3


@functools.lru_cache(maxsize=1024)
def _key(word: str) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """The word's katakana reading, its morphemes' lemmas and surfaces (empty reading: no kana reading to compare)."""
    key = [m for m in morph.analyze(word) if m.pos1 not in ("補助記号", "空白")]
    if not key or re.search(r"[A-Za-z0-9]", word):
        return "", (), ()
    kana = bool(re.fullmatch(r"[ぁ-ゖァ-ヺー]+", word))
    target = morph.to_katakana(word) if kana else "".join(morph.to_katakana(m.reading) for m in key)
    if not re.fullmatch(r"[ァ-ヺー]+", target):
        return "", (), ()
    return target, tuple(m.lemma for m in key), tuple(m.surface for m in key)


def _reads_as(text: str, start: int, end: int, word: str) -> bool:
    """Whether ``text`` with ``word`` in place of ``text[start:end]`` reads ``word`` there as its own morphemes."""
    _, lemmas, _ = _key(word)
    lo = max(0, text.rfind("\n", 0, max(0, start - 1)) + 1, start - 30)
    hi = min(len(text), end + 30)
    line = text[lo:start] + word + text[end:hi]
    at, stop = start - lo, start - lo + len(word)
    inside = [m for a, b, m in morph.spans(line) if at <= a and b <= stop]
    edges = {edge for a, b, _ in morph.spans(line) for edge in (a, b)}
    return at in edges and stop in edges and tuple(m.lemma for m in inside) == lemmas


def key_reading(word: str) -> str:
    """The word's katakana reading as ``spans`` compares it (empty when it has none to compare)."""
    return _key(word)[0]


def key_lemmas(word: str) -> tuple[str, ...]:
    """The lemmas of the word's morphemes, as ``spans`` reads it."""
    return _key(word)[1]


def another_word(text: str, start: int, end: int, word: str) -> bool:
    """Whether the span is another word to the analyser, alone or in ``text`` (もっと is no もと, はしっこ no 橋)."""
    lemmas = _key(word)[1]
    return _another_word(text[start:end], lemmas) or _cuts_a_word(text, start, end, lemmas)


reads_as = _reads_as  # the name other modules use


def romaji_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Whole Latin tokens that spell ``word`` in romaji (see the module docstring)."""
    target = _key(word)[0]
    if not target or romaji.morae(target) < 2:
        return []
    folded, short = romaji.fold_long(target), romaji.morae(target) < MIN_ROMAJI_MORAE
    return [
        (start, end)
        for start, end, kana in _romaji_readings(text)
        if (kana == target or romaji.fold_long(kana) == folded)
        and not (short and (_acronym(text[start:end]) or not _beside_japanese(text, start, end)))
    ]


#: Romaji spelled apart: at most this many pieces, joined by blanks, hyphens, dots, middle dots or underscores.
_MAX_PIECES = 6
_SPACERS = re.compile(r"[ \t\u3000\-‐－・･·._]{1,2}")


@functools.lru_cache(maxsize=256)
def _romaji_readings(text: str) -> tuple[tuple[int, int, str], ...]:
    """Every run of one to ``_MAX_PIECES`` Latin tokens of ``text`` spelled apart by spacers (su-ma-ho, su ma ho) that
    reads as romaji in a Japanese context (``_in_japanese``), with its katakana reading."""
    tokens = list(romaji.TOKEN.finditer(text))
    out = []
    for i, first in enumerate(tokens):
        spelled = ""
        for j in range(i, min(i + _MAX_PIECES, len(tokens))):
            if j > i and not _SPACERS.fullmatch(text[tokens[j - 1].end() : tokens[j].start()]):
                break
            spelled += tokens[j].group()
            kana = romaji.to_kana(spelled)
            if kana and _in_japanese(text, first.start(), tokens[j].end()):
                out.append((first.start(), tokens[j].end(), kana))
    return tuple(out)


_JAPANESE = re.compile(r"[ぁ-ゖァ-ヺー一-鿿㐀-䶿々、。「」『』（）！？]")


def _in_japanese(text: str, start: int, end: int) -> bool:
    """A romaji token is read as Japanese when Japanese text is next to it (blanks aside: 「毎日 benkyou しています」)
    or when every Latin token of its line reads as romaji (a line written in romaji); in an English sentence it is
    English (「I played a sonata」 holds no そなた)."""
    if _beside_japanese(text, start, end):
        return True
    return _romaji_line(text[text.rfind("\n", 0, start) + 1 : (text.find("\n", end) + 1 or len(text) + 1) - 1])


def _acronym(token: str) -> bool:
    """Two letters or capitals: an acronym, in any case (ai, AI, IT), before a romaji word of two morae."""
    return len(token) < 3 or token.isupper()


def _beside_japanese(text: str, start: int, end: int) -> bool:
    """A Japanese letter or mark right beside the span, blanks aside (「家族でsushiを」, 「毎日 benkyou します」)."""
    i, j = start - 1, end
    while i >= 0 and text[i] in " \t\u3000":
        i -= 1
    while j < len(text) and text[j] in " \t\u3000":
        j += 1
    return bool((i >= 0 and _JAPANESE.match(text[i])) or (j < len(text) and _JAPANESE.match(text[j])))


@functools.lru_cache(maxsize=1024)
def _romaji_line(line: str) -> bool:
    return all(romaji.to_kana(t.group()) for t in romaji.TOKEN.finditer(line))


def fold_emphasis(kana: str) -> tuple[str, list[int]]:
    """Katakana without emphasis (``_EMPHASIS``, small or repeated vowels, ou/ei long vowels) and, for each letter
    kept, its index in ``kana``."""
    out: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(kana):
        before = romaji.vowel(out[-1]) if out else ""
        if out and (
            ch in _EMPHASIS
            or _SMALL_VOWELS.get(ch) == before
            or (
                before
                and (
                    (ch in "アイウエオ" and romaji.vowel(ch) == before)
                    or (ch == "ウ" and before == "o")
                    or (ch == "イ" and before == "e")
                )
            )
        ):
            continue
        out.append(ch)
        where.append(i)
    return "".join(out), where


def emphatic_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Kana runs that read as ``word`` once emphasis is taken out (see the module docstring)."""
    target, lemmas, _ = _key(word)
    if not target or romaji.morae(target) < 2:
        return []
    want = fold_emphasis(target)[0]
    found = []
    for run in _KANA_RUN.finditer(text):
        kana = morph.to_katakana(run.group())
        folded, where = fold_emphasis(kana)
        at = folded.find(want)
        while at >= 0:
            # letters the fold dropped after the last one kept (すごいっ, すごーー, たのしい's last い) belong to
            # the word
            first, last = where[at], where[at + len(want)] if at + len(want) < len(where) else len(kana)
            start, end = run.start() + first, run.start() + last
            if (
                kana[first:last] != target
                and not _another_word(text[start:end], lemmas)
                and not _cuts_a_word(text, start, end, lemmas)
                and not _lends_a_vowel(text, start, end)
                and _reads_as(text, start, end, word)
            ):
                found.append((start, end))
            at = folded.find(want, at + 1)
    return found


def _cuts_a_word(text: str, start: int, end: int, lemmas: tuple[str, ...]) -> bool:
    """Whether the analyser reads the span within one longer word that is not the keyword (はしっこ, 端っこ, holds no
    橋)."""
    return any(
        a <= start and end <= b and b - a > end - start and m.lemma not in lemmas for a, b, m in morph.spans(text)
    )


def _lends_a_vowel(text: str, start: int, end: int) -> bool:
    """Whether the span's last letters are the start of a word that goes on past it (いちごうしゃ: the う of 号車,
    ごうしゃ, is no drawn-out いちご; round 29): a word of two letters or more beginning inside the span and
    ending after it."""
    return any(
        start < a < end < b and b - a >= 2 and m.pos1 not in ("補助記号", "記号") for a, b, m in morph.spans(text)
    )


def _another_word(span: str, lemmas: tuple[str, ...]) -> bool:
    """Whether the analyser reads ``span`` alone as one word other than the keyword, with a suffix or not (もっと is
    not もと, おば|さん not おばあさん); an emphatic spelling it cannot read is cut into pieces (すっ|ご|ー|い)."""
    alone = list(morph.analyze(span))
    if not alone or alone[0].lemma in lemmas or alone[0].pos1 in ("補助記号", "記号", "空白"):
        return False
    return len(alone) == 1 or (len(alone) == 2 and alone[1].pos1 == "接尾辞" and alone[0].pos1 in ("名詞", "代名詞"))


def _readings_by_letter(word: str, reading: str) -> list[tuple[str, ...]]:
    """Every way to give each letter of ``word`` a non-empty part of ``reading`` that starts a mora."""
    n = len(word)
    out = []
    for cuts in itertools.combinations(range(1, len(reading)), n - 1):
        parts = tuple(reading[a:b] for a, b in zip((0, *cuts), (*cuts, len(reading))))
        if all(part[0] not in _NOT_A_START for part in parts):
            out.append(parts)
    return out


def mixed_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Mixed kanji-and-kana spellings of a word written in kanji (see the module docstring)."""
    target, _, _ = _key(word)
    if not target or not _KANJI.fullmatch(word) or len(word) < 2 or len(word) > 6:
        return []
    found: set[tuple[int, int]] = set()
    for spelled, mask in _mixed_spellings(word, target):
        _find_mixed(text, spelled, word, mask, found)
    return sorted(found)


@functools.lru_cache(maxsize=1024)
def _mixed_spellings(word: str, target: str) -> tuple[tuple[str, tuple[bool, ...]], ...]:
    """Every mixed spelling of ``word`` (its reading ``target``) with the mask of the letters kept in kanji: the same
    for every text, so made once per word."""
    spellings: list[tuple[str, tuple[bool, ...]]] = []
    for parts in _readings_by_letter(word, target):
        for mask in itertools.product((True, False), repeat=len(word)):
            if all(mask) or not any(mask):
                continue
            for spelled in {
                "".join(letter if keep else kana(part) for letter, part, keep in zip(word, parts, mask))
                for kana in (_hiragana, str)
            }:  # the kana part in hiragana (勉きょう) or katakana (勉キョウ)
                spellings.append((spelled, mask))
    return tuple(spellings)


def _find_mixed(text: str, spelled: str, word: str, mask: tuple[bool, ...], found: set[tuple[int, int]]) -> None:
    """Add to ``found`` each place ``text`` holds the mixed spelling ``spelled`` of ``word`` as the word: not glued to
    kana before a leading kana part or to a small kana after a trailing one, and read as the word in context."""
    at = text.find(spelled)
    while at >= 0:
        end = at + len(spelled)
        glued = (not mask[0] and at and _KANA_LETTER.match(text[at - 1])) or (
            not mask[-1] and end < len(text) and text[end] in _SMALL_KANA
        )
        if not glued and _reads_as(text, at, end, word):
            found.add((at, end))
        at = text.find(spelled, at + 1)


_KANA_LETTER = re.compile(r"[ぁ-ゖァ-ヺ]")
_SMALL_KANA = "ぁぃぅぇぉゃゅょゎっーァィゥェォャュョッ"


def _hiragana(kana: str) -> str:
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in kana)


def split_spans(text: str, word: str) -> list[tuple[int, int]]:
    """``word`` with blanks (or one line break) between its letters inside running text (see the module docstring)."""
    letters = [ch for ch in word if not ch.isspace()]
    if len(letters) < 2 or not _key(word)[0]:
        return []
    pattern = re.compile(f"{_SPLIT}?".join(re.escape(ch) for ch in letters))
    found: list[tuple[int, int]] = []
    words = [(a, b) for a, b, _ in morph.spans(text)] if pattern.search(text) else []
    for m in pattern.finditer(text):
        if m.group() == "".join(letters) or any(a < edge < b for a, b in words for edge in m.span()):
            continue  # a side is part of a word of its own that reaches past the letters (大会 社長, 毎日 本)
        joined = text[: m.start()] + word + text[m.end() :]
        if _reads_as(joined, m.start(), m.start() + len(word), word):
            found.append((m.start(), m.end()))
    return found


def romaji_form_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Romaji tokens that spell a verb or adjective keyword in an inflection (tabeta, tabemashita for 食べる; round
    12): the token's katakana reading is read as katakana inflections are (``wordforms.katakana_form_spans``), whole,
    and has ``MIN_ROMAJI_MORAE`` morae or more."""
    return [
        (start, end)
        for start, end, kana in _romaji_readings(text)
        if romaji.morae(kana) >= MIN_ROMAJI_MORAE and (0, len(kana)) in wordforms.katakana_form_spans(kana, word)
    ]


def spans(text: str, word: str) -> list[tuple[int, int]]:
    """Where ``word`` is written in romaji (an inflection too), emphatically, in mixed kanji and kana or split by
    blanks in ``text``."""
    if not word.strip():
        return []
    found = romaji_spans(text, word) + romaji_form_spans(text, word) + emphatic_spans(text, word)
    return found + mixed_spans(text, word) + split_spans(text, word)


__all__ = [
    "MIN_ROMAJI_MORAE",
    "emphatic_spans",
    "fold_emphasis",
    "another_word",
    "key_lemmas",
    "key_reading",
    "reads_as",
    "mixed_spans",
    "romaji_form_spans",
    "romaji_spans",
    "spans",
    "split_spans",
]
