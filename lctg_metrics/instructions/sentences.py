"""The one sentence model every checker that counts or reads sentences goes through (counts, 体言止め, unified
endings, です・ます / だ・である, the title-like one-line answer, the inline postscript; 2.3: no checker cuts sentences
on its own).

A response (in the reader's view) is cut into sentences as a reader cuts it:

- at 。！？!?．｡ outside 「」『』 quotations (``boundaries``, 2.2: モーニング娘。の ends none, and a quotation on its
  own, 「晴れです。」「雨です。」, is sentences; 2.3: so is one before a person, 「おはよう」先生が笑った。), at an
  ellipsis ending a line, and at every line break (a line without 。 is a sentence: a list item, a slogan, a line
  of a poem) unless the line ends in 、 (the sentence goes on) or, in prose, is a phrase cut off before the next
  line's clause (2.8: 駅前の / 小さな / パン屋で / パンを買いました。 is one sentence; ``morph.cut_phrase``);
- at a 、 or a blank that splices two sentences: after a finite predicate (です, ます, でした, ました, でしょう, ません,
  だ, である, a plain た after a topic は) when a new clause with its own predicate follows (「今日は晴れです、明日は雨
  です。」 is two; ですが、, ますので、 and ですし、 go on; from checkers 2.1);
- a line with no sentence-final mark at all (as when 句点 is forbidden) is cut at each blank that ends a clause: after
  a final particle or a final-form predicate, or between noun phrases (「今日は晴れです 明日は雨です」 and 「静かな湖
  美しい山」 are two sentences each); blanks between single words (分かち書き 「きょうは いい てんきです」) cut nothing;
- sentences inside an aside （…） or (…) that hold their own 。！？ are sentences too (kind ``aside``): a plain
  sentence hidden in brackets is still read, and many sentences in one bracket still count; one question or
  exclamation in brackets inside a sentence that goes on after it with a particle (彼（本当に彼なのか？）が来た。) is a
  remark, not a sentence (2.8);
- a table's cells are read as text (kind ``cell``), header and rule rows aside; a cell counts as a sentence when it
  ends with 。！？ or in a predicate;
- heading and label lines (``# 見出し``, a wholly bold line, 【見出し】, 「第1章 …」, 「メリット：」) are no sentences,
  list markers are not part of a sentence, pieces without a letter or number are none.

The style checks judge every predicate of these sentences (``predicates``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lctg_metrics.instructions import boundaries, entries, morph
from lctg_metrics.instructions.clause_breaks import clause_breaks, cut
from lctg_metrics.instructions.closing_marks import ends_sentence, laughs
from lctg_metrics.instructions.joins import (
    ONE_MARK,
    cut_off,
    goes_on,
    mark_closes,
    opens_clause,
    quoted_by,
    rejoined,
)
from lctg_metrics.instructions.text import (
    SENTENCE_END,
    drop_quotations,
    has_content,
    is_heading,
    is_terminated,
    strip_emphasis,
    without_marker,
)

#: Kinds of sentence: running text (lines, list items, clauses), a sentence inside an aside, a table cell.
KINDS = ("prose", "aside", "cell")
#: An aside in round, lenticular, square or tortoise-shell brackets (full- or half-width), not nested.
_ASIDE = re.compile(r"[（(【［\[〔]([^（）()【】［］\[\]〔〕\n]*)[)）】］\]〕]")
#: A table row: a line starting with | or, in a table with a |---| rule, a line holding a | (GFM without outer pipes).
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


@dataclass(frozen=True)
class Sentence:
    """One sentence as a reader reads it: its text, its kind (``KINDS``) and whether it ends with 。！？ or
    an ellipsis; ``item``: the whole of a list item's text (round 33)."""

    text: str
    kind: str
    terminated: bool
    item: bool = False


def _is_table(lines: list[str]) -> bool:
    return any(_TABLE_RULE.match(line) and "-" in line for line in lines)


def _table_cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|") if cell.strip()]


