"""The predicates a style check (です・ます / だ・である) judges in the sentences of the sentence model: each clause of
a sentence, cut at blanks, at 、 and pause marks after a final-form predicate and at joining marks (／ → ♪) ending a
clause; and which of them are neither style: a reason given as a fragment (「1. 安いから」) or a list item in the
list's plain form (「・駅から近い」 in a です・ます answer, 2.6).

A blank-separated clause inside a sentence (「楽しいね 明日も行きます。」 holds a plain 「楽しいね」), a clause a 、
splices after a final-form predicate (「雨だ、」) and one a joining mark ends (「安いぞ→でも…です。」) are each judged.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.dialect_copulas import closes_with_ya
from lctg_metrics.instructions.entries import terse
from lctg_metrics.instructions.joins import ONE_MARK, mark_closes, quoted_by
from lctg_metrics.instructions.sentences import JOIN_MARKS, JOINS, PAUSE, clause_breaks, cut
from lctg_metrics.instructions.text import has_content, is_terminated, without_marker


def fragment(clause: str) -> bool:
    """A clause without 。！？ ending in から or ので: a reason given as a list item (「1. 安いから」), no predicate of
    either style; 〜んだから and 〜のだから assert in plain speech (迷う必要なんてないんだから) and are none."""
    if is_terminated(clause):
        return False
    tail = morph.content_tail(clause)
    if len(tail) > 2 and [m.surface for m in tail[-2:]] == ["の", "で"]:
        return tail[-3].pos1 in ("動詞", "形容詞", "助動詞")  # ので read as の|で
    if len(tail) > 2 and tail[-3].surface in ("ん", "の") and [m.surface for m in tail[-2:]] == ["だ", "から"]:
        return False  # 安いんだから: an assertion in plain speech, not a reason (round 8)
    return bool(tail) and tail[-1].pos2 == "接続助詞" and tail[-1].surface in ("から", "ので")


def list_items(text: str) -> set[str]:
    """The texts of the list items of ``text`` (lines with a bullet or number marker, without it)."""
    return {without_marker(line).strip() for line in text.splitlines() if without_marker(line) != line}


def clauses(sentence: str) -> list[str]:
    """A sentence cut at each blank that ends a clause (``clause_breaks``), at each 、 after a predicate in its final
    form (「明日は雨だ、明後日は曇りです。」 splices two sentences; ``morph.ends_clause``), after a pause mark (〜, …)
    ending a final form, and at a joining mark (``JOINS``: ／ → ♪, 2.6) ending a clause (``joins.mark_closes``): the
    predicates a style check judges."""
    out = []
    for piece in cut(sentence, clause_breaks(sentence)):
        start = 0
        for comma in re.finditer("[、，,]|" + ONE_MARK + "|" + PAUSE + "|" + JOINS, piece):
            before = piece[start : comma.start()]
            # a single ： ・ ― is no pause by itself (r7): it ends a clause only after a predicate in its final form
            pause = comma.group(0)[0] not in "、，,：:・･―—─━" or len(comma.group(0)) > 1
            joins = re.fullmatch(JOIN_MARKS, comma.group(0)) is not None
            if quoted_by(piece[comma.end() :]):  # 「…最高だ、と友人は言います」: what is quoted by と, not a clause
                continue
            if joins and mark_closes(before, comma.group(0), piece[comma.end() :]):
                out.append(piece[start : comma.end()])
                start = comma.end()
            elif not joins and (morph.ends_clause(before) or (pause and morph.ends_finally(before))):
                out.append(piece[start : comma.end()])
                start = comma.end()
        out.append(piece[start:])
    return [piece for piece in out if has_content(piece)]


#: Closing formulas written as a sentence of their own at a text's end (以上。, おわり。, 終。, おしまい。, fin.): a
#: sign that the text ends, no 体言止め sentence (round 11).
_CLOSING_FORMULA = re.compile(
    r"^[\s(（【\[]*(?:以上|おわり|終わり|終り|おしまい|お終い|終|完|了|fin|end|the end)[)）】\]\s。．.！!]*$",
    re.IGNORECASE,
)


def closing_formula(sentence: str) -> bool:
    """Whether ``sentence`` is only a closing formula (``_CLOSING_FORMULA``: 「以上。」, 「おわり。」, 「（完）」)."""
    return _CLOSING_FORMULA.match(sentence.strip()) is not None


def kind(clause: str, items: set[str]) -> str:
    """How a clause reads to a style check: ``polite``, ``plain`` or ``neutral`` (a fragment, a list item in list
    form among ``items``, or no predicate)."""
    if fragment(clause):
        return "neutral"
    read = morph.politeness(clause)
    if read == "neutral" and closes_with_ya(clause):  # ええ天気や。 (round 19)
        read = "plain"
    return "neutral" if read == "plain" and clause.strip() in items and terse(clause) else read


#: Auxiliaries that attach to a conjunctive form (連用形) only: 走ります, 読みました; ます after た (釣ったます) is the
#: fish 鱒 in kana, no auxiliary (round 13).
_AFTER_CONJUNCTIVE = frozenset({"ます"})


def auxiliary_ending(sentence: str, ending: str) -> bool:
    """Whether ``sentence`` (its closing marks aside) ends with ``ending`` as a reader reads it: when the ending opens
    with an auxiliary that attaches to a 連用形 (ます), the word before it is in that form (走り|ます, not 釣った|ます).
    Other endings are read on the surface."""
    body = sentence.rstrip(" \t\u3000。．.！!？?")
    if not body.endswith(ending):
        return False
    morphemes = [m for m in morph.analyze(body) if m.pos1 not in ("補助記号", "空白")]
    at, first = len(body) - len(ending), None
    offset = 0
    for i, m in enumerate(morphemes):
        start = body.find(m.surface, offset)
        offset = start + len(m.surface)
        if start == at:
            first = i
            break
    if not ending.startswith(tuple(_AFTER_CONJUNCTIVE)):
        return True
    if first is None or morphemes[first].lemma not in _AFTER_CONJUNCTIVE or morphemes[first].pos1 != "助動詞":
        return False  # ます inside a word (ますます) or read as another word (鱒) is not the auxiliary
    return first == 0 or morphemes[first - 1].form.startswith("連用形")  # a line of ます alone is no other word


_PERIODS = "。．｡﹒︒"
# One line marked as a title (# 春の旅, 『春の旅』, 【春の旅】, **春の旅**) holding a word and no 句点: a title, as
# the bare 春の旅 is; ★★★ holds no word and is none.
_MARKED_TITLE = re.compile(
    r"(?:#{1,6}[ \t\u3000]*|『(?=[^\n』]+』$)|【(?=[^\n】]+】$)|\*\*(?=[^\n*]+\*\*$))"
    rf"[^\n{_PERIODS}]*?[^\W\d_][^\n{_PERIODS}]*"
)


def marked_title(response: str) -> bool:
    """Whether the whole response is one line marked as a title holding a word and no 句点 (a style check reads it
    as the bare one-line title it marks)."""
    return _MARKED_TITLE.fullmatch(response.strip()) is not None


__all__ = ["auxiliary_ending", "clauses", "closing_formula", "fragment", "kind", "list_items", "marked_title"]
