"""Spans that fill a slot with no text (round 23), for ``contents.placeholder``: filler text set where the text will
go (Lorem ipsum dolor sit amet…, ダミーテキスト, テキストテキスト), a form's note asking for the text (（記入）,
［要入力］, ご記入ください; from round 37 also 解答欄, your answer here, to be filled in), and marks that
lengthen or repeat a sound with no sound before them (「ーー」, 々々). Each says only that a text belongs here.
Said about such text, with a word of its own (Lorem ipsumは見本用の文章です, 氏名を記入してください, あーあ), it
is text.
"""

from __future__ import annotations

import re
import unicodedata

#: The words of the Lorem ipsum filler (its first sentences and the words its generators draw from).
_LOREM = frozenset(
    "lorem ipsum dolor sit amet consectetur consectetuer adipiscing adipisicing elit sed do eiusmod tempor incididunt "
    "ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex "
    "ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum eu fugiat nulla pariatur "
    "excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est laborum "
    "integer nec odio praesent libero cras justo morbi vel vitae etiam pellentesque donec nunc vestibulum".split()
)
#: Japanese filler, in ``contents.key`` form: ダミー or サンプル with or without a word for text, テストテキスト,
#: and テキスト said again (テキストテキストテキスト); テスト alone is a word.
_JAPANESE_FILLER = re.compile(
    r"(?:(?:だみー|さんぷる)(?:てきすと|文章|文|本文|ぶんしょう)?|てすと(?:てきすと|文章|文)|てきすと|ほげ|ふが)+"
)
#: A form's note asking for the text, in ``key`` form: 記入, 要入力, ご記入ください, 入力してください, 記載欄.
_FILL_NOTE = re.compile(
    r"(?:要|ご|要ご)?(?:記入|入力|記載|記述|書き込み|かきこみ|きにゅう)(?:欄|箇所|を|して|する|のこと)*"
    r"(?:ください|下さい|願います|お願いします|おねがいします)?"
)
#: A form's note for an answer's blank (round 37), in ``key`` form: 解答欄, 回答記入欄, and in English your answer here,
#: to be filled in, enter your answer, fill in here.
_ANSWER_SLOT = re.compile(
    r"(?:回答|解答|答え|こたえ|返答)(?:記入|入力)?欄"
    r"|(?:(?:write|enter|insert|type|put)(?:your|the|an)?)?(?:your|the)?(?:answer|response|reply|text)(?:goes)?here"
    r"|(?:tobe|needsto?be)?(?:filled|filledin|filledout|fillin|fillout)(?:here|later|below)?"
    r"|(?:write|enter|insert|type)(?:your|the|an)?(?:answer|response|reply|text)"
)
#: A note that asks by itself (bare 記入 may be a word: a highlight 《記入》 in a sentence).
_ASKS = re.compile(r"^要|欄|ください|下さい|願います|お願いします|おねがいします")
_BRACKETED = re.compile(r"\s*[（(\[［【〔<＜{｛](.*)[）)\]］】〕>＞}｝]\s*", re.DOTALL)
#: Letters that lengthen or repeat the sound before them: the long-vowel mark and the iteration marks.
_LENGTHENING = frozenset("ーｰゝゞヽヾ々〻〃")


def _letters(text: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", text) if unicodedata.category(ch)[0] in "LN")


def lorem(text: str) -> bool:
    """Whether ``text`` is Lorem ipsum filler: words of the filler only, opening with lorem or three or more (id est
    alone may be meant; Lorem ipsum is a placeholder text says something about it)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    if re.search(r"[^\W\d_a-z]", folded):  # a letter of another script: said about the filler, or other text
        return False
    found = re.findall(r"[a-z]+", folded)
    return bool(found) and all(w in _LOREM for w in found) and (found[0] == "lorem" or len(found) >= 3)


def filler(text: str, key: str) -> bool:
    """Whether a span (``key``: its ``contents.key``) is filler text, Latin or Japanese."""
    return lorem(text) or (len(key) > 4 and _JAPANESE_FILLER.fullmatch(key) is not None)


def fill_note(text: str, key: str) -> bool:
    """Whether a span is a form's note asking for text: in brackets (（記入）) or asking by itself (要記入,
    ご記入ください)."""
    return _FILL_NOTE.fullmatch(key) is not None and (
        _BRACKETED.fullmatch(text) is not None or _ASKS.search(key) is not None
    )


def lengthening_only(text: str) -> bool:
    """Whether every letter of a span lengthens or repeats a sound none of them says (ーー, 々々)."""
    letters = _letters(text)
    return bool(letters) and set(letters) <= _LENGTHENING


def no_text(text: str, key: str) -> bool:
    """Whether a span fills its slot with no text (the module docstring)."""
    slot = _ANSWER_SLOT.fullmatch(key) is not None  # 解答欄, your answer here (round 37)
    return filler(text, key) or fill_note(text, key) or lengthening_only(text) or slot


__all__ = ["fill_note", "filler", "lengthening_only", "lorem", "no_text"]