def _pieces(line: str) -> list[str]:
    """Sentences of one line of running text: at 。！？, at blanks that end a clause (``clause_breaks``), and at each 、
    that splices two sentences (``spliced``)."""
    if not any(ch in SENTENCE_END for ch in line):
        pieces = [p for piece in cut(line, clause_breaks(line)) for p in boundaries.split(piece)]
    else:
        pieces = boundaries.split(line)
    return rejoined([part for piece in pieces for part in spliced(piece)])


#: Brackets inside which a 、 splices nothing (quoted speech, asides).
_OPENING, _CLOSING = "「『（(【", "」』）)】"


PAUSE_BODY = r"(?:[〜～~]+|…+|‥+|\.{3,}|[・･]{2,}|[―—─━]{2,}|[（(](?:笑|泣|汗|爆|苦笑)[)）]|(?<=[^\x00-\x7f])[wWｗＷ]+)"
PAUSE = PAUSE_BODY + r"(?=[^\s〜～~…‥.・･―—─━wWｗＷ）)])"
#: Marks that join two sentences on a line in place of 。 (2.6): a slash, an arrow, a music note, a star or an emoji,
#: with what follows them written on (「今日は晴れです／明日は雨です」, 「安いぞ→でも…です」, 「楽しいね♪また…」);
#: an ASCII / only between Japanese characters (km/h and dates are not).
JOIN_MARKS = r"(?:[／→⇒⇨➡➔⇢\u2600-\u27bf\U0001f300-\U0001faff\ufe0f\u200d]|(?<=[^\x00-\x7f])/)+"
JOINS = JOIN_MARKS + r"(?=[^\s／/→⇒⇨➡➔⇢\u2600-\u27bf\U0001f300-\U0001faff])"
#: In the sentence model a joining mark may have blanks after it (天気♪␣公園で…; round 26).
_SPACED_JOINS = JOIN_MARKS + r"[ \t\u3000]*(?=[^\s／/→⇒⇨➡➔⇢\u2600-\u27bf\U0001f300-\U0001faff])"
#: A laughter word written in place of 。 (転んだ笑膝をすりむいた笑; round 26), read as one only where the analyser
#: reads it as a word of its own (``closing_marks.laughs``: not 笑顔).
_LAUGHTER_BODY = r"(?:爆笑|笑)+"
LAUGHTER = r"(?<=[^\x00-\x7f\s])" + _LAUGHTER_BODY
#: What may splice two sentences: a 読点 (any width, or an ASCII comma), blanks between two Japanese characters, a
#: joining mark (``JOINS``) or a pause mark.
#: A run of separator marks, with or without blanks around it, between two Japanese characters (「です / 家賃も」,
#: 「です | 部屋も」, 「です - 駅も」, 「です;家賃も」, 「です // 家賃も」; round 13): ASCII or not, it splices like a
#: blank does (after a finite predicate only, so 「東京 - 大阪」 and 「10時 - 12時」 stay whole). A colon introduces
#: what follows and is none.
SPACED_SEPARATOR = r"(?<=[^\x00-\x7f\s])[ \t\u3000]*[/|;+=>&^%@#\\\-｜／；＋＝＞＆−–—]+[ \t\u3000]*(?=[^\x00-\x7f\s])"
_SPLICE = re.compile(
    r"[、，､,]|"
    + SPACED_SEPARATOR
    + r"|(?<=[^\x00-\x7f\s])[ \t\u3000]+(?=[^\x00-\x7f\s])|"
    + _SPACED_JOINS
    + "|"
    + ONE_MARK
    + "|"
    + PAUSE
    + "|"
    + LAUGHTER
)
#: Marks after a predicate that pause when a new clause follows (2.5): a wave dash, an ellipsis (…, ‥, ...,
#: ・・・), a dash run (――), a laughter mark （笑） or w. After a finite predicate (だ, です, ます) they splice two
#: sentences as a 、 does (「今日は晴れだ〜明日は雨だ〜」); after any final form or final particle they end a clause
#: the style checks judge (「安い・・・でも…です。」, 「うまいよ〜まじで…です。」), while
#: 「そうですね…でも行きます。」 stays one sentence.
_PAUSE_MARKS = re.compile(PAUSE_BODY)


