"""A start phrase put into another frame by the words right after it (round 19), so that it is not said:

- **A matter taken up**: a phrase closing with the conditional と (結論から言うと, 簡単に言うと) followed at once by
  なる (言うとなると, 言うとなれば, 言うとなったら) becomes the matter 〜となると takes up, "when it comes to
  saying it from the conclusion"; 「結論から言うとなると難しいので…」 declines to give the conclusion. The frame said
  with a comma or a word after it (結論から言うと、東京です / 言うと東京です) is said, and so is 〜とすれば (簡単に
  言うとすれば、…: "if I am to put it simply", which goes on to say it).
- **A choice or a question**: a phrase that asks nothing, followed at once by the particle か (おはようございますか、
  こんにちはか…, そうですか) is one of the choices named or a question put, not the phrase said; a か that begins
  a word (はいかしこまりました: かしこまる) is not the particle. A phrase that asks already (ですか) is read as asked.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

_TAKEN_UP = frozenset({"成る"})
_ASKS_ALREADY = re.compile(r"(?:か|かな|かい|かね|かしら|の|[?？])$")


def frame_unsaid(text: str, end: int, phrase: str) -> str:
    """Why the start phrase ending at ``end`` in ``text`` is put into another frame (see above), or ""."""
    after = [m for start, _, m in morph.spans(text) if start == end][:1]
    if not after:
        return ""
    word = after[0]
    if phrase.endswith("と") and word.pos1 == "動詞" and word.lemma in _TAKEN_UP:
        return "〜となると after it takes it up as a matter, not said"
    if word.surface == "か" and word.pos1 == "助詞" and not _ASKS_ALREADY.search(phrase):
        return "the particle か after it names it as a choice or asks it, not said"
    return ""


__all__ = ["frame_unsaid"]
