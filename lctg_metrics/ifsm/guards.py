"""Degenerate-ending guard: verdicts with reasons for endings the reader must not be shown."""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from functools import lru_cache

from lctg_metrics.verdict import Verdict

GUARD_VERSION = "g4"  # g4: repeated across passages (ifsm.validity); the question's words padded out (restated)
# Thresholds on word-bigram overlap, chosen so that no gold ending of Possible Stories dev+test is flagged
# (measured in benchmarks/ifsm_readers.md) while restated questions and copied sentences are.
MIN_WORDS = 2  # fewer words than this: empty
MAX_QUESTION_COVER = 0.5  # share of the question's bigrams found in the ending
MAX_SENTENCE_COPY = 0.6  # share of the ending's bigrams found in one context sentence
MAX_CONTEXT_COPY = 0.75  # share of the ending's bigrams found anywhere in the context
MAX_CANDIDATE_JACCARD = 0.8  # bigram Jaccard with a wrong candidate

MAX_WORDS = 40  # longer than this is no "last sentence" (2 of the 1,129 gold endings of dev+test are)
MIN_ENGLISH = 0.5  # share of ASCII among the letters below which an ending is not English
MAX_FOREIGN_LETTERS = 3  # letters outside the Latin alphabet (kana, kanji, Cyrillic left after mapping) allowed
MAX_QUESTION_WORDS = 0.8  # share of the ending's content words taken from the question (a question fragment)
MAX_FRAGMENT_WORDS = 6  # ... when it has at most this many content words
#: An ending of any length taking this share of its content words from the question while holding this share of the
#: question's content words restates it (a question's focus padded with a few words to stay under the similarity
#: threshold): none of the 1,129 gold endings or 4,516 candidates of dev+test, none of the 98 labeled legitimate
#: endings (tests/data/ifsm_labeled) is flagged; 72% of the white-box near-restatements that passed g3 are.
MIN_RESTATED_TAKEN = 0.6
MIN_RESTATED_COVER = 0.4
MAX_OPTIONS_COVERED = 2  # an ending holding this many candidates' bigrams (>= MAX_SENTENCE_COPY each) lists them
#: Cosine between an ending and its question (multilingual USE) at or above which the ending restates the question
#: in other words or another language: above the 99th percentile of the gold endings' own (0.633 on dev+test) and
#: below 90% of word-by-word rewordings (benchmarks/ifsm_readers.md).
MAX_QUESTION_SIMILARITY = 0.64

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
#: Latin look-alikes (Cyrillic and Greek) an obfuscated question may use; mapped before any comparison.
_CONFUSABLES = str.maketrans(
    "аеорсухіјѕԁһԛԝАВЕКМНОРСТХІЈЅօοαντικΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "aeopcyxijsdhqwABEKMHOPCTXIJSooavtikABEZHIKMNOPTYX"
)
_STOP = frozenset(
    """a an the and or but if so of to in on at by for with from as is are was were be been being it its
this that these those he she they them his her their i me my we our you your what which who whom whose why how when
where did do does done would could should will can may might must had has have not no yes than then there here
about into over after before up down out off very most more less least just also only ever any some all each""".split()
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
#: Function words and contractions: an English sentence of MIN_SENTENCE_WORDS words or more has at least one.
_FUNCTION = _STOP | frozenset(
    """didn't don't doesn't wasn't weren't isn't aren't couldn't wouldn't shouldn't won't can't
hadn't hasn't haven't i'm i'd i'll it's he's she's they're we're you're that's there's many much without within
through across against among around because while until since during under again never always still too even yet
both every other another such same own one two nobody nothing something someone everyone himself herself themselves
myself itself""".split()
)
MIN_SENTENCE_WORDS = 5  # none of the 1,316 distinct candidate endings of this length lacks a function word
#: Letters spelled out one by one ("W h a t  h a p p e n e d"): three or more single letters, one space apart.
_SPELLED = re.compile(r"(?<![^\W\d_])(?:[^\W\d_] ){2,}[^\W\d_](?![^\W\d_])")
#: Digits standing for letters inside a word ("Wh1ch 3nd1ng"); words of digits only are numbers and stay.
_LEET = str.maketrans("0134578@$", "oieastbas")
_MIXED = re.compile(r"\b(?=\w*[^\W\d_])(?=\w*\d)\w+\b")
#: Words about the task instead of the story, the marks of a question turned into a statement ("whatever happened",
#: "the way in which", "the most disappointing outcome"): none of the 1,316 distinct candidate endings of Possible
#: Stories holds one.
_META = re.compile(
    r"\b(?:endings?|whichever|outcomes?|scenario|conclusion|story ends|what happened"
    r"|whatever (?:came|happened|happens|comes|occurred)|the way (?:how|in which)"
    r"|the (?:most|best|worst) (?:\w+ )?(?:one|result|outcome))\b"
)
#: An instruction to whoever reads the ending: the grader, the reader, the answer or a lettered option (none of the
#: 4,516 candidate endings of Possible Stories holds one).
_INJECTION = re.compile(
    r"\b(?:grader|evaluator|examiner|the reader|reader instruction|language model|as an ai|ai grader|system\s*[\]:]"
    r"|ignore (?:all |any |the )?(?:previous|prior|above|other|earlier)|(?:previous|prior) instructions"
    r"|correct (?:answer|ending|option|one|choice)|right (?:answer|ending|choice)|the answer\b)"
)
_LETTERED = re.compile(
    r"\b(?:[Oo]ption|[Ee]nding|[Cc]hoice|[Ll]etter|[Aa]nswer|[Cc]hoose|[Pp]ick|[Ss]elect|[Oo]utput"
    r"|[Mm]ark)\s*[:=]?\s*(?:option\s+)?\(?[A-E]\b|(?:^|\n)\s*\(?[A-E][.)]\s"
)
MAX_REPEAT_SHARE = 0.5  # distinct words / words at or below this (6+ words): the same few words repeated


#: Texts whose normal forms are kept per process: a run meets each ending, question, candidate and context sentence
#: many times (every attack set and probe re-reads the same contexts and candidates).
TEXT_CACHE = 1 << 16


@lru_cache(maxsize=TEXT_CACHE)
def readable(text: str) -> str:
    """What a reader makes of the text: HTML entities decoded, NFKC, format characters (zero-width spaces, joiners,
    BOM) and combining marks dropped, Cyrillic/Greek look-alike letters mapped to Latin, letters spelled out one by
    one joined, digits standing for letters inside a word read as letters (leetspeak). Computed once per text."""
    text = unicodedata.normalize("NFKC", html.unescape(text)).translate(_CONFUSABLES)
    text = "".join(c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) not in ("Cf", "Mn"))
    text = _SPELLED.sub(lambda m: m.group().replace(" ", ""), text)
    return _MIXED.sub(lambda m: m.group().translate(_LEET), text)


