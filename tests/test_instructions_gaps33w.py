"""Round 33 value tests: a Latin word written in katakana as a loan (``transcribed``) and a kanji keyword a reader's
near cut reads across two words (``straddles``). Each pair is a reader's judgement of the word, not the code's."""

from __future__ import annotations

import pytest

from lctg_metrics.instructions import straddles, transcribed, words

SAME = [
    ("インスタグラム", "Instagram"),
    ("スポティファイ", "Spotify"),
    ("ネットフリックス", "Netflix"),
    ("スターバックス", "Starbucks"),
    ("マクドナルド", "McDonald's"),
    ("ウィキペディア", "Wikipedia"),
    ("フォトショップ", "Photoshop"),
    ("ズーム", "Zoom"),
    ("ツイッター", "Twitter"),
    ("キャンパス", "campus"),
]
OTHER = [
    ("インスタント", "Instagram"),
    ("スポット", "Spotify"),
    ("スポーツ", "Spotify"),
    ("ネットフリマ", "Netflix"),
    ("ネットワーク", "Netflix"),
    ("スラックス", "Slack"),
    ("スリック", "Slack"),
    ("ゾーン", "Zoom"),
    ("インスタ", "Instagram"),
    ("ウィキ", "Wikipedia"),
]


@pytest.mark.parametrize(("katakana", "latin"), SAME)
def test_a_loan_spelling_is_the_word(katakana: str, latin: str) -> None:
    assert transcribed.transcribes(katakana, latin)


@pytest.mark.parametrize(("katakana", "latin"), OTHER)
def test_a_word_sharing_sounds_is_another_word(katakana: str, latin: str) -> None:
    assert not transcribed.transcribes(katakana, latin)


def test_a_katakana_run_counts_in_a_sentence_both_ways() -> None:
    assert words.count("インスタグラムに載せた。", "Instagram") == 1
    assert words.count("夜はネットフリックス、朝はスポティファイ。", "Netflix") == 1


def test_a_known_loanword_of_another_origin_is_that_word() -> None:
    assert transcribed.transcribes("ライス", "lice")  # the sounds alone are alike (r and l are one row)
    assert words.count("ライスを食べた。", "lice") == 0  # but the analyser knows ライス as rice


def test_a_short_keyword_is_not_read_by_sound() -> None:
    assert transcribed.transcribes("ジップ", "Zip")  # the sounds match, but three letters are too few to tell
    assert transcribed.spans("ジップで留める。", "Zip") == []


def test_the_thresholds_are_declared() -> None:
    assert straddles.MARGIN == 2500 and straddles.WORD_COST == 8000


@pytest.mark.parametrize(
    ("text", "key", "expected"),
    [
        ("今日本屋に行った。", "日本", 0),  # 今日|本屋
        ("今日本館で会議がある。", "日本", 0),  # 今日|本館
        ("大学校舎が新しい。", "学校", 0),  # 大学|校舎
        ("今日本人が来た。", "日本", 1),  # either reading: the analyser's stays
        ("同時間帯に流れる。", "時間", 1),  # 同時|間帯 holds a rare word
        ("東京都に住む。", "東京", 1),
        ("大学生です。", "大学", 1),
        ("日本人です。", "日本", 1),
        ("私は日本が好きです。", "日本", 1),
    ],
)
def test_a_reader_s_near_cut(text: str, key: str, expected: int) -> None:
    assert words.count(text, key) == expected
