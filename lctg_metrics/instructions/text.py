"""Plain-text analysis shared by the checkers: scripts, sentences, paragraphs, lines, keyword counts.

Everything here is pure Python (no morphological analyzer); ``morph`` adds the analyzer-based parts.
"""

from __future__ import annotations

import re
import unicodedata

from lctg_metrics.instructions.list_marks import EMOJI_BULLET, KEYCAP, kanji_sequence
from lctg_metrics.instructions.seen import is_decoration, text_chars, visible_chars, visible_form  # noqa: F401 (re-exported)

#: Sentence-final punctuation: full-width and half-width 。！？ plus ．(U+FF0E) and ｡(U+FF61).
SENTENCE_END = "。！？!?．｡"
#: Opening → closing brackets inside which a 。 does not end the outer sentence (「」『』（）【】“”).
BRACKETS = {"「": "」", "『": "』", "（": "）", "(": ")", "【": "】", "“": "”"}
_CLOSERS = set(BRACKETS.values())
#: Ellipses end a sentence only at the end of a line (mid-line they are pauses): …, ‥ and ... (3+ dots).
_ELLIPSIS = re.compile(r"(?:…+|‥+|\.{3,})$")
#: Markdown emphasis marks removed by the loose mode (IFEval removes every ``*``; we also drop ``__``).
_EMPHASIS = re.compile(r"\*+|__")
#: Leading markdown decoration of a line: heading marks, block quotes, emphasis.
_LINE_DECORATION = re.compile(r"^\s*(?:#{1,6}\s+|>\s*)?(?:\*\*|__)?")
#: Bullet markers that start a bullet-list item. Symbols count with or without a following space (a line never
#: starts with ・ ● ■ ◆ ★ ◯ … for another reason); 〇 counts unless another 〇 follows (〇〇駅 is a placeholder);
#: dashes and plus signs (- － ‐ – — − + ＋) count without a space unless a digit or another dash follows (-5度 is a
#: number, --- a rule); ``*`` and ``＊`` need a space (``*強調*``). Arrows (→ ⇒) are notes, not markers. An emoji
#: followed by a blank (✅ , 👉 ) is a bullet too (round 23, ``list_marks``).
BULLET_SYMBOLS = "・･•‣◦●○◯◉■□◆◇★☆▪▫▸▹►▶▷▲△▼▽◎✓✔☑♦∙⋅➤➢✦❖"
BULLET_DASHES = "-－‐‑–—−+＋"
BULLET_MARKERS = BULLET_SYMBOLS + BULLET_DASHES + "*＊〇"
_BULLET = re.compile(
    rf"^\s*([{BULLET_SYMBOLS}]|〇(?!〇)|[{re.escape(BULLET_DASHES)}](?=\s|[^\s0-9０-９{re.escape(BULLET_DASHES)}])"
    rf"|[*＊](?=\s)|{EMOJI_BULLET})\s*(?=\S)"
)
#: Kanji numerals that number list items (一、 （二） ㈢).
_KANJI_NUMBER = "[一二三四五六七八九十]+"
#: A numbered-list item: 1. / 1． / 1) / 1） / (1) / （1） / ① / ❶ / ⑴ / ⒈ / ㈠ / ㊀ / Ⅲ., ASCII or full-width digits,
#: and kanji numbers followed by 、 ． . or in brackets (一、 （二）), keycaps (1️⃣, round 23); 「1.5倍」, 「一方、」 and
#: 「一、二年前」 (one or two years) are no items (unless in a sequence: ``list_marks``).
_NUMBERED = re.compile(
    r"^\s*(?:\(?[0-9０-９]+(?:[.．](?![0-9０-９])|[)）])|[（(][0-9０-９]+[)）]"
    r"|[①-⑳㉑-㉟㊱-㊿⑴-⒇⒈-⒛㈠-㈩㊀-㊉❶-❿➀-➓⓫-⓾]|[Ⅰ-Ⅻⅰ-ⅻ](?:[.．)）]|(?=\s))"
    rf"|{KEYCAP}"
    rf"|{_KANJI_NUMBER}[、．.](?!\s*$|[一二三四五六七八九十〇])|[（(]{_KANJI_NUMBER}[)）])"
    r"\s*(?=\S)"
)
#: An item lettered in order rather than numbered: a) (a) a. A． ア． (ア) ア) — one letter or katakana and a mark.
#: Counted only where a 箇条書き admits any enumeration (``list_items(numbered=True)``), not as 番号付き.
_LETTERED = re.compile(
    r"^\s*(?:[（(][a-zA-Zａ-ｚＡ-Ｚア-ン][)）]|[a-zA-Zａ-ｚＡ-Ｚア-ン](?:[.．](?![A-Za-z0-9])|[)）]))"
    r"\s*(?=\S)"
)
_BLANK_LINE = re.compile(r"\n[ \t\u3000]*\n")