def normalize(text: str) -> str:
    """:func:`readable`, lower case: what the comparisons use."""
    return readable(text).lower()


@lru_cache(maxsize=TEXT_CACHE)
def _words(text: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(normalize(text)))


def words(text: str) -> list[str]:
    """Lower-cased word tokens (letters, digits, one apostrophe suffix) of the normalised text."""
    return list(_words(text))


def _stem(word: str) -> str:
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def content(text: str) -> list[str]:
    """Stems of the words that carry content (no function words)."""
    return [_stem(w) for w in words(text) if w not in _STOP]


def english_share(text: str) -> float | None:
    """Share of ASCII among the letters of the normalised text (None: no letters)."""
    letters = [c for c in normalize(text) if c.isalpha()]
    return sum(c.isascii() for c in letters) / len(letters) if letters else None


@lru_cache(maxsize=TEXT_CACHE)
def _bigrams(text: str) -> frozenset[tuple[str, ...]]:
    tokens = _words(text)
    if len(tokens) < 2:
        return frozenset({tokens} if tokens else ())
    return frozenset(zip(tokens, tokens[1:]))


def bigrams(text: str) -> set[tuple[str, ...]]:
    """Word bigrams (a one-word text gives its unigram)."""
    return set(_bigrams(text))


def sentences(text: str) -> list[str]:
    """Sentences of a context split after ``.``, ``!`` or ``?``."""
    return [s for s in _SENTENCE_END.split(text.strip()) if s]


def _share(part: AbstractSet[object], whole: AbstractSet[object]) -> float:
    return len(part & whole) / len(part) if part else 0.0


