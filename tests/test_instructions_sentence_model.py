"""One sentence model: every checker that counts or reads sentences cuts a text where a reader does, and they agree.

Each text below is written here, polite throughout, with the sentences a reader counts (asides with their own 。
included) and the sentences of its running text (asides aside), counted by hand. ``length:sentences``,
``startend:unified_ending``, ``style:polite``, ``startend:nominal_ending`` and the inline postscript of
``format:postscript`` must all read those counts.
"""

from __future__ import annotations

import re

import pytest

from lctg_metrics.instructions import check
from lctg_metrics.instructions.sentences import counted, prose

#: (text, sentences a reader counts, sentences of the running text); one line each, every predicate polite.
TRICKY = [
    ("モーニング娘。のライブに行きます。", 1, 1),  # a 。 inside a name
    ("けいおん！を見ます。とても楽しいです。", 2, 2),  # a ！ inside a name
    ("Yahoo!ショッピングで買います。", 1, 1),  # a Latin name with !
    ("今日は晴れです 明日は雨です", 2, 2),  # no 。, two clauses split by a blank
    ("料金は安いです（税込みです。）。", 2, 1),  # an aside with its own 。
    ("公演を見ます（モーニング娘。のライブです。）。", 2, 1),  # a name inside an aside
    ("「ただいま」母が言いました。", 2, 2),  # a quotation, then narration starting with a person
    ("「おはよう」セールが始まります。", 1, 1),  # a quotation labelling a noun
    ("「晴れです。」「雨です。」", 2, 2),  # quotations standing on their own
    ("彼は「行きます。」と言いました。", 1, 1),  # a quotation inside narration
]
#: Texts without quotations, where every sentence the reader counts is one the writer must end as asked.
UNQUOTED = [(text, n) for text, n, _ in TRICKY if "「" not in text]


@pytest.mark.parametrize(("text", "n", "running"), TRICKY)
def test_the_model_counts_what_a_reader_counts(text: str, n: int, running: int) -> None:
    assert len(counted(text)) == n, [s.text for s in counted(text)]
    assert len(prose(text)) == running, [s.text for s in prose(text)]


@pytest.mark.parametrize(("text", "n", "running"), TRICKY)
def test_length_sentences_reads_the_model(text: str, n: int, running: int) -> None:
    assert check("length:sentences", text, {"min": n, "max": n}).passed
    assert not check("length:sentences", text, {"min": n + 1}).passed
    assert not check("length:sentences", text, {"max": n - 1}).passed


@pytest.mark.parametrize(("text", "n"), UNQUOTED)
def test_unified_ending_judges_every_sentence_of_the_model(text: str, n: int) -> None:
    verdict = check("startend:unified_ending", text, {"ending": "す"})
    assert verdict.passed, verdict.reason
    assert re.search(rf"all {n} sentences", verdict.reason), verdict.reason
    assert not check("startend:unified_ending", text + "だから安心だ。", {"ending": "す"}).passed


@pytest.mark.parametrize(("text", "n", "running"), TRICKY)
def test_style_reads_every_sentence_of_the_model(text: str, n: int, running: int) -> None:
    """An honest polite text passes; a plain sentence added after it, on the same line, is found."""
    assert check("style:polite", text, {}).passed, check("style:polite", text, {}).reason
    assert not check("style:polite", text + "でも高い。", {}).passed


@pytest.mark.parametrize(("text", "n", "running"), TRICKY)
def test_an_inline_postscript_is_one_sentence_of_the_model(text: str, n: int, running: int) -> None:
    """A postscript written after a 。 on the line of the body is one sentence: it passes at the end exactly when the
    model reads one sentence of running text in it."""
    response = "本日はありがとうございました。P.S. " + text
    verdict = check("format:postscript", response, {"marker": "P.S.", "position": "end"})
    assert verdict.passed is (running == 1), verdict.reason


@pytest.mark.parametrize(("text", "n"), UNQUOTED)
def test_nominal_ending_counts_sentences_of_the_model(text: str, n: int) -> None:
    """Every sentence of the running text turned into a noun phrase (「…です」 and 「…ます」 to 「…の日」) ends
    nominally: the checker counts as many 体言止め sentences as the model reads (asides are not running text)."""
    nominal = re.sub(r"(?:です|ます)(?=[。 （]|$)", "の日", text)
    running = len(prose(text))
    assert check("startend:nominal_ending", nominal, {"min": running, "max": running}).passed, nominal
    assert not check("startend:nominal_ending", nominal, {"min": running + 1}).passed