def is_hiragana(ch: str) -> bool:
    """ぁ–ゖ, ゔ, the digraph ゟ, the iteration marks ゝゞ and the long-vowel mark ー or its half-width ｰ (used in
    hiragana words too)."""
    return "ぁ" <= ch <= "ゖ" or ch in "ゟゝゞーｰ"


def is_katakana(ch: str) -> bool:
    """ァ–ヺ (incl. ヴ), ヽヾ, ー, the middle dot ・, small ㇰ–ㇿ, half-width ｦ–ﾟ, circled ㋐–㋾ and squared words ㌀–㍗
    (㌔ is キロ)."""
    return (
        "ァ" <= ch <= "ヺ"
        or ch in "ヽヾー・"
        or "ㇰ" <= ch <= "ㇿ"
        or "ｦ" <= ch <= "ﾟ"
        or "㋐" <= ch <= "㋾"
        or "㌀" <= ch <= "㍗"
    )


def is_kanji(ch: str) -> bool:
    """CJK ideographs (unified, extension A, compatibility and its supplement), the radicals a font draws as kanji
    (Kangxi ⽇⼤⼈ and the supplement ⺟⻌; the reader's view folds the Kangxi ones), enclosed ideographs (㈱ ㊊ 🈚; the
    view reads them as their kanji) and the iteration mark 々 and 〆."""
    return (
        "一" <= ch <= "鿿"
        or "㐀" <= ch <= "䶿"
        or "豈" <= ch <= "﫿"
        or "⺀" <= ch <= "\u2fdf"
        or "\U00020000" <= ch <= "\U0003134f"
        or ch in "々〆"
        or _is_enclosed_ideograph(ch)
    )


def _is_enclosed_ideograph(ch: str) -> bool:
    if not ("\u3220" <= ch <= "\u33ff" or "\U0001f200" <= ch <= "\U0001f2ff"):
        return False
    return any("一" <= c <= "鿿" for c in unicodedata.normalize("NFKC", ch))


def is_letter(ch: str) -> bool:
    """A letter of any script (Unicode category L*); punctuation, digits, symbols and blanks are not."""
    return unicodedata.category(ch).startswith("L")


def strip_emphasis(text: str) -> str:
    """Remove markdown emphasis marks (``*``, ``**``, ``__``)."""
    return _EMPHASIS.sub("", text)


def undecorate(line: str) -> str:
    """A line without its markdown heading/quote/emphasis decoration and surrounding blanks."""
    return strip_emphasis(_LINE_DECORATION.sub("", line)).strip()


def lines(text: str) -> list[str]:
    """Non-blank lines, stripped."""
    return [line.strip() for line in text.splitlines() if line.strip()]


def paragraphs(text: str, separator: str = "blank_line") -> list[str]:
    """Non-blank paragraphs: split on blank lines (``blank_line``) or on ``***`` (exactly three asterisks, on a line
    of their own or not, as M-IFEval's prompts ask)."""
    if separator == "blank_line":
        parts = _BLANK_LINE.split(text.replace("\r\n", "\n"))
    elif separator == "***":
        parts = re.split(r"(?<!\*)\*{3}(?!\*)", text)
    else:
        raise ValueError(f"unknown paragraph separator {separator!r}; valid: blank_line, ***")
    return [part.strip() for part in parts if part.strip()]


def _top_level(items: list[str]) -> list[str]:
    items = [line.expandtabs(4) for line in items]
    if not items:
        return []
    top = min(len(line) - len(line.lstrip()) for line in items)
    return [line for line in items if len(line) - len(line.lstrip()) == top]


def bullet_items(text: str) -> list[str]:
    """Lines that are top-level bullet-list items (least indented; nested items and numbered items excluded)."""
    return _top_level([line for line in text.splitlines() if _BULLET.match(line) and not re.match(r"^\s*\*\*", line)])


def list_items(text: str, numbered: bool) -> list[str]:
    """Top-level items of a list written with bullets, or (``numbered``) with bullets or numbers alike: the
    least indented item lines, so sub-items of a numbered list are not counted twice."""
    all_lines = text.splitlines()
    in_sequence = kanji_sequence(all_lines) if numbered else set()  # 一、 二、 三、三分待つ (round 23)
    return _top_level(
        [
            line
            for i, line in enumerate(all_lines)
            if (_BULLET.match(line) and not re.match(r"^\s*\*\*", line))
            or (numbered and (_NUMBERED.match(strip_emphasis(line)) or _LETTERED.match(strip_emphasis(line))))
            or i in in_sequence
        ]
    )


