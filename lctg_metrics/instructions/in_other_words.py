"""A claim said again behind a word that announces a restatement (round 28): つまり, 要するに, 言い換えると,
すなわち, 一言で言えば open a sentence that puts what was said in other words. When such a sentence holds no
content word beyond one earlier sentence (its frame aside: ということです, というわけです, なのです), it says that
sentence again, and a reader counts it nothing toward a minimum length (東京は日本の首都です。つまり、日本の首都は
東京だということです。). A restatement that draws something new (つまり、国会も東京にあります。) or gathers two
sentences into one (Aは安い。Aは軽い。要するに、Aは安くて軽い。) says more than any one of them and counts.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

#: Words that announce a restatement at a sentence's start, with the pause after them.
_ANNOUNCED = re.compile(
    r"^[\s\u3000「『（(]*(?:つまり|詰まり|要するに|要は|すなわち|即ち|換言すれば|換言すると|早い話が"
    r"|(?:言い換え|いいかえ|言いかえ)(?:ると|れば|るなら|て言うと|ていうと)"
    r"|(?:別の言い方を|別の言葉で|別の表現で)(?:すると|すれば|言うと|言えば|いうと|いえば)"
    r"|(?:一言で|ひとことで|簡単に|平たく|端的に|手短に|短く|わかりやすく|分かりやすく|改めて)"
    r"(?:言うと|言えば|いうと|いえば|言うなら|まとめると|申しますと|申し上げると)"
    r"|まとめると|要約すると|繰り返しになりますが|繰り返しますが|何度も言いますが|重ねて言いますが"
    r"|結論として|結論として言うと|結論から言うと|結論を言うと|結局のところ)"
    r"[、，,\s\u3000]*"
)
#: The frame a restatement wraps its claim in (…ということです, …というわけです, …という意味です, …という話です):
#: its words (事, 言う, 訳, 意味, 話) name no content.
_FRAME = Counter({"事": 9, "言う": 9, "訳": 9, "意味": 9, "話": 9})
#: Fewest content words a restated claim has (つまり、そうです says nothing anyway).
_WORDS = 2


def said_in_other_words(sentence: str, before: list[str], claim: Callable[[str], tuple[str, ...]]) -> bool:
    """Whether ``sentence`` announces a restatement and holds no content word beyond one of the sentences
    ``before`` it, by the content words ``claim`` gives (see the module docstring)."""
    opening = _ANNOUNCED.match(sentence)
    if not opening or not sentence[opening.end() :].strip():
        return False
    words = Counter(claim(sentence[opening.end() :])) - _FRAME
    if sum(words.values()) < _WORDS:
        return False
    return any(not words - Counter(claim(earlier)) for earlier in before)


def without_announcer(sentence: str) -> str:
    """``sentence`` without a word announcing a restatement at its start (つまり、東京です is 東京です said again: the
    sentence count reads it so; round 32)."""
    return _ANNOUNCED.sub("", sentence, count=1)


__all__ = ["said_in_other_words", "without_announcer"]
