"""Text said again rather than written, which a reader does not count toward a minimum length (2.5): a block of
sentences said again back to back (2.6: near repeats and fillers between them read through), a list of numbers or
symbols with no words that is the bulk of a text with words (2.6), and filler text after lorem ipsum (2.6).
``seen.padding_excess`` adds what it finds to the padding it finds itself.

An order recited in letters (the kana table, an alphabet, 十二支) is read in ``orders`` (2.7): it counts one row
unless the answer names the order it recites (十二支 when asked about them, いろは歌 quoted as such)."""

from __future__ import annotations

import re
import unicodedata

import regex

#: How many times a repeated block counts (as a short unit does in ``seen``).
UNIT_REPEATS = 3
#: A block of one to ``_BLOCK_SENTENCES`` sentences or lines said again back to back, word for word (list markers
#: before them aside), counts up to ``UNIT_REPEATS`` times, as a short unit does (2.5): the same sentence five times,
#: numbered 1.–5., or two sentences taking turns, is padding; a refrain that comes back after other text (a song's
#: chorus after each verse) is writing and counts whole. 2.6: up to twelve sentences (a block of five said four
#: times), and a block said again with a particle, comma or final particle changed, or with a filler between, is
#: the same block.
_BLOCK_SENTENCES = 12
#: A block of this many letters or fewer is too short to tell from a cry said again (あ。あ。あ！); ``seen`` counts
#: short units itself (two to eight characters back to back).
_SHORT_UNIT = 5
#: What ends a sentence among the clusters, besides a line break.
_SENTENCE_MARKS = frozenset("。！？!?．｡…‥～〜")  # … and ～ close a sentence too (r7)
#: A list marker before a sentence: digits with their dot or bracket, a circled or other number sign (①, ❶, ⑴), a
#: bullet.
_MARKER = re.compile(r"^(?:[(（]?[0-9０-９]{1,3}[.．)）:：、]|[・•\-*])")


def _blocks(clusters: list[str], breaks: frozenset[int]) -> list[tuple[int, int, str]]:
    """The sentences and lines of ``clusters`` as (start, end, key): a sentence ends after a mark or before a line
    break; the key is its text without a list marker (a number sign, ``_MARKER``) before it."""
    out, start = [], 0
    for i in range(len(clusters) + 1):
        if i < len(clusters) and clusters[i] not in _SENTENCE_MARKS and i + 1 not in breaks:
            continue
        end = min(i + 1, len(clusters))
        skip = start
        while skip < end and unicodedata.category(clusters[skip][0]) == "No":
            skip += 1  # ①, ❶, ⑴
        marker = _MARKER.match(unicodedata.normalize("NFKC", "".join(clusters[skip:end])))
        if marker:
            skip += len(regex.findall(r"\X", marker.group(0)))
        if end > start:
            out.append((skip, end, "".join(clusters[skip:end]).rstrip("".join(_SENTENCE_MARKS))))
        start = end
    return out


#: A block of this many letters or fewer between two returns of a block is a filler (はい。ええ。そう。): it does not
#: break the chain of returns (2.6), and is counted itself.
_FILLER = 3
#: What does not change a claim said again (2.6): 読点, blanks and middle dots anywhere, and sentence-final particles
#: and marks at the end (散歩は、体にいいですね。 is 散歩は体にいいです。); って is read as the topic は.
_UNSAID = re.compile(r"[、，,・･\s\u3000]")
_FINAL = re.compile(r"(?:[ねよなわぞぜさ]|[〜～ー…!！?？♪])+$")


def _claim(key: str) -> str:
    """A block's key as the claim it makes (``_UNSAID``, ``_FINAL``): near repeats of one claim read alike."""
    return _FINAL.sub("", _UNSAID.sub("", key)).replace("って", "は")


def repeated_blocks(clusters: list[str], breaks: frozenset[int]) -> set[int]:
    """Clusters of a block of sentences said again back to back past its ``UNIT_REPEATS``-th time (see
    ``_BLOCK_SENTENCES``), a block read as its claim (``_claim``: a particle, a comma or a final particle changed
    each time is the same claim) and fillers between returns skipped (``_FILLER``)."""
    blocks = [block for block in _blocks(clusters, breaks) if len(block[2]) > _FILLER]
    keys = [_claim(key) for _, _, key in blocks]
    out: set[int] = set()
    for size in range(1, _BLOCK_SENTENCES + 1):
        for first in range(len(keys) - size * (UNIT_REPEATS + 1) + 1):
            unit = keys[first : first + size]
            if not all(unit) or (size > 1 and len(set(unit)) == 1) or sum(map(len, unit)) <= _SHORT_UNIT:
                continue
            times = 1
            while keys[first + times * size : first + (times + 1) * size] == unit:
                times += 1
            for extra in range(UNIT_REPEATS, times):
                for start, end, _ in blocks[first + extra * size : first + (extra + 1) * size]:
                    out.update(range(start, end))
    return out


