"""Sentences that only say there is nothing more to say (round 27), which a reader does not count toward a minimum
length, read by the class of their words rather than by a list of phrases:

- nothing added: a word of adding or saying (補足, 追加, 付け加える, 述べる, 申し上げる, 伝える, 書く, 言い残す …)
  with a negation, and no word outside the talk of the answer itself (事, 点, 事柄, 情報, 他, それ以外, これ以上):
  補足事項は特にありません。 ほかに述べるべき点も見当たりません。 これ以上申し上げることはございません。;
- the end announced: a verb or noun of ending (終わる, 終える, 締め括る, 結ぶ, 終わり) with only the answer's own
  words (以上で, これにて, 説明, 回答): 以上で説明を終わります。 これにて回答を締めくくります。

A sentence with a word of its subject is a claim: ほかに必要な道具はありません (no other tools), 説明書には書いて
ありません (the manual's 書 is no word of the answer's talk), 会議は五時に終わります.
"""

from __future__ import annotations

from lctg_metrics.instructions import morph

#: Words of adding to an answer or saying it (lemmas as the analyser gives them).
_ADDING = frozenset(
    "補足 追加 追記 付記 特記 付け加える 付け足す 加える 足す 補う 言う 述べる 申し上げる 申す 話す 伝える 書く "
    "記す 書き足す 言い残す 言い足す 説明 お伝え 申し添える 添える 思い付く 挙げる 触れる".split()
)
#: Verbs and nouns of ending the answer.
_ENDING = frozenset("終わる 終える 締め括る 締めくくる 結ぶ 閉じる 終わり 締め 結び 完了 終了".split())
#: Words of the answer's own talk, which name nothing of its subject.
_TALK = frozenset(
    "事 物 点 事項 事柄 内容 情報 詳細 部分 以上 以外 他 外 此れ 其れ 此処 此の 今回 私 私共 回答 答え 説明 話 "
    "見当たる 有る 御座る 無い 為る 居る 成る 出来る 致す 持つ 以て 特段 必要 何 特に 改めて".split()
)
_CONTENT = ("名詞", "動詞", "形容詞", "形状詞", "代名詞", "接尾辞")
_NEGATION = frozenset({"ない", "無い", "ず", "ぬ", "ん"})


def says_nothing_more(sentence: str) -> bool:
    """Whether ``sentence`` only says that nothing is added or that the answer ends (see the module docstring)."""
    found = morph.analyze(sentence)
    words = {m.lemma.split("-")[0] for m in found if m.pos1 in _CONTENT and m.pos2 != "数詞"}
    if not words or not words <= _ADDING | _ENDING | _TALK:
        return False
    negated = any(m.lemma in _NEGATION and m.pos1 in ("助動詞", "形容詞") for m in found)
    if words & _ENDING:
        return not negated  # 話はこれで終わりではありません: the talk goes on
    return negated and bool(words & _ADDING)


__all__ = ["says_nothing_more"]
