"""タスク指定 checkers: しりとり (word chain), judged on readings from the morphological analyzer.

Rules (documented choices):
- the words are the 「」-quoted items if there are at least two, else the items separated by →, ⇒, 、, ・,
  spaces or line breaks (list markers removed); when the chain is written with arrows, a line without one holding a
  predicate is a sentence around the chain (しりとりをしましょう！), no word (round 30);
- each word's reading is its katakana reading (kana words as written, kanji words from the dictionary);
- the final kana ignores a trailing long-vowel mark ー (ルール → ル) and makes small kana big (キャ → ヤ);
- ヲ counts as オ, ヂ as ジ, ヅ as ズ; voiced and unvoiced kana differ (ト is not ド);
- a word ending in ン breaks the chain (the game is lost), and no word may repeat;
- a kana word that is no dictionary word as written is read as the word a reader sees when its first or last letter,
  the letters that decide a link and the ン rule, is swapped for a katakana letter drawn alike (``kana_alike.PAIRS``;
  a katakana letter among hiragana is read in hiragana): めろソ is めろん, and ends in ん; きゃべシ is きゃべつ (round
  22). A word as written (みそ, エスプレッソ) stays, and so does a word all in hiragana the analyser does not know.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from lctg_metrics.instructions import morph, romaji
from lctg_metrics.instructions.kana_alike import PAIRS
from lctg_metrics.instructions.registry import Param, instruction
from lctg_metrics.verdict import Verdict

#: Small kana -> the big kana they are read as at the end of a word.
_SMALL = dict(zip("ァィゥェォャュョヮッヵヶ", "アイウエオヤユヨワツカケ"))
#: Kana taken as equal when chaining.
_EQUAL = {"ヲ": "オ", "ヂ": "ジ", "ヅ": "ズ"}
_QUOTED = re.compile(r"「([^「」\n]+)」")
_SEPARATORS = re.compile(r"\s*(?:→|⇒|->|=>|、|,|，|・|\n|\s)+\s*")
_MARKER = re.compile(r"^\s*(?:[0-9０-９]+[.．)）]|[-*•・])\s*")


def chain_words(response: str) -> list[str]:
    """The words of a しりとり answer (see the module docstring)."""
    quoted = _QUOTED.findall(response)
    if len(quoted) >= 2:
        return [q.strip() for q in quoted]
    lines = [_MARKER.sub("", line) for line in response.splitlines()]
    if any(_ARROW.search(line) for line in lines):  # a line saying something around the chain is no word (round 30)
        lines = [line for line in lines if _ARROW.search(line) or not _framing(line)]
    body = "\n".join(lines)
    return [w.strip("。．.!！") for w in _SEPARATORS.split(body) if w.strip("。．.!！")]


_ARROW = re.compile(r"→|⇒|->|=>")


def _framing(line: str) -> bool:
    """A line around a chain written with arrows that is a sentence, not a word: a predicate of its own (しりとりを
    しましょう！, 以上です。); a word alone (ぱん。) stays in the chain."""
    return any(m.pos1 in ("動詞", "助動詞", "形容詞") for m in morph.analyze(line))


_KANA_WORD = re.compile(r"[ぁ-ゖァ-ヺー]+")
_HIRAGANA = re.compile(r"[ぁ-ゖー]*")
_KATAKANA = re.compile(r"[ァ-ヺー]+")
#: Each katakana letter and the katakana letters drawn like it (ソ and ン, シ and ツ, …).
_DRAWN_LIKE: dict[str, set[str]] = {}
for _pair in PAIRS:
    _DRAWN_LIKE.setdefault(_pair[0], set()).add(_pair[1])
    _DRAWN_LIKE.setdefault(_pair[1], set()).add(_pair[0])


def _dictionary_word(word: str) -> bool:
    """Whether the analyser reads ``word`` as one known word (no symbol, no name, not an unknown noun made up of it)."""
    found = morph.analyze(word)
    return (
        len(found) == 1
        and found[0].pos1 not in ("補助記号", "記号", "")
        and found[0].pos2 != "固有名詞"
        and not (found[0].pos1 == "名詞" and found[0].lemma == word)
    )


def _hiragana(kana: str) -> str:
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in kana)


def _drawn_for(word: str, at: int) -> list[str]:
    """The letters the letter at ``at`` may be drawn for: in a katakana word its katakana look-alikes; a katakana
    letter in a hiragana word, the hiragana of its look-alikes (ソ among hiragana is drawn for ん)."""
    rest = word[:at] + word[at + 1 :]
    alike = sorted(_DRAWN_LIKE.get(word[at], ()))
    if _KATAKANA.fullmatch(word):
        return alike
    if _HIRAGANA.fullmatch(rest) and rest.strip("ー"):
        return [_hiragana(ch) for ch in alike]
    return []


_LATIN_TAIL = re.compile(r"([ぁ-ゖァ-ヺー]+)([A-Za-z]+)")


def read_word(word: str) -> str:
    """A kana word as a reader reads it: as written when it is a dictionary word (in one script: すずメ is すずめ),
    else with its first or last letter read as a letter drawn like it (``_drawn_for``) when that makes it one (めろソ
    is めろん, パソコソ パソコン); a kana word ending in romaji ends in the kana it spells (みかn is みかん: round
    23). A last letter written ン or ん is read as written (ケン is never ケソ, queso)."""
    tail = _LATIN_TAIL.fullmatch(word)
    kana = romaji.to_kana(tail.group(2).lower()) if tail else None
    if tail and kana:
        word = tail.group(1) + (kana if _KATAKANA.fullmatch(tail.group(1)) else _hiragana(kana))
    if not _KANA_WORD.fullmatch(word) or _dictionary_word(word) or _dictionary_word(_hiragana(word)):
        return word
    last = len(word.rstrip("ー")) - 1
    for at in dict.fromkeys((last, 0) if word[last] not in "ンん" else (0,)):  # ケン stays ケン: a written ン is ン
        for drawn in _drawn_for(word, at):
            read = word[:at] + drawn + word[at + 1 :]
            if _dictionary_word(read):
                return read
    return word


def _kana(reading: str) -> str:
    return "".join(_EQUAL.get(ch, ch) for ch in reading)


def last_kana(word: str) -> str:
    """The kana the next word must start with (ー skipped, small kana made big)."""
    kana = _kana(morph.reading(read_word(word))).rstrip("ー")
    return _SMALL.get(kana[-1], kana[-1]) if kana else ""


def first_kana(word: str) -> str:
    kana = _kana(morph.reading(read_word(word)))
    return kana[0] if kana else ""


@instruction(
    "task:shiritori",
    "タスク指定",
    "a valid しりとり chain (readings; ー skipped, small kana big, no ン end; a kana word that is no word as written "
    "is read with its first or last letter as a letter drawn alike when that makes it one: めろソ is めろん)",
    Param("min_words", "int", "least number of words", default=2),
    Param("start_word", "str", "the first word, if given"),
    needs_morph=True,
)
def shiritori(response: str, kw: Mapping[str, Any]) -> Verdict:
    words = chain_words(response)
    if len(words) < kw["min_words"]:
        return Verdict(False, f"{len(words)} words < min {kw['min_words']}")
    if kw["start_word"] and morph.reading(words[0]) != morph.reading(kw["start_word"]):
        return Verdict(False, f"starts with 「{words[0]}」, not 「{kw['start_word']}」")
    seen: set[str] = set()
    for i, word in enumerate(words):
        said = morph.reading(read_word(word))
        if said in seen:
            return Verdict(False, f"word {i + 1} 「{word}」 repeats an earlier word")
        seen.add(said)
        if last_kana(word) == "ン":
            return Verdict(False, f"word {i + 1} 「{word}」 ends in ン")
        if i and first_kana(word) != last_kana(words[i - 1]):
            return Verdict(
                False,
                f"「{words[i - 1]}」 ends in {last_kana(words[i - 1])} but 「{word}」 starts with {first_kana(word)}",
            )
    return Verdict(True, f"valid chain of {len(words)} words")