#: A list of numbers or symbols with no words (2、4、6…, 一、二、三…, ∀、∂、∃…; 2.6): at least ``_LIST_TOKENS``
#: items of at most ``_TOKEN_CLUSTERS`` digits, kanji numerals or symbols each, between 読点, commas or middle dots.
#: When it is the bulk of a text that has words besides (more clusters than the rest: 答えは八です。2、4、6…) and
#: stands as a sentence or line of its own (``_APART``), it counts its first ``UNIT_REPEATS`` items only; a countdown
#: inside a story (10、9、…、0 beside the sentences around it) is no bulk, a list inside a sentence (二の段は、2、4、…
#: 18です。) is what the sentence says, and a list that is the whole answer (2、3、5、7、11… when primes are asked) is
#: the answer: all three count whole.
_LIST_TOKENS = 8
_TOKEN_CLUSTERS = 3
_NUMERALS = frozenset("〇零一二三四五六七八九十百千")
_LIST_MARKS = frozenset("、，,・･")


def _token(cluster: str) -> bool:
    return cluster in _NUMERALS or cluster[0].isdigit() or unicodedata.category(cluster[0])[0] == "S"


#: Where a sentence or line ends: a list standing between two of these (or the text's ends) is said on its own; a
#: list inside a sentence (二の段は、2、4、…18です。) is what the sentence says, and counts whole.
_APART = frozenset("。．.！!？?\n")


#: Brackets around a list said on its own (「答えは三です。(1, 2, … 14)」, round 8): skipped like blanks.
_AROUND = frozenset("()（）[]［］【】")


def _stands_apart(clusters: list[str], start: int, end: int) -> bool:
    """Whether ``clusters[start:end]`` is a sentence or line of its own (blanks and brackets around it skipped)."""
    before = next((c for c in reversed(clusters[:start]) if not (c.isspace() or c in _AROUND) or c == "\n"), None)
    after = next((c for c in clusters[end:] if not (c.isspace() or c in _AROUND) or c == "\n"), None)
    return (before is None or before in _APART) and (after is None or after in _APART)


def wordless_lists(clusters: list[str]) -> set[int]:
    """Clusters of a list of numbers or symbols with no words that is the bulk of the text, past its first items
    (see ``_LIST_TOKENS``)."""
    out: set[int] = set()
    i = 0
    while i < len(clusters):
        items, j = [], i
        while j < len(clusters) and _token(clusters[j]):
            start = j
            while j < len(clusters) and _token(clusters[j]):
                j += 1
            items.append((start, j))
            after = j + 1  # a blank after the list mark (「1, 2, 3」, round 8)
            while after < len(clusters) and clusters[after] in (" ", "\u3000"):
                after += 1
            if j < len(clusters) and clusters[j] in _LIST_MARKS and after < len(clusters) and _token(clusters[after]):
                j = after
            else:
                break
        if items and (end := items[-1][1]) > i:
            short = all(b - a <= _TOKEN_CLUSTERS for a, b in items)
            rest = clusters[:i] + clusters[end:]
            words = any(unicodedata.category(c[0])[0] == "L" and c not in _NUMERALS for c in rest)
            apart = _stands_apart(clusters, i, end)
            if len(items) >= _LIST_TOKENS and short and words and apart and end - i > len(rest):
                out.update(range(items[UNIT_REPEATS][0], end))
            i = end
        else:
            i += 1
    return out


#: Filler text (2.6): the Latin that follows the words lorem ipsum, to the end of its run of ASCII, is no writing;
#: the two words themselves count (an answer may name the filler: 「Lorem ipsumとは…」).
_LOREM = re.compile(r"lorem\s*ipsum([\x00-\x7f]*)", re.IGNORECASE)


def filler_text(clusters: list[str]) -> set[int]:
    """Clusters of filler text after lorem ipsum (see ``_LOREM``)."""
    out: set[int] = set()
    text = "".join(c if len(c) == 1 else "\x00" for c in clusters)  # one character per cluster
    for m in _LOREM.finditer(text):
        out.update(range(m.start(1), m.end(1)))
    return out


#: Hiragana morae in a row each drawn out by one mark (しーなーのーがーわー) before they read as stretched speech.
_STRETCHED_MORAE = 3
_STRETCH = re.compile(rf"(?:[ぁ-ゖ][ー〜～]){{{_STRETCHED_MORAE},}}")


def stretched_morae(clusters: list[str]) -> set[int]:
    """Indices of the marks that draw out every mora of a stretch of hiragana, one each (しーなーのーがーわー for
    しなのがわ; round 21): three morae or more in a row, each followed by ー, are the word said slowly, and a reader
    counts the word. Katakana keeps its long marks (スーパーマーケット is written so)."""
    text = "".join(c if len(c) == 1 else "\0" for c in clusters)
    return {m.start() + k for m in _STRETCH.finditer(text) for k in range(1, m.end() - m.start(), 2)}


__all__ = ["UNIT_REPEATS", "filler_text", "repeated_blocks", "stretched_morae", "wordless_lists"]
