"""Signs a reader reads as the words they abbreviate (checkers 2.7): ㈱ and (株) are 株式会社 to a reader, ㈲ and
(有) 有限会社, and so on for the company and foundation types Japanese writes as one bracketed kanji. The view that
renders markup reads ㈱ as （株）, the kanji inside it in brackets (a kanji to ``no_kanji``, and how the sign is
written without its glyph); a keyword holding one of these words is also looked for in the text with each sign
written out."""

from __future__ import annotations

import re

#: The bracketed one-kanji abbreviations of a legal entity's type and the words they stand for.
ENTITY_TYPES = {
    "株": "株式会社",
    "有": "有限会社",
    "社": "社団法人",
    "財": "財団法人",
    "資": "合資会社",
    "名": "合名会社",
}
#: The signs as written: enclosed (㈱ ㈲ ㈳ ㈶ ㈾ ㈴) or the kanji in round brackets of either width; （名） and （同）
#: only enclosed, as in brackets they also mark a noun (名詞) and "the same" (同上).
ENCLOSED_SIGNS = {"㈱": "株", "㈲": "有", "㈳": "社", "㈶": "財", "㈾": "資", "㈴": "名"}
_SIGN = re.compile(r"[㈱㈲㈳㈶㈾㈴]|[(（]([株有社財資])[)）]")


def written_out(text: str, word: str) -> str | None:
    """``text`` with each sign written out as the words it stands for, when ``word`` holds part of one of them
    (株式会社, 会社, 法人); None when nothing changes."""
    if not any(word in whole or whole in word for whole in ENTITY_TYPES.values()):
        return None
    out = _SIGN.sub(lambda m: ENTITY_TYPES[m.group(1) or ENCLOSED_SIGNS[m.group(0)]], text)
    return out if out != text else None


__all__ = ["ENCLOSED_SIGNS", "ENTITY_TYPES", "written_out"]
