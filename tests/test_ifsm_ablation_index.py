"""Question-word ablation looks a typo up among the one-edit forms of the question's words (one length each side):
the same words are taken out as comparing the word with every question word (the definition, written out here on its
own)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from lctg_metrics.ifsm.ablation import MIN_FUZZY, _is_question_word, question_stems, question_words, root

LETTERS = st.text(alphabet="aeilnorst", min_size=1, max_size=8)


def _one_edit_brute(a: str, b: str) -> bool:
    """At most one insertion, deletion, substitution or swap of neighbours, by listing every such edit of ``a``."""
    if a == b:
        return True
    alphabet = set(a) | set(b)
    edits = {a[:k] + a[k + 1 :] for k in range(len(a))}
    edits |= {a[:k] + c + a[k:] for k in range(len(a) + 1) for c in alphabet}
    edits |= {a[:k] + c + a[k + 1 :] for k in range(len(a)) for c in alphabet}
    edits |= {a[:k] + a[k + 1] + a[k] + a[k + 2 :] for k in range(len(a) - 1)}
    return b in edits


def _definition(word: str, question: str) -> bool:
    if root(word) in question_stems(question):
        return True
    low = word.lower()
    return len(low) >= MIN_FUZZY - 1 and any(
        len(w) >= MIN_FUZZY - 1 and max(len(w), len(low)) >= MIN_FUZZY and _one_edit_brute(low, w)
        for w in question_words(question)
    )


@given(word=LETTERS, words=st.lists(LETTERS, min_size=1, max_size=12))
def test_the_length_index_takes_out_what_the_definition_does(word: str, words: list[str]) -> None:
    question = " ".join(words) + "?"
    got = _is_question_word(word, question_stems(question), question_words(question))
    assert got == _definition(word, question)


def test_typos_one_length_each_side_and_not_further() -> None:
    question = "Why did Lena leave the station?"
    words, stems = question_words(question), question_stems(question)
    for typo in ("statoin", "statio", "stations", "sstation", "leavee"):
        assert _is_question_word(typo, stems, words), typo
    for far in ("stat", "stationss", "nation", "lane"):
        assert not _is_question_word(far, stems, words), far
