"""What a list's entries and a table's cells are to the sentence model (round 33): which of them a reader counts
as sentences and which only list or tabulate.

- A line holding only a serial mark or a bullet (「1.」, 「2)」, 「（3）」, 「④」, 「・」) in a list says nothing: no
  sentence, toward a minimum or a maximum. A lone 「42.」 that is no part of a list stays what it was.
- A list item that is a bare noun phrase (「・りんご」, 「1. 駅前の公園」: it ends in a noun and holds no verb,
  adjective, auxiliary, nor a topic, subject or object particle) names a thing and is no sentence. An item with a
  predicate (「・早く寝る。」, 「・毎朝走っています」), one saying something of its topic (「・月曜は晴れ」: the copula
  left off), a verbal noun with its object (「・資料を共有」) and one ending in a particle (「・卵を」) stay sentences.
- A table cell without 。！？ ending in a terse value (a bare verb or adjective, 「安い」, 「湯を沸かす」: ``terse``)
  is a value, no sentence; a cell ending in です, だ or a final particle (「月額三千円です」, 「安いぞ」) is one.
- A list item without 。 in the same terse form is the list's form to the style checks (「・駅から近い」 in a
  です・ます answer, 2.6), unless the list is the whole text: then its items are the answer's own style
  (``items_only``).
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.text import is_terminated, without_marker

#: A line that is a list's serial mark or bullet and nothing else.
_MARK_ONLY = re.compile(
    r"^\s*(?:\(?[0-9０-９]{1,3}[.．:：)）]|[（(][0-9０-９]{1,3}[)）]"
    r"|[①-⑳㉑-㉟㊱-㊿⑴-⒇⒈-⒛㈠-㈩㊀-㊉❶-❿➀-➓⓫-⓾]|[Ⅰ-Ⅻⅰ-ⅻ][.．)）]?"
    r"|[一二三四五六七八九十]+[、．.]|[（(][一二三四五六七八九十]+[)）]"
    r"|[・･•‣◦●○◯◉■□◆◇★☆▪▫▸▹►▶▷▲△▼▽◎✓✔☑♦∙⋅➤➢✦❖\-－*＊])\s*$"
)
#: Auxiliaries a list item may end in and stay a terse form (「・駅に近かった」, 「・待たない」, 「・また行きたい」).
_ITEM_AUXILIARIES = frozenset({"た", "ない", "たい", "ず"})
_MARKS = ("補助記号", "空白", "記号")


def mark_only(line: str) -> bool:
    """Whether ``line`` holds only a serial mark or a bullet (「3.」, 「（2）」, 「②」, 「・」)."""
    return _MARK_ONLY.match(line) is not None


def listed(line: str) -> bool:
    """Whether ``line`` is a list's line: a marked item or a mark alone."""
    return mark_only(line) or without_marker(line) != line


def empty_marks(lines: list[str]) -> set[int]:
    """The numbers of the lines that are a mark alone in a list (two list lines or more in ``lines``)."""
    marks = {number for number, line in enumerate(lines) if mark_only(line)}
    return marks if sum(1 for line in lines if listed(line)) >= 2 else set()


def bare_noun(item: str) -> bool:
    """Whether a list item's text is a bare noun phrase: it ends in a noun and holds no verb, adjective, auxiliary,
    nor は, が, も or an object's を (「りんご」, 「駅前の公園」, 「価格：五百円」; not 「月曜は晴れ」, 「卵を」,
    「早く寝る」, nor 「資料を共有」: a verbal noun with its object says 共有する)."""
    words = [m for m in morph.analyze(item) if m.pos1 not in _MARKS]
    if not words or words[-1].pos1 not in ("名詞", "代名詞", "接尾辞"):
        return False
    return not any(
        m.pos1 in ("動詞", "形容詞", "助動詞", "形状詞") or (m.pos1 == "助詞" and m.surface in ("は", "が", "も", "を"))
        for m in words
    )


def bare_word(item: str) -> bool:
    """Whether a list item is one predicate word alone, without 。！？ (「安い」, 「静か」, 「走る」;
    round 35): it names a property as 「安さ」 or 「便利」 do, no sentence of the writer's. An item with
    anything before its predicate (「駅から近い」, 「速くて安い」) or closed by 。 (「安い。」) stays a
    sentence."""
    words = [m for m in morph.analyze(item) if m.pos1 not in _MARKS]
    return not is_terminated(item) and len(words) == 1 and words[0].pos1 in ("形容詞", "形状詞", "動詞")


def terse(item: str) -> bool:
    """A list item or cell without 。 ending in a bare verb, adjective (an adjective-forming suffix too: 「持ち運び
    やすい」) or た/ない (「駅から近い」, 「毎朝走る」), or in a na-adjective's stem with no だ (「京都：紅葉が見事」,
    round 23): a terse note, not the writer's plain-style sentence; だ, である, のだ and final particles (「安いのだ」,
    「うまいぞ」) are the plain style."""
    if is_terminated(item):
        return False
    tail = morph.content_tail(morph.predicate_text(item))
    if not tail:
        return False
    last = tail[-1]
    if last.pos1 == "接尾辞" and last.pos2 in ("形容詞的", "動詞的"):  # 持ち運びやすい, 読みづらい (round 28)
        return True
    return last.pos1 in ("動詞", "形容詞", "形状詞") or (last.pos1 == "助動詞" and last.lemma in _ITEM_AUXILIARIES)


def items_only(kinds: list[str]) -> bool:
    """Whether no predicate of a text is polite or plain outside its list items in their list form: the list is the
    whole of what the text says, and its items' form is the text's style."""
    return all(kind == "neutral" for kind in kinds)


__all__ = ["bare_noun", "bare_word", "empty_marks", "items_only", "listed", "mark_only", "terse"]
