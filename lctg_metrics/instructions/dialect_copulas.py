"""The western copula や (round 19): in Kansai speech a sentence closes with や where the standard language has だ
(ええ天気や。 is ええ天気だ。), a plain predicate. The analyser reads a や after a noun as the listing particle
(りんごやみかん), but a list never ends a sentence: a や that closes a clause right after a noun, with words before the
noun (a subject, an adverb), is the copula, and the clause is plain, not a neutral 体言止め. A bare noun with や (a
haiku's cutting word 古池や, a call おばあさんや) has no words before it and stays neutral. やろ, やで and やな are read
by the analyser already (plain); the tag やん (ええ天気やん, 行くやん: じゃん) is read as the copula too.
"""

from __future__ import annotations

from lctg_metrics.instructions import morph

_SKIPPED = ("補助記号", "空白", "記号")


def closes_with_ya(clause: str) -> bool:
    """Whether ``clause`` (its closing marks aside) ends in a noun and the particle や, or in its tag form やん
    (ええ天気やん, 行くやん: じゃん, "isn't it"), with a word before the noun or verb."""
    words = [m for m in morph.analyze(morph.predicate_text(clause)) if m.pos1 not in _SKIPPED]
    if len(words) >= 3 and words[-1].surface == "ん" and words[-2].surface == "や" and words[-2].pos1 == "助詞":
        before = words[-3]  # 行く|や|ん, 天気|や|ん: the tag やん
        return morph.is_nominal(before) or before.pos1 in ("動詞", "形容詞", "助動詞")
    if len(words) < 3:
        return False
    last, noun = words[-1], words[-2]
    tag = last.surface == "やん" and last.pos1 == "接尾辞"  # 天気|やん: the analyser's name suffix, here the tag
    return (tag or (last.surface == "や" and last.pos1 == "助詞")) and morph.is_nominal(noun)


__all__ = ["closes_with_ya"]
