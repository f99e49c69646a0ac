"""The association class: the question's focus, or the story's last sentence, said in the nearest words the reader
still reads.

The default reader takes the question's and the story's own words out of every candidate (``ablation.py``), so a
restatement reads as nothing. What it cannot take out is closeness in meaning: each word of the focus replaced by
its nearest neighbour in the encoder's space, among the words of the data's questions and stories that the ablation
keeps (no shared root, not one typo away), still points at the question. These generators build such endings with
the guard's own encoder (white-box: the scorer then keeps, per item, the candidate closest to the question that the
guard lets through). No label and no candidate ending is used: the vocabulary is the questions' and stories' words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from lctg_metrics.ifsm.ablation import _is_question_word, question_stems, question_words
from lctg_metrics.ifsm.attacks import focus, main_character
from lctg_metrics.ifsm.encoders import one_blas_thread
from lctg_metrics.ifsm.guards import _FUNCTION, _STOP, sentences
from lctg_metrics.ifsm.items import context_of

Row = Any
_WORD = re.compile(r"[A-Za-z]+")
#: Neighbours looked at per word (the nearest that the ablation keeps is almost always among them).
_SEARCH = 64
#: Ranks of neighbour offered per item (the nearest, the second nearest): the scorer picks among their framings.
RANKS = (1, 2)


def _content(word: str) -> bool:
    low = word.lower()
    return len(low) > 2 and low not in _FUNCTION and low not in _STOP


def vocabulary(rows: Sequence[Row]) -> list[str]:
    """The content words (three letters or more, no function word) of every row's question and story, sorted."""
    seen = {w.lower() for r in rows for w in _WORD.findall(f"{r['question']} {context_of(r)}") if _content(w)}
    return sorted(seen)


def _top(keys: np.ndarray, k: int) -> np.ndarray:
    """Indices of the ``k`` smallest ``keys``, in the order of ``np.argsort(keys, kind="stable")[:k]`` (ties by index)
    without sorting them all: the ones at most the ``k``-th smallest, stably sorted."""
    if len(keys) <= k:
        return np.argsort(keys, kind="stable")
    cut = np.partition(keys, k - 1)[k - 1]
    near = np.flatnonzero(keys <= cut)  # ascending indices, ties at the cut included
    return near[np.argsort(keys[near], kind="stable")][:k]


class Neighbours:
    """Nearest kept words over ``rows``' vocabulary, with ``encoder`` (the guard's); each word's search done once."""

    def __init__(self, rows: Sequence[Row], encoder: Any) -> None:
        self.words = vocabulary(rows)
        self.encoder = encoder
        self.vectors = encoder.encode(self.words) if self.words else np.zeros((0, 1), np.float32)
        self._order: dict[str, list[str]] = {}

    def _nearest(self, word: str) -> list[str]:
        if word not in self._order:
            query = self.encoder.encode([word])[0]
            with one_blas_thread():
                sims = self.vectors @ query
            self._order[word] = [self.words[j] for j in _top(-sims, _SEARCH + 1) if self.words[j] != word]
        return self._order[word]

    def say(self, text: str, source: str, rank: int = 1) -> str:
        """``text`` with each content word replaced by its ``rank``-th nearest word that shares no root with a word of
        ``source`` and is no typo of one (a word without such a neighbour is kept: the reader ablates it)."""
        stems, words = question_stems(source), question_words(source)

        def swap(m: re.Match[str]) -> str:
            word = m.group()
            if not _content(word):
                return word
            chosen, found = word, 0  # the rank-th kept word, else the last one kept, else the word itself
            for other in self._nearest(word.lower()):
                if not _is_question_word(other, stems, words):
                    chosen, found = other, found + 1
                    if found == rank:
                        break
            return chosen

        return _WORD.sub(swap, text)


def _frames(said: str, name: str) -> list[str]:
    return [f"In the end, {said}.", f"Then {name} saw that {said}.", f"{name} just knew: {said}."]


def focus_neighbours(rows: Sequence[Row], encoder: Any, near: Neighbours | None = None) -> Callable[[Row], list[str]]:
    """Per row: the question's focus in its nearest kept words (each of :data:`RANKS`), in a few framings (``near``:
    the rows' :class:`Neighbours` with ``encoder``, if made already)."""
    near = Neighbours(rows, encoder) if near is None else near

    def make(row: Row) -> list[str]:
        source = f"{row['question']} {context_of(row)}"
        return [t for rank in RANKS for t in _frames(near.say(focus(row), source, rank), main_character(row))]

    return make


def story_neighbours(rows: Sequence[Row], encoder: Any, near: Neighbours | None = None) -> Callable[[Row], list[str]]:
    """Per row: the story's last sentence in its nearest kept words, in a few framings (a retelling, no ending;
    ``near`` as for :func:`focus_neighbours`)."""
    near = Neighbours(rows, encoder) if near is None else near

    def make(row: Row) -> list[str]:
        context = context_of(row)
        last = (sentences(context) or [context])[-1].rstrip(".!? ")
        source = f"{row['question']} {context}"
        return [t for rank in RANKS for t in _frames(near.say(last, source, rank), main_character(row))]

    return make


#: name → factory of a per-row candidate maker (needs the rows' vocabulary and the encoder; the rows' ``Neighbours``
#: may be passed in, to share).
ENCODED: dict[str, Callable[[Sequence[Row], Any, Neighbours | None], Callable[[Row], list[str]]]] = {
    "neighbours": focus_neighbours,
    "story_neighbours": story_neighbours,
}


def encoded_makers(rows: Sequence[Row], encoder: Any) -> dict[str, Callable[[Row], list[str]]]:
    """Every class of :data:`ENCODED` by name, over one :class:`Neighbours` of ``rows`` and ``encoder`` (the search
    over the vocabulary done once for both)."""
    near = Neighbours(rows, encoder)
    return {name: new(rows, encoder, near) for name, new in ENCODED.items()}
