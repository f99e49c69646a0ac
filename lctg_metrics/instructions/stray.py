"""Particles the analyser cut out of a kana word (か|いしゃ in かいしゃに, あの|か|いしゃ): a particle with nothing to
attach to is stray, and a keyword's reading is not read from the morpheme after it; a binding particle stacked on a
case particle (うち|で|は|ねこ, 駅|から|は) attaches through it (round 24)."""

from __future__ import annotations

from lctg_metrics.instructions import morph

#: What a particle cannot follow: another particle, a mark or blank, an adnominal or interjection (あの), a prefix.
_NO_HOST = ("助詞", "補助記号", "空白", "連体詞", "感動詞", "接頭辞")

Tokens = tuple[tuple[int, int, morph.Morpheme], ...]


def is_stray(tokens: Tokens, k: int) -> bool:
    """Whether morpheme ``k`` is a particle with nothing to attach to (at the start, after a blank or mark, after
    another particle or after あの): the analyser cut a kana word wrongly (か|いしゃ in かいしゃに, あの|か|いしゃ)."""
    if k < 0 or tokens[k][2].pos1 != "助詞":
        return False
    if k and tokens[k - 1][1] == tokens[k][0] and _stacked(tokens[k - 1][2], tokens[k][2]):
        return is_stray(tokens, k - 1)  # うち|で|は|ねこ: は stacked on a case particle is as attached as it is
    return k == 0 or tokens[k - 1][2].pos1 in _NO_HOST or tokens[k - 1][1] != tokens[k][0]


def _stacked(before: morph.Morpheme, particle: morph.Morpheme) -> bool:
    """Whether ``particle`` is a binding particle (は, も, こそ) stacked on a case or adverbial particle (では, にも,
    からは, だけは): Japanese stacks them, so it attaches through the particle before it."""
    return particle.pos2 == "係助詞" and before.pos1 == "助詞" and before.pos2 in ("格助詞", "副助詞")


def particle_before(tokens: Tokens, i: int) -> bool:
    return i > 0 and is_stray(tokens, i - 1) and tokens[i - 1][1] == tokens[i][0]


__all__ = ["Tokens", "is_stray", "particle_before"]
