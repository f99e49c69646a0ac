"""Chants: recitations said by a template, which a reader does not count toward a minimum length (checkers 2.8, round
14), read by their shape rather than by a list of known texts (九九, counting rhymes, drills):

a run of ``_RUN`` or more short items (``_SHORT`` letters at most, parted by 、 ， ・ 。 or line breaks), each said in
kana with numerals at most (いんいちがいち, 一一が一, ににんがし; numbers alone are a list), most of them without a
predicate (no verb, adjective or copula: りんごがすきです, あかいはな say something), each one unlike the item before
but sharing letters in order with it or with the one before that (the template: ``_SIMILAR`` of their letters), and no
item holding a content word of the rest of the answer, is a recitation beside the answer
(答えは八です。いんいちがいち、いんにがに、…). It counts as its first item. An answer that names what it recites
(九九, 数え方, 読み方: ``orders.NAMES``) says it, and it counts whole; so do lists of names in kanji
(第一営業部、第二営業部、…), a forecast (月曜は晴れ、火曜は雨、…) and items that share a word with the answer."""

from __future__ import annotations

import re
import unicodedata

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.orders import NAMES

_RUN = 4
_SHORT = 12
_SIMILAR = 0.4
_ITEM = re.compile(r"[^、，,・･。．！？!?\n]+")
#: Letters a chant is said in: kana, the long vowel mark and numerals (kanji numerals, digits).
_SAID = re.compile(r"[ぁ-ゖァ-ヺー〇一二三四五六七八九十百千万0-9]+")
_KANA = re.compile(r"[ぁ-ゖァ-ヺ]")  # a chant is said: numbers alone are a list (2、3、5、7、11 …)
_CONTENT = ("名詞", "動詞", "形容詞", "形状詞", "代名詞")


def _letters(item: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", item) if unicodedata.category(ch)[0] in "LN")


def _common(a: str, b: str) -> int:
    """The length of the longest common subsequence of two short strings."""
    row = [0] * (len(b) + 1)
    for ch in a:
        prev = 0
        for j, other in enumerate(b, 1):
            prev, row[j] = row[j], prev + 1 if ch == other else max(row[j], row[j - 1])
    return row[-1]


def _alike(a: str, b: str) -> bool:
    return a != b and 2 * _common(a, b) >= _SIMILAR * (len(a) + len(b))


def _words(text: str) -> set[str]:
    return {
        m.lemma.split("-")[0]
        for m in morph.analyze(text)
        if m.pos1 in _CONTENT and m.pos2 != "数詞" and len(m.surface) >= 2
    }


def _predicate(item: str) -> bool:
    return any(m.pos1 in ("動詞", "形容詞", "形状詞", "助動詞") for m in morph.analyze(item))


def chanted(text: str) -> list[tuple[int, int]]:
    """Spans (start, end) of ``text`` that are chanted items past the first of their run (see the module docstring)."""
    if NAMES.search(text):
        return []
    items = [(m.start(), m.end(), _letters(m.group())) for m in _ITEM.finditer(text)]
    items = [(s, e, k) for s, e, k in items if k]
    runs: list[list[tuple[int, int, str]]] = []
    for item in items:
        said = (
            2 <= len(item[2]) <= _SHORT and _SAID.fullmatch(item[2]) is not None and _KANA.search(item[2]) is not None
        )
        if said and runs and runs[-1] and any(_alike(k, item[2]) for _, _, k in runs[-1][-2:]):
            runs[-1].append(item)
        else:
            runs.append([item] if said else [])
    out: list[tuple[int, int]] = []
    for run in runs:
        if len(run) < _RUN or 2 * sum(_predicate(k) for _, _, k in run) >= len(run):
            continue  # most items with a predicate say something (りんごがすきです、みかんがすきです、…)
        rest = text[: run[0][0]] + text[run[-1][1] :]
        if _words(rest) & set().union(*(_words(k) for _, _, k in run)):
            continue  # the items share a word with the answer: they say something of it
        out.extend((s, e) for s, e, _ in run[1:])
    return out


def without_chants(text: str) -> str:
    """``text`` without the chanted items past the first of each run."""
    kept, at = [], 0
    for start, end in chanted(text):
        kept.append(text[at:start])
        at = end
    return "".join(kept) + text[at:]


__all__ = ["chanted", "without_chants"]
