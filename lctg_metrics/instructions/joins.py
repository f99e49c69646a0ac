"""Where the sentence model joins what a mark or a blank seems to cut, and where one mark cuts (r7): a clause before
the quotative と is reported speech, a conjunction the analyser reads as a particle (で|も) opens a clause after a
blank, a 。 cut inside a predicate is read through, and one colon, middle dot or dash splices two sentences after a
finite predicate."""

from __future__ import annotations

import re
import unicodedata

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.text import is_heading, is_terminated, without_marker

_KANJI_OR_KATAKANA = re.compile(r"[\u4e00-\u9fffァ-ヺ]")


def quoted_by(rest: str) -> bool:
    """Whether the words after a 、 open with the quotative と (「最高だ、と友人は言います」, r7): the clause before it
    is reported speech inside the sentence, not a sentence of its own (「と、その時…」 starts a new one)."""
    words = morph.analyze("雨だ、" + rest.lstrip()[:24])[3:]  # after a clause, as in the sentence (と alone: a filler)
    return len(words) > 1 and words[0].surface == "と" and words[0].pos1 == "助詞" and words[1].surface not in "、，,"


#: Conjunctions the analyser reads as a particle or an auxiliary first (で|も, だ|けど): after a blank they open a new
#: clause (「安いんだよね␣でも…」, r7), not continue the last.
OPENERS = ("でも", "だけど", "だけれど", "だから", "だが", "だって", "ですが", "ですから", "でしたが")


#: One colon, middle dot or dash between two clauses (r7): it splices two sentences after a finite predicate
#: (「…です：…です」, 「…だ・でも…」) as a 、 does; a list (りんご・みかん) or a label (注意：) has no
#: predicate before it. From round 8 any one punctuation mark or symbol written between two letters does the same
#: (「…です；…です」, 「…です|…です」, 「…ます※…ます」, 「…です−…です」), save brackets and quotes; km/h, 3−2 and a
#: table's cells (「| 晴れ | 雨 |」) have no finite predicate before the mark, and a ※ note at a line's start no letter.
#: From round 9 a run of such marks does too, and so do the comparison signs ＞ ＜ (「…です＞資料は…」; a comparison
#: of nouns, 「A＞B」, has no predicate before it) and the ideographic iteration marks 〻 〱–〵, which Unicode files
#: as letters but which repeat nothing after a predicate (「…です〻バスなら…」).
ONE_MARK = (
    r"[：:]|(?<=[^\s・･―—─━])[・･―—─━](?=[^\s・･―—─━])"
    r"|(?<=\w)(?:[^\w\s「」『』（）()【】\[\]{}〈〉《》〔〕\"'“”‘’、，､,。．｡！？!?]|[〻〱-〵])+(?=\w)"
)


def mark_closes(before: str, mark: str = "", after: str = "") -> bool:
    """Whether a joining mark (／ → ⇒ ♪ ☆, emoji) after ``before`` ends a clause (2.6): after a copula, a polite
    predicate or a final particle (「安いぞ→」, 「晴れです／」), or after a plain final form in a clause with its own
    topic or subject (「この方法は安い→」, 「駅前の店は安い→」: from 2.7 a sentence the count splits there too); a
    flow of bare verbs (「切る→炒める→盛り付けます」) goes on, and so does a chain of steps joined by arrows whose
    last step (in ``after``, the rest of the sentence) the sentence takes up (``taken_up``, round 11)."""
    if morph.ends_clause(before):
        return True
    if not morph.ends_finally(before):
        return False
    if _ARROWS.search(mark) and taken_up(_ARROWS.split(after)[-1]):
        return False
    return _has_subject(morph.analyze(before))


_ARROWS = re.compile(r"[→⇒⇨➡➔⇢]")


def taken_up(step: str) -> bool:
    """Whether the last step of an arrow chain ends inside its sentence (round 11): its plain predicate is quoted or
    made a noun (「…→人が渡る、という流れです」, 「…→お湯が沸くと言われます」, 「…→人が渡るって感じ」,
    「…→人が渡るのが普通です」, 「…→渡ることになる」), so the chain is one list of steps the sentence names, not
    sentences of their own. A thought (「…と思う」) takes up only the last step and keeps the cut."""
    words = [m for m in morph.analyze(step) if m.surface not in "、，,"]
    for m, nxt, third in zip(words, words[1:], [*words[2:], None]):
        if m.pos1 not in ("動詞", "形容詞", "助動詞") or not m.form.startswith(("終止形", "連体形")):
            continue
        if nxt.surface == "って" or nxt.lemma == "事":
            return True
        if nxt.surface == "と" and third is not None and third.lemma in ("言う", "云う"):
            return True
        if nxt.pos2 == "準体助詞" and third is not None and third.surface in ("が", "は", "を", "も"):
            return True
    return False


def _has_subject(words: tuple[morph.Morpheme, ...] | list[morph.Morpheme]) -> bool:
    return any(m.surface in ("は", "が", "も") and m.pos1 == "助詞" for m in words)


def opens_clause(after: str) -> bool:
    """Whether the words after a joining mark open a clause of their own: a topic or subject (は, が, も) before their
    first predicate (「駅裏の店はもっと安い」, 「どちらも行列だ」). Two predicates offered as alternatives share one
    (「値段が安い／高いだけで選ばない…」 is one sentence)."""
    head = []
    for m in morph.analyze(after[:40]):
        if m.pos1 in ("動詞", "形容詞", "助動詞"):
            break
        head.append(m)
    return _has_subject(head)


#: Greetings written as a topic with は (こんにちは, こんばんは in kanji): a sentence of their own.
_GREETINGS = ("今日は", "今晩は", "こんにちは", "こんばんは")


