"""Bracketed and highlighted spans that a reader does not take for what the format asks (checkers 2.8, round 13),
read by where they stand and by the parts of speech they hold, not by a list of words:

- a bracket glued to the predicate that ends a sentence and closing it (転びました[笑]。, 乾杯しましょう[拍手]！), or
  glued to its ！ or ？ and followed by no particle (楽しかった！[笑]また…), is the writer's reaction or a stage
  direction on that sentence, not a slot the reader fills: a slot stands where a word of the sentence goes ([氏名]様,
  [日付]に, 金額：[金額], ！[電話番号]まで) or on a line of its own ([署名]);
- a bracket opening a line or a sentence (after brackets, a bullet or a sentence's end only) and followed on its
  line, past any brackets and blanks, by a sentence of its own that starts with a letter, holds a predicate and no
  bracket, and that the bracket is no word of ([速報] 新商品が発売されました。, [PR] 今なら半額です。; round 22), is a
  label on that sentence, as a headline's tag is, not a slot: a slot is a word of its sentence ([氏名] 様, [日付]に,
  [日付]+[時刻]の形で), a line of its own ([署名]) or a value before a number (「[日付] 10時から」);
- a highlight whose words, read in their sentence, are only particles, auxiliaries and endings (今日《は》公園《に》
  行き《ました》) emphasises nothing, unless the answer is about grammar and names it (助詞《は》と《が》の違い);
- a one-character mark opening a list line before its item ([済] 買い物; round 15) is a to-do's status, and an
  encyclopedia's maintenance tag ([要出典]; round 12) an editor's note: neither is a slot.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: What closes a sentence after a bracket: a mark, a line break, the end, or another bracket of the same kind.
_CLOSES = re.compile(r"[ \t\u3000]*(?:[。．.！!？?♪…、，,]|\n|$|[\[［(（])")
#: Marks of an exclamation or question a reaction may follow glued (楽しかった！[笑]); after 。 a bracket may be a
#: signature slot (…お願いします。[氏名]) and stays one.
_EXCLAIMED = frozenset("！!？?♪")
#: Parts of speech that end a predicate (the sentence before the bracket is finished).
_PREDICATE_END = frozenset({"動詞", "助動詞", "形容詞"})
#: An answer about grammar names its particles (助詞《は》と《が》): there a highlighted particle is the subject.
GRAMMAR = re.compile(r"助詞|助動詞|文法|品詞|てにをは|活用|語尾|係り結び|格助詞|終助詞")
#: Parts of speech that carry no content of their own (UniDic): particles, auxiliaries, endings and marks.
_FUNCTION = frozenset({"助詞", "助動詞", "補助記号", "空白"})


def _sentence_before(text: str, start: int) -> str:
    head = text[:start]
    cut = max(head.rfind(ch) for ch in "。．！？!?\n")
    return re.sub(r"[\[［][^\[\]［］\n]*[\]］]", "", head[cut + 1 :])  # brackets before it in the same sentence


def _bound(word: str, following: str) -> bool:
    """Whether ``word`` is read as a word of the text that follows it: a particle, suffix or auxiliary comes next
    ([電話番号]まで, [氏名]様), as the analyser reads the word and what follows together."""
    for start, end, m in morph.spans(word + following):  # offsets, so a blank inside the word (Eternal Realms) holds
        if start >= len(word):
            return m.pos1 in ("助詞", "接尾辞", "助動詞") or m.surface in ("様", "さま", "さん", "殿", "宛")
        if end > len(word):
            return False
    return False


def stage_direction(text: str, start: int, end: int) -> bool:
    """Whether the bracket ``text[start:end]`` follows a finished predicate directly and closes its sentence (see the
    module docstring): a mark on the sentence, no slot."""
    if start and text[start - 1] in _EXCLAIMED:  # 楽しかった！[笑]: a reaction glued to an exclamation, unless the
        return not _bound(text[start + 1 : end - 1], text[end : end + 8])  # bracket is a word of what follows
    if not _CLOSES.match(text, end):
        return False
    before = _sentence_before(text, start)
    if not before or before[-1].isspace():
        return False
    morphemes = [m for m in morph.analyze(before) if m.pos1 not in ("補助記号", "空白")]
    if not morphemes:
        return False
    last = morphemes[-1]
    return last.pos1 in _PREDICATE_END or (last.pos1 == "助詞" and last.pos2 == "終助詞")


#: A run of brackets, with blanks, at the end of what stands before a bracket on its line, or at the start after it.
_BRACKETS_BEFORE = re.compile(r"(?:[\[［][^\[\]［］\n]*[\]］][ \t\u3000]*)+$")
_BRACKETS_AFTER = re.compile(r"(?:[ \t\u3000]*[\[［][^\[\]［］\n]*[\]］])*[ \t\u3000]*")
_OPENS = re.compile(r"(?:|[-*+・•]|.*[。．！？!?])")


def article_label(text: str, start: int, end: int) -> bool:
    """Whether the bracket ``text[start:end]`` is a label opening the sentence after it (see the module docstring)."""
    line_start = text.rfind("\n", 0, start) + 1
    head = _BRACKETS_BEFORE.sub("", text[line_start:start]).strip(" \t\u3000")
    if not _OPENS.fullmatch(head):
        return False
    line = text[end:].split("\n", 1)[0]
    after = line[_BRACKETS_AFTER.match(line).end() :]  # type: ignore[union-attr]
    sentence = re.split(r"(?<=[。．！？!?])", after, maxsplit=1)[0]
    if not sentence or not sentence[0].isalpha() or re.search(r"[\[［]", sentence):
        return False
    if _bound(text[start + 1 : end - 1], after[:8]):
        return False
    return any(m.pos1 in _PREDICATE_END for m in morph.analyze(sentence))


def function_words_only(text: str, start: int, end: int, marks: str) -> bool:
    """Whether the highlight ``text[start:end]`` (its marks included) holds only particles, auxiliaries and endings
    when its sentence is read without any highlight marks (``marks``: the opening and closing characters); never in an
    answer about grammar (``GRAMMAR``)."""
    if GRAMMAR.search(text):
        return False
    cut_start = max(text.rfind(ch, 0, start) for ch in "。．！？!?\n") + 1
    cut_end = min((i for i in (text.find(ch, end) for ch in "。．！？!?\n") if i >= 0), default=len(text))
    plain: list[str] = []
    inner: list[int | None] = [None, None]
    for i in range(cut_start, cut_end):
        if text[i] in marks:
            continue
        if start <= i < end and inner[0] is None:
            inner[0] = len(plain)
        plain.append(text[i])
        if start <= i < end:
            inner[1] = len(plain)
    if inner[0] is None or inner[1] is None:
        return False
    first, last = inner[0], inner[1]
    words, at = [], 0
    for m in morph.analyze("".join(plain)):
        if at < last and at + len(m.surface) > first:
            if at < first or at + len(m.surface) > last:
                return False  # the highlight cuts a word: not read as function words
            words.append(m)
        at += len(m.surface)
    return bool(words) and all(m.pos1 in _FUNCTION for m in words)


#: An encyclopedia's maintenance tags (round 12; Wikipedia's [要出典], [要検証], [citation needed]): an editor's
#: note on the sentence before it, not a slot for the reader to fill, so no placeholder.
MAINTENANCE_TAG = re.compile(
    r"要(?:出典|検証|出典範囲|ページ番号|説明|更新|改訳|校正|曖昧さ回避|追加記述|高速削除)|独自研究|疑問点"
    r"|citationneeded|clarificationneeded|verificationneeded|dubious"
)


def status_mark(text: str, m: re.Match[str]) -> bool:
    """A one-character mark opening a list line before its item ([済] 買い物, [未] 洗濯; round 15): a to-do's status,
    as a task box is, not a slot."""
    line_start = text.rfind("\n", 0, m.start()) + 1
    before, after = text[line_start : m.start()], text[m.end() : text.find("\n", m.end()) % (len(text) + 1)]
    mark = m.group(1).strip()
    opens_line = re.fullmatch(r"\s*(?:[-*+・]\s*)?", before) is not None
    return len(mark) == 1 and not mark.isascii() and opens_line and after[:1].isspace() and bool(after.strip())


__all__ = ["GRAMMAR", "MAINTENANCE_TAG", "article_label", "function_words_only", "stage_direction", "status_mark"]
