"""A polite predicate said casually (round 22): です clipped to っす or す (答えっす, いいっすね, 本当すか,
いいんす) and ます clipped or drawn out (行きまっす, 失礼しまーす) still address the reader politely. The analyser files
each under its polite lemma (っす and す are です, まっ is ます), so the rule reads the lemma, not a list of slang: the
clause's last predicate, walking back over final particles, conjunctive particles, auxiliaries and the filler the
analyser makes of a drawn-out ま (まー), is a polite auxiliary in a surface that is not its own (not です, ます,
でしょう). Such a clause is in neither style: not だ・である調 (a reader hears a polite form), and not です・ます調
either (it is casual, the project's reading since round 8). でしょ and っしょ are not clipped forms of this kind:
「そうでしょ？」 is said in plain speech as much as in polite (morph keeps them plain).
"""

from __future__ import annotations

from lctg_metrics.instructions import morph

#: Surfaces of the polite auxiliaries said casually: です as っす or す, ます as まっ (before す).
_CLIPPED = {"です": ("っす", "す"), "ます": ("まっ",)}
#: What may follow the predicate at a clause's end: final and nominalising particles (ね, よ, か, の), a conjunctive
#: particle the clause stops on (いいっすけど), symbols, and the filler まー the analyser makes of a drawn-out ま.
_AFTER = ("終助詞", "準体助詞", "接続助詞")


def clipped(clause: str) -> str:
    """The clipped polite auxiliary closing ``clause``'s predicate (「っす」 in 「答えっす。」), or ``""``."""
    tail = morph.content_tail(morph.predicate_text(clause))
    for m in reversed(tail):
        if m.pos1 == "助動詞" and m.surface in _CLIPPED.get(m.lemma, ()):
            return m.surface
        if m.pos1 == "助動詞" and m.lemma in morph.POLITE_LEMMAS:
            return ""  # a polite auxiliary in its own form (です, ます, でしょう): polite, not clipped
        if not (m.pos2 in _AFTER or m.pos1 in ("助動詞", "補助記号", "記号") or m.pos2 == "フィラー"):
            return ""
    return ""


__all__ = ["clipped"]
