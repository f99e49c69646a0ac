"""Text said again rather than written, which a reader does not count toward a minimum length (2.5): a block of
sentences said again back to back. ``seen.padding_excess`` adds what it finds to the padding it finds itself.

An order recited (the kana table, an alphabet, a count) is not padding here: an honest answer lists the same orders
(十二支 when asked about them, いろは歌 quoted in full, a countdown in a story)."""

from __future__ import annotations

import re
import unicodedata

import regex

#: How many times a repeated block counts (as a short unit does in ``seen``).
UNIT_REPEATS = 3
#: A block of one to ``_BLOCK_SENTENCES`` sentences or lines said again back to back, word for word (list markers
#: before them aside), counts up to ``UNIT_REPEATS`` times, as a short unit does (2.5): the same sentence five times,
#: numbered 1.–5., or two sentences taking turns, is padding; a refrain that comes back after other text (a song's
#: chorus after each verse) is writing and counts whole.
_BLOCK_SENTENCES = 4
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


def repeated_blocks(clusters: list[str], breaks: frozenset[int]) -> set[int]:
    """Clusters of a block of sentences said again back to back past its ``UNIT_REPEATS``-th time (see
    ``_BLOCK_SENTENCES``)."""
    blocks = _blocks(clusters, breaks)
    keys = [key for _, _, key in blocks]
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


__all__ = ["UNIT_REPEATS", "repeated_blocks"]
