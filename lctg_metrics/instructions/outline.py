"""An outline of what would be said, with nothing said (checkers 2.8, round 15): 「1. 質問への答え
2. その理由 3. 具体例」 names the parts of an answer and gives none. A list item made only of words that name a
part of an answer (答え, 理由, 例, まとめ, 結論, ``PART_WORDS``) and the words that bind them (その, への, の,
具体) holds no content, when the response holds nothing else: no line outside the list, no line under an item. An
item with a word of its own (「1. 結論：東京です」, 「2. 理由は近いから」) is content, and so is an outline whose
headings are filled below them. (Decided, gray: a bare outline a prompt asks for, 「序論 / 本論 / 結論」 as a
report's plan, is read the same way: the checkers do not see the prompt, and an outline holding no word of the
topic says nothing of it.)"""

from __future__ import annotations

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.text import has_content

#: Words that name a part of an answer rather than say it (lemmas as the analyser gives them).
PART_WORDS = frozenset(
    {
        "答え", "回答", "返答", "解答", "理由", "根拠", "例", "具体", "事例", "実例", "例え", "まとめ", "纏め", "結論",
        "説明", "詳細", "背景", "概要", "導入", "序論", "本論", "結び", "要点", "ポイント", "補足", "注意", "点",
        "質問", "問い", "考察", "主張", "提案", "感想", "意見", "目的", "方法", "手順", "結果", "メリット",
        "デメリット", "利点", "欠点", "課題", "対策", "解決", "策", "前置き", "始め", "終わり", "内容", "本文", "以上",
    }
)  # fmt: skip
_BINDING_POS = ("助詞", "助動詞", "連体詞", "接頭辞", "接尾辞", "補助記号", "記号", "空白", "代名詞")


def names_a_part(item: str) -> bool:
    """Whether a list item only names a part of an answer (see the module docstring)."""
    words = [m for m in morph.analyze(item) if m.surface.strip()]
    content = [m for m in words if m.pos1 not in _BINDING_POS]
    return bool(content) and all(m.lemma.partition("-")[0] in PART_WORDS for m in content)


def only_an_outline(items: list[str], response: str) -> bool:
    """Whether the items only name the parts of an answer and the response holds no other line with content."""
    lines = [line for line in response.splitlines() if has_content(line)]
    return any(items) and len(lines) == len(items) and all(names_a_part(item) for item in items if item)


__all__ = ["PART_WORDS", "names_a_part", "only_an_outline"]
