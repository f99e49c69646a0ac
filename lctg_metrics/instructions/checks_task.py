"""タスク指定 checkers: しりとり (word chain), judged on readings from the morphological analyzer.

Rules (documented choices):
- the words are the 「」-quoted items if there are at least two, else the items separated by →, ⇒, 、, ・,
  spaces or line breaks (list markers removed);
- each word's reading is its katakana reading (kana words as written, kanji words from the dictionary);
- the final kana ignores a trailing long-vowel mark ー (ルール → ル) and makes small kana big (キャ → ヤ);
- ヲ counts as オ, ヂ as ジ, ヅ as ズ; voiced and unvoiced kana differ (ト is not ド);
- a word ending in ン breaks the chain (the game is lost), and no word may repeat.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from lctg_metrics.instructions import morph
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
    body = "\n".join(_MARKER.sub("", line) for line in response.splitlines())
    return [w.strip("。．.!！") for w in _SEPARATORS.split(body) if w.strip("。．.!！")]


def _kana(reading: str) -> str:
    return "".join(_EQUAL.get(ch, ch) for ch in reading)


def last_kana(word: str) -> str:
    """The kana the next word must start with (ー skipped, small kana made big)."""
    kana = _kana(morph.reading(word)).rstrip("ー")
    return _SMALL.get(kana[-1], kana[-1]) if kana else ""


def first_kana(word: str) -> str:
    kana = _kana(morph.reading(word))
    return kana[0] if kana else ""


@instruction(
    "task:shiritori",
    "タスク指定",
    "a valid しりとり chain (readings; ー skipped, small kana big, no ン end)",
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
        said = morph.reading(word)
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
