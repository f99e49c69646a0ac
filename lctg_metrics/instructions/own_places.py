"""Pieces that only name their own place in the answer, or its running length (round 30).

- **A label naming its own place** (``names_own_place``): a sentence, line, paragraph or list item whose only
  words are an ordinal and the name of a part of the text (段落, 文, 行, 項目) or of the slot it fills (理由, 例,
  ポイント, 特徴), with at most a word pointing at it before (これが, ここから, まず, 最後に) and a copula after
  (です, になります): 第三段落です。, これが二文目です。, ・二つ目の理由, ポイントその3, 最後の文です。 A reader
  counts it as nothing toward a minimum, even when every piece is one: a text made only of such labels says
  nothing. A label with a word of its own says something (第二段落では原因を述べます。, 二つ目の理由は値段です。,
  ・理由1：駅に近い); an ordinal with no part or slot named (三つ目です。, 一番です。) and a word ordinal before a
  slot (次の例です。, announcing an example) are left to the other rules.
- **A running tally of the answer's length** (``without_tallies``): an aside in brackets, a sentence or a line
  that only gives the count of characters written so far, with a word saying it is a tally (（現在二十四字）,
  【ここまで30文字】, (累計52字), ［現在の字数：40］, （60字経過）), or a series of three or more bare counts
  that grows ((12字) … (20字) … (31字)); such a tally is not counted toward a minimum of characters. One bare
  count is a measure the text speaks of (原稿用紙（400字）), and a limit (（20字以内）) or a measure of another
  unit (十七音（五七五）) is text.
"""

from __future__ import annotations

import re
import unicodedata

_NUMBER = r"(?:[0-9]+|[〇一二三四五六七八九十百千]+)"
#: Names of a part of this text, and of the slot a piece fills in a list of reasons, examples or points.
_PART = r"(?:段落|パラグラフ|文章|一文|文|センテンス|行|項目|項|節|箇条|paragraph|sentence|line|item)"
_SLOT = (
    r"(?:理由|具体例|例|ポイント|要点|注意点|点|特徴|長所|短所|メリット|デメリット|利点|欠点|案|意見|方法|手順|ステップ|"
    r"コツ|アイデア|アイディア|根拠|問題点|課題|目標|要素|事項|reason|point|example|step)"
)
_NAME = f"(?:{_PART}|{_SLOT})"
_ORDINAL = (
    rf"(?:第{_NUMBER}の?{_NAME}"  # 第一段落, 第2の理由
    rf"|{_NUMBER}{_PART}目"  # 一文目, 三段落目, 4行目
    rf"|{_NUMBER}(?:つ|個|番|点)(?:目|め)の?{_NAME}"  # 1つ目の理由, 二番目の文
    rf"|(?:最初|最後|次|はじめ|初め|終わり|おわり)の{_PART}"  # 最後の文 (次の例 announces an example)
    rf"|{_NAME}(?:の)?(?:その|第|no|number)?{_NUMBER}(?:つ目|つめ|番目|個目|目)?)"  # 理由その2, ポイント3, 理由の二つ目
)
_BEFORE = (
    r"(?:まず|次に|続いて|つづいて|そして|最後に|では|さて)?"
    r"(?:これ|ここ|こちら|この(?:文|段落|行|項目)?|以上|以下|ここから|これより|次)?(?:が|は|で|から|も)?"
)
_AFTER = r"(?:です|だ|である|でございます|になります|となります|となる|にあたります|に当たります)?(?:よ|ね)*"
_OWN_PLACE = re.compile(f"{_BEFORE}{_ORDINAL}{_AFTER}", re.IGNORECASE)
#: Where a piece's sentences or lines end: each must be a label for the piece to be one.
_ENDS = re.compile(r"[。．！？!?\n]+")


def _letters(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", text) if unicodedata.category(ch)[0] in "LN")


def names_own_place(piece: str) -> bool:
    """Whether every sentence or line of ``piece`` only names its own place (see the module docstring)."""
    parts = [_letters(p) for p in _ENDS.split(piece)]
    parts = [p for p in parts if p]
    return bool(parts) and all(_OWN_PLACE.fullmatch(p) is not None for p in parts)


#: A word saying a count is of the text so far (現在, ここまでで, 累計), the text's length named (字数, 文字数), a count
#: of characters, and a word saying the count has been reached (24字目, 30文字経過).
_SO_FAR = r"(?:現在|現時点|今|いま|只今|ただいま|ここまで|これまで|累計|通算|小計|合計|計)(?:まで)?(?:で|の|は|が)?"
_LENGTH = r"(?:文字数|字数)(?:は|が|で)?"
_COUNT = rf"(?:約)?{_NUMBER}(?:字|文字)"
_REACHED = r"(?:目|経過|到達|突破)"
_TALLY = re.compile(
    rf"(?:{_SO_FAR}(?:{_LENGTH})?{_COUNT}{_REACHED}?|{_SO_FAR}{_LENGTH}(?:約)?{_NUMBER}|{_COUNT}{_REACHED})(?:です|だ)?"
)
_BARE = re.compile(rf"(?:文字数|字数)?{_COUNT}|(?:文字数|字数){_NUMBER}")
_ASIDE = re.compile(r"[（(【\[［〔]([^（()）【】\[\]［］〔〕\n]{1,24})[）)】\]］〕]")
_KANJI_DIGITS = dict(zip("〇一二三四五六七八九", range(10), strict=True))


def _value(count: str) -> int:
    """The number in a count of characters (24字, 二十四字, 百二字)."""
    digits = re.search(_NUMBER, count)
    text = digits.group() if digits else "0"
    if text.isdecimal():
        return int(text)
    total, current = 0, 0
    for ch in text:
        if ch in _KANJI_DIGITS:
            current = current * 10 + _KANJI_DIGITS[ch] if current else _KANJI_DIGITS[ch]
        else:
            total += (current or 1) * {"十": 10, "百": 100, "千": 1000}[ch]
            current = 0
    return total + current


#: A sentence or line of its own: a tally said as one (現在十二字です。) is read as an aside is.
_PIECE = re.compile(
    r"(?<![^。！？!?\n])[^。！？!?\n]{1,24}[。！？!?]*(?=\n|$)|(?<![^。！？!?\n])[^。！？!?\n]{1,24}[。！？!?]+"
)


def without_tallies(text: str) -> str:
    """``text`` without the asides, sentences and lines that only tally its own length (see the module docstring)."""
    pieces = [*_ASIDE.finditer(text), *_PIECE.finditer(text)]
    tallies = [m for m in pieces if _TALLY.fullmatch(_letters(m.group(m.lastindex or 0)))]
    bare = sorted((m for m in pieces if _BARE.fullmatch(_letters(m.group(m.lastindex or 0)))), key=lambda m: m.start())
    values = [_value(m.group()) for m in bare]
    if len(bare) >= 3 and all(a < b for a, b in zip(values, values[1:], strict=False)):
        tallies += bare
    cut = {i for m in tallies for i in range(m.start(), m.end())}  # an aside that is its line too: cut once
    return "".join(ch for i, ch in enumerate(text) if i not in cut)


__all__ = ["names_own_place", "without_tallies"]
