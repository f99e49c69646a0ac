"""Where a reader ends a sentence on a line, beyond the marks: a 。 or ！ inside a name ends none, and a quoted line
standing on its own is a sentence of its own.

``text.split_sentences`` cuts at 。！？ outside brackets and keeps a quotation inside the sentence around it. Two
readings need the analyser, and ``split`` adds them before cutting:

- a name holding a mark: a 。！？ written right after a noun and right before a particle that attaches to a noun
  (の, が, を, に, へ, と, は, も, や, から, まで, より) is part of the name (モーニング娘。のライブ, けいおん！を見た):
  no Japanese sentence starts with such a particle, save as a conjunction (が、 and と、, or と before a verb:
  と言っても, となると); so is a mark the analyser reads inside one word (ミニモニ。);
- a quotation standing on its own: a 「…」 that starts the sentence (at the line start, or after a sentence's end or
  another such quotation) and is not followed by a particle, an auxiliary or a suffix (「…」と言った, 「…」です) is
  speech a reader reads as its own sentence or sentences (「晴れです。」「雨です。」 is two; 彼は言った。「行こう。」
  そして歩き出した。 is three); a quotation without a mark of its own before a noun is a name or a label
  (「いいね」ボタンを押す) and stays in its sentence, as does one quoted inside narration (彼は「行こう。」と言った。),
  unless that noun names a person (a person's name, or a word for a person: 母, 先生, みんな; 2.3), who is the
  speaker or the narration's subject, never what a quotation labels (「おはよう」先生が笑った。 is two).
"""

from __future__ import annotations

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.text import SENTENCE_END, split_sentences

#: Particles that attach to a noun before them: a sentence never starts with one, so a mark before one ends none.
_NOUN_PARTICLES = frozenset({"の", "が", "を", "に", "へ", "と", "は", "も", "や", "から", "まで", "より"})
#: Particles that start a sentence as conjunctions when a 、 follows (が、それは…; と、そこへ…), and the quotative と
#: that starts one before a verb (と言っても, となると, とすると, と思いきや).
_CONJUNCTIONS = frozenset({"が", "と"})
_QUOTATIVE = "と"
#: Stand-ins for a mark inside a name and for the opening bracket of a stand-alone quotation while the line is cut
#: (private-use characters: no text holds them), put back in each piece.
_NAME_MARK = {"。": "\ue000", "！": "\ue001", "？": "\ue002", "!": "\ue003", "?": "\ue004"}
_OPEN = "\ue005"
_RESTORE = str.maketrans({**{v: k for k, v in _NAME_MARK.items()}, _OPEN: "「"})
#: What follows a quotation and binds it into its sentence: a particle, an auxiliary or a suffix (と言った, です, 派).
_BINDING = ("助詞", "助動詞", "接尾辞")
#: Words for people (kin, roles, groups) that a quotation never labels: after one, the quotation is speech and the
#: person starts the narration (「ただいま」母が…, 「いただきます」みんなで…). A person's name is read by the analyser
#: (``pos3`` 人名).
_PEOPLE = frozenset(
    "母 父 兄 姉 弟 妹 祖母 祖父 母親 父親 両親 夫 妻 息子 娘 子 子供 子ども 赤ちゃん 家族 先生 "
    "生徒 学生 友人 友達 仲間 先輩 後輩 上司 部下 同僚 店員 客 お客 医者 看護師 少年 少女 男 女 "
    "男性 女性 老人 皆 みんな みな 全員 誰か".split()
)
#: A noun put before the words after a quotation, so the analyser reads those words as it would after the quote.
_STAND_IN = "言葉"


