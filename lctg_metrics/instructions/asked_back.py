"""An answer that only asks the asker back (round 19): every sentence of it is a question (closed by ？ or ending in
the particle か or かな) built on a question word (どこ, 何, どう, どれ, どちら, 誰, いつ, なぜ, どの, どんな …), so it
names nothing and leaves the choice with the reader: 「あなたはどこがいいと思いますか？」 is no second answer. A
question that proposes something (「京都はいかがでしょうか？」: いかが offers what it names; 「京都はどうですか？」
names 京都 as its subject) and an answer with one sentence that is not such a question (「どこがいいでしょう？京都
です。」) answer.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: Question words that leave the answer open (いかが, which offers what it names, is not one).
_QUESTION_WORDS = frozenset(
    "どこ 何 なに なん どう どれ どちら どっち 誰 だれ いつ なぜ 何故 どうして どの どんな どういう いくら "
    "いくつ どなた 何方 どちらさま どちら様".split()  # どなた: polite 誰 (round 21)
)
#: Nouns for the asker's own mind or plans (お好み, ご意見, ご予算): asking about them names nothing either.
_ASKERS = frozenset("好み 意見 考え 希望 気持ち 気分 予定 予算 感想 都合".split())
_SENTENCE = re.compile(r"[^。！？!?\n]+[。！？!?]*")
_ASKING = re.compile(r"(?:[？?]+|か|かな|かね|の)[。！？!?…]*$")
_SKIPPED = ("補助記号", "空白", "記号")


def _open_question(sentence: str) -> bool:
    """A question on a question word naming nothing: no noun but pronouns and the asker's own mind (お好み)."""
    if not _ASKING.search(sentence.strip()):
        return False
    words = [m for m in morph.analyze(sentence) if m.pos1 not in _SKIPPED]
    if not any(m.surface in _QUESTION_WORDS for m in words):
        return False
    named = [
        m for m in words if morph.is_nominal(m) and m.pos1 != "代名詞" and m.surface not in _QUESTION_WORDS | _ASKERS
    ]
    return not named


def only_asks_back(answer: str) -> bool:
    """Whether every sentence of ``answer`` is an open question back to the asker (see the module docstring)."""
    sentences = [s for s in _SENTENCE.findall(answer) if s.strip()]
    return bool(sentences) and all(_open_question(s) for s in sentences)


__all__ = ["only_asks_back"]
