"""A noun after the predicate (round 19): a clause closed by a final particle or by です・ます (「おいしいらしいよ、」,
「行こうね、」, 「走っています、」) has said its predicate, and a noun phrase after its comma is a name called
(…よ、ゆうこ。) or an afterthought put last (倒置: …ね、駅前の店。); so does a verb's volitional form
(見に行こう、駅前の花火。, 行きましょう、海へ。; round 21), which never modifies a noun. The sentence ends in
that predicate, not in a 体言: it is no 体言止め. A clause that modifies the noun after its comma ends in no final
particle and no です・ます (「遠くで鳴る、寺の鐘。」 is a 体言止め), and neither does a noun list
(「春の海、静かな朝。」).
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

_LAST_COMMA = re.compile(r"^(.*)[、，,]([^、，,]+)$", re.DOTALL)
_POLITE = frozenset({"です", "ます"})


def called_after(sentence: str) -> bool:
    """Whether ``sentence`` ends in a noun phrase put after a comma that follows its said predicate (see above)."""
    found = _LAST_COMMA.match(sentence.strip())
    if found is None or not morph.ends_nominally(found.group(2)):
        return False
    head = morph.content_tail(morph.predicate_text(found.group(1)))
    if head and head[-1].form.startswith("意志推量形") and (head[-1].pos1 == "動詞" or head[-1].lemma == "ます"):
        return True  # 見に行こう、駅前の花火。: a volitional modifies no noun (round 21; であろう人々 is not read so)
    if len(head) < 2:
        return False
    last = head[-1]
    final_particle = last.pos2 == "終助詞" and head[-2].pos1 in ("動詞", "形容詞", "助動詞", "形状詞")
    polite = last.pos1 == "助動詞" and last.lemma in _POLITE and last.form.startswith("終止形")
    return final_particle or polite


__all__ = ["called_after"]
