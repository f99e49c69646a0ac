"""A Latin word written in katakana as Japanese writes a loan (round 33): インスタグラム is Instagram, ネットフリックス
Netflix, スポティファイ Spotify, even where the analyser has no such word (it cuts インス|タグ|ラム, Ince, tag and
lamb). The katakana is read by sound, mora by mora, and the Latin word by a loanword transcription model: its
consonants in order, each as the katakana consonants Japanese writes for it (r and l are ラ行, b and v バ行, th サ行 or
タ行, f and ph フ or ハ行, a soft c サ行, a soft g ジ), a doubled letter as one (the small ッ and the long mark ー are
not read), n or m before a consonant or at the end as ン; each vowel letter group as a Japanese vowel of its range
(a: ア エ オ, e: エ イ ア, i: イ ア, o: オ ア ウ, u: ア ウ, y: イ ア), with one more vowel mora after it (the イ of
エイ, the ア of ディア); a consonant without a vowel after it takes the epenthetic vowel Japanese adds (ウ, オ after
t and d, イ after ch, j, sh and k); a final silent e, an r after a vowel (the long vowel of スター), a silent gh and a
possessive 's may be left unwritten. Tolerance declared here: the katakana run, whole (no longer katakana run around
it), must be the keyword's transcription to its last mora; the keyword has four letters at least and the run two
morae; a run the analyser knows as one loanword of another origin (ライス, rice, is no lice; インスタント, instant,
no Instagram) is that word. A katakana word that only shares consonants is no transcription: スポット (one consonant
short) is no Spotify, スラックス (a ス more) no Slack; ズーム is zoom, the word and the service alike."""

from __future__ import annotations

import re
from functools import cache, lru_cache

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.romaji import KANA_ROWS

_MORA = {
    kana: (c, v)
    for c, row in KANA_ROWS.items()
    if c != "v"  # its row is digraphs (ヴァ)
    for kana, v in zip(row, "aiueo")
    if kana != "\0"
}
_MORA.update(
    {"シ": ("sh", "i"), "チ": ("ch", "i"), "ツ": ("ts", "u"), "フ": ("f", "u"), "ジ": ("j", "i"), "ヂ": ("j", "i")}
)
_MORA.update({"ヅ": ("z", "u"), "ヴ": ("v", "u"), "ヲ": ("", "o")})
_SMALL = {"ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o", "ャ": "a", "ュ": "u", "ョ": "o"}
#: The vowels each English vowel letter is written with (a group of letters may take any of its letters' vowels).
_VOWELS = {"a": "aeo", "e": "eia", "i": "ia", "o": "oau", "u": "au", "y": "ia"}
#: The katakana consonants each English consonant (or digraph) is written with.
_CONSONANTS = {
    "b": {"b", "v"},
    "v": {"b", "v"},
    "ck": {"k"},
    "k": {"k"},
    "q": {"k"},
    "ch": {"ch", "k", "sh"},
    "d": {"d", "j"},
    "f": {"f", "h"},
    "ph": {"f", "h"},
    "g": {"g"},
    "h": {"h"},
    "j": {"j"},
    "l": {"r"},
    "r": {"r"},
    "m": {"m"},
    "n": {"n"},
    "p": {"p"},
    "s": {"s", "sh", "z"},
    "sh": {"sh"},
    "t": {"t", "ch", "ts"},
    "th": {"s", "z", "t", "d"},
    "w": {"w"},
    "wh": {"w"},
    "y": {"y"},
    "z": {"z", "j", "s"},
}
#: The vowel Japanese adds after a consonant that has none.
_EPENTHETIC = {"t": "o", "d": "o", "ch": "i", "j": "i", "sh": "iu", "k": "ui", "ts": "u"}
_UNIT = re.compile(r"tch|dge|ck|ch|sh|th|ph|wh|gh|qu|y(?=[aeiou])|[aeiouy]+|[a-z]")
_KATAKANA_RUN = re.compile(r"[ァ-ヺー]+")
_LATIN_WORD = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
#: Fewest letters in a keyword and morae in a run read this way (Box and バス are too short to tell from other words).
MIN_LETTERS, MIN_MORAE = 4, 2


def _morae(katakana: str) -> tuple[tuple[str, str], ...] | None:
    """The morae of a katakana run as (consonant, vowel); ン is ("N", ""); ッ and ー are not read."""
    out: list[tuple[str, str]] = []
    for ch in katakana:
        if ch in "ッー":
            continue
        if ch == "ン":
            out.append(("N", ""))
        elif ch in _SMALL and out and out[-1][0] != "N":
            c, _ = out[-1]
            out[-1] = ("w" if c == "" and ch in "ィェォ" else c, _SMALL[ch])
        elif ch in _MORA:
            out.append(_MORA[ch])
        else:
            return None
    return tuple(out)


