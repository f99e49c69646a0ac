"""The ルール指定 and タスク指定 checkers (checks_rules, checks_task) by value, one test per behaviour a mutant of
tools/mutation.py (target instruction-checkers) changed without any other test noticing: verdicts and the reasons a
reader is shown, on answers written here, with the expected values worked out by hand."""

from __future__ import annotations

import pytest

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict

#: Nine lines without a 句点, a kaomoji with 。-shaped eyes closing the ninth, and a name written with 。 on the
#: tenth: nothing here ends a sentence with a 句点 (the eyes are a face, モーニング娘。 is the group's name). Counted
#: without the line breaks, the name's 。 falls where the kaomoji's second eye stands.
_NO_PERIOD_LINES = [
    "週末の予定",
    "土曜は朝から散歩",
    "昼は図書館で読書",
    "夕方は駅前で買い物",
    "夜は友だちと食事",
    "日曜は少し寝坊",
    "午後は部屋の掃除",
    "夜はいよいよライブ",
    "待ちきれない気分(｡･ω･｡)",
    "モーニング娘。の新曲が楽しみ",
]


def test_a_kaomoji_and_a_name_written_with_a_period_lines_apart_hold_no_period():
    """A reader sees no 句点: the kaomoji's two eyes and the name's 。 are three marks, each exempt once, wherever
    the lines break."""
    answer = "\n".join(_NO_PERIOD_LINES)
    assert check("rule:no_period", answer, {}) == Verdict(True, "no 句点")


def test_the_same_lines_with_one_sentence_closed_by_a_period_show_one():
    """The near twin: one line closed with 。 is one 句点 a reader sees, the face and the name still none."""
    lines = [line + "。" if line == "夜はいよいよライブ" else line for line in _NO_PERIOD_LINES]
    assert check("rule:no_period", "\n".join(lines), {}) == Verdict(False, "1 句点")


def test_a_start_in_another_spelling_is_named_with_nothing_after_it():
    """先ずは is まずは written in kanji: the answer starts with the phrase, and nothing is wrong to explain."""
    verdict = check("startend:start", "先ずは結論から申し上げます。", {"phrase": "まずは"})
    assert verdict == Verdict(True, "starts with 「先ずは」, 「まずは」 in another spelling")


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        # スマホ written whole once and spelled out letter by letter with dots once: twice
        ("寝る前にスマホを見ないこと。ス..マ..ホの光は目を冴えさせる。", Verdict(False, "uses forbidden 「スマホ」×2")),
        # spelled out with dots only: once, still used
        ("ス..マ..ホの光は目を冴えさせる。", Verdict(False, "uses forbidden 「スマホ」×1")),
    ],
)
def test_a_forbidden_word_spelled_out_with_dots_is_used(answer, verdict):
    assert check("keywords:forbidden", answer, {"words": ["スマホ"]}) == verdict


@pytest.mark.xfail(
    strict=True,
    reason="a word spelled out with blanks (ス マ ホ) is counted by the keyword match and again by the spelled-out "
    "count: the reason says ×2 where a reader sees it once (the verdict is right)",
)
def test_a_forbidden_word_spelled_out_with_blanks_once_is_used_once():
    answer = "寝る前は本を読む。ス マ ホは見ない。"
    assert check("keywords:forbidden", answer, {"words": ["スマホ"]}) == Verdict(False, "uses forbidden 「スマホ」×1")


def test_a_name_written_with_a_period_on_two_lines_holds_no_period():
    """モーニング娘。 on the first line and again on the second: both 。 are the group's name, none a 句点."""
    answer = "モーニング娘。が大好き\nなかでもモーニング娘。の新曲は最高"
    assert check("rule:no_period", answer, {}) == Verdict(True, "no 句点")


def test_an_end_phrase_closing_with_a_signature_in_brackets_is_the_phrase_itself():
    """The phrase asked is よろしくお願いします（山田）, name and brackets included, and the answer ends with it."""
    answer = "本日の報告は以上です。よろしくお願いします（山田）"
    phrase = "よろしくお願いします（山田）"
    assert check("startend:end", answer, {"phrase": phrase}) == Verdict(True, f"ends with 「{phrase}」")


def test_an_end_phrase_that_is_the_tail_of_a_longer_word_is_quoted_three_characters_before_it():
    """ドル (2 characters) is the tail of アイドル: the reason quotes the last 2 + 3 = 5 characters."""
    verdict = check("startend:end", "将来の夢はアイドル", {"phrase": "ドル"})
    assert verdict == Verdict(False, "ends with 「はアイドル」: 「ドル」 is the tail of a longer word")


