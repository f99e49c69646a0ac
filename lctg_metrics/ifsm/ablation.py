"""Question-word ablation: what a calibrated reader reads once the question's own words are taken out of every
candidate.

The offline readers' skill is mostly closeness to the question (an untrained cosine between question and ending
reads gold endings about as well as the fitted head), so any ending that repeats the question's words is read as the
answer as often as a real one. An ablating head (``Head.ablate == "question-words"``) reads every candidate, the
generated ending and its probes alike, with every word that shares a stem with a word of the question removed (its
asking words too: "which", "would", "the" carry most of a question's similarity once its content words are gone):
the question's words then favour no candidate, and an ending is read as the answer only for what it says beyond
them. Punctuation and every other word are kept; an ending that was nothing but the question's words reads as an
empty one. Measured on the eval half (``benchmarks/ifsm_attacks.md``): dropping only the content words left the
question's own asking words read as the answer on 82% of items; dropping all of them, 13%.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lctg_metrics.ifsm.guards import readable
from lctg_metrics.ifsm.items import MCItem

#: The ablations this code knows (the value a head file carries): the question's words, or the question's and the
#: story's (the default reader's: the offline reader also rewards closeness to the story's last sentence, so words
#: glued from the story read as the answer more often than the human endings do unless they are taken out too).
QUESTION_WORDS = "question-words"
STORY_WORDS = "question-and-story-words"
ABLATIONS = (QUESTION_WORDS, STORY_WORDS)
_PIECE = re.compile(r"[A-Za-z0-9]+(?:['\u2019][A-Za-z]+)?|[^\sA-Za-z0-9]+|\s+")
_WORD = re.compile(r"[A-Za-z0-9]+(?:['\u2019][A-Za-z]+)?")
EMPTY = "."  # what an ending made only of the question's words reads as
#: Irregular forms read as their base word (so "felt" is "feel" of "How did she feel?").
_IRREGULAR = {
    form: base
    for base, forms in (
        pair.split(":")
        for pair in """be:is,are,was,were,been,am
have:has,had do:did,done,does go:went,gone,goes see:saw,seen feel:felt run:ran eat:ate,eaten buy:bought get:got,gotten
make:made take:took,taken give:gave,given come:came find:found think:thought tell:told know:knew,known leave:left
lose:lost win:won fall:fell,fallen break:broke,broken keep:kept sleep:slept bring:brought teach:taught catch:caught
fight:fought say:said pay:paid sell:sold send:sent spend:spent build:built meet:met sit:sat stand:stood hear:heard
hold:held drive:drove,driven write:wrote,written ride:rode speak:spoke wake:woke wear:wore throw:threw grow:grew
fly:flew draw:drew begin:began,begun drink:drank,drunk swim:swam sing:sang forget:forgot become:became
child:children man:men woman:women person:people mouse:mice tooth:teeth foot:feet good:better,best bad:worse,worst
die:died,dies,dying lie:lied,lying tie:tied,tying hide:hid,hidden bite:bit,bitten shoot:shot feed:fed lead:led
hang:hung dig:dug stick:stuck light:lit""".split()
    )
    for form in forms.split(",")
}


@lru_cache(maxsize=1 << 16)  # a pure function of the word; the same words recur in every probe and candidate
def root(word: str) -> str:
    """One root for a word's inflections: cried, cries, crying → cry; hoped, hoping, hopes → hop; felt → feel."""
    w = word.lower().replace("\u2019", "'").split("'")[0]
    w = _IRREGULAR.get(w, w)
    for suffix, repl in (
        ("iest", "y"),
        ("ier", "y"),
        ("ies", "y"),
        ("ied", "y"),
        ("ing", ""),
        ("est", ""),
        ("ed", ""),
        ("er", ""),
        ("es", ""),
        ("ly", ""),
        ("s", ""),
    ):
        if (
            w.endswith(suffix)
            and len(w) - len(suffix) >= (2 if repl else 3)
            and not (suffix == "s" and w.endswith("ss"))
        ):
            w = w[: -len(suffix)] + repl
            if not repl and len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "aeiouls":
                w = w[:-1]  # stopped → stop, running → run
            break
    return w[:-1] if len(w) >= 4 and w.endswith("e") else w