def bullet_marker(line: str) -> str:
    """The marker of a bullet line (``・``, ``-``, ...)."""
    match = _BULLET.match(line)
    return match.group(1) if match else ""


def numbered_items(text: str) -> list[str]:
    """Lines that are numbered-list items (``1.``, ``1)``, ``（1）``, ``①``, ``㈠``, ``一、``; ASCII or full-width
    digits or kanji numbers)."""
    all_lines = text.splitlines()
    in_sequence = kanji_sequence([strip_emphasis(line) for line in all_lines])  # 一、 二、 三、三分待つ (round 23)
    return [
        undecorate(line)
        for i, line in enumerate(all_lines)
        if _NUMBERED.match(strip_emphasis(line)) or i in in_sequence
    ]


def without_list_markers(text: str) -> str:
    """The text with numbered-list markers removed from the line starts (「1. 」 holds no 句点)."""
    return "\n".join(_NUMBERED.sub("", line) for line in text.splitlines())


def split_sentences(text: str) -> list[str]:
    """Pieces cut at the marks alone: at line breaks and at 。！？!?．｡ (runs kept together, closing brackets attached)
    outside brackets; an ellipsis ends a sentence only at the end of a line. Blank pieces are dropped. The step under
    ``boundaries.split``; a checker reads sentences through ``sentences.sentences``, the one sentence model."""
    sentences: list[str] = []
    for line in text.splitlines():
        current: list[str] = []
        depth: list[str] = []
        i = 0
        while i < len(line):
            ch = line[i]
            current.append(ch)
            if ch in BRACKETS and BRACKETS[ch] in line[i + 1 :]:  # a bracket left open on its line protects nothing
                depth.append(BRACKETS[ch])
            elif depth and ch == depth[-1]:
                depth.pop()
            elif ch in _CLOSERS and not depth:
                pass
            elif not depth and ends_here(line, i):
                while i + 1 < len(line) and (line[i + 1] in SENTENCE_END or line[i + 1] in _CLOSERS):
                    i += 1
                    current.append(line[i])
                piece = "".join(current).strip()
                if piece:
                    sentences.append(piece)
                current = []
            i += 1
        piece = "".join(current).strip()
        if piece:
            sentences.append(piece)
    return sentences


def is_terminated(sentence: str) -> bool:
    """Whether a sentence ends with sentence-final punctuation or an ellipsis (closing brackets aside)."""
    core = sentence.rstrip("".join(_CLOSERS) + " \u3000")
    return bool(core) and (core[-1] in SENTENCE_END or bool(_ELLIPSIS.search(core)))


def ends_here(line: str, i: int) -> bool:
    """Whether the mark at ``line[i]`` ends a sentence: 。！？!?．｡, but not the ! or ? of a name written in Latin
    letters with Japanese right after it (Yahoo!ニュース); an ASCII period after a Japanese letter before a blank or the
    line's end does (「晴れです. 雨です.」)."""
    ch, after = line[i], line[i + 1 : i + 2]
    if ch in "!?" and i and line[i - 1].isascii() and line[i - 1].isalpha() and after and not after.isascii():
        return after in SENTENCE_END or unicodedata.category(after)[0] not in "LN"
    if ch == ".":
        return bool(i) and not line[i - 1].isascii() and not line[i - 1].isspace() and (not after or after.isspace())
    return ch in SENTENCE_END


#: Decoration after a sentence's last word: emoji and symbols (😊, ♪, ☆) and a laughter or feeling mark in brackets
#: (（笑）, (汗)).
_TRAILING_MARKS = re.compile(r"(?:[（(](?:笑|汗|泣|涙|爆|苦笑|照)[)）]|[️‍])+$")


def _without_decoration(body: str) -> str:
    previous = None
    while previous != body:
        previous = body
        body = _TRAILING_MARKS.sub("", body).rstrip()
        while body and unicodedata.category(body[-1]) in ("So", "Sk"):
            body = body[:-1].rstrip()
    return body


def sentence_body(sentence: str) -> str:
    """A sentence without trailing punctuation (a colon written for 。 too: 「以下の通りです：」; the 、 of a comma
    splice), ellipsis, closing brackets, emphasis, blanks, emoji and symbols, laughter marks in brackets, and an aside
    after its predicate (2.5)."""
    body = strip_emphasis(sentence).rstrip()
    previous = None
    while previous != body:
        previous = body
        body = _TRAILING_ASIDE.sub("", body)
        body = _ELLIPSIS.sub("", _without_decoration(body)).rstrip(
            SENTENCE_END + "".join(_CLOSERS) + " \u3000〜~：:、，,"
        )
    return body


#: An aside closing a sentence after its predicate (「首都だ（詳しくは後述です）。」, 「千円です（税込）。」): the
#: predicate is before it (2.5).
_TRAILING_ASIDE = re.compile(r"(?<=[^\s（(])[（(][^（）()\n]*[)）]\s*(?=[。．｡！？!?]*$)")


