"""Where a line without 。！？ pauses between clauses: the blanks between two Japanese characters that end a clause
(after a final particle, a polite です・ます, a predicate in its final form, or between noun phrases), read word by word
in text spaced word by word (分かち書き) and chunk by chunk otherwise; laughter written w before a blank is read with
the clause it closes (round 24). ``sentences`` cuts its lines here."""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.joins import OPENERS

#: Blanks between two Japanese (non-ASCII) characters: where a line without 句点 may pause between clauses.
_CLAUSE_BREAK = re.compile(r"(?<=[^\x00-\x7f\s])[ \t\u3000]+(?=[^\x00-\x7f\s])")
#: Laughter written w after a Japanese letter and before a blank (楽しかったw 今日も…; ｗ is w in the reader's
#: view): read as a blank is when the clause before it ends, and kept with that clause.
_LAUGHTER_TAIL = re.compile(r"(?<=[^\x00-\x7f\s])[wW]+(?=[ \t\u3000])")
_LAUGHTER_AT = re.compile(r"[wW]*")


def _offsets(text: str) -> list[tuple[int, morph.Morpheme]]:
    """Morphemes of ``text`` (analysed as a whole, so each word's form is read in context) with their end offsets."""
    out, position = [], 0
    for m in morph.analyze(text):
        start = text.find(m.surface, position) if m.surface else -1
        position = (start if start >= 0 else position) + len(m.surface)
        out.append((position, m))
    return out


#: Auxiliaries whose final form ends no clause before a blank: ず and ぬ continue (「実現せず␣…」), and the classical
#: じ, む, べし, けり, き are what the analyser makes of a kana name cut wrongly (ひめじ read as 秘め|じ), not
#: modern predicates.
_NOT_FINAL = frozenset({"ぬ", "ず", "じ", "む", "べし", "けり", "き"})


def _closes(before: list[morph.Morpheme], after: morph.Morpheme | None) -> bool:
    """Whether a blank after the morphemes ``before`` (of its chunk) ends a clause, unless a particle or auxiliary
    follows (「ふる␣でしょう」): after a final particle, a polite です・ます, a predicate in its final form read in
    context (「雨だ␣」; 「よんだ␣ほん」 modifies), or a noun phrase of two words or more (「静かな湖␣美しい山」). One
    word alone (分かち書き 「きょうは␣いい␣てんきです」) closes nothing."""
    content = [m for m in before if m.pos1 not in ("補助記号", "空白")]
    if not content or (after is not None and after.pos1 in ("助詞", "助動詞", "接尾辞")):
        return False  # 「ふる␣でしょう」, 「すし␣が」: the clause goes on
    last = content[-1]
    polite = last.lemma in morph.POLITE_LEMMAS and last.form.startswith(("終止形", "連体形"))
    final = (
        last.form.startswith("終止形")
        and last.pos1 in ("助動詞", "動詞", "形容詞")
        and last.lemma not in _NOT_FINAL
        and (len(content) > 1 or last.pos1 == "助動詞")
    )  # ず continues: 「実現せず␣…」
    return morph.is_final_particle(last) or polite or final or (morph.is_nominal(last) and len(content) > 1)


#: A reading or aside in brackets inside a word (受（う）け): read without it, as the analyser cannot.
_FURIGANA = re.compile(r"[（(][^（）()\n]*[)）]")
#: Parts of speech that make a chunk a word of its own (a 文節 holds one of them with its particles and auxiliaries).
_CONTENT_POS = ("名詞", "代名詞", "動詞", "形容詞", "形状詞", "副詞", "連体詞")


def clause_breaks(text: str) -> list[int]:
    """Offsets of the blanks between two Japanese characters of ``text`` that end a clause (see ``_closes``). Text
    spaced word by word (分かち書き: most chunks one 文節) is read as a whole, so a form is read in context; text
    spaced between longer chunks has each chunk read on its own (「今日は晴れだ␣今日は…」: the だ ends a sentence)."""
    original, text = text, _LAUGHTER_TAIL.sub(lambda m: "\u3000" * len(m.group()), text)  # 楽しかったw␣ (round 24)
    if text != original:
        return [at + len(_LAUGHTER_AT.match(original, at).group()) for at in clause_breaks(text)]  # type: ignore[union-attr]
    blanks = list(_CLAUSE_BREAK.finditer(text))
    if not blanks:
        return []
    chunks = cut(text, [b.start() for b in blanks])
    sizes = sorted(sum(m.pos1 in _CONTENT_POS for m in morph.analyze(c.strip())) for c in chunks)
    if sizes[len(sizes) // 2] <= 1 and not _FURIGANA.search(text):  # 分かち書き
        morphemes, breaks, chunk_start = _offsets(text), [], 0
        for blank in blanks:
            before = [m for end, m in morphemes if chunk_start < end <= blank.start()]
            after = next((m for end, m in morphemes if end > blank.end() and m.surface.strip()), None)
            if _closes(before, None if text[blank.end() :].startswith(OPENERS) else after):
                breaks.append(blank.start())
                chunk_start = blank.end()
        return breaks
    breaks, pending = [], ""
    for blank, chunk, following in zip(blanks, chunks, chunks[1:]):
        pending += chunk
        after = None if following.strip().startswith(OPENERS) else next(iter(morph.analyze(following.strip())), None)
        if _closes(list(morph.analyze(morph.predicate_text(pending.strip()))), after):
            breaks.append(blank.start())
            pending = ""
    return breaks


def cut(text: str, at: list[int]) -> list[str]:
    edges = [0, *at, len(text)]
    return [text[a:b] for a, b in zip(edges, edges[1:])]


__all__ = ["clause_breaks", "cut"]
