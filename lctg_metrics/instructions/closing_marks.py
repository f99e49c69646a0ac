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
    last = morph.content_tail(morph.predicate_text(before))[-1]
    return last.pos1 == "形容詞" or (last.pos1 == "助動詞" and last.lemma in ("たい", "ない", "らしい"))


def ends_sentence(before: str, mark: str, after: str) -> bool:
    """Whether ``mark`` (a joining or pause mark) after ``before`` ends a sentence with ``after`` a new one."""
    return not _STEPS.search(mark) and _plain_final(before) and _opens(before, after)


__all__ = ["ends_sentence"]
