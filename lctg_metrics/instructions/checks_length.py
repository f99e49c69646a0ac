"""長さ指定 checkers: characters, sentences, lines, paragraphs; and the positional paragraph rule."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from lctg_metrics.instructions import edges, morph, words
from lctg_metrics.instructions.filler import counted_text
from lctg_metrics.instructions.hashtags import tags_as_counted
from lctg_metrics.instructions.hesitations import stalling_only, without_hesitations
from lctg_metrics.instructions.joins import unpadded
from lctg_metrics.instructions.layout_marks import without_layout_marks
from lctg_metrics.instructions.own_places import names_own_place, without_tallies
from lctg_metrics.instructions.read_aloud import without_readings
from lctg_metrics.instructions.registry import MAX, MIN, Param, bounds, instruction
from lctg_metrics.instructions.said_once import counted_lines, distinct_sentences, saying_paragraphs
from lctg_metrics.instructions.sentences import counted
from lctg_metrics.instructions.text import (
    has_content,
    is_heading,
    is_terminated,
    nfkc,
    paragraphs,
    text_chars,
    visible_chars,
)
from lctg_metrics.verdict import Verdict

#: Paragraph separators: blank lines (the default) or markdown rule lines ``***`` (M-IFEval's prompts).
SEPARATOR = Param("separator", "str", "paragraph separator: blank_line or ***", default="blank_line")
#: Opening brackets and decoration skipped before a paragraph's first word (「オリンピック」は… starts with it).
_LEADING = "「『（(【\"'“*#>-・ \u3000"


@instruction(
    "length:chars",
    "長さ指定",
    "number of characters a reader counts within [min, max] (blanks, invisible characters and markup not "
    "counted, nor a markdown layout's marks: a heading's #, a list's bullet, a quotation's >, rules and table "
    "pipes; decorative symbols such as ★☆ and emoji not counted toward the minimum; a run of one mark counts "
    "two, a run of ー, small kana or one letter three, a word repeated back to back three times; toward the "
    "minimum a sentence saying it fills the length, one claim said again with its words moved, a sentence in "
    "another language than a Japanese answer's, content promised for later, a chant after the first item, "
    "a hashtag's # mark and a hashtag restating the prose's word, a report of what was asked or of what the "
    "answer did, a quantity given again in another notation (an era year, 午後 and 15:00 read as theirs), marks "
    "drawing out every hiragana mora (しーなーのー), a numbered saying and a sentence's reading in kana or romaji in "
    "brackets after it not counted, nor a running tally of the answer's own length (（現在二十四字）), and stock "
    "formulas (lead-ins such as 結論から申し上げますと and business closings among them) only as far as the "
    "answer's other text; a sentence's stalling words such as えーと, そうですね, まあ past its first not counted)",
    MIN,
    MAX,
    Param(
        "count_blanks",
        "bool",
        "count every code point of what a reader sees, blanks and line breaks included (M-IFEval's count)",
        default=False,
    ),
    needs_morph=True,
)
def chars(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["count_blanks"]:
        return bounds(len(response), kw["min"], kw["max"], "chars (blanks included)")
    full = visible_chars(without_layout_marks(response))  # no #, bullet, > or table pipe (round 27)
    # a hashtag run counts the words it adds, not its # marks nor the prose's words again (round 18)
    # and a sentence's stalling words (えーと, そうですね, まあ) past its first (round 20)
    # and a sentence's reading in kana or romaji in brackets after it (round 29)
    # and an aside tallying the answer's own length so far, （現在二十四字） (round 30)
    counted_view = without_layout_marks(
        without_hesitations(counted_text(without_readings(tags_as_counted(without_tallies(response)))))
    )
    text = text_chars(counted_view) if kw["min"] is not None else text_chars(response)
    if kw["min"] is not None and text < kw["min"]:
        return Verdict(False, f"{text} chars of text (blanks and decorative symbols not counted) < min {kw['min']}")
    return bounds(full, kw["min"], kw["max"], "chars (blanks not counted)")


@instruction(
    "length:sentences",
    "長さ指定",
    "number of sentences (split at 。！？, ellipses at line end and line breaks, and at blanks between clauses of "
    "a line without 。！？; a quotation inside a sentence kept whole, a quoted line standing on its own read as its "
    "sentences, a 。 or ！ inside a name (モーニング娘。の) ending none; sentences inside （） asides and table cells "
    "ending in 。 or a predicate counted, a cell of a bare verb or adjective (安い) not; heading and label lines, "
    "pieces without letters, list lines of a serial mark alone and list items of a bare noun (・りんご) are no "
    "sentences; a "
    "line ending in ： after a predicate is one; a mark or 笑 written for 。 after a predicate, or after a noun with "
    "its topic, ends one; toward the minimum a sentence said again word for word, its marks, final particles and "
    "serial number aside, counts once, and so does its reading in kana or romaji after it, and a closing sign with "
    "only a copula (以上です, 以上になります) once in any wording, and a sentence only naming its own place "
    "(これが二文目です。) or only stalling (えーと。) past the first not at all)",
    MIN,
    MAX,
    needs_morph=True,
)
def sentence_count(response: str, kw: Mapping[str, Any]) -> Verdict:
    found = counted(response)
    said = [s for s in distinct_sentences(found) if not names_own_place(s.text)]  # これが二文目です。 (round 30)
    stalls = [s for s in said if stalling_only(s.text)]  # えーと。うーん。: the first counts, as in a length (round 36)
    said = [s for s in said if s not in stalls[1:]]
    once = len(said) if kw["min"] is not None else len(found)
    if once < len(found) and kw["min"] is not None and once < kw["min"]:  # one sentence written again (round 22)
        return Verdict(
            False,
            f"{once} sentences, each written again counted once, labels of their own place (二文目です) and "
            f"stalling words alone (えーと。) past the first none "
            f"({len(found)} written) < min {kw['min']}",
        )
    return bounds(len(found), kw["min"], kw["max"], "sentences")


@instruction(
    "length:lines",
    "長さ指定",
    "number of lines holding a letter or number (blank and ---/**** lines not; toward the minimum a line of one or "
    "two letters that is no word alone continues the short line above it: a phrase one kana a line is one line; "
    "a line of only a number or one Latin letter, a label numbering itself (2行目：, 第3行), or standing in for the "
    "line above, a blank or text left out (同上, （空行）, （略）), or only naming a part of the text where it should "
    "stand (（以下、第2段落）) or its own place (これが三行目です), is none; a line said again counts twice at most)",
    MIN,
    MAX,
)
def line_count(response: str, kw: Mapping[str, Any]) -> Verdict:
    written = sum(map(has_content, response.splitlines()))
    read = counted_lines(response)
    if read < written and kw["min"] is not None and read < kw["min"]:  # a phrase one kana a line (round 22)
        return Verdict(
            False,
            f"{read} lines, a phrase broken into letters read as one, lines saying nothing (1, A, 2行目：, 同上) "
            f"and a line said more than twice not counted ({written} written) < min {kw['min']}",
        )
    return bounds(written, kw["min"], kw["max"], "lines")


def _goes_on(paragraph: str, following: str) -> bool:
    """Whether a paragraph of one line is cut mid-sentence and goes on in the next (2.5): it has no sentence-final mark
    and the next starts with a particle or an auxiliary that is no conjunction (「です。」, 「が好きです。」; not
    「だけど」): 「今日は / 晴れ / です。」 with blank lines between is two paragraphs to a reader, not three. A
    line that ends in a particle stays a paragraph of its own: a poem's one-line stanza does
    (君を待つ / いつまでも / 春の駅で)."""
    core = paragraph.strip()
    if not core or "\n" in core or is_terminated(core) or is_heading(core):
        return False
    tail = morph.content_tail(core)
    head = morph.analyze(following.lstrip())
    return (
        bool(tail)
        and bool(head)
        and head[0].pos1 in ("助詞", "助動詞")
        and not following.lstrip().startswith(_CONJUNCTIONS)
    )


#: Conjunctions the analyser reads as an auxiliary or a particle first (だ|けど, で|も).
_CONJUNCTIONS = (
    "だけど",
    "だけれど",
    "だから",
    "だが",
    "だって",
    "でも",
    "ですが",
    "ですから",
    "ですので",
    "では",
    "じゃあ",
    "なので",
)


def _modifies(paragraph: str, following: str) -> bool:
    """Whether a paragraph of one line ends in a verb, adjective or auxiliary that the analyser reads, with the next
    paragraph after it, as modifying the noun that opens the next (2.6: 「駅前に新しくできた / パン屋で…」, 「私が毎朝
    通う / 公園の…」): one sentence cut in two. A next paragraph that opens with a pronoun or a time noun (いつまでも,
    春の駅で) or a topic (放課後は…) starts its own phrase, and a clause holding its object (朝ごはんを食べた) is
    read as a diary's sentence without its 。."""
    core = paragraph.strip()
    if not core or "\n" in core or is_terminated(core) or is_heading(core):
        return False
    tail = morph.content_tail(core)
    if not tail or tail[-1].pos1 not in ("動詞", "形容詞", "助動詞"):
        return False
    words = morph.analyze(core + following.lstrip())
    at = next((i for i, (_, end, _m) in enumerate(morph.spans(core + following.lstrip())) if end == len(core)), -1)
    if at < 0 or at + 1 >= len(words):
        return False
    last, head = words[at], words[at + 1]
    if not (last.form.startswith("連体形") and head.pos1 == "名詞" and head.pos3 != "副詞可能"):
        return False
    if any(m.surface == "を" and m.pos1 == "助詞" for m in words[:at]):
        return False  # 「朝ごはんを食べた / 友達と…」: a clause with its object is a diary's sentence
    after = next((m for m in words[at + 1 :] if m.pos1 not in ("名詞", "接尾辞")), None)
    return not (after is not None and after.surface in ("は", "も"))  # 「…行った / 放課後は…」: a new topic


