"""A line or paragraph that only says text is left out (round 26): （略）, （中略）, （以下省略）,
（この段落は省略します）, （ここから先は割愛します） stand in for text that is not there, as 同上 stands in
for the line above; a reader counts no line or paragraph in them.

Read by the form: the whole piece, brackets and marks aside, is a verb of leaving out (略, 省略, 割愛, 省く,
カット), with at most words pointing at a part of this text before it (この, 以下, 残り, 段落, 部分, 続き …)
and a polite or plain ending after it. A piece with a word of its own says something (詳しい手順は省略しますが、
要点だけ書きます。, NHKは日本放送協会の略です。), and 前略, a letter's opening, leaves nothing out.
"""

from __future__ import annotations

import re

#: Words pointing at a part of this text, each with an optional particle (この段落は, ここから先は, 残りの部分も).
_PART = (
    r"(?:この|その|ここ|そこ|これ|それ|以下|以降|以後|残り|後半|前半|途中|先|後|続き|本文|内容|詳細|説明|段落|部分|箇所|"
    r"行|文|文章|章|節|項|中身|全文|全部|一部|点|件|話|理由|背景|経緯|手順|具体例|例)"
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
_OMITTED = re.compile(f"(?:{_PART}{_PARTICLE})*(?:{_LEAVE_OUT}{_ENDING}|{_NOT_GIVEN})")


def says_left_out(letters: str) -> bool:
    """Whether ``letters`` (a line's or paragraph's letters, marks and blanks removed) only say text is left out."""
    return bool(letters) and _OMITTED.fullmatch(letters) is not None


__all__ = ["says_left_out"]
