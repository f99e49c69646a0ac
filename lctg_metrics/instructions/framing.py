"""Sentences that frame an answer by their shape (round 16), read as stock formulas (``formulas``: they count toward
a minimum only as far as the answer's other text does):

- a letter's set phrase: a sentence closed by the humble 申し上げる (お祈り申し上げます, お願い申し上げます, ご挨拶申し
  上げます) whose content words are words of the exchange or honorific-prefixed nouns (ご健勝, ご発展, ご指導, ご鞭撻),
  with one plain noun at most (末筆ながら, 貴社の): 末筆ながら、皆様のご健勝をお祈り申し上げます。 A sentence that names
  its matter in plain words (新商品の発売をご案内申し上げます) says something and is no formula;
- a sentence about the text's own structure: the text itself as its subject (本回答は, 本稿では, この回答は,
  以上が本回答の) and a verb of composing (構成, 述べる, 示す, まとめる, 説明する, 加える): 本回答は、結論を冒頭
  に示し、続いて補足を加える構成をとっております。 An essay's roadmap counts with the essay, as far as the essay's
  own text does.
"""

from __future__ import annotations

import re
from collections.abc import Set

from lctg_metrics.instructions import morph

_CONTENT = ("名詞", "動詞", "形容詞", "形状詞")
_HUMBLE_CLOSE = re.compile(r"申し上げ(?:ます|ております|る)[。．.！!]*$")
_TEXT_ITSELF = re.compile(
    r"^(?:以上が|以下が|ここまでが)?(?:本|この|当|今回の|以上の|上記の?)(?:回答|稿|文章?|レポート|記事|解答|答え|説明|解説|論考)"
    r"(?:は|では|の|が|を)"
)
_COMPOSING = re.compile(r"構成|述べ|示し|示す|まとめ|説明し|説明する|加え|論じ|記し|記す|整理し|展開し")


def _letter_phrase(sentence: str, exchange: Set[str]) -> bool:
    morphemes = morph.analyze(sentence)
    plain, last = 0, -2
    for i, m in enumerate(morphemes):
        lemma = m.lemma.split("-")[0]
        if m.pos1 not in _CONTENT or lemma in exchange or lemma == "程" or m.pos2 in ("非自立可能", "数詞"):
            continue
        prefixed = i > 0 and morphemes[i - 1].pos1 == "接頭辞" and morphemes[i - 1].lemma == "御"
        plain += not prefixed and last != i - 1  # a compound (時節|柄) is one plain word
        last = i if not prefixed else last
    return plain <= 1


def frames(sentence: str, exchange: Set[str]) -> bool:
    """Whether a sentence is a letter's set phrase or a note on the text's own structure (see above)."""
    bare = re.sub(r"[\s、，,「」『』]", "", sentence)
    if _HUMBLE_CLOSE.search(bare) and _letter_phrase(bare, exchange):
        return True
    return bool(_TEXT_ITSELF.search(bare)) and bool(_COMPOSING.search(bare))


__all__ = ["frames"]