def _cut(paragraph: str, following: str) -> bool:
    """A one-line paragraph that is a phrase cut off from the next one's clause (``morph.cut_phrase``, 2.8)."""
    core = paragraph.strip()
    return (
        bool(core)
        and "\n" not in core
        and not is_terminated(core)
        and not is_heading(core)
        and (morph.cut_phrase(core, following))
    )


def _joined(parts: list[str]) -> list[str]:
    """Paragraphs with each one that goes on in the next joined to it (``_goes_on``), and, in prose (a 句点 in the
    response: a poem's stanzas may modify across a break), each one that modifies the noun opening the next
    (``_modifies``) or is a phrase cut off before it (``_cut``: 私は / 毎朝 / 走ります。)."""
    out: list[str] = []
    prose = any(is_terminated(part.strip()) for part in parts)
    for part in parts:
        if out and (_goes_on(out[-1], part) or (prose and (_modifies(out[-1], part) or _cut(out[-1], part)))):
            out[-1] = out[-1] + part
        else:
            out.append(part)
    return out


@instruction(
    "length:paragraphs",
    "長さ指定",
    "number of paragraphs (blank-line or *** separated); a one-line paragraph is one with the next when that opens "
    "with a particle or an auxiliary (です。); toward the minimum a paragraph standing in for a blank, the one above "
    "or text left out (（空行）, 同上, （省略）), only naming a part of the text where it should stand (（以下、第2"
    "段落）, （ここに第3段落が入ります）) or only a number or letter is none beside paragraphs that say "
    "something, a heading with no text under it is none, and a paragraph only naming its own place (第三段落です。) "
    "is none even when every paragraph is one",
    MIN,
    MAX,
    SEPARATOR,
    needs_morph=True,
)
def paragraph_count(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["separator"] == "***":  # an empty paragraph between two separators (***\n\n***) is a broken layout
        filled = [bool(part.strip()) for part in re.split(r"(?<!\*)\*{3}(?!\*)", response)]
        if True in filled and not all(filled[filled.index(True) : len(filled) - filled[::-1].index(True)]):
            return Verdict(False, "an empty paragraph between two *** separators")
    found = unpadded(_joined([part for part in paragraphs(response, kw["separator"]) if has_content(part)]))
    said = saying_paragraphs(found)  # （空行）, 同上 alone: no paragraph toward the minimum (round 24)
    if kw["min"] is not None and len(said) < kw["min"] <= len(found):
        return Verdict(False, f"{len(said)} paragraphs saying something ({len(found)} written) < min {kw['min']}")
    return bounds(len(found), kw["min"], kw["max"], f"paragraphs ({kw['separator']}-separated)")


@instruction(
    "rule:nth_paragraph_first_word",
    "ルール指定(非一般)",
    "the n-th paragraph (blank-line separated) starts with a word, as written or as the same token in another "
    "script (更に for さらに), not cut out of a longer word (私立 is no 私); optionally exactly k paragraphs",
    Param("nth", "int", "which paragraph, 1-based", required=True),
    Param("first_word", "str", "the word the paragraph starts with", required=True),
    Param("num_paragraphs", "int", "exact number of paragraphs, if required"),
    SEPARATOR,
    needs_morph=True,
)
def nth_paragraph_first_word(response: str, kw: Mapping[str, Any]) -> Verdict:
    found = paragraphs(response, kw["separator"])
    nth, word, total = kw["nth"], kw["first_word"], kw["num_paragraphs"]
    if nth < 1:
        raise ValueError(f"rule:nth_paragraph_first_word: nth must be >= 1, got {nth}")
    if total is not None and len(found) != total:
        return Verdict(False, f"{len(found)} paragraphs, expected {total}")
    if len(found) < nth:
        return Verdict(False, f"only {len(found)} paragraphs, no paragraph {nth}")
    start = found[nth - 1].lstrip(_LEADING)
    head, key = nfkc(start), nfkc(word)
    cut = head.startswith(key) and edges.cut_short(head, len(key))  # 私立 is no 私: the start checkers' edge (round 34)
    if not cut and (words.starts_with(start, word) or words.starts_with(nfkc(start), nfkc(word))):
        return Verdict(True, f"paragraph {nth} starts with 「{word}」")
    return Verdict(False, f"paragraph {nth} starts with 「{start[: len(word) + 5]}」, not 「{word}」")