def _own_clause(before: str, after: str) -> bool:
    """After a joining mark that ends a plain final form (「安い→」), what follows is a sentence of its own when it
    opens with its own topic or subject (``joins.opens_clause``); after a copula, a polite predicate or a final
    particle (``morph.ends_clause``) it always is."""
    return morph.ends_clause(before) or opens_clause(after)


def _stray_closers(sentence: str, depths: list[int]) -> list[re.Match[str]]:
    """Closing brackets with no opener before them (round 11: 「晴れです」明日は雨です」): a reader sees no quotation
    there, so after a finite predicate one splices two sentences as a 、 does."""
    return [m for m in re.finditer(f"[{_CLOSING}]", sentence) if m.start() == 0 or not depths[m.start() - 1]]


def spliced(sentence: str) -> list[str]:
    """A sentence cut after each 、 (or blank) that ends a finite predicate (``morph.splices``: です, ます, でした,
    ました, でしょう, ません, だ, である, a plain た after a topic は) when a new clause with its own predicate follows:
    「今日は晴れです、明日は雨です。」 and 「今日は晴れです␣明日は雨です。」 are two sentences; ですが、, ますので、,
    ですし、 continue, and a 、 inside 「」 or （） splices nothing. A joining mark (→ ／ ♪) also cuts where it ends a
    clause as the style checks read it (``joins.mark_closes``: 「駅前の店は安い→駅裏の店は…」, 2.7)."""
    depth, depths = 0, []
    for ch in sentence:
        depth += (ch in _OPENING) - (ch in _CLOSING and depth > 0)
        depths.append(depth)
    out, start = [], 0
    for mark in sorted([*_SPLICE.finditer(sentence), *_stray_closers(sentence, depths)], key=lambda m: m.start()):
        at = mark.start()
        before = sentence[start:at]
        pause = _PAUSE_MARKS.fullmatch(sentence, at, mark.end()) is not None  # ｗ after a letter (round 23)
        joining = re.fullmatch(JOIN_MARKS, mark.group(0).rstrip(" \t\u3000")) is not None
        laughing = re.fullmatch(_LAUGHTER_BODY, mark.group(0)) is not None
        if laughing and not laughs(sentence, at, mark.end()):
            continue  # 笑顔: a word, no mark
        rest = sentence[mark.end() :]
        if (
            at > start
            and not depths[at - 1 if pause else at]
            and (
                (
                    (
                        morph.splices(before)
                        or (joining and mark_closes(before, mark.group(0), rest) and _own_clause(before, rest))
                    )
                    and morph.politeness(rest) != "neutral"
                )
                or ((pause or joining or laughing) and ends_sentence(before, mark.group(0), rest))  # 楽しかった♪また…
            )
            and not quoted_by(rest)
        ):
            out.append(sentence[start : mark.end()].strip())
            start = mark.end()
    out.append(sentence[start:].strip())
    return [piece for piece in out if piece]


def _asides(sentence: str) -> list[str]:
    return [
        inner
        for aside in _ASIDE.finditer(sentence)
        if not boundaries.interjected(sentence, aside.span(), aside.group(1))
        for inner in boundaries.split(aside.group(1))
        if any(ch in SENTENCE_END for ch in aside.group(1)) and has_content(inner)
    ]


def _before_label(line: str) -> str:
    """The finished sentences before a label that ends a line (「今日は出かけた。天気は晴れ：」 holds 「今日は
    出かけた。」; 2.8): a label line drops only its label. Empty for any other heading."""
    stripped = line.rstrip()
    if not stripped.endswith(("：", ":")):
        return ""
    masked = boundaries.mask_names(stripped)
    last = max(masked.rfind(mark) for mark in SENTENCE_END)
    head = stripped[: last + 1] if last >= 0 else ""
    return head if has_content(head) and not is_heading(head) else ""


