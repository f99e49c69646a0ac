"""Stalling words as a reader hears them (round 20): えーと, そうですね, まあ, なんというか standing alone between
pauses (、 。 … or a line break) fill the time a speaker searches for words and say nothing. A spoken-style answer
opens a sentence with one (えーと、信濃川です。まあ、長いですよ。) and each counts; toward a minimum length a
sentence's stalling words after its first are not counted, nor sentences of stalling words alone after the text's
first, so a run of them before a one-line answer is no length. A word used inside a clause (まあいいか) is said,
a reply of stalling words alone (うーん……そうだねー。) is all the reply there is, and a character's stammer
reported in a quotation followed by と or って (「あの、その、えっと……」と彼女は口ごもった。) is what a story tells;
brackets around stalling words (「えーと」「まあ」) do not make them say more."""

from __future__ import annotations

import re
import unicodedata

from lctg_metrics.instructions.notation import hesitation_only

#: Stalling phrases a speaker says alone between pauses (the analyser reads most as adverbs or clauses, not fillers).
_STALLING = frozenset(
    "そうですね そうですねえ そうですねー そうだね そうだなあ そうだな そうね まあ まぁ まあまあ "
    "なんというか 何というか なんていうか なんて言うか 何て言うか なんと言いますか 何と言いますか "
    "なんと言うか 何と言うか なんだろう 何だろう なんでしょう 何でしょう というか ていうか っていうか "
    "その あの ほら あのですね えっとですね えーとですね どう言えばいいか どういえばいいか どう言ったらいいか".split()
)
#: A piece between pauses: the text between commas, sentence ends, ellipses, closing brackets and line breaks.
_PIECE = re.compile(r"[^、，,。．！？!?…‥\n」』）)]+")
#: A character's words reported in a quotation followed by a quoting particle (「あの、えっと……」と彼女は言った):
#: a story's stammer is what it tells.
_REPORTED = re.compile(r"「[^「」]*」(?=[\s\u3000]*(?:と|って))")
#: A sentence: the text up to a sentence end or a line break.
_SENTENCE = re.compile(r"[^。．！？!?\n]+[。．！？!?]*")


def _stalling(piece: str) -> bool:
    piece = "".join(ch for ch in piece if unicodedata.category(ch) not in ("So", "Sk"))  # あ★★★ is あ, no あーー
    word = re.sub(r"[\s\u3000ー〜]+$", "", piece.strip(" \t\u3000「」『』（）()\"'“”"))
    return word in _STALLING or (len(word) >= 3 and hesitation_only(word))  # えーと, うーん; not あー, う


def without_hesitations(text: str) -> str:
    """``text`` without the stalling words past its allowance (its pause marks kept): in each sentence that says
    something else, its first stalling word counts; in a sentence of nothing but stalling words, only the text's
    first stalling word does (えーと。信濃川です。)."""
    if all(_stalling(m.group()) for m in _PIECE.finditer(text) if m.group().strip()):
        return text  # うーん……そうだねー。: a reply of stalling words alone pads nothing
    reported = [m.span() for m in _REPORTED.finditer(text)]
    out, at, first = [], 0, True
    for sentence in _SENTENCE.finditer(text):
        pieces = [m for m in _PIECE.finditer(sentence.group()) if m.group().strip()]
        stalls = [
            m
            for m in pieces
            if _stalling(m.group())
            and not any(a <= sentence.start() + m.start() < b for a, b in reported)  # 「あの、その」と口ごもった
        ]
        if not stalls:
            continue
        allowed = 1 if (len(stalls) < len(pieces) or first) else 0
        first = False
        for m in stalls[allowed:]:
            out.append(text[at : sentence.start() + m.start()])
            at = sentence.start() + m.end()
    return "".join(out) + text[at:]


def stalling_only(sentence: str) -> bool:
    """Whether a sentence is stalling words alone (えーと。, うーん……そうですね。): toward a sentence minimum such a
    sentence past the text's first says nothing (round 36), as such words past the first are no length; a sentence
    with words of its own (えーと、東京です。) says them."""
    pieces = [m.group() for m in _PIECE.finditer(sentence) if m.group().strip()]
    return bool(pieces) and all(_stalling(piece) for piece in pieces)


def _sound(piece: str) -> str:
    """A piece's stalling word as compared in a run, or ``""`` when it is none (a short sound too: えー, んー)."""
    word = re.sub(r"[\s\u3000ー〜]+$", "", piece.strip(" \t\u3000「」『』（）()\"'“”"))
    return word if _stalling(piece) or (word and hesitation_only(piece)) else ""


def repeated_stalls(text: str) -> list[str]:
    """The stalling words said over again to fill a count (round 28): in a run of stalling words with only pauses
    between (うーん、うーん、うーん、), each word after its first saying in the run; and in a piece that is one
    hesitation typed over (うーんうーんうーん), the copies after the first. A stalling word said once, or again after
    words of its own (うーん、難しいですね。うーん、やはり…), is said each time."""
    out: list[str] = []
    run: set[str] = set()
    for m in _PIECE.finditer(text):
        piece = m.group()
        if not piece.strip():
            continue
        word = _sound(piece)
        if not word:
            run = set()
            continue
        if word in run:
            out.append(piece)
            continue
        run.add(word)
        copy = re.fullmatch(r"(.+?)\1+", word)  # うーんうーん: one sound typed twice
        if copy and word not in _STALLING and hesitation_only(copy.group(1)):
            out.append(word[len(copy.group(1)) :])
    return out


__all__ = ["repeated_stalls", "stalling_only", "without_hesitations"]
