"""Look-alike punctuation read by its role: a mark that a font draws like 、 or 。 (or ・) is that mark to a reader
when it stands where that mark stands, after a Japanese letter.

- 読点 (、): every comma of another script or form, in every block (by Unicode name: Arabic ،, Armenian, Mongolian,
  Lisu, Vai, Newa, reversed, turned, raised commas), the low quotation marks and ornaments drawn as a low comma
  (‚ „ ⹂ ❟ ❠ 🙸, unless a closing quotation mark follows on the line: then they open a quotation), the comma-shaped
  spacing diacritics at the baseline (¸ cedilla, ˛ ogonek, ˏ ˎ) and the acute accents ´ ˊ (round 8: drawn high, read
  as a pause between two Japanese letters), the Lisu tone letter ꓹ, the sesame dots ﹅﹆, 丶 (the kanji radical
  "dot", drawn as 、), the CJK stroke ㇔ (the same dot, round 11) and the low paraphrase brackets ⸜ ⸝ (round
  12); the iteration mark ヽ after anything but katakana; the Arabic decimal and thousands separators ٫ ٬ (2.7: drawn as
  a comma; between digits they keep their role).
- 句点 (。): every full stop of another script (Arabic ۔, Ethiopic ።, Devanagari danda ।, Lisu, Vai, Syriac), the
  one-dot leader ․ and the Lisu tone letter ꓸ (a baseline dot); the small rings drawn like 。 (⸰ ◦ ∘ ⚬ ° ˚ ˳ ゜,
  the Canadian ring ᐤ and the combining enclosing circle ⃝ U+20DD, round 12) after a letter and before a blank, a
  letter, a closing bracket or the end; after a Japanese letter also the small o and zero of the sub- and superscripts
  (ₒ ᵒ º ₀ ⁰, which NFKC would make a Latin o or a digit), the zero digits drawn as a small circle in the scripts of
  India and South-East Asia (० ০ ๐ ០ …) and the Tifinagh ring letter ⵔ (round 11); and (2.7) a circle 〇 ○ ◯ ⚪ ⭕ ❍
  alone after a predicate in kana (from round 11 also after a noun-final sentence with a topic, 明日は晴れ〇;
  ``_circles``), before a letter, a digit (round 11), a blank, a closing bracket or the end. From round 11 none of these
  is 。 in a kaomoji (the eyes of (ﾟдﾟ): round brackets with no two Japanese letters in a row between them), a ring or
  circle next to a kanji numeral is a degree or a digit (九十°, 二〇二六), and the circles ending the lines of an answer
  key (a text with a line ending in ×) are marks.
- 中点 (・): the middle dots of other blocks (· ⸱ ∙ ⋅ ‧ ꞏ ᐧ ᛫ •) after a Japanese letter: a separator, not 、 or 。.

A spacing sound mark after a kana that takes it (ハ゜ン, か゛) is that kana's voiced form, not a ring. The ASCII ``,``
and ``.`` keep their roles in numbers and Latin text (``checks_rules`` reads them in context); a Latin o or 0 after a
Japanese letter is a letter or a digit (「aとoの違い」), and an emoji drawn like a drop (💧) is an emoji.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import regex

from lctg_metrics.instructions.zero_stops import read_zeros

#: Japanese letters and the closing marks after which a look-alike is read in its Japanese role.
JAPANESE = "ぁ-ゖァ-ヺー一-鿿㐀-䶿々〆〇」』）"
_EXTRA_COMMAS = (
    "\ufe45\ufe46\u4e36\u02cf\u02ce\u2e32\u2e41\u2e34\u00b8\u02db\ua4f9\u00b4\u02ca\u066b\u066c\u31d4"
    "\u2e1c\u2e1d"  # the low paraphrase brackets ⸜ ⸝, drawn as a low stroke like 、 (round 12)
)
#: Low quotation marks and ornaments drawn as a low comma: a comma unless a closing mark follows on the line.
_LOW_QUOTES = "\u201a\u201e\u2e42\u275f\u2760\U0001f678"
_CLOSING_QUOTES = "\u2018\u2019\u201b\u201c\u201d\u201f\u275b\u275c\u275d\u275e\U0001f676\U0001f677"
_EXTRA_STOPS = "\u0964\u0965\u06d4\u2024\ua4f8"
#: Small rings drawn like 。 after a letter (30° after a digit is a temperature).
_RINGS = "\u2e30\u25e6\u2218\u26ac\u00b0\u02da\u02f3\u309c\u309a\u1424\u20dd"  # ⃝: the enclosing circle (r12)
#: Rings that are a letter or digit elsewhere: read as 。 only after a Japanese letter.
_JAPANESE_RINGS = (
    "\u2092\u1d52\u00ba\u2080\u2070" + "\u0966\u09e6\u0ae6\u0b66\u0be6\u0c66\u0ce6\u0d66\u0e50\u0ed0\u17e0" + "\u2d54"
)
_MIDDLE_DOTS = "\u00b7\u2e31\u2219\u22c5\u2027\ua78f\u1427\u16eb\u2022"
#: Kana that take the spacing sound marks ゛ and ゜ (the sound marks compose with them).
_VOICED = "かきくけこさしすせそたちつてとはひふへほうカキクケコサシスセソタチツテトハヒフヘホウワヰヱヲ"
_SEMI_VOICED = "はひふへほハヒフヘホ"


#: The punctuation of every other script whose Unicode name holds COMMA or FULL STOP (Unicode 14, planes 0 and 1:
#: Armenian, Arabic, NKo, Ethiopic, Mongolian, Lisu, Vai, Bamum, Newa, Medefaidrin, Sutton SignWriting, Coptic,
#: Duployan, …), written out so that importing costs no scan; ``tests/test_instructions_visible6.py`` checks the list
#: against the Unicode database.
NAMED_COMMAS = (
    "\u055d\u060c\u07f8\u1363\u1802\u1808\u2e32\u2e34\u2e41\u2e49\u2e4c\ua4fe\ua60d\ua6f5"
    "\U0001144d\U0001145a\U00016e97\U0001da87"
)
NAMED_STOPS = (
    "\u0589\u06d4\u0701\u0702\u1362\u166e\u1803\u1809\u2cf9\u2cfe\u2e3c\ua4ff\ua60e\ua6f3"
    "\U00016af5\U00016e98\U0001bc9f\U0001da88"
)
COMMA_LIKE = NAMED_COMMAS + _EXTRA_COMMAS
STOP_LIKE = NAMED_STOPS + _EXTRA_STOPS
#: Every character read by its role here: ``visible`` keeps them out of NFKC until their role is read.
ROLE_CHARACTERS = frozenset(COMMA_LIKE + _LOW_QUOTES + STOP_LIKE + _RINGS + _JAPANESE_RINGS + _MIDDLE_DOTS + "\u309b")
#: Look-alikes left after their roles are read, folded by NFKC then (ₒ is a Latin o after a Latin letter).
_FOLDED_AFTER = ROLE_CHARACTERS - frozenset(COMMA_LIKE + STOP_LIKE)
_COMMA_ROLE = re.compile(f"(?<=[{JAPANESE}])[{re.escape(COMMA_LIKE)}]")
#: 丶 named as a radical (round 21): after 部首, 記号 or 漢字 (部首の丶), or before its reading in brackets and a
#: particle (丶（てん）は); 晴れ丶（てん）明日 is still a comma.
_NAMED_DOT = re.compile(r"(?<=部首|記号|漢字)の?丶|丶(?=[（(](?:てん|ちゅ|ちゅう|ぽち|テン|チュ)[）)][はがをのともに])")
_LOW_QUOTE_ROLE = re.compile(f"(?<=[{JAPANESE}])[{_LOW_QUOTES}](?![^\\n]*[{_CLOSING_QUOTES}])")
_STOP_ROLE = re.compile(f"(?<=[{JAPANESE}])[{re.escape(STOP_LIKE)}]")
#: A ring after a kanji numeral is a degree (九十°, round 11), as after a digit.
_NUMERALS = "〇一二三四五六七八九十百千万"
_RING_ROLE = re.compile(rf"(?<=[^\W\d_])(?<![{_NUMERALS}])[{_RINGS}](?=$|\s|[^\W\d_]|[」』）)])", re.MULTILINE)
_JAPANESE_RING_ROLE = re.compile(rf"(?<=[{JAPANESE}])[{_JAPANESE_RINGS}](?=$|\s|[^\W\d_]|[」』）)])", re.MULTILINE)
#: Circles drawn where 。 stands (2.7): 〇 ○ ◯ ⚪ ⭕ ❍ alone after a predicate in kana (「晴れです〇明日は…」). In a
#: number (二〇二六年), as a fill mark (〇〇さん) or after a word that ends no predicate (「答えは〇です」) they stay.
_CIRCLES = "\u3007\u25cb\u25ef\u26aa\u2b55\u274d"
_CIRCLE_ROLE = re.compile(
    rf"(?<=[ぁ-ゖァ-ヺー一-鿿])(?<![{_NUMERALS}])[{_CIRCLES}](?=$|\s|[ぁ-ゖァ-ヺ一-鿿0-9０-９]|[」』）)])(?![{_NUMERALS}])",
    re.MULTILINE,
)
_MIDDLE_DOT_ROLE = re.compile(f"(?<=[{JAPANESE}])[{_MIDDLE_DOTS}]+")
_SOUND_MARK = re.compile(f"([{_VOICED}])\u309b|([{_SEMI_VOICED}])\u309c")


def _voiced(m: re.Match[str]) -> str:
    """ハ゜ is パ and か゛ is が: the spacing sound mark composed with its kana."""
    return unicodedata.normalize("NFC", m.group(1) + "\u3099" if m.group(1) else m.group(2) + "\u309a")


def _circles(text: str) -> str:
    """Each circle in the role of 。 (``_CIRCLE_ROLE``) read as 。: the words before it on its line, back to the last
    sentence end, end in a predicate's final form or a final particle (the analyser's ``morph.ends_finally``), or,
    from round 11, in a noun after a topic (「明日は晴れ〇」, ``_says_of_topic``); never next to a kanji numeral."""
    if not any(ch in text for ch in _CIRCLES):
        return text
    from lctg_metrics.instructions import morph  # noqa: PLC0415 - the analyser only when a circle is there

    key = _CROSS_MARK.search(text) is not None  # an answer key: 〇 and × mark statements true and false (round 11)
    chars = list(text)
    for m in _CIRCLE_ROLE.finditer(text):
        before = re.split(r"[。！？!?\n]", text[: m.start()])[-1]
        if key and _LINE_END.match(text, m.end()):
            continue
        if not in_parentheses(text, m.start()) and (
            morph.ends_finally(before) or morph.ends_clause(before) or _says_of_topic(before, morph)
        ):
            chars[m.start()] = "。"
    return "".join(chars)


def _says_of_topic(before: str, morph: Any) -> bool:
    """A noun-final sentence saying something of a topic (「明日は晴れ」, round 11): a 体言止め a circle may close."""
    words = morph.content_tail(before)
    return morph.ends_nominally(before) and any(m.surface in ("は", "が") and m.pos1 == "助詞" for m in words[1:-1])


#: A cross ending a line after a Japanese letter marks a statement false: the circles ending a line of that text
#: are marks too (a circle inside a line still reads as 。, so one × does not excuse a text of circles).
_CROSS_MARK = re.compile(r"(?<=[ぁ-ゖァ-ヺー一-鿿])[ \t\u3000]*[×✕✖☓✗✘❌❎][ \t\u3000]*$", re.MULTILINE)
_LINE_END = re.compile(r"[ \t\u3000]*(?:\n|$)")


def in_parentheses(text: str, at: int) -> bool:
    """Whether ``at`` stands in a kaomoji (round 11): between a round bracket and its closer on its line, with no two
    Japanese letters in a row between them ((ﾟдﾟ), (ﾟーﾟ)); an aside of words (（今日は晴れです°…）) is read as
    any text."""
    line_start = text.rfind("\n", 0, at) + 1
    line_end = text.find("\n", at)
    opened: list[int] = []
    for i in range(line_start, at):
        if text[i] in "(（":
            opened.append(i)
        elif text[i] in ")）" and opened:
            opened.pop()
    rest = text[at : line_end if line_end >= 0 else len(text)]
    close = next((i for i, ch in enumerate(rest) if ch in ")）"), None)
    if not opened or close is None:
        return False
    return _WORDS.search(text[opened[-1] + 1 : at + close]) is None


_WORDS = re.compile(r"[ぁ-ゖァ-ヺ一-鿿]{2}")


def _ring(m: re.Match[str]) -> str:
    return m.group(0) if in_parentheses(m.string, m.start()) else "。"


#: Marks a reader accepts where no 。 or 、 may be written (checkers 2.8): they are marks of their own, not stand-ins
#: for 句点 or 読点: ！ ？ and their pairs, ellipses, notes, stars and hearts closing a casual sentence, the wave dash
#: and long-vowel marks, the Japanese marks themselves, symbols with a meaning of their own (※ ＃ ＆ ＠ ％ ℃ °), and
#: the crosses and ticks of an answer key; arrows, emoji and marks drawn as a line (dashes, bars) are not read so.
HONEST_MARKS = frozenset("！？!?‼⁇⁈⁉…‥♪♫♬♩☆★♡♥❤※〜～ー・、。〃々〆ゝゞヽヾ＃＆＊＠％＋＝＜＞／＼｜￥＄°℃×✕✖☓✗✘✓✔")
#: Words in a character's Unicode name that draw it as a line (a dash, a bar: ー between katakana, ``lookalike``).
_LINE_NAMES = re.compile(r"DASH|HYPHEN|MACRON|TILDE|OVERLINE|LOW LINE|^BOX DRAWINGS|HORIZONTAL (?:BAR|LINE|SCAN)")
#: Symbols, modifier letters, punctuation and (round 15) the spacing signs of other scripts (Mc: ം ഃ), which a font
#: draws as a mark of their own after any letter.
_SYMBOL_CATEGORIES = ("So", "Sk", "Sm", "Lm", "Po", "Mc")
_LETTER = re.compile(r"[ぁ-ゖァ-ヺ一-鿿㐀-䶿々〆]")
_EMOJI = regex.compile(r"\p{Emoji_Presentation}")
#: The blocks of CJK radicals, strokes, kana, Yi and the width forms, read as letters or by their own rules.
_EAST_ASIAN = re.compile("[\u2e80-\ua4cf\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]")


def _stand_in(ch: str) -> bool:
    """Whether a character is a symbol that may stand in for 。 or 、 (any symbol, modifier letter or punctuation
    outside ASCII, the kana block and ``HONEST_MARKS``; not an arrow, an emoji or a digit)."""
    if (
        ch.isascii()
        or ch in HONEST_MARKS
        or _EAST_ASIAN.match(ch)
        or unicodedata.category(ch) not in _SYMBOL_CATEGORIES
    ):
        return False
    name = unicodedata.name(ch, "")
    folded = unicodedata.normalize("NFKC", ch)
    if folded.isascii() and not folded.isalnum():
        return False  # ASCII punctuation to NFKC (﹐ is ,): read by its own shape
    drawn_so = "ARROW" in name or _LINE_NAMES.search(name) or _EMOJI.match(ch)
    return not drawn_so and ch not in ROLE_CHARACTERS and ch not in _CIRCLES  # circles: ``_circles``


#: Letters no Japanese or European text writes alone after a Japanese predicate: the letters of other scripts
#: (Canadian syllabics ᐝ, NKo, Runic …) and the phonetic Latin letters (IPA ʘ, small capitals ᴑ ꜰ); read as 。 in its
#: role only (never as 、: α版, Ω形 keep their letters).
_FOREIGN_LETTER = regex.compile(
    r"[[\p{L}--[\p{Latin}\p{Greek}\p{Cyrillic}\p{Han}\p{Hiragana}\p{Katakana}\p{Common}]]"
    r"\u0250-\u02af\u1d00-\u1dbf\ua720-\ua7ff]",
    regex.V1,
)


#: A katakana letter or ー: a mark between two is inside a word (スㅡパㅡ, ``lookalike`` reads the bar as ー).
_KANA_LETTER = re.compile(r"[ァ-ヺー]")


def held(ch: str) -> bool:
    """Whether ``visible`` keeps a character out of NFKC until its role is read: the look-alikes above, and a symbol
    that may stand in for 。 or 、 which NFKC would turn into a letter (ᴼ is O)."""
    return ch in ROLE_CHARACTERS or (_stand_in(ch) and unicodedata.normalize("NFKC", ch) != ch)


def _lone_quote(text: str, i: int) -> bool:
    """An editorial bracket of the Supplemental Punctuation block (Pi, Pf: ⸌ ⸍ ⸂ ⸉, drawn as a raised comma) with no
    other such mark on its line (round 15): it opens or closes nothing there, so it is a sign standing in a role. The
    quotation marks of writing (“ ” « » ‹ ›, a ” typed twice) keep theirs."""
    if not "\u2e00" <= text[i] <= "\u2e7f" or unicodedata.category(text[i]) not in ("Pi", "Pf"):
        return False
    line = text[text.rfind("\n", 0, i) + 1 :].split("\n", 1)[0]
    return not any(unicodedata.category(ch) in ("Pi", "Pf") and ch != text[i] for ch in line)


def _lone_o(text: str, i: int) -> bool:
    """A Latin o or O, or a zero, alone, no Latin letter or digit beside it (ｏ Ｏ ０ are o O 0 here, after NFKC;
    round 14): a letter no finished predicate takes, so it stands for 。 when the words before it are finished
    (ですｏ歩いて); a zero before a counter or a unit is a number (です0時から)."""
    after = text[i + 1 : i + 2] or " "
    return (
        text[i] in "oO0"
        and not _ASCII_WORD.match(text[i - 1 : i] or " ")
        and not _ASCII_WORD.match(after)
        and not (text[i] == "0" and after in _UNITS)
    )


_ASCII_WORD = re.compile(r"[A-Za-z0-9]")
#: Counters and units a zero may count (0時, 0円, 0%): the zero is a number there.
_UNITS = "時分秒円年月日歳人個回件本枚階度番点割歩台冊匹杯位号倍％%.,．，:："


def _by_role(text: str) -> str:
    """Any symbol standing alone where 。 or 、 stands is read as that mark, whatever its code point (checkers 2.8):
    after a Japanese letter, as 。 where the words before it (back to the last sentence end) end in a predicate's
    final form or a final particle and a new clause, a blank or the line's end follows (駅は近いです⭘歩いて…; a lone
    Latin o in any width too, ですｏ歩いて, round 14); as 、 where they end in a particle, a conjunction or a
    conjunctive form and a content word follows (私は◟毎朝…, 雨なので◞家に…; 評価は◎でした keeps its ◎, a noun
    before です), blanks around it aside. Not in a kaomoji, nor ending the lines of an answer key, nor where
    ``HONEST_MARKS`` are."""
    spots = [
        i
        for i, ch in enumerate(text)
        if (
            _stand_in(ch)
            or _lone_quote(text, i)
            or _lone_o(text, i)
            or (_FOREIGN_LETTER.match(ch) and not _EAST_ASIAN.match(ch))
        )
        and _LETTER.match(text[:i].rstrip(" \u3000")[-1:] or "-")
        and not (_KANA_LETTER.match(text[i - 1 : i] or "-") and _KANA_LETTER.match(text[i + 1 : i + 2] or "-"))
    ]
    if not spots:
        return text
    from lctg_metrics.instructions import morph, spelled  # noqa: PLC0415 - the analyser only when such a symbol is there

    spots = [i for i in spots if i not in spelled.marks(text)]  # テ◆レ◆ビ: a word spelled out, not sentences
    key = _CROSS_MARK.search(text) is not None  # an answer key's grades (◎ △ ×) end its lines

    chars = list(text)
    for i in spots:
        after = text[i + 1 :].lstrip(" \u3000")[:1]  # blanks around it are read through (です ◌ 歩いて, 2.8)
        if after == text[i] or in_parentheses(text, i) or (key and _LINE_END.match(text, i + 1)):
            continue
        before = re.split(r"[。！？!?\n]", text[:i])[-1].rstrip(" \u3000")
        comma = "COMMA" in unicodedata.name(text[i], "")  # a comma of any form stands for 、 only (安い﹐早い)
        ends = not after or after.isspace() or _LETTER.match(after) or after in "」』）)"
        if ends and not comma and morph.ends_finally(before):
            chars[i] = "。"
            continue
        if not (_stand_in(text[i]) or _lone_quote(text, i)):
            continue  # a letter stands for 。 only
        words = morph.analyze(before)
        following = morph.analyze(re.split(r"[。、！？\n]", text[i + 1 :])[0])
        if (
            words
            and (
                words[-1].pos1 in ("助詞", "接続詞")
                or (words[-1].pos1 in ("動詞", "形容詞", "助動詞") and words[-1].form.startswith("連用形"))
            )
            and following
            and following[0].pos1 not in ("助詞", "助動詞", "接尾辞", "補助記号", "記号")
            and _LETTER.match(after or " ")
        ):
            chars[i] = "、"
    return "".join(chars)


def _read_once(text: str) -> str:
    text = _SOUND_MARK.sub(_voiced, text)
    named = {m.end() - 1 for m in _NAMED_DOT.finditer(text)}  # 部首の丶（てん）: the radical, no comma
    text = _LOW_QUOTE_ROLE.sub("、", _COMMA_ROLE.sub(lambda m: m.group() if m.start() in named else "、", text))
    text = _by_role(_circles(_STOP_ROLE.sub("。", text)))
    text = read_zeros(text)  # 晴れです۰ (round 19)
    text = re.sub(r"(?<![ァ-ヺー])ヽ(?=[ぁ-ゖァ-ヺ\u3400-\u9fff])", "、", text)  # not the ヽ of ヽ(´▽`)ノ
    text = _JAPANESE_RING_ROLE.sub(_ring, _RING_ROLE.sub(_ring, text))
    text = _MIDDLE_DOT_ROLE.sub(lambda m: "・" * len(m.group()), text)
    return "".join(
        unicodedata.normalize("NFKC", ch) if ch in _FOLDED_AFTER or held(ch) and ch not in ROLE_CHARACTERS else ch
        for ch in text
    )


def read_roles(text: str) -> str:
    """``text`` with each look-alike read as 、 。 or ・ where it stands in that role (see the module docstring); the
    look-alikes left are folded by NFKC as any other character. Read again until nothing changes (a fold can put a
    blank after a ring: a∘˚), so the view is idempotent."""
    for _ in range(4):
        read = _read_once(text)
        if read == text:
            break
        text = read
    return text


__all__ = [
    "COMMA_LIKE",
    "HONEST_MARKS",
    "JAPANESE",
    "NAMED_COMMAS",
    "NAMED_STOPS",
    "ROLE_CHARACTERS",
    "STOP_LIKE",
    "held",
    "read_roles",
]