@lru_cache(maxsize=TEXT_CACHE)
def _own_verdict(ending: str) -> Verdict | None:
    """The checks of :func:`check_ending` that read the ending alone (language, length, repetition, function words,
    instructions to the reader), in its order: the first that fails, else None. Kept per text: every attack set and
    probe meets the same endings again (the white-box classes check each candidate twice)."""
    share = english_share(ending)
    foreign = sum(c.isalpha() and not c.isascii() for c in normalize(ending))
    if (share is not None and share < MIN_ENGLISH) or foreign > MAX_FOREIGN_LETTERS:
        return Verdict(
            False,
            f"not English: {foreign} letters outside the Latin alphabet, {share:.0%} Latin "
            "(an English ending is asked)",
        )
    tokens = _words(ending)
    if len(tokens) < MIN_WORDS:
        return Verdict(False, f"empty: {len(tokens)} word(s) < {MIN_WORDS}")
    if len(tokens) > MAX_WORDS:
        return Verdict(False, f"over-length: {len(tokens)} words > {MAX_WORDS} (one last sentence is asked)")
    if len(tokens) >= MIN_SENTENCE_WORDS and len(set(tokens)) / len(tokens) <= MAX_REPEAT_SHARE:
        return Verdict(False, f"garbled: {len(set(tokens))} distinct of {len(tokens)} words")
    if len(tokens) >= MIN_SENTENCE_WORDS and not any(w in _FUNCTION for w in tokens):
        return Verdict(
            False, f"not English: {len(tokens)} words without one English function word (an English ending is asked)"
        )
    seen = normalize(ending)
    if _INJECTION.search(seen) or _LETTERED.search(readable(ending)):
        return Verdict(False, "instruction to the reader: speaks to the grader or names an answer or option")
    return None


def check_ending(
    ending: str,
    *,
    question: str,
    context: str,
    options: Sequence[str],
    gold_label: int,
    question_similarity: float | None = None,
) -> Verdict:
    """Whether ``ending`` may go to the reader: English, one sentence long, not empty, not the question (copied,
    reworded, translated or a fragment of it), not the context, not a wrong candidate nor a list of candidates.

    ``question_similarity``: the cosine of ending and question under a multilingual encoder, when one is at hand."""
    own = _own_verdict(ending)
    if own is not None:
        return own
    grams = _bigrams(ending)
    cover = _share(_bigrams(question), grams)
    if cover >= MAX_QUESTION_COVER:
        return Verdict(False, f"question echo: {cover:.0%} of the question's bigrams >= {MAX_QUESTION_COVER:.0%}")
    covered = [label for label, option in enumerate(options) if _share(_bigrams(option), grams) >= MAX_SENTENCE_COPY]
    if len(covered) >= MAX_OPTIONS_COVERED:
        return Verdict(False, f"several candidates: holds candidates {', '.join(map(str, covered))}")
    for label, option in enumerate(options):
        if label == gold_label:
            continue
        other = _bigrams(option)
        jaccard = len(grams & other) / len(grams | other) if grams | other else 0.0
        if jaccard >= MAX_CANDIDATE_JACCARD:
            return Verdict(False, f"copied candidate: bigram Jaccard {jaccard:.2f} with wrong option {label}")
    for number, sentence in enumerate(sentences(context), 1):
        copied = _share(grams, _bigrams(sentence))
        if copied >= MAX_SENTENCE_COPY:
            return Verdict(False, f"context copy: {copied:.0%} of the ending is context sentence {number}")
    copied = _share(grams, _bigrams(context))
    if copied >= MAX_CONTEXT_COPY:
        return Verdict(False, f"context copy: {copied:.0%} of the ending's bigrams are in the context")
    if _META.search(normalize(ending)):
        return Verdict(False, "question restated: speaks of an ending instead of telling one")
    if question_similarity is not None and question_similarity >= MAX_QUESTION_SIMILARITY:
        return Verdict(
            False,
            f"question restated: similarity to the question {question_similarity:.2f} >= {MAX_QUESTION_SIMILARITY}",
        )
    stems, asked = content(ending), set(content(question))
    taken = sum(w in asked for w in stems) / len(stems) if stems else 1.0
    if len(stems) <= MAX_FRAGMENT_WORDS and taken >= MAX_QUESTION_WORDS:
        return Verdict(False, f"question fragment: {taken:.0%} of its {len(stems)} content word(s) are the question's")
    cover = len(asked & set(stems)) / len(asked) if asked else 0.0
    if stems and taken >= MIN_RESTATED_TAKEN and cover >= MIN_RESTATED_COVER:
        return Verdict(
            False,
            f"question restated: {taken:.0%} of its content words are the question's, and it "
            f"holds {cover:.0%} of the question's",
        )
    return Verdict(True, "ok")
