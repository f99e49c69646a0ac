"""Sentences about the writing itself, which a reader does not count toward a minimum length (checkers 2.8, round
13), read by the class of their words rather than by a list of phrases:

- a note on the text's own length or writing: every content word of the sentence (two or more) is a word about
  text, its length or the act of writing it (字数, 文字, 一文, 行, 分量, 指定, 書く, 書き足す, 届く, 満たす,
  ここ, 先, ため …) and one of them names the text or its length or writing (ここから先は、字数のために書いている
  文章です。 指定の字数に届くよう、もう少しだけ書き足しておきます。 念のため、もう一文書き足します。). A
  sentence with a word of its own subject (作文が苦手な人は…, 字数が足りないときは具体例を足す…) or giving
  advice (〜とよいです, 〜ましょう, 〜てみる, 〜ば, 〜場合) speaks of another text and counts;
- a sentence naming the text's length (字数, 分量) and reporting a writing act on it (字数の都合で、同じ内容を繰り返し
  ます。);
- a sentence whose topic is the answer itself (この回答は, 本回答は) and which says only its length or quality
  (この回答はわずか十五文字ほどですが、要点はしっかり押さえています。; round 21);
- a bare note that the reader need not read (特に読む必要はありません。, 読まなくても大丈夫です。); with an object
  (この章は読む必要はありません) it says something of that object and counts;
- a sentence in Chinese restating the answer: no kana, a hanzi outside Japanese use (红, 这, 说: not in
  EUC-JIS-2004), and a hanzi or Latin word of the answer's Japanese sentences (答えは赤です。答案是红色。).
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: Words about a text, its length and the act of writing it (lemmas as the analyser gives them).
_ABOUT_TEXT = frozenset(
    "字数 文字数 文字 字 文 文章 一文 行 行数 分量 文量 長さ 量 段落 部分 本文 内容 指定 規定 所定 既定 枚数 頁 "
    "ページ 数 程度 念 為 様 此処 其処 此れ 先 下 上 以下 以降 以上 必要 意味 少し 水増し 埋め草 調整 上限 下限 "
    "最低 最小 残り 余白 空欄 穴埋め 目標 条件 要件 分 私 筆者 今 今回 後 あと もう 更に "
    "書く 書き足す 書き加える 付け足す 足す 加える 続ける 届く 達する 満たす 超える 越える 埋める 稼ぐ 増やす 伸ばす "
    "延ばす 読む 飛ばす 読み飛ばす 入れる 並べる 足りる 合わせる 為る 有る 無い 居る 成る 構う 置く 追加 記述 記入 "
    "用意 作る 記す 続く 繰り返す 都合 関係 同じ".split()
)
#: The text's length (字数, 文字数, 分量, 行数): with a writing act said of this text (``_ACTS`` in ます or ておく),
#: the sentence speaks of its own length whatever else it names (字数の都合で、同じ内容を繰り返します。).
_LENGTH = frozenset("字数 文字数 分量 文量 行数 長さ 枚数 ボリューム".split())
_ACTS = frozenset(
    "書く 書き足す 書き加える 付け足す 足す 加える 続ける 続く 繰り返す 埋める 稼ぐ 増やす 伸ばす 延ばす 並べる 補う "
    "追加 記述 付け加える 水増し".split()
)
#: Of these, the words that name the text, its length or writing (at least one must be there).
_ANCHORS = frozenset(
    "字数 文字数 文字 字 文 文章 一文 行 行数 分量 文量 長さ 段落 本文 枚数 頁 ページ 水増し 埋め草 書く 書き足す "
    "書き加える 付け足す 記述 記す".split()
)
#: Advice to the reader about another text (〜とよいです, 〜ましょう, 〜てみる, 〜べき, 〜ば, 〜たら, 〜場合).
_ADVICE = re.compile(
    r"ましょう|[とば](?:よい|良い|いい)|ほうが|方が|べき|なさい|てみ|でみ|[えけげせてねべめれ]ば|たら|なら|場合|とき|時[はに]|際"
)
_CONTENT = ("名詞", "動詞", "形容詞", "形状詞", "代名詞")
#: The answer naming itself as its topic (この回答は, 本回答は, 以上の説明は; round 21).
#: From round 26 after a lead-in (以上、本回答は…, なお、この回答は…) and with its length as the topic
#: (本回答の文字数は).
_OWN_TEXT = re.compile(
    r"^(?:以上|なお|尚|また|最後に|ちなみに|因みに|念のため)?(?:この|本|以上の|上記の|私の|今回の)"
    r"(?:回答|答え|解答|文章|説明|返答|お答え)(?:の(?:文字数|字数|分量|長さ|文量))?(?:は|も|では)"
)
#: What such a sentence may say of the answer without saying anything of the subject: its length and its quality.
_QUALITY = frozenset(
    "回答 答え 解答 文章 説明 返答 短い 長い 簡潔 要点 押さえる 網羅 分かる 分かり易い 易い 十分 充分 僅か 程 的確 "
    "正確 過不足 要約 纏める まとめる ポイント 伝わる 端的 丁寧 詳しい 詳細 大事 重要 含む 盛り込む 答える 簡単 "
    "思う 自負 自信 作成 執筆 仕上げる 心掛ける 超える 上回る 越える 満たす 達する 文字数 字数".split()
)
#: A bare note that the reader need not read it (no object: この章は… names what it skips).
_NEED_NOT_READ = re.compile(
    r"(?:(?:ここ(?:から|以降)?(?:先|下)?|以下|この(?:先|後|文|文章|部分|段落))は)?(?:特に|とくに|別に|べつに|必ずしも|無理に)?"
    r"(?:(?:読む|読まれる|お読みいただく|目を通す)必要(?:は|も)?(?:ありません|ございません|ないです|ない|なし|無い)"
    r"|(?:読ま|目を通さ)なくて(?:も)?(?:いい|よい|良い|大丈夫|構いません|かまいません|結構))(?:です|でしょう)?(?:よ|ね)*"
)


def about_writing(sentence: str) -> bool:
    """Whether a sentence only speaks of the text's own length or writing (see the module docstring)."""
    bare = re.sub(r"[\s。、，,.！？!?「」『』（）()]", "", sentence)
    if not bare:
        return False
    if _NEED_NOT_READ.fullmatch(bare):
        return True
    if _ADVICE.search(bare):
        return False
    morphemes = morph.analyze(bare)
    content = [
        m.lemma.split("-")[0]
        for i, m in enumerate(morphemes)
        if m.pos1 in _CONTENT
        and m.pos2 != "数詞"
        and not (m.pos2 == "非自立可能" and i and morphemes[i - 1].lemma in ("て", "で"))
    ]
    if set(content) & _LENGTH and _acts_here(morphemes):
        return True
    if _OWN_TEXT.match(bare) and set(content) <= _ABOUT_TEXT | _QUALITY:
        return True  # この回答はわずか十五文字ほどですが、要点は押さえています (round 21)
    return len(set(content)) >= 2 and set(content) <= _ABOUT_TEXT and bool(set(content) & _ANCHORS)  # 字。 is a word


