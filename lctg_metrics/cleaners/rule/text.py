"""Text units of the rule cleaner: sentence splitting, the normal form rules match, and the record of a cut."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Literal

#: Separator lines (markdown rules, code fences), dropped only next to something already cut.
SEPARATOR = r"^(?:-{3,}|\*{3,}|_{3,}|={3,}|`{3,}\w*|</?[^<>\s]{1,20}>)$"

_SENTENCE = re.compile(r"[^。！？!?\n]*(?:[。！？!?]+[」』）)\"']*|\.(?=\s|$)|$)")
_TERMINATORS = "。！？!?"
_CLOSERS = "」』）)\"'"
TRAILING_NOTE_RE = re.compile(r"[（(【\[〔＜<][^（）()【】\[\]〔〕＜＞<>\n]*[)）】\]〕＞>]\s*$")
BRACKETED_RE = re.compile(r"[（(【\[〔＜<]([^（）()【】\[\]〔〕＜＞<>]*)[)）】\]〕＞>]")
#: Emoji, arrows and other symbols at a unit's edges (「まとめました👇」「幸いです😊」), ignored when matching.
_EDGE_SYMBOL = re.compile(r"[\s\U0001F000-\U0001FAFF\u2190-\u21FF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]")
JAPANESE_RE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})
_CURLY = re.compile("[\u2018\u2019\u201c\u201d]")
QUOTED_RE = re.compile(r"「[^」\n]*」|『[^』\n]*』")
_SUBJECT = re.compile(r"[はが]")
#: Topics that do not make a subject: the constraint itself, or 「上記の…」, which can only be the answer (rule@1.2).
_CONSTRAINT_TOPIC = re.compile(
    r"(?:「[^」\n]*」|キーワード|NGワード|禁止語|文字数|字数|言葉|単語|表現|^上記(?:の[^。、はが\n]{1,15})?)(?:は|が)"
)
SEPARATOR_RE = re.compile(SEPARATOR)
#: A closing pseudo-tag after the answer (「</要約>」, full-width ＜／要約＞ after NFKC); it never ends content.
CLOSING_TAG_RE = re.compile(r"^</[^<>\s]{1,20}>$")


def compile_ci(pattern: str) -> re.Pattern[str]:
    """Compile case-insensitively (English wrappers come in any case)."""
    return re.compile(pattern, re.IGNORECASE)


@dataclass(frozen=True)
class Removal:
    """One cut: which end, which rule, and the exact text removed."""

    side: Literal["head", "tail"]
    rule: str
    text: str


@cache
def _nfkc_table() -> tuple[re.Pattern[str], dict[str, str]]:
    """The characters of the Basic Multilingual Plane that NFKC changes on their own, with what it makes of each,
    and one character class finding them (built on first use, about 25 ms)."""
    table = {}
    for code in range(0x10000):
        ch = chr(code)
        if not 0xD800 <= code <= 0xDFFF and (made := unicodedata.normalize("NFKC", ch)) != ch:
            table[ch] = made
    return re.compile("[" + "".join(re.escape(ch) for ch in sorted(table)) + "]"), table


def nfkc(s: str) -> str:
    """``unicodedata.normalize("NFKC", s)``, without its slow path for the common case.

    CPython normalises a string that is not already NFKC at about 0.15 µs a character, so one full-width
    bracket in a 120-character line costs 17 µs. Here each character NFKC changes on its own is replaced by its
    NFKC form first. That never changes the result: NFKC(x) is compatibility-equivalent to x, and that
    equivalence holds within any string around it, so NFKC(s) = NFKC(t) for the replaced string t. If t is
    already NFKC (checked exactly), t is NFKC(s); otherwise (combining marks that compose across characters,
    half-width voiced marks) the full normalisation of t decides (tests/test_rule_text.py compares the two)."""
    if unicodedata.is_normalized("NFKC", s):
        return s
    changes, table = _nfkc_table()
    t = changes.sub(lambda m: table[m.group()], s)
    return t if unicodedata.is_normalized("NFKC", t) else unicodedata.normalize("NFKC", t)


#: How many units each memo of the cleaner keeps (the normal form, and each per-unit verdict in :mod:`.head`
#: and :mod:`.tail`): the least recently used go first.
UNIT_CACHE_SIZE = 16384
#: A text longer than this empties the memos before it is cleaned (:func:`lctg_metrics.cleaners.rule._run`): a memo
#: keeps its units alive, and a stream of degenerate outputs (thousands of characters each) must not leave 16,384
#: of them in memory. So a memo only ever holds units of texts up to this length, and those of the last long text.
MAX_MEMO_TEXT = 1000
_MEMOS: list = []


def unit_memo(fn):
    """Memoise a pure function of a unit (a line or a sentence) and plain keys (a task name, a flag).

    Assistants repeat their preambles and closings from answer to answer, so most units met at the two ends
    have been judged before; a judged unit costs one dictionary look-up. Arguments must be the unit and other
    hashable values that decide the answer (never a :class:`TaskRules`, which hashes slowly): the memo must not
    change a result, only its time (tests/test_rule_memo.py)."""
    memo = lru_cache(maxsize=UNIT_CACHE_SIZE)(fn)
    _MEMOS.append(memo)
    return memo


def clear_memos() -> None:
    """Forget every unit judged so far (benchmarks time unseen units with it; results never depend on it)."""
    for memo in _MEMOS:
        memo.cache_clear()


@unit_memo
def norm(unit: str) -> str:
    """The form patterns are matched against: NFKC, straight quotes, no edge blanks or emoji (never cut).

    Cached: the rules of one cascade ask for the same units again and again (a pure function of the unit)."""
    s = nfkc(unit)
    if _CURLY.search(s):
        s = s.translate(_QUOTES)
    start, end = 0, len(s)
    while start < end and _EDGE_SYMBOL.match(s[start]):
        start += 1
    while end > start and _EDGE_SYMBOL.match(s[end - 1]):
        end -= 1
    return s[start:end]


def split_sentences(line: str) -> list[str]:
    """Split one line into sentences ending in 。！？!? (closing quotes attached); pieces concatenate to ``line``."""
    return [m.group(0) for m in _SENTENCE.finditer(line) if m.group(0)]


def first_sentence(line: str) -> str:
    """``split_sentences(line)[0]`` without splitting the whole line (cuts repeat, so each must stay cheap)."""
    m = _SENTENCE.match(line)
    return m.group(0) if m else ""


_UP_TO_LAST_TERMINATOR = re.compile(r".*[。！？!?]", re.DOTALL)


def last_sentence(line: str) -> str:
    """``split_sentences(line)[-1]``, found from the end: after the last 。！？!? run (and its closing quotes) before
    it."""
    end = len(line.rstrip(_CLOSERS))
    if end > 0 and line[end - 1] in _TERMINATORS:
        end = len(line[:end].rstrip(_TERMINATORS))
    else:
        end = len(line)  # no terminator at the end: trailing quotes belong to the sentence body
    m = _UP_TO_LAST_TERMINATOR.match(line, 0, end)
    if m is None:
        return line
    start = m.end()
    while start < end and line[start] in _CLOSERS:
        start += 1
    return line[start:]


def has_subject(s: str) -> bool:
    """Whether a sentence names a subject with は/が outside quotes (a remark about the answer has none).

    「文字数は」「キーワードは」 topicalise the constraint itself and do not count."""
    return bool(_SUBJECT.search(QUOTED_RE.sub("", _CONSTRAINT_TOPIC.sub("", s))))


def is_english_line(s: str) -> bool:
    """Latin text with at least two words and no Japanese (an English wrapper, not a Japanese answer)."""
    return not JAPANESE_RE.search(s) and len(re.findall(r"[A-Za-z]+", s)) >= 2


def content_left(text: str) -> bool:
    """Whether some answer would remain: a cut never leaves nothing."""
    return bool(text.strip())