def name_marks(line: str) -> set[int]:
    """Offsets of the marks of ``line`` that belong to a name (see the module docstring)."""
    if not any(ch in _NAME_MARK for ch in line):
        return set()
    found = morph.spans(line)
    out = set()
    for k, (start, end, m) in enumerate(found):
        if m.pos1 == "名詞" and len(m.surface) > 1 and m.surface[-1] in _NAME_MARK:
            out.add(end - 1)  # the analyser reads the mark inside the word (ミニモニ。)
        if m.surface not in _NAME_MARK or not 0 < k < len(found) - 1:
            continue
        before, after = found[k - 1][2], found[k + 1]
        follow = found[k + 2][2] if k + 2 < len(found) else None
        if (
            before.pos1 == "名詞"
            and found[k - 1][1] == start
            and after[0] == end
            and after[2].pos1 == "助詞"
            and after[2].surface in _NOUN_PARTICLES
            and not (after[2].surface in _CONJUNCTIONS and follow is not None and follow.surface in "、，,")
            and not (after[2].surface == _QUOTATIVE and follow is not None and follow.pos1 == "動詞")
        ):
            out.add(start)
    return out


def _closing(line: str, i: int) -> int:
    """The offset of the 」 closing the 「 at ``i`` (nested 「」 counted), or -1 when the line does not close it."""
    depth = 0
    for j in range(i, len(line)):
        depth += (line[j] == "「") - (line[j] == "」")
        if depth == 0:
            return j
    return -1


def _chain_end(line: str, j: int) -> int:
    """The offset of the last 」 of the quotations following each other from the one closing at ``j``
    (「安心」「安全」「快適」の…: the chain is read as one)."""
    while True:
        k = j + 1
        while k < len(line) and line[k] in " 　":
            k += 1
        close = _closing(line, k) if k < len(line) and line[k] == "「" else -1
        if close < 0:
            return j
        j = close


def _stands_alone(line: str, j: int) -> bool:
    """Whether the quotation closing at ``j``, with those that follow it at once, is read on its own: nothing binds
    the last of them into a sentence (see the module docstring)."""
    end = _chain_end(line, j)
    after = line[end + 1 :].lstrip(" \u3000")
    if not after:
        return True
    if after[0] in SENTENCE_END:
        return False  # 「行こう」。 ends with its mark anyway
    words = morph.analyze(_STAND_IN + after[:24])
    if len(words) < 2 or words[0].surface != _STAND_IN:
        return False
    following = words[1]
    if following.pos1 in _BINDING:
        return False
    ends_in_mark = line[end - 1] in SENTENCE_END + "…"
    return ends_in_mark or following.pos1 != "名詞" or _is_person(following)


def _is_person(word: morph.Morpheme) -> bool:
    """Whether a noun names a person (``_PEOPLE`` or a name the analyser reads as 人名)."""
    return word.pos3 == "人名" or word.lemma in _PEOPLE or word.surface in _PEOPLE


def _quotations(line: str) -> tuple[str, list[int]]:
    """``line`` with the opening bracket of each stand-alone quotation replaced (so its 。 end sentences), and the
    offsets after each such quotation without a mark of its own where its sentence ends."""
    chars, cuts, i, starts = list(line), [], 0, True
    while i < len(line):
        ch = line[i]
        if ch == "「" and starts:
            j = _closing(line, i)
            if j > 0 and _stands_alone(line, j):
                chars[i] = _OPEN
                rest = line[j + 1 :].lstrip(" \u3000")
                if rest and rest[0] != "「" and line[j - 1] not in SENTENCE_END + "…":
                    cuts.append(j + 1)
                i, starts = j + 1, True
                continue
        if not ch.isspace():
            starts = ch in SENTENCE_END or ch == "」" and starts
        i += 1
    return "".join(chars), cuts


def split(line: str) -> list[str]:
    """Sentences of one line as a reader cuts them: ``text.split_sentences`` with marks inside names kept and
    stand-alone quotations read as sentences (see the module docstring)."""
    if not any(ch in _NAME_MARK or ch == "「" for ch in line):
        return split_sentences(line)
    chars = list(line)
    for at in name_marks(line):
        chars[at] = _NAME_MARK[chars[at]]
    marked, cuts = _quotations("".join(chars)) if "「" in line else ("".join(chars), [])
    edges = [0, *cuts, len(marked)]
    return [piece.translate(_RESTORE) for a, b in zip(edges, edges[1:]) for piece in split_sentences(marked[a:b])]


__all__ = ["split"]
