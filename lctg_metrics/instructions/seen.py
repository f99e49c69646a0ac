"""The text as a reader sees it: invisible characters and markup removed, padding runs and spaced-out words found.

The keyword and length checkers judge what a person reading the rendered response would see, so that a response
cannot obey on paper while the reader sees something else: a forbidden word with a zero-width space, a soft hyphen,
a variation selector or an HTML tag inside it is still that word; a word spelled out or split (「ス マ ホ」,
「ス・マ・ホ」, 「スマ」 + line break + 「ホ」) is still that word; a length minimum is not met by a run of
。。。。, ーーーー or っっっ, nor by a word said again and again; an emphatic すごーーーい is counted as a reader
counts it.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import regex

#: Characters that render nothing inside a word: every format character (Cf: zero-width space and joiners, soft
#: hyphen, word joiner, BOM, bidi marks, tag characters), the combining grapheme joiner and the variation selectors.
_INVISIBLE = re.compile(r"[\u034f\ufe00-\ufe0f\U000e0100-\U000e01ef]")
#: Markup a renderer hides: HTML tags and markdown emphasis, strike-through and code marks.
_MARKUP = re.compile(r"</?[A-Za-z][A-Za-z0-9]{0,15}(?:\s[^<>]{0,80})?/?>|\*+|__|~~|`+")
#: What may stand between the letters of a word spelled out: blanks of any width, line breaks, the middle dots,
#: blank-rendering fillers, the dashes and underscores used as spacers, and the dots of an acronym (A.I.).
_SPACER_CHAR = r"[\s\u3000・･·\u3164\u2800\uffa0_\-‐－.．]"
_SPACER = _SPACER_CHAR + "+"
#: Prolonged-sound and wave marks, which repeat like punctuation when used as padding (ーーーー, 〜〜〜).
_REPEATING_MARKS = frozenset("ー～〜ｰ")
#: What lengthens a word as speech does (すごーーーい, すっっごい, あああ): the prolonged-sound and wave marks, small
#: kana, and a letter repeated. A run of one of them counts up to ``_RUN_CAP`` clusters, the emphasis a reader
#: hears; beyond that it is padding.
_SMALL_KANA = frozenset("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶｧｨｩｪｫｯｬｭｮ")
_RUN_CAP = 3
#: Lengthening beyond the first cluster of a run counts whole in the first run of each stretch between punctuation
#: marks (one cry, one clause: 「すごーーーい！やばーーーい！」 is fourteen characters; 2.3); that of the other runs
#: counts in all at most this share of the rest of the text (and at least ``_EMPHASIS_FLOOR`` clusters): 「すーーー
#: ごーーーいーーー」 is no twelve-character text.
_EMPHASIS_SHARE = 0.1
#: A stretch holds a cry whose first run counts whole when it has at least this many other letters (わーーーい,
#: やったーーー; あーーー！ is a drawn-out sound, shared like the other runs).
_CRY_LETTERS = 2
_EMPHASIS_FLOOR = 2
#: A unit of two to eight clusters repeated back to back counts up to ``_UNIT_REPEATS`` times (ぱちぱちぱち is six
#: characters; すごいすごいすごいすごい adds nothing past its third すごい, nor すごーーーい！ past its third;
#: 2.3: up to eight, as a cry with its lengthening and its mark is one unit).
_UNIT_SIZES = (2, 3, 4, 5, 6, 7, 8)
_UNIT_REPEATS = 3
#: A block of one to ``_BLOCK_SENTENCES`` sentences or lines said again back to back, word for word (list markers
#: before them aside), counts up to ``_UNIT_REPEATS`` times, as a short unit does (2.5): the same sentence five times,
#: numbered 1.–5., or two sentences taking turns, is padding; a refrain that comes back after other text (a song's
#: chorus after each verse) is writing and counts whole.
_BLOCK_SENTENCES = 4
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


def visible_form(text: str) -> str:
    """NFKC of ``text`` without invisible characters and without markup: what a reader sees, letter for letter."""
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Cf")
    return unicodedata.normalize("NFKC", _MARKUP.sub("", _INVISIBLE.sub("", text)))


@lru_cache(maxsize=1024)
def _spelled_out(word: str) -> re.Pattern[str] | None:
    letters = [ch for ch in visible_form(word) if not ch.isspace()]
    if len(letters) < 2:
        return None
    body = f"{_SPACER_CHAR}*".join(re.escape(ch) for ch in letters)
    if len(letters) == 2:  # a two-letter word spelled out must stand alone (大会 社長 holds 「会 社」 by chance)
        return re.compile(rf"(?:^|(?<={_SPACER_CHAR}))" + body + rf"(?=$|{_SPACER_CHAR})", re.MULTILINE)
    return re.compile(body)


def spelled_out_count(text: str, word: str) -> int:
    """Occurrences of ``word`` split by spacers (blanks, line breaks, ・, fillers) between some of its letters, in
    the visible form; occurrences written whole are left to the plain count."""
    pattern = _spelled_out(word)
    if pattern is None:
        return 0
    return sum(1 for found in pattern.findall(visible_form(text)) if re.search(_SPACER_CHAR, found))


def padding_excess(clusters: list[str], breaks: frozenset[int] | None = None) -> int:
    """How many of the visible ``clusters`` (user-perceived characters, in order) are padding: in a run of one
    repeated punctuation mark or symbol, every cluster after the second (a reader counts 「……」 and 「――」 as two,
    and 。。。。。。 or 🎉🎉🎉🎉 as nothing more); in a run of mixed punctuation marks, every cluster after the third
    (「……」」 and 「！？」」 stay whole; ！？！？！？ does not grow); in a run of one lengthening mark, small kana or
    letter, every cluster after the third, and the second and third of the runs past the first between two
    punctuation marks (of every run when the stretch holds fewer than two other letters: あーーー！いーーー！), in all
    past a tenth of the text (``_EMPHASIS_SHARE``); a unit of two to eight clusters repeated past its third time.
    Toward a minimum (``breaks`` given: where lines start), also a block of sentences said again back to back past its
    third time and a recited order or count past its kept length (2.5); a maximum counts them, as a reader sees a
    long text."""
    excess: set[int] = set()
    emphasis: list[int] = []
    free: dict[int, list[int]] = {}  # stretch between punctuation marks -> the lengthening of its first run
    letters: dict[int, int] = {}  # stretch -> its letters other than lengthening
    previous, same, marks, stretch, stretch_run = None, 0, 0, 0, -1
    for i, cluster in enumerate(clusters):
        same = same + 1 if cluster == previous else 1
        marks = marks + 1 if _is_punctuation(cluster) else 0
        previous = cluster
        if marks:
            stretch, stretch_run = i + 1, -1
        if same == 1 and _is_plain_letter(cluster):
            letters[stretch] = letters.get(stretch, 0) + 1
        if _lengthens(cluster):
            if same > _RUN_CAP:
                excess.add(i)
            elif same > 1:
                start = i - same + 1
                stretch_run = start if stretch_run < 0 else stretch_run
                if start == stretch_run:
                    free.setdefault(stretch, []).append(i)
                else:
                    emphasis.append(i)
        elif (same > 2 and _is_mark(cluster)) or marks > 3:
            excess.add(i)
    emphasis += [i for at, found in free.items() if letters.get(at, 0) < _CRY_LETTERS for i in found]
    kept = {i for at, found in free.items() if letters.get(at, 0) >= _CRY_LETTERS for i in found}
    excess |= _repeated_units(clusters)
    if breaks is not None:  # toward a minimum (2.5)
        excess |= _repeated_blocks(clusters, breaks) | _recited(clusters)
    emphasis = [i for i in emphasis if i not in excess]
    base = len(clusters) - len(excess) - len(emphasis) - len(kept - excess)
    allowed = max(_EMPHASIS_FLOOR, int(base * _EMPHASIS_SHARE))
    return len(excess) + max(0, len(emphasis) - allowed)


def _is_plain_letter(cluster: str) -> bool:
    """A letter that is no lengthening mark or small kana (ー is a letter to Unicode)."""
    return cluster not in _REPEATING_MARKS and cluster not in _SMALL_KANA and unicodedata.category(cluster[0])[0] == "L"


def _lengthens(cluster: str) -> bool:
    return cluster in _REPEATING_MARKS or cluster in _SMALL_KANA or (cluster.isalpha() and not cluster.isdigit())


def _repeated_units(clusters: list[str]) -> set[int]:
    """Clusters of a unit of ``_UNIT_SIZES`` repeated back to back, from its ``_UNIT_REPEATS + 1``-th time on."""
    out: set[int] = set()
    for size in _UNIT_SIZES:
        span = size * _UNIT_REPEATS
        for i in range(span, len(clusters)):
            if len(set(clusters[i - size + 1 : i + 1])) > 1 and all(
                clusters[j] == clusters[j - size] for j in range(i - span + size, i + 1)
            ):
                out.add(i)
    return out


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


def _repeated_blocks(clusters: list[str], breaks: frozenset[int]) -> set[int]:
    """Clusters of a block of sentences said again back to back past its ``_UNIT_REPEATS``-th time (see
    ``_BLOCK_SENTENCES``)."""
    blocks = _blocks(clusters, breaks)
    keys = [key for _, _, key in blocks]
    out: set[int] = set()
    for size in range(1, _BLOCK_SENTENCES + 1):
        for first in range(len(keys) - size * (_UNIT_REPEATS + 1) + 1):
            unit = keys[first : first + size]
            if not all(unit) or (size > 1 and len(set(unit)) == 1):
                continue
            times = 1
            while keys[first + times * size : first + (times + 1) * size] == unit:
                times += 1
            for extra in range(_UNIT_REPEATS, times):
                for start, end, _ in blocks[first + extra * size : first + (extra + 1) * size]:
                    out.update(range(start, end))
    return out


def _recited(clusters: list[str]) -> set[int]:
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


def _is_mark(cluster: str) -> bool:
    return all(ch in _REPEATING_MARKS or unicodedata.category(ch)[0] in "PS" for ch in cluster)


def _is_punctuation(cluster: str) -> bool:
    """A punctuation mark or a wave dash; the prolonged-sound mark lengthens a word and is none (やったーーー！！)."""
    return all((ch in _REPEATING_MARKS and ch not in "ーｰ") or unicodedata.category(ch)[0] == "P" for ch in cluster)


#: Characters a reader does not count: blanks of every kind (spaces, full-width spaces, tabs, line breaks, U+2028/9) and
#: invisible characters (format controls such as U+200B, U+2060, U+FEFF, soft hyphens, control characters, combining
#: marks and variation selectors with nothing to sit on).
_UNCOUNTED_CATEGORIES = ("Zs", "Zl", "Zp", "Cc", "Cf", "Mn", "Me")
#: Letters and symbols that render as blanks (Hangul fillers, the Braille blank, the Khmer inherent vowels): padding.
_BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")


def _visible(cluster: str) -> bool:
    return any(
        not ch.isspace() and ch not in _BLANK_GLYPHS and unicodedata.category(ch) not in _UNCOUNTED_CATEGORIES
        for ch in cluster
    )


#: Decorative symbols (emoji, ★☆♪, arrows, geometric shapes: categories So and Sk, and the arrow blocks), which a
#: reader does not count toward a minimum length: ★☆★☆ or 🎉✨🎉✨ add no text.
_ARROWS = re.compile("[\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f\u2b00-\u2bff]")


def is_decoration(cluster: str) -> bool:
    """Whether a user-perceived character is a decorative symbol (see ``_ARROWS`` above)."""
    first = cluster[0]
    return (
        unicodedata.category(first) in ("So", "Sk")
        or bool(_ARROWS.match(first))
        or ("\U0001f1e6" <= first <= "\U0001f1ff")
    )


#: Symbols that count as text alone (an operator, a currency sign: 2+3=5, ¥100) but not in a run of this many or
#: more (∀∂∃∅…, ¥$€£…: 2.5).
_SYMBOL_RUN = 3
#: Unit signs (letterlike symbols and the squared units: ℃, ℉, №, ㎏, ㎡) count as text right after a number.
_UNIT_SIGN = re.compile("[\u2100-\u214f\u3300-\u33ff]")


def _clusters(text: str) -> tuple[list[str], frozenset[int]]:
    """The visible clusters of ``text`` and the indices of those that start a line after the first."""
    clusters: list[str] = []
    breaks: set[int] = set()
    for cluster in regex.findall(r"\X", unicodedata.normalize("NFC", text)):
        if _visible(cluster):
            clusters.append(cluster)
        elif "\n" in cluster or "\r" in cluster or "\u2028" in cluster or "\u2029" in cluster:
            breaks.add(len(clusters))
    return clusters, frozenset(b for b in breaks if 0 < b < len(clusters))


def _symbol_runs(clusters: list[str]) -> set[int]:
    """Indices of symbols (``S*``) in a run of ``_SYMBOL_RUN`` or more."""
    out: set[int] = set()
    run: list[int] = []
    for i, cluster in enumerate([*clusters, ""]):
        if cluster and unicodedata.category(cluster[0])[0] == "S":
            run.append(i)
            continue
        if len(run) >= _SYMBOL_RUN:
            out.update(run)
        run = []
    return out


def text_chars(text: str) -> int:
    """Characters of text a reader counts toward a minimum length: ``visible_chars`` without decorative symbols
    (``is_decoration``), so adding ★☆ or emoji never lengthens a response, nor a run of other symbols (∀∂∃…, ¥$€…;
    2.5); a unit sign after a number (35℃) counts."""
    clusters, breaks = _clusters(text)
    runs = _symbol_runs(clusters)
    kept: list[str] = []
    kept_breaks: set[int] = set()
    for i, cluster in enumerate(clusters):
        if i in breaks:
            kept_breaks.add(len(kept))
        unit = i > 0 and clusters[i - 1][0].isdigit() and _UNIT_SIGN.match(cluster) is not None  # 35℃, 20㎏
        if unit or (not is_decoration(cluster) and i not in runs):
            kept.append(cluster)
    return len(kept) - padding_excess(kept, frozenset(kept_breaks))


def visible_chars(text: str) -> int:
    """Characters a reader counts (原稿の字数): user-perceived characters (grapheme clusters: a family emoji joined by
    ZWJ, a flag, a skin-toned or keycap emoji, か+゛ count one each) of the NFC text, without blanks and invisible
    or blank-rendering characters, so padding with blank lines, spaces of any width or fillers adds nothing;
    punctuation, symbols and digits count, but a run of one repeated mark counts two at most (「……」 is two, and
    。。。。。。 or ーーーー padding adds nothing more; ``seen.padding_excess``)."""
    clusters, _ = _clusters(text)
    return len(clusters) - padding_excess(clusters)


__all__ = ["is_decoration", "padding_excess", "spelled_out_count", "text_chars", "visible_chars", "visible_form"]