def bare_head(piece: str) -> bool:
    """A piece closed by 。 with no predicate that only opens a sentence (round 11): a bare topic or subject
    (「私は。」, 「彼も。」, 「雨が。」), a time phrase with its に (「毎朝六時に。」) or adverbs alone (「必ず。」).
    An elliptical sentence that ends a thought keeps its 。 (「次は大阪へ。」, 「良いお年を。」, 「今日はここまで。」,
    「雨かも。」: かもしれない clipped, round 28),
    and so does a piece in kana alone."""
    piece = re.split(r"(?<=[。．｡])(?=.)", piece.strip())[-1]  # the last cut of pieces joined so far
    if not piece.endswith(("。", "．", "｡")) or piece[:-1] in _GREETINGS:
        return False
    tail = morph.content_tail(piece)
    if not tail or any(m.pos1 in ("動詞", "形容詞", "助動詞", "形状詞", "感動詞") for m in tail):
        return False
    if not _KANJI_OR_KATAKANA.search("".join(m.surface for m in tail)):
        return False  # kana alone: the analyser reads a lone kana as anything (as in ``rejoined``)
    last = tail[-1]
    if len(tail) > 1 and tail[-2].surface == "か" and last.surface == "も":  # 雨かも。: かもしれない clipped (r28)
        return False
    if all(m.pos1 == "副詞" for m in tail) or (last.surface in ("は", "も") and last.pos2 == "係助詞"):
        return True
    if last.surface == "が" and last.pos2 == "格助詞":
        return True
    return last.surface == "に" and last.pos2 == "格助詞" and any(m.pos2 == "数詞" for m in tail[-4:])


def rejoined(pieces: list[str]) -> list[str]:
    """Pieces with a 。 cut inside a predicate put back together (r7): a piece opening with an auxiliary
    (「ました。」) after one ending in a stem written with a kanji or katakana (「行き。」) continues it
    (「公園に。行き。ました。」 is two pieces). A stem in hiragana alone is left cut (the analyser reads a lone kana
    as anything). From round 11 a piece that only opens a sentence (``bare_head``: 「私は。毎朝六時に。」) is one
    with the next."""
    out: list[str] = []
    for piece in pieces:
        if out and bare_head(out[-1]):
            out[-1] += piece
            continue
        head = morph.analyze(piece.strip()[:8]) if out and not piece.strip().startswith(OPENERS) else ()
        tail = morph.content_tail(out[-1]) if head and head[0].pos1 == "助動詞" else []
        stem = tail[-1] if tail and tail[-1].pos1 in ("動詞", "形容詞", "助動詞") else None
        if stem and stem.form.startswith(("連用形", "未然形")) and _KANJI_OR_KATAKANA.search(stem.surface):
            out[-1] += piece
        else:
            out.append(piece)
    return out


_NUMBER_END = re.compile(r"[0-9０-９〇一二三四五六七八九十百千万]$")
_WORD_START = re.compile(r"^[\u4e00-\u9fffぁ-ゖァ-ヺ]")


def _bare(paragraph: str) -> str:
    return "".join(ch for ch in unicodedata.normalize("NFKC", paragraph) if ch.isalnum())


def unpadded(parts: list[str]) -> list[str]:
    """Paragraphs as a reader counts them (r7): a lone conjunction (「しかし」) is one with the next, a number cut from
    its counter (「徒歩5」 / 「分のところに」) is one with the next, a paragraph of digits alone (「1」) and one said
    again word for word are no new paragraph."""
    out: list[str] = []
    pending = ""
    for part in parts:
        core = (pending + part).strip()
        words = [m for m in morph.analyze(core) if m.pos1 not in ("補助記号", "空白")]
        if core in OPENERS or (words and all(m.pos1 == "接続詞" for m in words)):
            pending = core
            continue
        pending = ""
        if out and _NUMBER_END.search(out[-1].strip()) and _WORD_START.match(core):
            out[-1] = out[-1].strip() + core
        elif _bare(core) and not _bare(core).isdigit() and _bare(core) not in {_bare(p) for p in out}:
            out.append(core)
    return out + ([pending] if pending else [])


#: 読点: a line ending in one goes on in the next line (a list of clauses 「1. 声を上げ、」 … 「5. 続けます。」 is one
#: sentence).
_COMMAS = ("、", "，", "､", ",")


def goes_on(line: str, piece: str) -> bool:
    """Whether the last piece of a line continues on the next: it ends in 、, or, on a line of running text (no list
    marker), in a conjunctive て・で (「駅から近くて」 wrapped before 「料金も安いです。」)."""
    if piece.rstrip().endswith(_COMMAS):
        return True
    if without_marker(line).strip() != line.strip() or not piece.strip() or piece.rstrip()[-1] not in "てで":
        return False
    tail = morph.content_tail(piece)
    return bool(tail) and tail[-1].pos2 == "接続助詞"


def cut_off(line: str, piece: str, following: str) -> bool:
    """A line of running text that is a phrase cut off from the clause the next line of running text goes on with
    (``morph.cut_phrase``, 2.8): 駅前の / 小さな / パン屋で / パンを買いました。 is one sentence."""
    plain = without_marker(line).strip() == line.strip() and without_marker(following).strip() == following.strip()
    return plain and not is_terminated(piece) and not is_heading(following) and morph.cut_phrase(piece, following)


__all__ = [
    "ONE_MARK",
    "OPENERS",
    "bare_head",
    "cut_off",
    "goes_on",
    "mark_closes",
    "opens_clause",
    "quoted_by",
    "rejoined",
    "taken_up",
    "unpadded",
]
