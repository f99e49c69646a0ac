"""Texts that stand in for an answer instead of giving one (checkers 2.6 and round 8), in ``checks_answer.key`` form:
a title that names none, a postscript that says nothing, a JSON schema's type names as values, an emoticon, and a
second answer that only refers back to the first."""

from __future__ import annotations

import re

#: A title that stands for none (2.6), in ``key`` form: an editor's default in another language (Untitled, No title),
#: a provisional mark alone (（仮）, 仮題) and a template word for a work's name (作品名, 題名, タイトル名, 題, 曲名,
#: 書名). 『無題』 is kept: in Japanese it is the established title of a poem or picture its author left unnamed.
TITLE_TEMPLATE = re.compile(
    r"untitled|notitle|notitled|newtitle|仮|かり|仮題|かりだい|作品名|さくひんめい|作品たいとる|たいとる名|たいとるめい"
    r"|題|だい|曲名|書名|名称"
)
#: What a postscript says when it says nothing (2.6), in ``key`` form: 特になし, なし, 以上です, none.
EMPTY_POSTSCRIPT = re.compile(
    r"(?:特に|とくに)?(?:なし|無し|ないです|ありません|ない)|以上(?:です|となります)?|おわり|終わり|none|nothing|na|nil"
)

#: The type names of a JSON schema standing as values ({"name": "string"}, round 8), in ``key`` form: a schema
#: describes an answer, it gives none.
JSON_TYPES = re.compile(
    r"string|str|number|int|integer|float|double|boolean|bool|object|array|null|list|dict"
    r"|文字列|数値|整数|真偽値|配列"
)

#: An emoticon: a face in brackets drawn with marks and face letters, with a hand letter beside it ((^_^)v, m(_ _)m).
EMOTICON = re.compile(r"[A-Za-z]?[(（](?:[^\w()（）]|[ωдД∀ー_oOｏ])*[)）][A-Za-z]?")

#: An answer that only refers to the other one (round 8), in ``key`` form: 上と同じです, 同上, 前の回答と同じ.
BACK_REFERENCE = re.compile(
    r"(?:(?:上|前|先|最初|一つ目|1つ目|ひとつめ)(?:の(?:回答|答え|もの|内容))?(?:と|に)同じ|同上|同じ|右に同じ"
    r"|sameasabove|ditto|same)(?:です|である|だ|となります)?"
)

__all__ = ["BACK_REFERENCE", "EMOTICON", "EMPTY_POSTSCRIPT", "JSON_TYPES", "TITLE_TEMPLATE"]
