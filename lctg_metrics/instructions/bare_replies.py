"""Answers that are a word for yes or no and nothing else, and a postscript marker named as a word (round 28).

- Two answers that each only affirm (はい、そうです。 / うん、合ってるよ。 / もちろんです。) or each only deny (いいえ、
  違います。 / いや、そうではありません。) are one answer in two wordings: a yes is a yes however it is put. Each piece
  between pauses is a word of assent or of denial, a final particle (よ, ね) aside; an answer with a word of its own
  (はい、東京です。 はい、ただし週末は休みです。) says something, and a yes beside a no is two answers.
- A postscript marker followed at once by a particle (P.S.という書き方, 追伸とは, P.S.の使い方, 追伸は手紙の…) is
  the word named in a sentence about it, not a postscript: the text after a marker that is used opens with a word
  of its own (P.S. もうすぐ桜の季節ですね。 追伸 はやめにお返事ください。), which the analyser reads as no particle.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.contents import key

#: A piece that only says yes, in ``key`` form: はい, ええ, うん, そうです, その通りです, 正解です, 合っています,
#: 間違いありません, もちろんです, おっしゃるとおりです, yes.
_YES = re.compile(
    r"(?:はい|ええ|うん|ああ|おう|yes|yeah|yep|そう|そうです|そうだ|そうなんです|そうなの|そうですとも|もちろん|勿論"
    r"|(?:まさに|全く|まったく|おっしゃる|仰る)?(?:その)?(?:通り|とおり)|正解|ご名答|合って(?:い)?(?:ます|る)|あってる"
    r"|間違いない|間違いありません|間違いございません|確かに(?:そうです)?|そのようです|肯定|賛成|了解|承知しました)"
    r"(?:です|だ|でございます|でした)?"
)
#: A piece that only says no, in ``key`` form: いいえ, いや, 違います, そうではありません, 間違いです, 不正解, no.
_NO = re.compile(
    r"(?:いいえ|いえ|いや|ううん|no|nope|違う|違います|ちがう|ちがいます|違いますね|そうではない|そうではありません"
    r"|そうじゃない|そうじゃありません|そんなことはない|そんなことはありません|間違い|誤り|不正解|否定|反対)"
    r"(?:です|だ|でございます|でした)?"
)
#: Final particles a reply may end with (合ってるよ, そうですね).
_FINAL = re.compile(r"(?:よね|よ|ね|な|さ|わ)+$")
_PAUSE = re.compile(r"[、，,。．.！？!?…‥\s\u3000]+")


def _polarity(answer: str) -> str:
    """``yes`` or ``no`` when every piece of ``answer`` between pauses only assents or only denies, else ``""``."""
    pieces = [_FINAL.sub("", k) or k for k in (key(p) for p in _PAUSE.split(answer)) if k]
    for name, pattern in (("yes", _YES), ("no", _NO)):
        if pieces and all(pattern.fullmatch(p) for p in pieces):
            return name
    return ""


def same_bare_reply(a: str, b: str) -> bool:
    """Whether two answers are one yes said twice, or one no (see the module docstring)."""
    first = _polarity(a)
    return bool(first) and first == _polarity(b)


#: The particles that make a marker a word in a sentence (は, が, を, の, も, や, って, とは, という, とか); に, で and
#: にて are left out (追伸にて失礼します opens a postscript).
_NAMING = frozenset("は が を の も や って とか など".split())


def marker_named(after: str) -> bool:
    """Whether the text right after a postscript marker (blanks aside) opens with a particle that makes the marker a
    word spoken of (P.S.という…, 追伸とは…, P.S.の使い方…): see the module docstring."""
    rest = after.lstrip(" \t\u3000.")  # P.S|.という: the pattern may leave the final stop out
    found = morph.analyze(rest[:40]) if rest else ()
    if not found or found[0].pos1 != "助詞":
        return False
    if found[0].surface == "と":  # という, と言う, とは, と呼ぶ, と書く: a quoted word
        return len(found) > 1 and found[1].lemma.split("-")[0] in ("言う", "は", "呼ぶ", "書く", "記す", "か")
    return found[0].surface in _NAMING


__all__ = ["marker_named", "same_bare_reply"]