def test_a_casual_polite_sentence_in_plain_style_is_quoted_by_its_last_twelve_characters():
    """楽しかったっす is です・ます said casually, no だ・である; the reason quotes 12 characters of the sentence."""
    verdict = check("style:plain", "今日は本当にとても楽しかったっす。", {})
    assert verdict == Verdict(
        False, "1 sentences in a casual polite form (「っす」), e.g. 「…当にとても楽しかったっす」"
    )


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        # もう then 毛布 (もうふ): the phrase once, the next word starting with its letters
        ("もうもうふを出しました。", Verdict(True, "starts with 「もう」")),
        # the near twin: もうもう is もう said twice, a word of its own
        ("もうもう、やめてください。", Verdict(True, "starts with 「もう」, said twice")),
    ],
)
def test_a_start_phrase_before_a_word_starting_with_its_letters_is_said_once(answer, verdict):
    assert check("startend:start", answer, {"phrase": "もう"}) == verdict


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        # two lines of running text, each closed by a noun with no です: no sentence shows です・ます
        (
            "東京は日本の首都\n人口はおよそ千四百万人",
            Verdict(False, "no sentence ends in です・ます form (sentences without a predicate only)"),
        ),
        # the near twin: the same two lines closed by です
        ("東京は日本の首都です\n人口はおよそ千四百万人です", Verdict(True, "2 です・ます sentences, none plain-form")),
    ],
)
def test_two_lines_without_a_predicate_are_no_title_in_either_style(answer, verdict):
    assert check("style:polite", answer, {}) == verdict


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        # る typed six times over is one る to a reader, and nothing else holds one: 1 < 3
        (
            "るるるるるる！楽しい一日。",
            Verdict(False, "1 ×「る」, a run of it counted once (6 written) < min 3"),
        ),
        # the near twin: the run and three words ending in る (走る, 見る, 知る) are four toward the minimum
        ("るるるるるる！走る、見る、知る。", Verdict(True, "9 ×「る」 in [3, ]")),
    ],
)
def test_a_letter_typed_over_and_over_counts_once_toward_a_minimum_below_what_is_written(answer, verdict):
    kwargs = {"letter": "る", "min": 3, "max": None, "kana_twin": False}
    assert check("keywords:letter_frequency", answer, kwargs) == verdict


_QUIZ = "次の言葉を漢字にして（　）に書きなさい。\n・しき（　）\n・はる（　）\n・なつ（　）"


@pytest.mark.parametrize(
    ("answer", "verdict"),
    [
        # a quiz whose items are one word each with a blank to fill: no sentence ends in a 体言
        (_QUIZ, Verdict(True, "0 体言止め sentences in [, 0]")),
        # the near twin: a closing line that ends in the noun 授業 is one
        (
            _QUIZ + "\n答え合わせは明日の授業。",
            Verdict(False, "1 体言止め sentences > max 0, e.g. 「答え合わせは明日の授業。」"),
        ),
    ],
)
def test_list_items_of_one_word_and_a_blank_to_fill_are_no_nominal_endings(answer, verdict):
    assert check("startend:nominal_ending", answer, {"min": None, "max": 0}) == verdict


def test_a_keyword_said_often_in_sentences_besides_a_bare_run_of_it_meets_the_minimum():
    """環境 stands in three sentences besides the bare run 環境、環境、環境: well over the minimum of two."""
    answer = "環境、環境、環境。\n環境を守ることは大切だ。環境問題は身近だ。環境のために節電しよう。"
    verdict = check("keywords:frequency", answer, {"keyword": "環境", "min": 2, "max": None})
    assert verdict == Verdict(True, "6 ×「環境」 in [2, ]")


def test_a_heading_alone_holds_no_sentence_with_the_ending():
    """A bare heading says nothing in sentences, so no sentence ends with the asked です."""
    assert check("startend:unified_ending", "# 自己紹介", {"ending": "です"}) == Verdict(False, "no sentences")


@pytest.mark.parametrize(
    ("letter", "answer", "verdict"),
    [
        # ゖ (small hiragana ke) is written nowhere, its katakana twin ヶ twice
        ("ゖ", "一ヶ月と三ヶ所", Verdict(True, "2 ×「ゖ」 in [1, 2]")),
        # ァ (small katakana a) once in ファイト, its hiragana twin ぁ once in ふぁいと
        ("ァ", "ファイトとふぁいと", Verdict(True, "2 ×「ァ」 in [1, 2]")),
        # a Latin letter has no kana twin: A once
        ("A", "AさんとBさん", Verdict(True, "1 ×「A」 in [1, 2]")),
    ],
)
def test_a_letter_with_its_kana_twin_counted(letter, answer, verdict):
    kwargs = {"letter": letter, "min": 1, "max": 2, "kana_twin": True}
    assert check("keywords:letter_frequency", answer, kwargs) == verdict


def test_a_keyword_short_of_its_minimum_once_a_bare_run_counts_once():
    """The bare run 環境、環境、環境 is one 環境 to a reader, and two sentences hold one each: 3 of the 4 asked."""
    answer = "環境、環境、環境。\n環境を守ろう。環境は大切だ。"
    verdict = check("keywords:frequency", answer, {"keyword": "環境", "min": 4, "max": None})
    assert verdict == Verdict(False, "3 ×「環境」, a bare run of it counted once (5 written) < min 4")
