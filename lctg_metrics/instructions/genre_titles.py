"""A title that only names the kind of text (round 19): 『作文』, 『日記』, 『詩』, 『私の感想文』 say what sort of text
follows, as a form's label does, and name no subject of this one: no title. A title with a word of its own beside the
kind (『夏の作文』, 『猫の日記』, 『ある朝の詩』) names this text and is one.

Kinds of text (``GENRES``): the names of written forms a prompt asks for or a school sets (作文, 日記, 詩, 小説, 物語,
随筆, レポート, 手紙, 感想文 …), by the analyser's lemmas; a pronoun and the particles binding it (私の, 僕の) add
nothing. Names of a speech act or topic (自己紹介, 挨拶, 読書) are titles people give such texts and stay titles.

A title saying there is none (『無題』, round 20) is the established title of a poem its author left unnamed: over
verse (two lines or more, none ending a sentence with 。) it is a title; over prose (『無題』 then 今日は朝から雨
だった。) it names nothing, as 『Untitled』 does.
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph

#: Nouns that name a kind of text (lemmas as the analyser gives them; a compound is read word by word).
GENRES = frozenset(
    {
        "作文", "日記", "詩", "小説", "物語", "随筆", "エッセイ", "レポート", "報告書", "手紙", "感想", "感想文", "文",
        "文章", "短歌", "俳句", "童話", "脚本", "台本", "論文", "コラム", "原稿", "ポエム", "短編", "長編",
        "ブログ", "記事", "日誌", "メモ", "投稿",  # round 21
    }
)  # fmt: skip
_BINDING_POS = ("助詞", "助動詞", "連体詞", "接頭辞", "接尾辞", "補助記号", "記号", "空白", "代名詞")


def names_only_a_kind(title: str) -> bool:
    """Whether a title's every content word names a kind of text (see the module docstring)."""
    content = [m for m in morph.analyze(title) if m.surface.strip() and m.pos1 not in _BINDING_POS]
    return bool(content) and all(m.lemma.partition("-")[0] in GENRES or m.surface in GENRES for m in content)


_UNTITLED = re.compile(r"\s*(?:無題|むだい|ムダイ)\s*")


def untitled_over_prose(title: str, below: list[str]) -> bool:
    """Whether ``title`` (its text, no 『』) says there is no title and the text ``below`` it is no verse."""
    if not _UNTITLED.fullmatch(title):
        return False
    written = [line.strip() for line in below if line.strip()]
    return len(written) < 2 or any(line.endswith(("。", "．", "｡")) for line in written)


__all__ = ["GENRES", "names_only_a_kind", "untitled_over_prose"]
