"""A line or paragraph that only says text is left out (round 26): （略）, （中略）, （以下省略）,
（この段落は省略します）, （ここから先は割愛します） stand in for text that is not there, as 同上 stands in
for the line above; a reader counts no line or paragraph in them.

Read by the form: the whole piece, brackets and marks aside, is a verb of leaving out (略, 省略, 割愛, 省く,
カット), with at most words pointing at a part of this text before it (この, 以下, 残り, 段落, 部分, 続き …)
and a polite or plain ending after it. A piece with a word of its own says something (詳しい手順は省略しますが、
要点だけ書きます。, NHKは日本放送協会の略です。), and 前略, a letter's opening, leaves nothing out.

From round 29 a piece that only names a part of this text where text should stand (``labels_a_part``) is none
either: a part's name (段落, 章, 本文, パート, paragraph), numbered or placed (第2段落, 段落3, 三つ目の段落, 次の段落,
本文の続き), with at most a word pointing at a place before it (以下, ここに, ここから) and one saying the part is to
come there after it (に続く, が入ります, はここです): （以下、第2段落）, （ここに第3段落が入ります）. A name with a
word of its own says something (第2段落では理由を述べます。, 第2段落：京都の寺について).
"""

from __future__ import annotations

import re

#: Words pointing at a part of this text, each with an optional particle (この段落は, ここから先は, 残りの部分も).
_PART = (
    r"(?:この|その|ここ|そこ|これ|それ|以下|以降|以後|残り|後半|前半|途中|先|後|続き|本文|内容|詳細|説明|段落|部分|箇所|"
    r"行|文|文章|章|節|項|中身|全文|全部|一部|点|件|話|理由|背景|経緯|手順|具体例|例|追伸|P\.?S\.?)"
)
_PARTICLE = r"(?:の|は|も|を|から|より|まで|で|では|には|につき|について|については)?"
#: Verbs of leaving text out (略す, 省略する, 割愛する, 省く, カットする) with their endings.
_LEAVE_OUT = r"(?:以下略|中略|後略|略|省略|割愛|カット|省[きくい])"
_ENDING = (
    r"(?:と?(?:し|いたし|させていただき|させて頂き|され|す|する|した|して|しており|されており|しています|されています)?"
    r"(?:ます|ました|ましょう|た|る|です|だ|ちゅう|中)?)"
)
#: Verbs of not going into a part (触れません, 扱いません, 述べません, 控えます; round 28), with their endings.
_NOT_GIVEN = (
    r"(?:(?:触れ|扱い|述べ|立ち入り|深入りし)(?:ません|ない|ないでおきます|ずにおきます|ないことにします)"
    r"|(?:控え|差し控え)(?:ます|る|させていただきます|させて頂きます))(?:です)?"
)
#: A part said to be blank (この段落は空白です, ここは空欄とします; round 31).
_BLANK = r"(?:空白|空欄|空行|白紙|余白)(?:です|だ|とします|にします|になります|としています|にしています)?"
_OMITTED = re.compile(f"(?:{_PART}{_PARTICLE})*(?:{_LEAVE_OUT}{_ENDING}|{_NOT_GIVEN}|{_BLANK})")


_NUMBER = r"(?:[0-9]+|[〇一二三四五六七八九十]+)"
#: A part of this text by its name (段落, 章, 本文, paragraph), numbered, ordered or placed (第2段落, 段落3,
#: 2つ目の段落, 次の段落, 本文の続き): a bare name (本文です) is no label of a part.
_PLACES = r"次|最後|最初|前|後|残り|続き|結び|まとめ|結論|本論|序論|導入"
_ORDER = rf"(?:第{_NUMBER}|{_NUMBER}(?:つ目|番目|個目)の?|(?:{_PLACES})の?)"
_NAME = r"(?:段落|パラグラフ|章|節|パート|本文|文章|paragraph|para|section|part)"
_SERIAL = rf"(?:{_NUMBER}|目|の続き|の残り)"
#: A place in this text before the name (以下, ここに, ここから), and the part said to come there after it.
_PLACE = r"(?:以下|以降|これより|ここより|ここから|ここに|ここは|ここ|この下|下|次)(?:に|は|が|から|より|の)?"
_TO_COME = (
    r"(?:(?:に|へ)(?:続く|続きます|つづく)|(?:が|を)?(?:入ります|入る|はいります|入れます|書きます|記入)"
    r"|(?:は|が)?(?:ここ|こちら)(?:です|から)?|(?:が)?(?:始まります|始まる|続きます|続く)|です|だ|となります|予定)?"
)
_PART_LABEL = re.compile(
    f"(?:{_PLACE}{_ORDER}?{_NAME}{_SERIAL}?|(?:{_PLACE})?(?:{_ORDER}{_NAME}{_SERIAL}?|{_NAME}{_SERIAL})){_TO_COME}",
    re.IGNORECASE,
)


def labels_a_part(letters: str) -> bool:
    """Whether ``letters`` (a line's or paragraph's letters) only name a part of this text where it should stand."""
    return bool(letters) and _PART_LABEL.fullmatch(letters) is not None


def says_left_out(letters: str) -> bool:
    """Whether ``letters`` (a line's or paragraph's letters, marks and blanks removed) only say text is left out."""
    return bool(letters) and _OMITTED.fullmatch(letters) is not None


__all__ = ["labels_a_part", "says_left_out"]