def _acts_here(morphemes: tuple[morph.Morpheme, ...]) -> bool:
    """Whether the writer reports a writing act on this text: a verb of ``_ACTS`` followed by ます, ておく or
    ている (書き足します, 繰り返しておきます)."""
    for i, m in enumerate(morphemes):
        if m.lemma.split("-")[0] not in _ACTS:
            continue
        after = [x.lemma for x in morphemes[i + 1 : i + 4]]
        if "ます" in after or ("て" in after and ({"置く", "居る"} & set(after))):
            return True
    return False


#: Words that point at this text from inside it (ここ, 以上, 以下, 次に, 追伸), name a part of a text (本文, 章,
#: 見出し, and from round 20 本章, 本稿, 内容), say a part matters to a reader (重要, ポイント, テストに出る) or
#: that it is being written or explained (説明する, 述べる, 終わる; round 18).
_POINTING = frozenset("此処 此れ 其処 以上 以下 上記 下記 次 先 後 最後 追伸".split())
_PARTS = frozenset(
    "本文 文章 部分 箇所 所 章 節 項 項目 段落 見出し 追記 補足 要約 結び "
    # a text naming itself or its parts as a paper does (本章では以下の内容を述べる。以上で本稿を終える。; round 20)
    "本章 本節 本項 本稿 本書 本論 内容 序論 序章 終章 結論".split()
)
_MARKING = frozenset("重要 大事 大切 肝心 注目 注意 必見 ポイント テスト 試験 出る 要点".split())
_WRITING = frozenset("説明 解説 述べる 書く 示す 記す 紹介 為る 終わる 終える 始める 始まる 成る 有る 居る".split())


def talks_of_itself(span: str) -> bool:
    """Whether a postscript, highlight, section or item holds only talk about the text: two or more content words,
    all of them of ``_POINTING``, ``_PARTS``, ``_MARKING`` or ``_WRITING``, and either one pointing at this text
    (以上、追伸でした。 ここ重要 以下に説明します) or all of them marking a part (テストに出る, 重要なポイント). A
    word of a subject (試験に出る範囲は三章です, 重要な所をチェックする) makes it say something, and so do parts and
    writing without a word pointing here: 見出しを書く, 見出しが重要 are a writing guide's advice."""
    morphemes = morph.analyze(re.sub(r"[\s「」『』（）()]", "", span))
    content = {
        m.lemma.split("-")[0] for m in morphemes if m.pos1 in _CONTENT + ("感動詞", "副詞") and m.pos2 != "非自立可能"
    }
    return (
        len(content) >= 2
        and content <= _POINTING | _PARTS | _MARKING | _WRITING
        and (bool(content & _POINTING) or content <= _MARKING)
        and not any(m.pos2 == "数詞" for m in morphemes)
    )


_KANA = re.compile(r"[ぁ-ゖァ-ヺｦ-ﾟ]")
_HANZI = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")


def _japanese(ch: str) -> bool:
    try:
        ch.encode("euc_jis_2004")
    except UnicodeEncodeError:
        return False
    return True


def chinese_restatement(sentence: str, others: list[str]) -> bool:
    """Whether a sentence is Chinese restating the answer (see the module docstring): ``others`` are the answer's
    other sentences."""
    if _KANA.search(sentence):
        return False
    hanzi = set(_HANZI.findall(sentence))
    if not hanzi or all(_japanese(ch) for ch in hanzi):
        return False
    japanese = [s for s in others if _KANA.search(s)]
    shared = {ch for s in japanese for ch in _HANZI.findall(s)} & hanzi
    latin = {w.casefold() for w in re.findall(r"[A-Za-z]{2,}", sentence)}
    shared_latin = {w.casefold() for s in japanese for w in re.findall(r"[A-Za-z]{2,}", s)} & latin
    return bool(shared or shared_latin)


__all__ = ["about_writing", "chinese_restatement", "talks_of_itself"]
