"""Marks inside a name, read by the analyser's words around them (the one sentence model's ``boundaries.split``): a
run of 。！？ written right after a noun and right before a particle that attaches to a noun is inside the name, with
every earlier run the name continues through nouns alone (ザ！鉄腕！DASH!!を見た, round 8); and a mark between a noun
and the rest of a name bound by a case particle to the one predicate after it (探偵！ナイトスクープを見た, 2.6).
A Latin start phrase followed by capitalised Latin words and then at once by a particle or a noun is the start of a
name, not the phrase said (Hello Kittyのグッズ, Good Morning Americaを見る: ``latin_name_after``, round 27); a
greeting to someone (Hello Tomさん, Hello, Kitty) stays said."""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.text import SENTENCE_END

#: Particles that attach to a noun before them: a sentence never starts with one, so a mark before one ends none.
_NOUN_PARTICLES = frozenset({"の", "が", "を", "に", "へ", "と", "は", "も", "や", "から", "まで", "より"})
#: Particles that start a sentence as conjunctions when a 、 follows (が、それは…; と、そこへ…), and the quotative と
#: that starts one before a verb (と言っても, となると, とすると, と思いきや).
_CONJUNCTIONS = frozenset({"が", "と"})
_QUOTATIVE = "と"
#: The verbs after which a sentence-initial と is quotative or conditional (と言っても, となると, とすると, と思いきや,
#: ときたら); と before any other verb joins a companion to a name (モーニング娘。と歩く).
_QUOTING_VERBS = frozenset("言う 成る 為る 思う 来る 聞く 考える 見る".split())
#: The marks a name may hold.
_MARKS = frozenset("。！？!?")
_Found = tuple[tuple[int, int, morph.Morpheme], ...]
#: Capitalised Latin words run on after a Latin phrase, then a particle or a noun with no pause: a name's words; an
#: honorific after them (さん, 様, 先生) makes them a person greeted.
_NAME_TAIL = re.compile(
    r"(?:[ \t]+[A-Z][A-Za-z0-9'&.-]*)+(?=[ \t]?(?:[のはがをにでともへや]|って|[ァ-ヺ一-鿿]))"
    r"(?![ \t]?(?:さん|様|さま|ちゃん|くん|君|先生|氏|殿))"
)


def latin_name_after(text: str, end: int, phrase: str) -> bool:
    """Whether the Latin ``phrase`` ending at ``end`` runs on into a name (see the module docstring)."""
    return bool(re.fullmatch(r"[A-Za-z][A-Za-z .'-]*", phrase)) and bool(_NAME_TAIL.match(text, end))


def before_particle(found: _Found, k: int) -> bool:
    """Whether the run of marks starting at ``found[k]`` is written right after a noun and right before a particle
    that attaches to a noun (モーニング娘。の, DASH!!を), not one that starts a sentence as a conjunction."""
    if found[k - 1][2].pos1 != "名詞" or found[k - 1][1] != found[k][0]:
        return False
    j = k
    while j + 1 < len(found) and found[j + 1][2].surface in _MARKS and found[j + 1][0] == found[j][1]:
        j += 1
    if j + 1 >= len(found) or found[j + 1][0] != found[j][1]:
        return False
    after, follow = found[j + 1][2], (found[j + 2][2] if j + 2 < len(found) else None)
    return (
        after.pos1 == "助詞"
        and after.surface in _NOUN_PARTICLES
        and not (after.surface in _CONJUNCTIONS and follow is not None and follow.surface in "、，,")
        and not (after.surface == _QUOTATIVE and follow is not None and follow.lemma in _QUOTING_VERBS)
    )


def name_run(found: _Found, k: int) -> set[int]:
    """The offsets of the run of marks at ``found[k]`` and of every earlier run it continues through nouns alone
    (ザ！鉄腕！DASH!!を見た, 2.6): a piece holding only nouns between a mark and the name's last marks opens no
    sentence of its own, as the particle after the last marks binds the whole name into one."""
    out, j = set(), k
    while j < len(found) and found[j][2].surface in _MARKS and (j == k or found[j][0] == found[j - 1][1]):
        out.add(found[j][0])
        j += 1
    i = k - 1
    while i > 0 and found[i][2].pos1 == "名詞" and found[i - 1][1] == found[i][0]:
        i -= 1
        if found[i][2].surface in _MARKS and found[i][2].surface not in "。":
            run = i
            while run > 0 and found[run - 1][2].surface in _MARKS and found[run - 1][1] == found[run][0]:
                run -= 1
            if run == 0 or found[run - 1][2].pos1 != "名詞" or found[run - 1][1] != found[run][0]:
                break
            out.update(found[x][0] for x in range(run, i + 1))
            i = run - 1
    return out
    return out


#: Particles after the rest of a name that bind it into the sentence around it (2.6); が, は and も are left out, as
#: they most often open a new sentence after a cry (合格！春から…, 最高！ケーキが…).
_NAME_CASES = frozenset({"の", "を", "に", "へ", "と", "や", "で", "から", "まで", "より"})


def joins_name(found: _Found, k: int) -> bool:
    """Whether the mark at ``found[k]`` is inside a name followed by more of it (2.6: 探偵！ナイトスクープ,
    進め！電波少年). It is written right after a plain noun (not one that can be an exclamation: 最高, 残念) or
    an imperative verb, inside a sentence that began before that word with a particle (昨日は探偵！…);
    it is followed directly by a compound of two nouns or more (the rest of a name: ナイト|スクープ) and
    a case particle (``_NAME_CASES``); and the words after it hold no topic or subject of their own
    (は, が), so one predicate ends both halves. A cry at a sentence's start is two sentences
    (すごい！行こう, 合格！春から大学生だ), and so is a noun sentence before one noun
    (今日は晴れ！公園で遊んだ); 今日は晴れ！家族旅行に出かけた is read as one. A 。 is no such mark: 昨日も雨。
    駅前広場で待ち合わせた。 is two sentences (a name holding 。 is read by ``before_particle``: モーニング娘。の)."""
    (start, _, mark), (_, _, before) = found[k], found[k - 1]
    noun = before.pos1 == "名詞" and before.pos3 not in ("形状詞可能", "副詞可能") and before.pos2 != "数詞"
    if not (noun or (before.pos1 == "動詞" and before.form.startswith(("命令形", "連用形")))) or k < 2:
        return False
    if found[k - 1][1] != start or found[k - 2][2].pos1 != "助詞" or found[k - 2][2].surface in SENTENCE_END:
        return False
    j, edge = k + 1, found[k][1]
    while j < len(found) and found[j][0] == edge and found[j][2].pos1 in ("名詞", "接尾辞"):
        j, edge = j + 1, found[j][1]
    if j < k + 3 or j >= len(found) or found[j][2].pos1 != "助詞" or found[j][2].surface not in _NAME_CASES:
        return False
    for _, _, m in found[j + 1 :]:
        if m.surface in SENTENCE_END:
            break
        if m.pos1 == "助詞" and m.surface in ("は", "が"):
            return False
    return mark.surface in _MARKS and mark.surface != "。"  # a 句点 before a compound ends a sentence (昨日も雨。駅前…)


__all__ = ["before_particle", "joins_name", "name_run"]
