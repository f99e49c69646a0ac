"""The reader's view: the text a checker reads is what a person sees once the response is rendered.

``visible(text)`` renders markup (HTML comments outside code (``as_drawn``: code shows its markup as written, and a
ruby its base whole with the reading after it, round 26), hidden elements (``hidden``: by attribute, a conventional
hiding class, or declarations, inline or from the response's own ``<style>``, that leave the text unseen), tags and
attributes, link URLs, inline markdown emphasis and code marks out; CSS generated content and right-to-left overrides
drawn as shown; ``<br>`` and block elements as line breaks; a closed drop-down as its one shown option, round 11, and
an option with a ``label`` as its label, round 23; entities decoded), folds the compatibility forms a font draws as
the same letter (NFKC for letters and digits, Kangxi and supplement radicals, ㊊ 🈚 as their kanji, ㈱ as
（株）, the small kana of the extension blocks as their kana), reads look-alike punctuation by its role (``roles``:
‚ ، ❟ as 、, ⸰ ◦ ₒ ۔ as 。, · as ・), turns lines of blanks of any kind into blank lines and drops zero-width
characters. Block structure (headings, list markers,
tables, ``***`` rules, wholly bold heading lines) is kept, so the sentence, paragraph and heading rules still see it.

``markup(text)`` is the lighter view the format checkers read: only what no renderer shows is removed (HTML comments,
hidden elements, zero-width characters, blank-only lines), markdown and tags stay as written.

Each checker declares which view it reads (``registry.instruction(..., reads=...)``); the registry passes it.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Callable
from functools import lru_cache

import regex

from lctg_metrics.instructions.as_drawn import code_as_text, named_tags_as_text, ruby_as_read
from lctg_metrics.instructions.hidden import without_hidden
from lctg_metrics.instructions.roles import held, read_roles
from lctg_metrics.instructions.signs import ENCLOSED_SIGNS

#: HTML element names a renderer knows; ``<名前>`` or ``<T>`` placeholders are text, not tags.
_BLOCK_TAGS = (
    "address|article|aside|blockquote|dd|details|dialog|div|dl|dt|fieldset|figcaption|figure|footer|form|"
    "h[1-6]|header|hgroup|hr|li|main|nav|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul|caption"
)
_INLINE_TAGS = (
    "a|abbr|b|bdi|bdo|big|cite|code|data|del|dfn|em|font|i|img|ins|kbd|label|mark|q|rp|rt|rb|rtc|ruby|s|samp|"
    "small|span|strike|strong|sub|sup|time|tt|u|var|wbr|center|html|body|meta|link|title|input|button|svg|"
    "picture|source|video|audio|iframe|object|embed|canvas|col|colgroup|nobr|blink|marquee|"
    "text|tspan|textPath|g|rect|circle|ellipse|line|polyline|polygon|path|use|foreignObject|"
    "textarea|select|option|optgroup|output"
)
_PARAGRAPH_TAG = re.compile(r"</?p\b[^<>]*>", re.IGNORECASE)
_BREAK_TAG = re.compile(rf"</?(?:br|{_BLOCK_TAGS})\b[^<>]*>", re.IGNORECASE)
_INLINE_TAG = re.compile(rf"</?(?:{_INLINE_TAGS})\b[^<>]*>", re.IGNORECASE)
#: Any other tag that carries attributes (``<x-note data-a="1">``) is markup too.
_ATTRIBUTE_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9-]*\s+[A-Za-z-]+\s*=[^<>]*>")
_ENTITY = re.compile(r"&(?:[A-Za-z][A-Za-z0-9]{1,30}|#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6});")
#: Markdown: images (no text shown), links and autolinks (text kept, URL out), reference definitions and
#: ``[//]: #`` comments (not shown), code fences (the fence line is not shown, the code is).
_IMAGE = re.compile(r"!\[([^\[\]\n]*)\]\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\)")
_LINK = re.compile(r"\[([^\[\]\n]*)\]\([^()\n]*(?:\([^()\n]*\)[^()\n]*)*\)")
_REF_LINK = re.compile(r"\[([^\[\]\n]+)\]\[[^\[\]\n]*\]")
_DEFINITION = re.compile(
    r"^ {0,3}\[[^\]\n]+\]:[ \t]*(?:<[^<>\n]*>|(?:[a-z][a-z0-9+.-]*:|www\.|/|#)\S*)"
    r"(?:[ \t]+(?:\"[^\"\n]*\"|'[^'\n]*'|\([^()\n]*\)))?[ \t]*$",
    re.MULTILINE,
)
#: A footnote's label, rendered as a number (``[^環境]`` and its definition's ``[^環境]:``).
_FOOTNOTE_LABEL = re.compile(r"\[\^[^\[\]\n]+\]:?[ \t]?")
_FENCE_LINE = re.compile(r"^[ \t]*(?:```|~~~)[^\n`]*$", re.MULTILINE)
#: Inline emphasis, strike-through and code marks around text (the text stays): **x**, *x*, __x__, ~~x~~, `x`.
#: A line that is wholly bold is a heading and keeps its marks (``text.is_heading`` reads them).
_EMPHASIS = re.compile(r"(?<![*_~`])(\*\*|\*|__|~~|`+)(?![*_~`\s])(.*?[^*_~`\s])\1(?![*_~`])")
_BOLD_LINE = re.compile(r"^\s*(\*\*|__)[^*_\n]+\1\s*$")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")

#: Characters that render nothing: format controls (Cf: zero-width space and joiners, soft hyphen, word joiner, BOM,
#: bidi and tag characters), the combining grapheme joiner, variation selectors of any block (the Mongolian free ones
#: too) and the other default-ignorable code points, assigned or not (round 22). ZWJ stays between two symbols
#: (it builds one emoji out of several).
_ZWJ = "\u200d"
#: Characters that render as a blank (no-break and other spaces, Hangul fillers, the Braille blank, Khmer inherent
#: vowels, the ogham space mark): read as a space.
_BLANK_GLYPHS = "\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5"
_BLANK = re.compile(f"[{_BLANK_GLYPHS}]")
_BLANK_LINE = re.compile(r"^[ \t\f\v]+$", re.MULTILINE)
_LINE_BREAKS = re.compile("\r\n|[\r\u2028\u2029\x85\x0b\x0c]")

#: Compatibility forms kept as written because their role differs from their NFKC letters: full-width punctuation and
#: brackets (（） are what 全角 furigana asks for), ellipses (… is one character, not three dots), Roman numerals and
#: circled or parenthesised numbers (numbers other than 漢数字, one character each), the ideographic space.
_KEEP = re.compile(
    r"[\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff60\u2024-\u2026\u2160-\u2188\u2460-\u24ff"
    r"\u2776-\u2793\u3000\u3251-\u325f\u32b1-\u32bf]"
)
#: Enclosed ideographs (㊊ 🈚 🉐) are read as the kanji inside, one character as on the page; the signs of a company
#: type (㈱ ㈲, ``signs.ENCLOSED_SIGNS``) as the kanji in brackets, （株）.
_ENCLOSED = re.compile(
    r"[\u3220-\u3247\u3280-\u32b0\u32c0-\u32cb\u3358-\u3370\U0001f210-\U0001f251\U0001f200-\U0001f202]"
)

#: Small kana of the extension blocks (Katakana Phonetic Extensions ㇰ-ㇿ, written for Ainu, and the Small Kana
#: Extension's small こ コ ゐ ゑ を ヰ ヱ ヲ ン), which no Japanese word writes small: a reader reads ㇿボット as
#: ロボット, the small letter as its kana (round 22). NFKC folds none of them. The small kana of the kana blocks
#: (ァ ッ ャ, ヵ ヶ) spell sounds of their own and stay.
_SMALL_EXTENDED = {
    chr(code): unicodedata.lookup(unicodedata.name(chr(code)).replace("SMALL ", ""))
    for code in [*range(0x31F0, 0x3200), *range(0x1B130, 0x1B170)]
    if "SMALL" in unicodedata.name(chr(code), "")
} | {"\U0001b132": "こ", "\U0001b155": "コ"}  # Unicode 15's small ko, named after the unicodedata of older Pythons


@lru_cache(maxsize=4096)
def _fold_char(ch: str) -> str:
    """The character as its role and shape are read (see the module docstring)."""
    if ch in _SMALL_EXTENDED:  # ㇿ is ロ (round 22)
        return _SMALL_EXTENDED[ch]
    if held(ch):  # read by role in ``roles.read_roles``, then folded (ᴼ after です is 。, 2.8)
        return ch
    if ch in ENCLOSED_SIGNS:  # ㈱ is （株）, the sign of 株式会社, as Japanese writes it without the glyph (2.7)
        return f"（{ENCLOSED_SIGNS[ch]}）"
    if _ENCLOSED.match(ch):
        folded = unicodedata.normalize("NFKC", ch)
        if any(c.isdigit() for c in folded):  # a telegraph sign: ㋉ is 10月, ㍘ 0点, its number in digits
            return folded
        return "".join(c for c in folded if _is_ideograph(c)) or ch
    if "\u2e80" <= ch <= "\u2fdf":  # radicals: Kangxi ones fold to their kanji; the supplement's stay (already kanji)
        return unicodedata.normalize("NFKC", ch)
    if _KEEP.match(ch):
        return ch
    return unicodedata.normalize("NFKC", ch)


def _is_ideograph(ch: str) -> bool:
    return "一" <= ch <= "鿿" or "㐀" <= ch <= "䶿" or "\U00020000" <= ch <= "\U0003134f"


def _marks_on_kana_and_kanji(text: str) -> str:
    """Combining marks left on a kana or kanji after NFC (an underline, an accent: decoration a reader reads
    through) are dropped; Latin keeps its accents (café). The enclosing circle ⃝ (U+20DD) draws a ring where 。 stands
    and is read by its role (round 12)."""
    return re.sub(
        r"(?<=[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff])"
        r"[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20dc\u20de-\u20ff]+",
        "",
        text,
    )


#: Candidates for removal (decided one by one in ``_drop``): format and control characters and every default-ignorable
#: code point of Unicode (CGJ, variation selectors of any block, the Mongolian free variation selectors, and the
#: reserved and unassigned ones, which a renderer draws as nothing; round 22), but the blank-drawing fillers, which
#: are read as a space (``_BLANK_GLYPHS``).
_CANDIDATE = regex.compile(rf"[\p{{Cf}}\p{{Cc}}\p{{Default_Ignorable_Code_Point}}--[{_BLANK_GLYPHS}]]", regex.V1)


def _drop(match: regex.Match[str]) -> str:
    text, i = match.string, match.start()
    ch = match.group()
    if ch in "\n\t\r\x0b\x0c\x85":  # blanks and line breaks (the line-break ones are made \n afterwards)
        return ch
    if ch == _ZWJ:  # kept inside an emoji sequence, dropped beside a letter or digit
        before, after = text[i - 1 : i], text[i + 1 : i + 2]
        keep = (
            before
            and after
            and not (
                unicodedata.category(before)[0] in "LN"
                or unicodedata.category(after)[0] in "LN"
                or before.isspace()
                or after.isspace()
            )
        )
        return ch if keep else ""
    if ch == "\ufe0f" and i and unicodedata.category(text[i - 1])[0] in "SN":  # emoji presentation
        return ch
    return ""


#: A right-to-left override up to its pop (or the line's end): its letters are shown in reverse order (‮境環‬ reads 環境).
_RTL_OVERRIDE = re.compile("\u202e([^\u202c\u202d\u202e\n]*)\u202c?")


def _invisible_out(text: str) -> str:
    if "\u202e" in text:
        text = _RTL_OVERRIDE.sub(lambda m: m.group(1)[::-1], text)
    return _CANDIDATE.sub(_drop, text)


def _blank_lines(text: str) -> str:
    return _BLANK_LINE.sub("", _BLANK.sub(" ", _LINE_BREAKS.sub("\n", text)))


#: A drop-down (``<select>`` without ``multiple`` or a ``size`` over 1) shows one option when closed: the selected
#: one, else the first (round 11); a list box shows them all.
_SELECT = re.compile(r"<select\b([^<>]*)>(.*?)</select\s*>", re.IGNORECASE | re.DOTALL)
_OPTION = re.compile(r"<option\b([^<>]*)>(.*?)(?=<option\b|</option\s*>|</?optgroup\b|$)", re.IGNORECASE | re.DOTALL)
_LIST_BOX = re.compile(r"\bmultiple\b|\bsize\s*=\s*[\"']?\s*(?:[2-9]|[1-9][0-9]+)", re.IGNORECASE)


_LABEL = re.compile(r"""\blabel\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))""", re.IGNORECASE)


def _option_shown(m: re.Match[str]) -> str:
    """An option as drawn: its ``label`` attribute when not empty (the label is shown, its text is not: round 23)."""
    found = _LABEL.search(m.group(1))
    label = html.unescape(next((g for g in found.groups() if g is not None), "")) if found else ""
    return m.group(0) if not label.strip() else f"<option{m.group(1)}>{html.escape(label, quote=False)}"


def _closed_select(m: re.Match[str]) -> str:
    inner = _OPTION.sub(_option_shown, m.group(2))
    options = _OPTION.findall(inner)
    if not options or _LIST_BOX.search(m.group(1)):
        return m.group(0)[: m.start(2) - m.start()] + inner + m.group(0)[m.end(2) - m.start() :]
    return next((o for o in options if re.search(r"\bselected\b", o[0], re.IGNORECASE)), options[0])[1]


def _render_html(text: str) -> str:
    text = ruby_as_read(without_hidden(named_tags_as_text(code_as_text(text))))  # code, ruby (r26), tags named (r27)
    text = _SELECT.sub(_closed_select, text)
    text = _PARAGRAPH_TAG.sub("\n\n", text)
    text = _BREAK_TAG.sub("\n", text)
    text = _ATTRIBUTE_TAG.sub("", _INLINE_TAG.sub("", text))
    return _ENTITY.sub(lambda m: html.unescape(m.group()), text)


def _render_markdown(text: str) -> str:
    text = _DEFINITION.sub("", _FENCE_LINE.sub("", text))
    text = _FOOTNOTE_LABEL.sub("", text)
    text = _IMAGE.sub("", text)
    previous = None
    while previous != text:
        previous = text
        text = _REF_LINK.sub(r"\1", _LINK.sub(r"\1", text))
    text = re.sub(r"<((?:https?|ftp|mailto):[^<>\s]+)>", r"\1", text)
    lines = []
    for line in text.split("\n"):
        if not _BOLD_LINE.match(line):
            previous = None
            while previous != line:
                previous = line
                line = _EMPHASIS.sub(r"\2", line)
        lines.append(_ESCAPE.sub(r"\1", line))
    return "\n".join(lines)


@lru_cache(maxsize=2048)
def visible(text: str) -> str:
    """What a reader sees of ``text`` (see the module docstring). Pure and idempotent on its own output."""
    text = _render_markdown(_render_html(_invisible_out(text)))
    text = unicodedata.normalize("NFC", "".join(_fold_char(ch) for ch in _invisible_out(text)))
    return _blank_lines(read_roles(_marks_on_kana_and_kanji(text)))


@lru_cache(maxsize=2048)
def markup(text: str) -> str:
    """``text`` without what no renderer shows (comments, hidden elements, zero-width characters; blank-only lines made
    empty); markdown, tags, line breaks and the characters as written are kept (a JSON string may hold U+0085)."""
    return _BLANK_LINE.sub("", _BLANK.sub(" ", _invisible_out(without_hidden(text))))


#: The views a checker may read, by name.
VIEWS: dict[str, Callable[[str], str]] = {"visible": visible, "markup": markup, "raw": lambda text: text}

__all__ = ["VIEWS", "markup", "visible"]
