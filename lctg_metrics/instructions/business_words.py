"""Words of the business exchange (checkers 2.8, round 19), which ``formulas`` reads with the words of the exchange:
a closing made of them (以上、よろしくご査収ください。 ご検討のほどよろしくお願いいたします。 お手数をおかけしますが、
よろしくお願いいたします。) tends the exchange and counts toward a minimum only as far as the answer's other text does
(a letter's body followed by ご査収ください counts whole). A request that names its matter (見積書をご査収ください)
holds a word of its own and is no formula."""

from __future__ import annotations

#: Lemmas as the analyser gives them.
WORDS = frozenset(
    "査収 検収 拝受 受領 手数 恐縮 恐れ入る 申し訳 申し訳無い 了承 承知 検討 程 掛ける 確認 賜る 鞭撻 容赦 "
    "取り計らう".split()
)

__all__ = ["WORDS"]