def drop_quotations(text: str) -> str:
    """Text with 「…」 and 『…』 quotations removed (quoted sentences do not obey the writer's style). A quotation may
    span lines (a letter or diary quoted over several lines is someone's words, 2.6); its line breaks are kept."""
    return re.sub(r"「[^「」]*」|『[^『』]*』", lambda m: "\n" * m.group(0).count("\n"), text)


#: A section heading line: 第N章/節/項/部/編 (digits or 漢数字) at the line start and no 。 in the line.
_SECTION_HEADING = re.compile(r"^[【「\[［]?第[0-9０-９〇零一二三四五六七八九十百]+[章節項部編][^。]*$")
#: A heading line wholly in a heading bracket: 【メリット】 ＜まとめ＞ 〈概要〉 ［注意］ 『春の旅』.
_BRACKET_HEADING = re.compile(r"【[^【】]+】|＜[^＜＞]+＞|〈[^〈〉]+〉|［[^［］]+］|『[^『』]+』")


def _is_label(core: str) -> bool:
    """A line ending in ：/: is a label (「メリット：」, 「作り方は以下の通り：」) unless the words before the colon end
    in a predicate (「以下にまとめました：」, 「次のようになる：」): that is a sentence written with a
    colon for its 。."""
    if not core.endswith(("：", ":")):
        return False
    from lctg_metrics.instructions import morph  # noqa: PLC0415 - the analyzer is an optional extra

    return morph.politeness(core.rstrip("：: \u3000")) == "neutral"


def is_heading(line: str) -> bool:
    """A heading rather than a sentence: a markdown heading, a wholly bold line (not one ending in 。: a sentence in
    bold is a sentence, 2.8), a line wholly in 『』【】＜＞〈〉［］,
    a table row, a section heading (「第1節 メリット」) or a label line ending in ：/: without a predicate
    (「ポイント：」; 「以下にまとめました：」 is a sentence)."""
    stripped = line.strip()
    core = strip_emphasis(stripped).strip()
    return (
        stripped.startswith(("#", "|"))
        or bool(_BRACKET_HEADING.fullmatch(core))
        or (bool(re.fullmatch(r"(\*\*|__)[^*_]+(\*\*|__)", stripped)) and not core.rstrip().endswith(("。", "．")))
        or bool(_SECTION_HEADING.match(core))
        or _is_label(core)
    )


def has_content(piece: str) -> bool:
    """Whether a piece holds a letter or a number (a line of only ``******``, ``---`` or 「。」 is no sentence)."""
    return any(unicodedata.category(ch)[0] in "LN" for ch in piece)


def without_marker(line: str) -> str:
    """A line without its bullet or numbered-list marker."""
    return _BULLET.sub("", _NUMBERED.sub("", line))


def nfkc(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def count_occurrences(text: str, word: str) -> int:
    """Non-overlapping occurrences of ``word`` in ``text``, as written, after NFKC on both sides, or in the visible
    form (invisible characters and markup removed; ``seen.visible_form``), whichever finds more: ＡＩ/AI,
    full-width/half-width forms and a word with a zero-width space or an HTML tag inside all match."""
    if not word:
        raise ValueError("keyword must be a non-empty string")
    return max(text.count(word), nfkc(text).count(nfkc(word)), visible_form(text).count(visible_form(word)))


def loose_variants(response: str) -> list[tuple[str, str]]:
    """IFEval's loose variants, named: the response, without its first line, without its last line,
    without both, and each of those without markdown emphasis marks. Empty variants are dropped."""
    parts = response.split("\n")
    base = [
        ("as is", response),
        ("without first line", "\n".join(parts[1:]).strip()),
        ("without last line", "\n".join(parts[:-1]).strip()),
        ("without first and last lines", "\n".join(parts[1:-1]).strip()),
    ]
    named = base + [(f"{name}, no emphasis", strip_emphasis(text)) for name, text in base]
    return [(name, text) for name, text in named if text.strip()]


__all__ = [
    "BULLET_MARKERS",
    "SENTENCE_END",
    "bullet_items",
    "bullet_marker",
    "count_occurrences",
    "drop_quotations",
    "has_content",
    "is_decoration",
    "list_items",
    "text_chars",
    "visible_chars",
    "without_list_markers",
    "is_heading",
    "is_hiragana",
    "is_kanji",
    "is_katakana",
    "is_letter",
    "is_terminated",
    "lines",
    "loose_variants",
    "nfkc",
    "numbered_items",
    "paragraphs",
    "sentence_body",
    "ends_here",
    "split_sentences",
    "strip_emphasis",
    "undecorate",
    "without_marker",
]
