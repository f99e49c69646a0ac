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

from lctg_metrics.instructions import orders, recital, restated

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
#: A unit of two to twelve clusters repeated back to back counts up to ``_UNIT_REPEATS`` times (ぱちぱちぱち is six
#: characters; すごいすごいすごいすごい adds nothing past its third すごい, nor すごーーーい！ past its third;
#: 2.3: up to eight, as a cry with its lengthening and its mark is one unit; 2.6: up to twelve, so a phrase with its
#: 、 said again, ドレミファソラシド、 or 水金地火木土天海、, is one unit too).
_UNIT_SIZES = tuple(range(2, 13))
_UNIT_REPEATS = 3
#: A longer unit of letters alone (13 to 30, no mark or blank in it) glued to itself back to back counts once (round
#: 8: もみじがきれいなあきのやま×3): a phrase is said again only after a mark, a blank or a line break.
_GLUED_SIZES = tuple(range(13, 31))
#: A count the text gives before a unit it then says that many times (「ありがとう」を四回繰り返します。ありがとう、
#: ×4; 2.6) is a recital a reader counts, up to ``_ANNOUNCED_CAP`` times: the unit's words must be written before
#: the count, so a bare number elsewhere raises nothing, and no announcement makes ten repeats count.
_ANNOUNCED = re.compile(r"([0-9０-９]{1,2}|[一二三四五六七八九十])\s*(?:回|度|遍)")
_ANNOUNCED_CAP = 5
_KANJI_DIGITS = "一二三四五六七八九十"


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
    third time (``recital``, 2.5); a maximum counts them, as a reader sees a long text."""
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
        excess |= recital.repeated_blocks(clusters, breaks) | recital.wordless_lists(clusters)
        excess |= (  # Kotae wa… (round 10), しーなーのー (round 21)
            recital.filler_text(clusters) | restated.romaji_repeats(clusters) | recital.stretched_morae(clusters)
        )
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
    """Clusters of a unit of ``_UNIT_SIZES`` repeated back to back, from its ``_UNIT_REPEATS + 1``-th time on (or
    past the count the text announced for it, ``_announced``)."""
    out: set[int] = set()
    for size in _UNIT_SIZES:
        i = 0
        while i + size * _UNIT_REPEATS < len(clusters):
            end = i + size
            while end < len(clusters) and clusters[end] == clusters[end - size]:
                end += 1
            if end - i > size * _UNIT_REPEATS and len(set(clusters[i : i + size])) > 1:
                out.update(range(i + size * _announced(clusters, i, size), end))
            i = max(i + 1, end - size * _UNIT_REPEATS)
    for size in _GLUED_SIZES:
        i = 0
        while i + size < len(clusters):
            end = i + size
            while end < len(clusters) and clusters[end] == clusters[end - size]:
                end += 1
            if end - i >= 2 * size and all(unicodedata.category(c[0])[0] == "L" for c in clusters[i : i + size]):
                out.update(range(i + size, end))
            i = max(i + 1, end - size)
    return out


def _announced(clusters: list[str], start: int, size: int) -> int:
    """How many times the unit at ``start`` counts: ``_UNIT_REPEATS``, or the count written before it with its words
    (「ありがとう」を四回), at most ``_ANNOUNCED_CAP``."""
    before = "".join(clusters[:start])
    word = "".join(c for c in clusters[start : start + size] if not _is_punctuation(c))
    if len(word) < 2 or word not in before:
        return _UNIT_REPEATS
    said = [
        int(unicodedata.normalize("NFKC", n)) if n[0] not in _KANJI_DIGITS else _KANJI_DIGITS.index(n) + 1
        for n in _ANNOUNCED.findall(before[before.index(word) :])
    ]
    return min(max([_UNIT_REPEATS, *said]), _ANNOUNCED_CAP)


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


#: Circled and other enclosed numbers (①…⑳, ❶, ㉑; r7): in a run they are recited signs, not text.
_ENCLOSED_NUMBER = re.compile(r"[\u2460-\u24ff\u2776-\u2793\u3251-\u325f\u32b1-\u32bf]")


def _symbol_runs(clusters: list[str]) -> set[int]:
    """Indices of symbols (``S*``) and enclosed numbers in a run of ``_SYMBOL_RUN`` or more."""
    out: set[int] = set()
    run: list[int] = []
    for i, cluster in enumerate([*clusters, ""]):
        if cluster and (unicodedata.category(cluster[0])[0] == "S" or _ENCLOSED_NUMBER.match(cluster)):
            run.append(i)
            continue
        if len(run) >= _SYMBOL_RUN:
            out.update(run)
        run = []
    return out


#: An unbroken run of Latin letters or of digits this long is no word a reader reads (r7: ZYX…CBA, onetwothree…ten,
#: the digits of pi); it counts as a word of ``_GLUED_WORD`` characters toward a minimum.
_GLUED_RUN = re.compile(r"[A-Za-z]{20,}|[0-9][0-9.]{15,}")
_GLUED_WORD = 8


def _glued(clusters: list[str]) -> set[int]:
    """Indices of the clusters of a glued run (``_GLUED_RUN``) past its first ``_GLUED_WORD``, when such runs are the
    bulk of the text (more than half its clusters): a run inside running text (the alphabet quoted in a sentence about
    it) counts whole, and so does an order the text names (``orders.named``: アルファベットは ABC…Z の26文字です)."""
    line = "".join(c if len(c) == 1 else "\x00" for c in clusters)
    found = list(_GLUED_RUN.finditer(line))
    if 2 * sum(m.end() - m.start() for m in found) <= len(clusters):
        return set()
    return {i for m in found for i in range(m.start() + _GLUED_WORD, m.end())} - orders.named(clusters)


def text_chars(text: str) -> int:
    """Characters of text a reader counts toward a minimum length: ``visible_chars`` without decorative symbols
    (``is_decoration``), so adding ★☆ or emoji never lengthens a response, nor a run of other symbols (∀∂∃…, ¥$€…;
    2.5); a unit sign after a number (35℃) counts."""
    clusters, breaks = _clusters(text)
    runs = _symbol_runs(clusters) | _glued(clusters) | orders.recited(clusters, breaks)  # lines too (round 14)
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
