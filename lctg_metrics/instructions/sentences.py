"""The one sentence model every sentence-level checker reads (counts, 体言止め, unified endings, です・ます / だ・である).

A response (in the reader's view) is cut into sentences as a reader cuts it:

- at 。！？!?．｡ outside 「」『』 quotations, at an ellipsis ending a line, and at every line break (a line without 。 is
  a sentence: a list item, a slogan, a line of a poem) unless the line ends in 、 (the sentence goes on);
- a line with no sentence-final mark at all (as when 句点 is forbidden) is cut at each blank between two Japanese
  characters: 「今日は晴れです 明日は雨です」 is two sentences, as the reader pauses there;
- sentences inside an aside （…） or (…) that hold their own 。！？ are sentences too (kind ``aside``): a plain
  sentence hidden in brackets is still read, and many sentences in one bracket still count;
- a table's cells are read as text (kind ``cell``), header and rule rows aside; a cell counts as a sentence when it
  ends with 。！？ or in a predicate;
- heading and label lines (``# 見出し``, a wholly bold line, 【見出し】, 「第1章 …」, 「メリット：」) are no sentences, list
  markers are not part of a sentence, pieces without a letter or number are none.

The style checks judge every predicate: each sentence, each blank-separated clause inside one (「楽しいね 明日も
行きます。」 holds a plain 「楽しいね」) and each clause a 、 splices after a final-form predicate (「雨だ、」).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.text import (SENTENCE_END, drop_quotations, has_content, is_heading, is_terminated,
                                            split_sentences, strip_emphasis, without_marker)

#: Kinds of sentence: running text (lines, list items, clauses), a sentence inside an aside, a table cell.
KINDS = ("prose", "aside", "cell")
#: Blanks between two Japanese (non-ASCII) characters: where a line without 句点 pauses between clauses.
_CLAUSE_BREAK = re.compile(r"(?<=[^\x00-\x7f\s])[ \t\u3000]+(?=[^\x00-\x7f\s])")
#: 読点: a line ending in one goes on in the next line (a list of clauses 「1. 声を上げ、」 … 「5. 続けます。」 is one
#: sentence).
_COMMAS = ("、", "，", ",", "､")
#: An aside in round, lenticular, square or tortoise-shell brackets (full- or half-width), not nested.
_ASIDE = re.compile(r"[（(【［\[〔]([^（）()【】［］\[\]〔〕\n]*)[)）】］\]〕]")
#: A table row: a line starting with | or, in a table with a |---| rule, a line holding a | (GFM without outer pipes).
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


@dataclass(frozen=True)
class Sentence:
    """One sentence as a reader reads it: its text, its kind (``KINDS``) and whether it ends with 。！？ or an ellipsis."""

    text: str
    kind: str
    terminated: bool


def _is_table(lines: list[str]) -> bool:
    return any(_TABLE_RULE.match(line) and "-" in line for line in lines)


def _table_cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|") if cell.strip()]


def _pieces(line: str) -> list[str]:
    """Sentences of one line of running text: at 。！？, and at blanks between clauses when the line has no 。！？."""
    if not any(ch in SENTENCE_END for ch in line):
        line = _CLAUSE_BREAK.sub("\n", line)
    return split_sentences(line)


def _asides(sentence: str) -> list[str]:
    return [inner for aside in _ASIDE.finditer(sentence) for inner in split_sentences(aside.group(1))
            if any(ch in SENTENCE_END for ch in aside.group(1)) and has_content(inner)]


def sentences(text: str) -> list[Sentence]:
    """The sentences of ``text`` (see the module docstring), in reading order."""
    out: list[Sentence] = []
    lines = text.splitlines()
    table = _is_table(lines)
    header_done, carry = False, ""
    for number, line in enumerate(lines):
        stripped = line.strip()
        if not stripped:
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
        if is_heading(line):
            continue
        pieces = _pieces(without_marker(line))
        if carry and pieces:
            pieces[0] = carry + pieces[0]
        carry = ""
        if pieces and pieces[-1].rstrip().endswith(_COMMAS):  # a sentence does not end in 、: it goes on
            carry = pieces.pop()
        for piece in pieces:
            if has_content(piece):
                out.append(Sentence(piece, "prose", is_terminated(piece)))
                out += [Sentence(inner, "aside", is_terminated(inner)) for inner in _asides(piece)]
    if carry and has_content(carry):
        out.append(Sentence(carry, "prose", False))
    return out


def counts(sentence: Sentence) -> bool:
    """Whether a piece is read as a sentence: running text always; an aside's or a cell's piece when it ends with
    。！？ or in a predicate (a cell 「月額3000円」 is a value, 「月額3000円です」 a sentence)."""
    return sentence.kind == "prose" or sentence.terminated or morph.politeness(sentence.text) != "neutral"


def own_sentences(text: str) -> list[Sentence]:
    """The writer's own sentences: quotations 「…」『…』 aside, unless the whole answer is quoted (a one-line answer
    in 「」 is the writer's sentence)."""
    return [s for s in sentences(drop_quotations(text)) if counts(s)] or [
        s for s in sentences(unquoted(text)) if counts(s)]


def clauses(sentence: str) -> list[str]:
    """A sentence cut at each blank between two Japanese characters and at each 、 after a predicate in its final form
    (「明日は雨だ、明後日は曇りです。」 splices two sentences): the predicates a style check judges."""
    out = []
    for piece in _CLAUSE_BREAK.split(sentence):
        start = 0
        for comma in re.finditer("[、，,]", piece):
            if morph.ends_clause(piece[start:comma.start()]):
                out.append(piece[start:comma.end()])
                start = comma.end()
        out.append(piece[start:])
    return [piece for piece in out if has_content(piece)]


def unquoted(text: str) -> str:
    """A response wholly inside one 「…」 or 『…』 (a one-line answer in quotation marks) without them; others as is."""
    core = text.strip()
    if len(core) > 2 and (core[0], core[-1]) in (("「", "」"), ("『", "』")) and core[1:-1].count(core[0]) == core[1:-1].count(core[-1]):
        return core[1:-1]
    return text


__all__ = ["KINDS", "Sentence", "clauses", "counts", "own_sentences", "sentences", "unquoted"]
