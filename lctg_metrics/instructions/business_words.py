"""Words of the business exchange (checkers 2.8, round 19), which ``formulas`` reads with the words of the exchange:
a closing made of them (以上、よろしくご査収ください。 ご検討のほどよろしくお願いいたします。 お手数をおかけしますが、
よろしくお願いいたします。) tends the exchange and counts toward a minimum only as far as the answer's other text does
(a letter's body followed by ご査収ください counts whole). A request that names its matter (見積書をご査収ください)
holds a word of its own and is no formula. From round 20 a letter's opening greeting (平素より格別のお引き立てを
賜り、厚く御礼申し上げます。) is read the same way: it frames the body a real letter then gives."""

from __future__ import annotations

#: Lemmas as the analyser gives them.
WORDS = frozenset(
    "査収 検収 拝受 受領 手数 恐縮 恐れ入る 申し訳 申し訳無い 了承 承知 検討 程 掛ける 確認 賜る 鞭撻 容赦 "
    "取り計らう "
    # a letter's opening greeting (round 20): 平素より格別のお引き立てを賜り、厚く御礼申し上げます。
    # 貴社ますますご清栄のこととお慶び申し上げます。 日頃よりご愛顧いただき、心より感謝申し上げます。
    "平素 格別 引き立て 引き立てる 賜わる 厚い 高配 愛顧 厚情 芳情 厚誼 清栄 清祥 盛栄 隆盛 喜び 慶び 貴社 御社 "
    "時下 日頃 毎度 益々 平素".split()
)

__all__ = ["WORDS"]