def sentences(text: str) -> list[Sentence]:
    """The sentences of ``text`` (see the module docstring), in reading order."""
    out: list[Sentence] = []
    lines = text.splitlines()
    table = _is_table(lines)
    header_done, carry, prose = False, "", any(ch in SENTENCE_END for ch in text)
    marks = entries.empty_marks(lines)  # 1. / 2. / 3. with nothing after them (round 33)
    for number, line in enumerate(lines):
        stripped = line.strip()
        if not stripped or number in marks:
            header_done = False
            continue
        if stripped.startswith("|") or (table and "|" in stripped):
            if _TABLE_RULE.match(stripped):
                continue
            following = lines[number + 1].strip() if number + 1 < len(lines) else ""
            if not header_done and _TABLE_RULE.match(following):  # the header row: column labels
                header_done = True
                continue
            for cell in _table_cells(stripped):
                for piece in _pieces(strip_emphasis(cell)):
                    if has_content(piece):
                        out.append(Sentence(piece, "cell", is_terminated(piece)))
            continue
        if is_heading(boundaries.mask_names(line) if "。" in line else line):  # 第1章 モーニング娘。の歩み
            line = _before_label(line)
            if not line:
                continue
        pieces = _pieces(without_marker(line))
        item = without_marker(line) != line and len(pieces) == 1 and not carry
        if carry and pieces:
            pieces[0] = carry + pieces[0]
        carry = ""
        following = next((rest for rest in lines[number + 1 :] if rest.strip()), "")
        if pieces and (goes_on(line, pieces[-1]) or (prose and cut_off(line, pieces[-1], following))):
            carry = (
                pieces.pop()
            )  # a sentence does not end in 、, a て-form or a cut phrase (駅前の / 小さな): it goes on
        for piece in pieces:
            if has_content(piece):
                out.append(Sentence(piece, "prose", is_terminated(piece), item))
                out += [Sentence(inner, "aside", is_terminated(inner)) for inner in _asides(piece)]
    if carry and has_content(carry):
        out.append(Sentence(carry, "prose", False))
    return out


def counts(sentence: Sentence) -> bool:
    """Whether a piece is read as a sentence: running text always, but a list item that is a bare noun phrase
    (``entries.bare_noun``: 「・りんご」) or one predicate word alone (``entries.bare_word``: 「・安い」);
    an aside's or a cell's piece when it ends with 。！？ or in a predicate
    (a cell 「月額3000円」 is a value, 「月額3000円です」 a sentence), a cell's not in a terse value (「安い」,
    ``entries.terse``; round 33)."""
    if sentence.kind == "prose":
        return not (sentence.item and (entries.bare_noun(sentence.text) or entries.bare_word(sentence.text)))
    if sentence.terminated:
        return True
    read = morph.politeness(sentence.text)
    return read == "polite" or (read == "plain" and not (sentence.kind == "cell" and entries.terse(sentence.text)))


def counted(text: str) -> list[Sentence]:
    """The sentences a reader counts (``counts``): what ``length:sentences`` counts and every other checker that
    counts or reads sentences reads."""
    return [s for s in sentences(text) if counts(s)]


def prose(text: str) -> list[Sentence]:
    """The sentences of the running text (asides and table cells aside): a line holds prose when this is not empty;
    a postscript on a line is one sentence when it holds one."""
    return [s for s in sentences(text) if s.kind == "prose"]


def own_sentences(text: str) -> list[Sentence]:
    """The writer's own sentences: quotations 「…」『…』 aside, unless the whole answer is quoted (a one-line answer
    in 「」 is the writer's sentence)."""
    return [s for s in sentences(drop_quotations(text)) if counts(s)] or [
        s for s in sentences(unquoted(text)) if counts(s)
    ]


def unquoted(text: str) -> str:
    """A response wholly inside one 「…」 or 『…』 (a one-line answer in quotation marks) without them; others as is."""
    core = text.strip()
    if (
        len(core) > 2
        and (core[0], core[-1]) in (("「", "」"), ("『", "』"))
        and core[1:-1].count(core[0]) == core[1:-1].count(core[-1])
    ):
        return core[1:-1]
    return text


__all__ = [
    "KINDS",
    "Sentence",
    "JOIN_MARKS",
    "JOINS",
    "PAUSE",
    "clause_breaks",
    "cut",
    "counted",
    "counts",
    "own_sentences",
    "prose",
    "sentences",
    "spliced",
    "unquoted",
]
