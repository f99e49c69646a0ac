"""Text said again or recited rather than written, which a reader does not count toward a minimum length (2.5): a
block of sentences said again back to back, an order recited (the kana table, an alphabet, the digits), a count said
out loud (1、2、3、…). ``seen.padding_excess`` adds what these find to the padding it finds itself."""

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
_SENTENCE_MARKS = frozenset("。！？!?．｡")
#: A list marker before a sentence: digits with their dot or bracket, a circled or other number sign (①, ❶, ⑴), a
#: bullet.
_MARKER = re.compile(r"^(?:[(（]?[0-9０-９]{1,3}[.．)）:：、]|[・•\-*])")
#: Orders a reader recites rather than writes (2.5): the kana table read by rows (あいうえお…) or by columns
#: (あかさたな…いきしちに…), いろは, the alphabets (Latin, Greek), the digits and weekdays and the zodiac signs (round
#: again after the last), the kanji numerals and the ten stems, forwards or backwards. A run of more than
#: ``_SEQUENCE_KEPT`` clusters each next to the one before in one of them counts ``_SEQUENCE_KEPT``: 「あいうえお」
#: quoted is text, the whole table after a short answer is not.
_ROWS = "あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
_COLUMNS = "あかさたなはまやらわいきしちにひみりうくすつぬふむゆるえけせてねへめれおこそとのほもよろを"
_KATAKANA = str.maketrans({chr(c): chr(c + 0x60) for c in range(ord("ぁ"), ord("ゖ") + 1)})
_ORDERS = (
    _ROWS,
    _COLUMNS,
    _ROWS.translate(_KATAKANA),
    _COLUMNS.translate(_KATAKANA),
    "いろはにほへとちりぬるをわかよたれそつねならむうゐのおくやまけふこえてあさきゆめみしゑひもせす",
    "abcdefghijklmnopqrstuvwxyz",
    "αβγδεζηθικλμνξοπρστυφχψω",
    "一二三四五六七八九十",
    "甲乙丙丁戊己庚辛壬癸",
)
_CYCLES = ("0123456789", "子丑寅卯辰巳午未申酉戌亥", "月火水木金土日")
_NEXT: dict[str, set[str]] = {}
for _order in _ORDERS + tuple(c + c[0] for c in _CYCLES):
    for _a, _b in zip(_order, _order[1:]):
        _NEXT.setdefault(_a, set()).add(_b)
        _NEXT.setdefault(_b, set()).add(_a)
_SEQUENCE_KEPT = 10
#: Counting out loud: more than ``_COUNT_KEPT`` whole numbers in a row, each one more (or less) than the one before,
#: separated by at most one mark (1、2、3、…): past the ``_COUNT_KEPT``-th, padding.
_COUNT_KEPT = 5
#: Separators between the items of a recited order or a count.
_SEPARATORS = frozenset("、，,・･/／")


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


def recited(clusters: list[str]) -> set[int]:
    """Clusters of a run that recites an order (``_ORDERS``, ``_CYCLES``) past its ``_SEQUENCE_KEPT``-th, and of a count
    past its ``_COUNT_KEPT``-th number."""
    out: set[int] = set()
    folded = [unicodedata.normalize("NFKC", c).lower() for c in clusters]
    for step in (1, -1):  # forwards and backwards, through one separator at most
        run: list[int] = []
        for i, here in enumerate(folded):
            if here in _SEPARATORS and run and run[-1] == i - 1:
                continue
            last = folded[run[-1]] if run else None
            if last is not None and here in _NEXT.get(last, ()) and _direction(last, here) == step:
                run.append(i)
            else:
                run = [i]
            if len(run) > _SEQUENCE_KEPT:
                out.update(range(run[-2] + 1, i + 1))
    return out | _counting(folded)


def _direction(a: str, b: str) -> int:
    """1 when ``b`` follows ``a`` in one of the orders, -1 when it comes before."""
    for order in _ORDERS + tuple(c + c[0] for c in _CYCLES):
        at = order.find(a)
        if at >= 0 and order[at + 1 : at + 2] == b:
            return 1
    return -1


def _counting(folded: list[str]) -> set[int]:
    """Clusters of a count (see ``_COUNT_KEPT``) past its ``_COUNT_KEPT``-th number."""
    numbers: list[tuple[int, int, int]] = []  # (value, first cluster, last cluster)
    i = 0
    while i < len(folded):
        if folded[i].isdigit() and folded[i].isascii():
            j = i
            while j + 1 < len(folded) and folded[j + 1].isdigit() and folded[j + 1].isascii():
                j += 1
            numbers.append((int("".join(folded[i : j + 1])), i, j))
            i = j + 1
        else:
            i += 1
    out: set[int] = set()
    chain = 1
    for (before, _, end), (value, first, last) in zip(numbers, numbers[1:]):
        near = first - end <= 2 and all(folded[k] in _SEPARATORS for k in range(end + 1, first))
        chain = chain + 1 if near and abs(value - before) == 1 else 1
        if chain > _COUNT_KEPT:
            out.update(range(end + 1, last + 1))
    return out


__all__ = ["UNIT_REPEATS", "recited", "repeated_blocks"]
