"""Predicate endings the analyser misreads, read as a reader reads them before a style is judged (round 23):

- the polite conjecture and volition in historical kana (でせう, ませう) are でしょう and ましょう: 「晴れるでせう。」
  is a です・ます sentence (the analyser reads で|せ|う, an auxiliary and a stray sound);
- the emphatic とも closing a sentence after a predicate in its final form (行きますとも, いいとも, そうだとも) is a
  final particle, as よ is: the predicate before it sets the style (the analyser reads と|も, a case particle and a
  binding one, and sees no predicate). After a noun (二人とも, 少なくとも) it is no emphasis and stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

#: でせう and ませう: the せう of the old spelling after で or ま.
_OLD_POLITE = re.compile(r"(?<=[でま])せう")
#: とも closing a sentence, before closing marks only.
_EMPHATIC = re.compile(r"とも(?=[\s。！？!?♪…〜ー]*$)")


def modern_predicate(core: str, analyze: Callable[[str], Sequence[Any]]) -> str:
    """``core`` (a sentence's predicate text) with でせう, ませう in the modern spelling and a closing emphatic とも
    after a final form left out; ``analyze`` is the analyser's (``morph.analyze``: this module stands below it)."""
    core = _OLD_POLITE.sub("しょう", core)
    found = _EMPHATIC.search(core)
    if not found:
        return core
    head = core[: found.start()]
    words = [m for m in analyze(head) if m.pos1 not in ("補助記号", "空白")]
    final = bool(words) and words[-1].pos1 in ("動詞", "形容詞", "助動詞") and words[-1].form.startswith("終止形")
    return head + core[found.end() :] if final else core


__all__ = ["modern_predicate"]
