"""A claim said again as a cleft sentence (round 19): 「好きな色は青です」 is 「青が好きです」 put the other way round,
the predicate turned into a modifier of a noun that only names the kind of thing the answer is (色, 街, 国), and the
answer put after は. A reader hears one claim, so two answers that are a sentence and its cleft are one answer. The
cleft with の (好きなのは青です) adds no word and is read as the same claim already (``filler.same_claim``).

Read by its shape, not by a list of kind nouns: the two texts' content words (nouns, verbs, adjectives, adjectival
nouns, by lemma) are the same but for one noun the longer adds, and that noun stands right after the shared predicate
in its attributive form (好きな, 住みたい) and right before the topic particle は. An answer that names another thing
(好きな色は緑です, 好きな花は青い朝顔です) makes another claim.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from lctg_metrics.instructions import morph

_CONTENT = ("名詞", "動詞", "形容詞", "形状詞")


def _content(words: Sequence[morph.Morpheme]) -> Counter[str]:
    return Counter(m.lemma for m in words if m.pos1 in _CONTENT and m.pos2 not in ("数詞",) and m.pos1 != "代名詞")


def _kind_noun_at(words: Sequence[morph.Morpheme], noun: str) -> bool:
    """Whether ``noun`` stands between an attributive predicate (好きな, 住みたい) and the topic は."""
    for i, m in enumerate(words[1:-1], 1):
        if m.lemma != noun or not morph.is_nominal(m):
            continue
        before, after = words[i - 1], words[i + 1]
        attributive = before.form.startswith("連体形") and before.pos1 in ("助動詞", "動詞", "形容詞")
        if attributive and after.surface == "は" and after.pos1 == "助詞":
            return True
    return False


def cleft_of(a: str, b: str) -> bool:
    """Whether one text is the other's claim said as a cleft sentence (see the module docstring)."""
    words_a, words_b = morph.analyze(a), morph.analyze(b)
    claim_a, claim_b = _content(words_a), _content(words_b)
    for shorter, longer, longer_words in ((claim_a, claim_b, words_b), (claim_b, claim_a, words_a)):
        added = longer - shorter
        if sum(shorter.values()) >= 2 and not shorter - longer and sum(added.values()) == 1:
            if _kind_noun_at(longer_words, next(iter(added))):
                return True
    return False


_FOCUS = re.compile(
    r"^[^。！？!?\n]*?は[、，,]?(?P<focus>[^、，,。！？!?\n]+?)(?P<copula>です|だ|でございます|である)?[。！!]?$"
)


def same_focus(a: str, b: str) -> bool:
    """Whether two one-sentence answers put the same thing in their focus (after the topic は, before the closing
    copula) and differ only in their frame (おすすめは駅前のカフェです。 / ほかに思いつくのは、やはり駅前のカフェです。;
    round 21): a reader hears the same answer twice. From round 26 a focus ending in a noun may go without its copula
    (首都は東京です。 / 答えは東京。)."""
    found = [_FOCUS.match(re.sub(r"\s", "", text)) for text in (a, b)]
    if not all(found):
        return False
    if any(m and not m["copula"] and not _nominal_end(m["focus"]) for m in found):
        return False  # 私は行く。: a verb after は is a claim, not a focus
    focus = [_content(morph.analyze(m["focus"])) for m in found if m]
    return bool(focus[0]) and focus[0] == focus[1]


def _nominal_end(focus: str) -> bool:
    """Whether a focus written without its copula (正解は東京。, 体言止め; round 26) ends in a noun."""
    words = [m for m in morph.analyze(focus) if m.pos1 not in ("補助記号", "空白", "記号")]
    return bool(words) and morph.is_nominal(words[-1])


__all__ = ["cleft_of", "same_focus"]