def _units(word: str) -> tuple[tuple[str, str, bool], ...]:
    """The keyword as (kind, value, may be left unwritten): kind "V" with the vowels it may be written with, or "C"
    with the consonant letters."""
    word = re.sub(r"^mc", "mac", word.lower())
    possessive = bool(re.search(r"['’]s$", word))
    word = re.sub(r"([b-df-hj-np-tv-z])\1", r"\1", re.sub(r"['’]s$|[^a-z]", "", word)).replace("tion", "shon")
    found = _UNIT.findall(word)
    out: list[tuple[str, str, bool]] = []
    for i, unit in enumerate(found):
        after = found[i + 1] if i + 1 < len(found) else ""
        vowel_next = after[:1] in tuple("aeiouy")
        if unit == "y" and not vowel_next and i:
            unit = "y_"  # y as a vowel (Spotify)
        if unit[0] in "aeiou" or unit == "y_":
            letters = unit.rstrip("_")
            silent = letters == "e" and i == len(found) - 1 and i > 0
            out.append(("V", "".join(sorted({v for ch in letters for v in _VOWELS[ch]})), silent))
        elif unit in ("tch", "dge"):
            out.append(("C", "ch" if unit == "tch" else "j", False))
        elif unit == "x":
            out += [("C", "k", False), ("C", "s", False)]
        elif unit == "qu":
            out += [("C", "q", False), ("V", "u", True)]
        elif unit == "gh":
            out.append(("C", "f", True))
        elif unit in ("c", "g"):
            soft = after[:1] in ("e", "i", "y")
            out.append(("C", ("s" if unit == "c" else "j") if soft else ("k" if unit == "c" else "g"), False))
        else:
            silent = unit in ("r", "h") and not vowel_next and i > 0 or unit == "w" and vowel_next  # スター, ツイ
            out.append(("C", unit, silent))
    if possessive:
        out.append(("C", "s", True))
    return tuple(out)


@lru_cache(maxsize=4096)
def transcribes(katakana: str, word: str) -> bool:
    """Whether the katakana run, whole, is the Latin ``word`` as Japanese writes it as a loan (the module's model)."""
    morae, units = _morae(katakana), _units(word)
    if not morae or len(morae) < MIN_MORAE or not units:
        return False

    @cache
    def match(i: int, j: int) -> bool:
        if i == len(units):
            return j == len(morae)
        kind, value, optional = units[i]
        if optional and match(i + 1, j):
            return True
        if j == len(morae):
            return False
        c, v = morae[j]
        if kind == "V":
            return c in ("", "w", "y") and v in value and _vowel_done(i + 1, j + 1, value)
        if c == "N":
            labial = i + 1 < len(units) and units[i + 1][1] in ("b", "p", "m")  # キャンパス: m before b, p
            return (value == "n" or value == "m" and labial) and match(i + 1, j + 1)
        if c not in _CONSONANTS.get(value, {value}):
            return False
        nxt = units[i + 1] if i + 1 < len(units) else None
        if nxt and nxt[0] == "V" and v in nxt[1] and _vowel_done(i + 2, j + 1, nxt[1]):
            return True
        return v in _EPENTHETIC.get(c, "u") and match(i + 1, j + 1)

    def _vowel_done(i: int, j: int, value: str) -> bool:
        """After a vowel: the rest, with or without one more vowel mora of its group (ディ|ア) or a diphthong's イ."""
        extra = j < len(morae) and morae[j][0] == "" and morae[j][1] in value + "iu"
        return match(i, j) or (extra and match(i, j + 1))

    return match(0, 0)


def _skeleton(latin: str) -> str:
    """A Latin word's consonant letters (its first letter kept), for telling two origins apart: MacDonald is
    McDonald's, rice is no lice."""
    word = re.sub(r"['’]s$|[^a-z]", "", latin.lower())
    return (word[:1] + re.sub(r"[aeiouy]", "", word[1:])).rstrip("s")


def _other_origin(katakana: str, word: str) -> bool:
    found = morph.analyze(katakana)
    origin = found[0].lemma.partition("-")[2] if len(found) == 1 else ""
    return bool(origin) and _skeleton(origin) != _skeleton(word)


def spans(text: str, word: str) -> list[tuple[int, int]]:
    """Whole katakana runs of ``text`` that are the Latin ``word`` written as a loan (see the module docstring)."""
    if not _LATIN_WORD.fullmatch(word) or len(re.sub("[^A-Za-z]", "", word)) < MIN_LETTERS:
        return []
    return [
        run.span()
        for run in _KATAKANA_RUN.finditer(text)
        if transcribes(run.group(), word) and not _other_origin(run.group(), word)
    ]


__all__ = ["MIN_LETTERS", "MIN_MORAE", "spans", "transcribes"]
