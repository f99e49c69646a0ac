"""Marks written in place of 。 (round 23): a music note, a star or an emoji (楽しかった♪また行きたい♪), a laughter
ｗ (眠いｗもう寝るｗ), an ellipsis or a wave dash (傘を忘れた…今日は濡れる…) after a plain predicate in its final
form end a sentence when a new clause follows, as 。 would; the sentence model cut only after a copula, a polite
predicate or a clause with its own topic before.

A new clause follows when the words after the mark open with no particle, auxiliary or suffix (「食べたい…けど高い」
goes on) and are not quoted by と (「行こうかな…と思った」), and either hold a predicate or open with a topic (次は海).
A noun with a case particle right after an adjective and the mark (「かわいい🐱ねこがいた」) may be the noun the
adjective modifies, so the mark ends nothing there; after a verb (「降ってきた…傘を忘れた…」) it ends the sentence.
Arrows and slashes join steps and alternatives (切る→炒める, 安い／高い) and are read by ``joins.mark_closes``; a
final particle before a pause (「そうですね…でも行きます。」) stays a pause (checkers 2.5).
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: Marks that join steps or alternatives rather than close a sentence.
_STEPS = re.compile(r"[／/→⇒⇨➡➔⇢]")
#: Auxiliaries whose final form continues or is read wrongly (ず, ぬ; classical じ, む, べし, けり, き).
_NOT_FINAL = frozenset({"ぬ", "ず", "じ", "む", "べし", "けり", "き"})
#: Case particles after a noun that the predicate before the mark may modify (かわいい|ねこが).
_MARKS = ("補助記号", "空白", "記号")
_CASE = frozenset({"が", "を", "に", "で", "と", "へ", "の", "から", "より", "まで"})


def _plain_final(before: str) -> bool:
    """Whether ``before`` ends in a verb, adjective or auxiliary in its final or volitional form (楽しかった, 行きたい,
    行こう), not in a final particle."""
    tail = morph.content_tail(morph.predicate_text(before))
    if not tail:
        return False
    last = tail[-1]
    return (
        last.pos1 in ("動詞", "形容詞", "助動詞")
        and last.form.startswith(("終止形", "意志推量形"))
        and last.lemma not in _NOT_FINAL
    )


def _opens(before: str, after: str) -> bool:
    """Whether the words ``after`` the mark open a clause of their own (see the module docstring); the first is read
    in context after ``before`` (けど opening a text is a conjunction, after 食べたい a particle)."""
    head = before[-12:]
    joined = head + after[:40]
    words = [m for start, _, m in morph.spans(joined) if start >= len(head) and m.pos1 not in _MARKS]
    if not words or words[0].pos1 in ("助詞", "助動詞", "接尾辞"):
        return False
    if morph.is_nominal(words[0]) and _modifier(before):
        nxt = next((m for m in words[1:] if not morph.is_nominal(m)), None)
        if nxt is not None and nxt.pos1 == "助詞" and nxt.surface in _CASE:
            return False
    topic = any(m.surface in ("は", "も") and m.pos1 == "助詞" for m in words[:4])
    return topic or morph.politeness(after) != "neutral"


def _modifier(before: str) -> bool:
    """Whether ``before`` ends in an adjective or an adjective-like auxiliary (かわいい, 食べたい, 行かない), which
    may modify a noun after the mark; a verb's final form or た before a mark and a noun (降ってきた…傘を) ends it."""
    tail = morph.content_tail(morph.predicate_text(before))
    if not tail:
        return False
    last = tail[-1]
    return last.pos1 == "形容詞" or (last.pos1 == "助動詞" and last.lemma in ("たい", "ない", "らしい"))


#: Marks drawn in place of 。 (♪ ☆, emoji) and laughter words (笑, 爆笑): what may close a noun predicate too.
_DRAWN = re.compile(r"[\u2600-\u27bf\U0001f300-\U0001faff]|笑")
#: Where the words after a mark end: the next mark of any kind.
_NEXT_MARK = re.compile(r"[。！？!?\n、，,／/→⇒\u2600-\u27bf\U0001f300-\U0001faff…〜～]|笑")


def ends_sentence(before: str, mark: str, after: str) -> bool:
    """Whether ``mark`` (a joining or pause mark, or a laughter word) after ``before`` ends a sentence with ``after``
    a new one: after a plain final predicate, and from round 26 after a noun predicate with its own topic closed by a
    drawn mark or a laughter word (週末は晴れ♪海で…泳いだ, 趣味は昼寝笑毎日…寝ている) when the words up to
    the next mark hold a predicate of their own (この店はパスタ🍝ピザ🍕どちらも… is a list)."""
    if _STEPS.search(mark):
        return False
    if _plain_final(before):
        return _opens(before, after)
    own = _NEXT_MARK.split(after, 1)[0]
    noun = bool(_DRAWN.search(mark)) and _noun_predicate(before) and morph.politeness(own) != "neutral"
    return noun and _opens(before, after)


def _noun_predicate(before: str) -> bool:
    """Whether ``before`` is a clause with its topic (は, も) ending in a noun, no drawn mark listing nouns after the
    topic: a sentence without its copula."""
    words = [m for m in morph.analyze(before) if m.pos1 not in _MARKS]
    topic = max((i for i, m in enumerate(words[:-1]) if m.surface in ("は", "も") and m.pos1 == "助詞"), default=-1)
    listed = topic >= 0 and _DRAWN.search(before[before.rfind(words[topic].surface) :]) is not None
    return topic >= 0 and not listed and morph.is_nominal(words[-1])  # パスタ🍝ピザ🍕: a list, no predicate


def laughs(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (a run of 笑) is a laughter word of its own to the analyser, not a piece of a word
    (笑顔, 笑い話, 微笑)."""
    lo = max(0, start - 8)
    cuts = {edge for s, e, _m in morph.spans(text[lo : end + 8]) for edge in (s + lo, e + lo)}
    inside = [(s + lo, e + lo) for s, e, _m in morph.spans(text[lo : end + 8]) if s + lo < end and e + lo > start]
    return start in cuts and end in cuts and all(start <= s and e <= end for s, e in inside)


__all__ = ["ends_sentence", "laughs"]
