"""A start phrase said with a casual particle after it (round 16): 「ところでさ、」 is 「ところで、」.

The analyser reads the phrase before a final particle in another cut (ところ|で|さ: 所 and the
copula), so comparing the phrase's words alone fails; a reader decides by what follows: a final
or interjectory particle (さ, ね, よ, な, lengthened さぁ, ねー) right after the phrase, then a
pause (、。！？…, a blank or the end). The particle must be read as a particle: まずさ、 is 不味さ
("the bad taste", a noun suffix), not まず said casually.

A phrase drawn out (round 23) is said too: a run of ー, 〜, っ or small vowels right after its last kana, then a pause
that asks nothing (おはようございますー！, こんにちはー、, ありがとうっ。), where the analyser ends a word at the
phrase's end or reads the drawn-out run with the phrase's last word (やったー: た|ー as one). A long mark
that spells a longer word is no drawing out: カラー、 (a colour) does not start with カラ, and はいー？ asks.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

_DRAWN = re.compile(r"[ー〜~っッぁぃぅぇぉァィゥェォ]+(?=[、。，,.！!…\s]|$)")
_TAIL = re.compile(r"(?:さ|ね|よ|な|ねえ|さあ)[ぁあぇえぉおーっ〜~]*(?=[、。，,.！!？?…\s]|$)")


def casual_tail(text: str, at: int) -> bool:
    """Whether a final particle and a pause follow the phrase that ends at ``at`` (ところでさ、 ところでね、), or the
    phrase is drawn out before a pause (おはようございますー！)."""
    if text[at - 1 : at].isalpha() and (drawn := _DRAWN.match(text, at)) is not None:
        cut = morph.spans(text[: drawn.end() + 1])
        across = next((m for start, end, m in cut if start < at < end), None)
        return across is None or across.pos1 not in ("名詞", "代名詞", "接尾辞")  # カラー is a word of its own
    tail = _TAIL.match(text, at)
    if tail is None:
        return False
    cut = morph.spans(text[: tail.end() + 1])
    if not any(end == at for _, end, _ in cut):
        return False
    after = next((m for start, _, m in cut if start == at), None)
    return after is not None and (after.pos2 in ("終助詞", "間投助詞") or after.pos1 == "感動詞")
