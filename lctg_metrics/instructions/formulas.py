"""Stock formulas: sentences that only tend the exchange (greeting, thanking, asking to ask, wishing well), which frame
an answer but cannot be its bulk toward a minimum length (checkers 2.8, round 14), read by the class of their words:

- a formula is a sentence of two content words or more (light verbs aside), each a word of the exchange itself (不明,
  点, 気軽, 問い合わせる, 今後, 宜しく, 願う, 申し上げる, 世話, 参考, 幸い, 遠慮, 相談, 読む, 有り難う …,
  ``_EXCHANGE``): ご不明な点がございましたら、お気軽にお問い合わせください。 今後ともよろしくお願い申し上げます。 A
  sentence with a word of its own subject (会議の日程についてご相談ください) names something and is no formula;
- a stock disclaimer is one too, by the same test over the words of hedging (一般, 情報, 状況, 異なる, 場合, 個人差,
  感想, 保証, 専門家 …, ``_DISCLAIMER``; round 17): この回答は一般的な情報に基づくものです; （※個人の感想です）;
- formulas count toward a minimum only as far as the answer's other text does (a letter of 150 letters closing with
  50 letters of formulas counts whole; in 答えは九です。 followed by 50 letters of formulas they count none): the
  last ones are left out, whole, until the formulas left are no longer than the rest (``formula_spans``).
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import business_words, framing, morph
from lctg_metrics.instructions.lead_ins import is_lead_in

#: Words of the exchange itself (lemmas as the analyser gives them).
_EXCHANGE = frozenset(
    "不明 点 気軽 問い合わせる 問い合わせ 問合せ 今後 宜しく 宜しい 願う 申し上げる 申す 上げる 世話 成る 居る "
    "参考 幸い 遠慮 相談 何 有る 無い 為る 下さる 御座る 頂く 戴く 読む 最後 有り難う 有り難い 感謝 質問 連絡 "
    "尋ねる 聞く 気 何卒 何時 今 引き続き 引き続く 是非 役 立つ 役立つ 嬉しい 喜ぶ 存ずる 思う 失礼 取り急ぎ 用件 "
    "以上 拝啓 敬具 挨拶 自愛 祈る 健康 皆様 皆さん 皆 方 事 物 度 此の 此れ 此度 今回 本日 今日 致す 貰う 呉れる "
    "分かる 解る 疑問 お気軽 構う 問題 伺う 承る 対応 回答 返信 返事 お返事 拝読 御礼 礼 挨拶 よろしく 真 誠 本当 "
    "大変 心 伝える 対する 述べる 申し付ける 申し付け 他 外 答える".split()
)
#: Words of a stock disclaimer, which hedges the answer without adding to it (round 17): この回答は一般的な情報に基づく
#: ものです, 状況によって異なる場合があります, 効果には個人差があります, 個人の感想です, 専門家にご相談ください.
_DISCLAIMER = frozenset(
    "一般 的 情報 基づく 状況 異なる 違う 場合 個人 感想 効果 差 個人差 保証 専門 家 専門家 判断 責任 目安 程度 "
    "内容 結果 必ず 限る 正確 確認 最新 変わる 変更 可能 性 可能性 負う 自身 自己 医師 医療 機関 注意 因る 依る".split()
)
#: Light verbs, which a formula holds but which make no word of the exchange on their own (うまーい read as う|まー|い).
_LIGHT = frozenset(
    "居る 為る 有る 成る 無い 下さる 御座る 頂く 戴く 致す 貰う 呉れる 事 物 方 度 此の 此れ 何 今".split()
)
_CONTENT = ("名詞", "動詞", "形容詞", "形状詞", "代名詞")


#: A seasonal letter opener (時候の挨拶, round 21): 師走の候、, 初秋のみぎり、, 向寒の折、 before the exchange's words.
_SEASON = re.compile(r"^[ \u3000]*(?:拝啓|謹啓)?[ \u3000、]*[^、。，,\s]{1,8}の(?:候|みぎり|砌|折)[、，,]?")


def formula(sentence: str) -> bool:
    """Whether a sentence is a stock formula (see the module docstring); a seasonal opener (〜の候、) is read as one
    of its words (round 21)."""
    season = _SEASON.match(sentence)
    sentence = sentence[season.end() :] if season and sentence[season.end() :].strip() else sentence
    words = [
        m.lemma.split("-")[0]
        for m in morph.analyze(sentence)
        if (m.pos1 in _CONTENT and m.pos2 not in ("数詞",)) or (m.pos1 == "感動詞" and m.lemma in _EXCHANGE)
    ]  # ありがとう is an interjection to the analyser: a word of the exchange too (ご質問ありがとうございます, r27)
    stock = len(set(words) - _LIGHT) >= 2 and set(words) <= _EXCHANGE | _DISCLAIMER | business_words.WORDS  # r19
    return stock or framing.frames(sentence, _EXCHANGE) or is_lead_in(sentence)  # r16, r19


def _letters(text: str) -> int:
    return sum(ch.isalnum() for ch in text)


def formula_spans(sentences: list[tuple[int, int, str]], total: int) -> list[tuple[int, int]]:
    """Of ``sentences`` (start, end, sentence) of a text of ``total`` letters, the spans of the formulas past the
    share the rest of the text allows (see the module docstring), the last ones first."""
    found = [(s, e, _letters(t)) for s, e, t in sentences if formula(t)]
    said = sum(n for _, _, n in found)
    other = total - said
    out: list[tuple[int, int]] = []
    for start, end, n in reversed(found):
        if said <= other:
            break
        out.append((start, end))
        said -= n
    return out


__all__ = ["formula", "formula_spans"]
