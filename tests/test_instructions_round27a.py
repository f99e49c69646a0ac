"""Round 27 (words, visible, start phrases, look-alikes): a kanji keyword read across two words is not the keyword,
a tag named in prose is a word, a Latin start phrase running into a name is not said, Roman numerals numbering a
list, a full-width dot inside a word, 一 for ー in a hiragana loanword. Texts written here by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.lookalike import long_marks
from lctg_metrics.instructions.registry import check
from lctg_metrics.instructions.visible import visible
from lctg_metrics.instructions.words import count

SENTENCES = [
    "東京都心は今日も暑かった。",
    "大学では学生活動に力を入れた。",
    "地球温暖化対策が急がれる。",
    "朝から会社会議が長引いた。",
    "図書館で日本経済新聞を読んだ。",
    "国際会議場の入口で待ち合わせた。",
    "自然科学の授業で環境問題を調べた。",
]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(SENTENCES), min_size=1, max_size=3), st.data())
def test_a_kanji_word_of_the_text_is_always_found(sentences: list[str], data: st.DataObject) -> None:
    """Honest side of the straddle rule: any word of two kanji or more, as the analyser reads the text, is found."""
    text = "".join(sentences)
    words = [
        m.surface for m in morph.analyze(text) if len(m.surface) >= 2 and all("一" <= c <= "鿿" for c in m.surface)
    ]
    word = data.draw(st.sampled_from(words))
    assert count(text, word) >= 1, (word, text)


@pytest.mark.parametrize(
    ("keyword", "text"),
    [
        ("京都", "東京都心は今日も暑かった。"),
        ("社会", "朝から会社会議が長引いた。"),
        ("生活", "大学では学生活動に力を入れた。"),
    ],
)
def test_a_kanji_keyword_read_across_two_words_is_in_neither(keyword: str, text: str) -> None:
    assert count(text, keyword) == 0
    assert check("keywords:forbidden", text, {"words": [keyword]}).passed


@pytest.mark.parametrize(
    ("text", "kept", "gone"),
    [
        ("HTMLの<title>タグには題名を書きます。検索結果にも出ます。", "検索結果", None),
        ("<script>要素の中のコードは画面に出ません。説明は以上です。", "説明", None),
        ("<title>検索</title>ページの説明です。", "ページ", "検索"),
        ("<style>タグの中身\n検索\n</style>以上です。", "以上", "検索"),
        ("夜は<ruby>テ<rt>て</rt>レビ</ruby>を消した。", "を消した", None),
    ],
)
def test_a_tag_named_in_prose_hides_nothing_and_an_element_still_hides(text: str, kept: str, gone: str | None) -> None:
    seen = visible(text)
    assert kept in seen, seen
    assert gone is None or gone not in seen, seen
    assert visible(seen) == seen


@pytest.mark.parametrize(
    ("phrase", "text", "said"),
    [
        ("Hello", "Hello Worldというプログラムを最初に書きました。", False),
        ("Good", "Good Smileの新作フィギュアを予約した。", False),
        ("Hello", "Hello Mikeさん、今日もよろしくお願いします。", True),
        ("Hello", "Hello! Kittyちゃんのグッズが届きました。", True),
        ("Hello", "Hello 皆さん、ようこそ。", True),
    ],
)
def test_a_latin_start_phrase_running_into_a_name_is_not_said(phrase: str, text: str, said: bool) -> None:
    assert check("startend:start", text, {"phrase": phrase}).passed is said


@pytest.mark.parametrize(
    ("text", "expected"),
    [("ら一めん", "らーめん"), ("こ一ひ一を", "こーひーを"), ("だい一に", "だい一に"), ("一ねんせい", "一ねんせい")],
)
def test_one_for_the_long_mark_only_in_a_loanword(text: str, expected: str) -> None:
    assert long_marks(text) == expected
