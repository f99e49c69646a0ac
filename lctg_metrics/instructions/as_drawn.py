"""Three things a page draws otherwise than its HTML reads, for the reader's view (``visible``, round 26):

- **code is shown as written**: inside a fenced code block (```` ``` ```` or ``~~~``, to its closing fence or the
  text's end) or an inline code span (`` `…` ``), markup is text a reader sees letter for letter: an HTML comment, a
  tag, a hidden element, an entity. ``code_as_text`` writes the ``<`` that opens a tag or comment and the ``&`` that
  opens an entity there as their full-width forms ＜ ＆, which the view keeps as they are, so that rendering the rest
  of the page neither strips nor decodes them (nor reads a ``<style>`` shown in code as the page's sheet), and the
  view read again is the same text. A comment outside code stays hidden.
- **ruby is drawn above its base**: ``<ruby>ゲ<rt>ge</rt>ー<rt>-</rt>ム<rt>mu</rt></ruby>`` shows ゲーム with its
  reading above, not letters and readings in turn. ``ruby_as_read`` writes a ruby as plain Japanese writes one, the
  base whole and its readings after it in brackets: ゲーム（ge-mu）, 図書館（としょかん）. The ``rp`` fallback is
  hidden before (``hidden``), so a ruby with its own brackets reads the same.
- **a tag named in prose is a word** (round 27): 「HTMLの<title>タグには題名を書きます」 names the tag; a chat shows
  it as written, and nothing after it is hidden. ``named_tags_as_text`` writes the ``<`` of a tag without attributes
  as ＜ where a word naming it follows at once (タグ, 要素: ``<div>要素``, ``</p>タグ``) and, for a start tag, no end
  tag of its own follows that is markup (``<title>タグ…</title>`` stays an element, hidden). Other text after a
  tag, a particle too, is content (``<br>とても``).
"""

from __future__ import annotations

import re

#: A fenced code block (its fence to the closing one of the same mark, or the text's end) or an inline code span.
_CODE = re.compile(
    r"^[ \t]{0,3}(?P<fence>`{3,}|~{3,})[^\n]*\n.*?(?:^[ \t]{0,3}(?P=fence)[`~]*[ \t]*$|\Z)"
    r"|(?P<ticks>`+)(?!`)[^\n]+?(?<!`)(?P=ticks)(?!`)",
    re.MULTILINE | re.DOTALL,
)
#: What HTML would read as markup: a tag or comment opener, an entity.
_MARKUP_START = re.compile(r"<(?=[A-Za-z!/?])|&(?=#?[A-Za-z0-9]{1,31};)")


def code_as_text(text: str) -> str:
    """``text`` with the markup inside code written so that no HTML rendering reads it (see the module docstring)."""
    if "`" not in text and "~~~" not in text:
        return text
    return _CODE.sub(lambda m: _MARKUP_START.sub(lambda s: "＜" if s.group() == "<" else "＆", m.group()), text)


_RUBY = re.compile(r"<ruby\b[^<>]*>(.*?)</ruby\s*>", re.IGNORECASE | re.DOTALL)
#: A reading: an ``rt`` up to its end tag, the next ``rt``, ``rb`` or ``rtc``, or the ruby's end.
_RT = re.compile(r"<rt\b[^<>]*>(.*?)(?:</rt\s*>|(?=<rt\b|<rb\b|</?rtc\b)|\Z)", re.IGNORECASE | re.DOTALL)
_TAG = re.compile(r"<[^<>]*>")


def _ruby(m: re.Match[str]) -> str:
    inner = m.group(1)
    readings = "".join(_RT.findall(inner))
    base = _RT.sub("", inner)
    return base + (f"（{readings}）" if _TAG.sub("", readings).strip() else "")


def ruby_as_read(text: str) -> str:
    """``text`` with each ruby written as its base and its readings after it in brackets (see the module docstring)."""
    return _RUBY.sub(_ruby, text) if "<" in text else text


#: A tag without attributes followed at once by a word naming it (タグ, 要素, エレメント): the tag's name, said. Any
#: other text after a tag, a particle too (<br>とても), is the element's content.
_NAMED = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]*)>(?=[ \t]?(?:タグ|要素|エレメント))")


def _named(text: str, m: re.Match[str]) -> str:
    if not m.group(1):
        for end in re.finditer(rf"</{m.group(2)}\s*>", text[m.end() :], re.IGNORECASE):
            if not _NAMED.match(text, m.end() + end.start()):
                return m.group()  # closed by markup: an element
    return "＜" + m.group()[1:]


def named_tags_as_text(text: str) -> str:
    """``text`` with each tag named in prose written so that no HTML rendering reads it (see the module docstring)."""
    return _NAMED.sub(lambda m: _named(text, m), text) if "<" in text else text


__all__ = ["code_as_text", "named_tags_as_text", "ruby_as_read"]