#: A word is also ablated one edit away from a question word when one of them has this many letters (typos:
#: "cryingg", "lakee"); four-letter words only by an added or dropped letter.
MIN_FUZZY = 5


@lru_cache(maxsize=1 << 18)  # the attacks' neighbour search asks about the same words of the same source per rank
def _is_question_word(word: str, stems: frozenset[str], words: frozenset[str]) -> bool:
    if root(word) in stems:
        return True
    low = word.lower()
    n = len(low)
    if n < MIN_FUZZY - 1:
        return False
    # four-letter question words only by an added or dropped letter (lakee, lke), never a swapped one (lake/late):
    # one edit (a letter inserted, dropped or replaced, or two neighbours swapped) from a question word of n - 1, n
    # or n + 1 letters, looked up in :func:`_edits`
    same, substituted, dropped, by_length = _edits(words)
    cut = [low[:k] + low[k + 1 :] for k in range(n)]
    if n >= MIN_FUZZY and (low in same.get(n, ()) or any((k, c) in substituted for k, c in enumerate(cut))):
        return True  # equal, one letter replaced, or two neighbours swapped
    if n + 1 >= MIN_FUZZY and low in dropped.get(n + 1, ()):
        return True  # a letter of a question word dropped
    return n >= MIN_FUZZY and any(c in by_length.get(n - 1, ()) for c in cut)  # a letter added to one


@lru_cache(maxsize=4096)
def question_words(question: str) -> frozenset[str]:
    """The question's words, lower-cased (what a typo is measured against)."""
    return frozenset(w.lower() for w in _WORD.findall(readable(question)))


@lru_cache(maxsize=4096)
def _edits(
    words: frozenset[str],
) -> tuple[dict[int, set[str]], set[tuple[int, str]], dict[int, set[str]], dict[int, set[str]]]:
    """What a word one edit from one of ``words`` (four letters or more) looks like, to look it up rather than compare
    it with each: by length, each word and its forms with two neighbours swapped; each word without its k-th letter,
    with k; by length, each word without one letter; by length, the words."""
    same: dict[int, set[str]] = {}
    substituted: set[tuple[int, str]] = set()
    dropped: dict[int, set[str]] = {}
    by_length: dict[int, set[str]] = {}
    for w in words:
        m = len(w)
        if m < MIN_FUZZY - 1:
            continue
        by_length.setdefault(m, set()).add(w)
        same.setdefault(m, set()).update([w, *(w[:k] + w[k + 1] + w[k] + w[k + 2 :] for k in range(m - 1))])
        for k in range(m):
            substituted.add((k, w[:k] + w[k + 1 :]))
            dropped.setdefault(m, set()).add(w[:k] + w[k + 1 :])
    return same, substituted, dropped, by_length


@lru_cache(maxsize=4096)
def question_stems(question: str) -> frozenset[str]:
    """Stems of every word of the question (names and asking words included)."""
    return frozenset(root(w) for w in _WORD.findall(readable(question)))


@lru_cache(maxsize=1 << 17)  # every reader set reads the same probes and candidates: each ablated once
def ablate(text: str, question: str) -> str:
    """``text`` as a reader sees it (:func:`guards.readable`: look-alike letters, leetspeak, entities read) without
    the words that share a root (:func:`root`) with a word of ``question`` or are one typo away from one (five
    letters or more); blanks collapsed."""
    stems, words = question_stems(question), question_words(question)
    kept = [p for p in _PIECE.findall(readable(text)) if not (p[0].isalnum() and _is_question_word(p, stems, words))]
    return re.sub(r"\s+([,.!?;:])", r"\1", re.sub(r"\s+", " ", "".join(kept))).strip() or EMPTY


def source(item: MCItem, how: str) -> str:
    """The text whose words ``how`` takes out of the candidates of ``item``."""
    return item.question if how == QUESTION_WORDS else f"{item.question} {item.context}"


def ablated_item(item: MCItem, how: str = QUESTION_WORDS) -> MCItem:
    """``item`` with every candidate ablated (context and question kept: they are what the reader reads against)."""
    words = source(item, how)
    return MCItem(item.id, item.context, item.question, tuple(ablate(o, words) for o in item.options), item.target)
