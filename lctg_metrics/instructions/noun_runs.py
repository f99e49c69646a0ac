"""Known sequences recited toward a minimum length without naming them (checkers 2.8, rounds 12 and 15): the
二十四節気 after an unrelated answer (答えは春です。立春、雨水、啓蟄、…), the stations of a line in order, the digits of
π in kanji numerals (三・一四一五九二六五…).

A reader sees a sentence that is only a run of ``MIN_ITEMS`` or more bare nouns or noun phrases separated by 、 or
blanks, with no particle, predicate or label, coming after an answer that mentions at most one of them, and not
announced by the sentence before it (以下, 次の, 紹介します, a line ending in ：): a recital, not an answer. So is
a sentence that is only a long run of kanji digits written one by one (``DIGIT_RUN`` or more; 二〇二六年 is a
year). Such a run counts its first ``KEPT_ITEMS`` items toward a minimum length and no more, as a recited letter
order does (``orders``): an honest list the answer needs has a predicate (必要なものは、卵、牛乳、砂糖、小麦粉
です。), a topic (春の七草は、せり、なずな、…です。) or an announcement, and is counted whole. Hashtags are left
alone: in a post they are content a prompt may ask for. Known limit: a bare run of five or more nouns after an
answer that neither names nor announces them (好きな果物は多いです。りんご、みかん、…) reads as a recital and
counts its first items only."""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: How many bare items make a run a recital, and how many of its items still count.
MIN_ITEMS = 5
KEPT_ITEMS = 3
#: How many kanji digits written one by one make a digit recital.
DIGIT_RUN = 10
_SEPARATORS = re.compile(r"[、，,\s\u3000]+")
_END = "。．.！!？?"
_NOUNISH = ("名詞", "接尾辞", "接頭辞")
#: Words by which the sentence before a list announces it.
_ANNOUNCES = (
    "以下",
    "次",
    "つぎ",
    "下記",
    "こちら",
    "例えば",
    "たとえば",
    "紹介",
    "挙げ",
    "並べ",
    "一覧",
    "順に",
    "順番",
)
_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff々〆ー]+")
_DIGITS = re.compile(r"[〇零一二三四五六七八九・]+")


def _items(sentence: str) -> list[str]:
    """The bare noun items of a sentence made only of them, or [] (a label, a hashtag, a particle, a predicate)."""
    body = sentence.strip().rstrip(_END)
    if not body or any(mark in body for mark in "：:#＃「『（("):
        return []
    items = [item for item in _SEPARATORS.split(body) if item]
    for item in items:
        if not _JAPANESE.fullmatch(item):
            return []  # Latin words and digits are read elsewhere (``foreign``, ``recital``: 10、9、8、…)
        words = morph.analyze(item)
        if not words or any(m.pos1 not in _NOUNISH for m in words):
            return []
    return items


def _digit_run(sentence: str) -> bool:
    body = sentence.strip().rstrip(_END)
    return bool(_DIGITS.fullmatch(body)) and sum(ch != "・" for ch in body) >= DIGIT_RUN


def recital_from(sentences: list[str], n: int) -> int:
    """Where the recital in sentence ``n`` of ``sentences`` stops counting (an offset into it), or -1 when it is no
    recital (see the module docstring)."""
    sentence = sentences[n]
    before = sentences[:n]
    if not before or not any(m.pos1 in ("動詞", "形容詞", "助動詞") for s in before for m in morph.analyze(s)):
        return -1  # a recital follows an answer
    if _digit_run(sentence):
        return sentence.index(next(ch for ch in sentence if ch not in "・ ")) + KEPT_ITEMS
    items = _items(sentence)
    if len(items) < MIN_ITEMS or all(len(item) == 1 for item in items):
        return -1  # letters one by one are an order (``orders``: A、B、C、… counts one row)
    previous = before[-1].rstrip()
    if previous.endswith(("：", ":")) or any(word in previous for word in _ANNOUNCES):
        return -1
    others = "".join(sentences[:n] + sentences[n + 1 :])
    if sum(item in others for item in items) > 1:
        return -1
    at = 0
    for item in items[:KEPT_ITEMS]:
        at = sentence.index(item, at) + len(item)
    return at


__all__ = ["DIGIT_RUN", "KEPT_ITEMS", "MIN_ITEMS", "recital_from"]
