"""The rule modules the instruction checkers call, by value, on the lines rounds 33 to 35 added or changed (target
instruction-rules, ``--changed-since e40ecca``, a seeded sample of 400): one test per behaviour a mutant of
tools/mutation.py changed without any other test noticing. Verdicts and the reasons a reader is shown, on answers
written here, with the expected values worked out by hand."""

from __future__ import annotations

import pytest

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict

# --- transcribed: ン before p is an m at the end of a word too ---


def test_stomp_in_katakana_is_the_keyword():
    """ストンプ is Stomp as Japanese writes it: its ン stands for the m before p, the word's last consonants."""
    text = "ストンプの公演を観に行った。"
    assert check("keywords:existence", text, {"keywords": ["Stomp"]}) == Verdict(True, "contains 「Stomp」")


def test_stop_in_katakana_is_no_stomp():
    """The honest twin: ストップ (stop) has no ン, no m: it is not Stomp."""
    text = "駅前でストップした。"
    assert check("keywords:existence", text, {"keywords": ["Stomp"]}) == Verdict(False, "missing keyword 「Stomp」")


# --- entries: a list line is any line with a marker taken off, whatever its first letter ---


def test_an_empty_item_numbered_in_full_width_parentheses_is_no_sentence():
    """（1）… （2） （3）…: the second item was left empty; the answer says two sentences, not three."""
    text = "（1）駅に集合します。\n（2）\n（3）バスで移動します。"
    assert check("length:sentences", text, {"max": 2}) == Verdict(True, "2 sentences in [, 2]")


def test_three_numbered_items_in_full_width_parentheses_are_three_sentences():
    """The honest twin: the second item holds a sentence of its own."""
    text = "（1）駅に集合します。\n（2）点呼をとります。\n（3）バスで移動します。"
    assert check("length:sentences", text, {"max": 2}) == Verdict(False, "3 sentences > max 2")


# --- kana_alike: a katakana word earlier in the text does not stand for the run drawn with two letters ---


def test_a_letter_drawn_as_two_after_another_katakana_word_is_read():
    """ツーノレ is ツール drawn with ノレ for ル; パソコン earlier in the sentence, a word of its own, changes
    nothing."""
    text = "新しいパソコンで便利なツーノレを使った。"
    assert check("keywords:existence", text, {"keywords": ["ツール"]}) == Verdict(True, "contains 「ツール」")


def test_two_letters_in_a_word_after_another_katakana_word_are_no_keyword():
    """The honest twin: ナノ|レベル holds no ナル, whatever comes before it."""
    text = "新しいパソコンでナノレベルの話をした。"
    assert check("keywords:existence", text, {"keywords": ["ナル"]}) == Verdict(False, "missing keyword 「ナル」")


# --- transcribed: an r after a vowel is the long vowel, not a ル ---


def test_fortnite_in_katakana_is_the_keyword():
    """フォートナイト is Fortnite: the r after the o is written as the long mark, as in スター for star."""
    text = "フォートナイトで遊んだ。"
    assert check("keywords:existence", text, {"keywords": ["Fortnite"]}) == Verdict(True, "contains 「Fortnite」")


def test_midnight_in_katakana_is_no_fortnite():
    """The honest twin: ミッドナイト (midnight) shares the ナイト and nothing before it."""
    text = "ミッドナイトで遊んだ。"
    assert check("keywords:existence", text, {"keywords": ["Fortnite"]}) == Verdict(
        False, "missing keyword 「Fortnite」"
    )


# --- straddles: the reader's cut 今日|本屋 however long the clause after it ---


@pytest.mark.xfail(
    strict=True,
    reason="straddles gives the analyser 10 letters after the keyword: with 新しい本を買う in the window no cut within "
    "MARGIN reads 今日|本屋 and 日本 is counted; with 9 letters (新しい本を買) the cut is found (known gap)",
)
def test_today_to_the_bookshop_in_a_long_clause_holds_no_japan():
    """あのとき私は今日本屋で新しい本を買うつもりだった: today (今日), to the bookshop (本屋); no 日本 to a reader,
    as in the short 今日本屋へ行く."""
    text = "あのとき私は今日本屋で新しい本を買うつもりだった。"
    assert check("keywords:forbidden", text, {"words": ["日本"]}) == Verdict(True, "avoids 「日本」")


def test_japan_in_the_same_long_clause_is_japan():
    """The honest twin: あのとき私は日本で… names Japan."""
    text = "あのとき私は日本で新しい本を買うつもりだった。"
    assert check("keywords:forbidden", text, {"words": ["日本"]}) == Verdict(False, "uses forbidden 「日本」×1")


# --- entries: a serial mark alone is dropped only in a list ---


def test_a_lone_number_that_is_no_list_is_the_answer_sentence():
    """六かける七の答え… then 42.: one number on its own line, no list around it, is the answer said; two sentences."""
    text = "六かける七の答えを書きます。\n42."
    assert check("length:sentences", text, {"min": 2}) == Verdict(True, "2 sentences in [2, ]")


def test_serial_marks_alone_in_a_list_are_no_sentences():
    """The honest twin: 1. and 2. alone, two lines of a list with nothing after the marks, say nothing."""
    text = "手順を説明します。\n1.\n2."
    assert check("length:sentences", text, {"min": 2}) == Verdict(False, "1 sentences < min 2")


# --- wordforms: only a keyword that is the auxiliary itself is dropped after て ---


def test_a_keyword_ending_in_the_auxiliary_after_te_is_found():
    """読んでみる, the keyword, is written whole in その本を読んでみる: its last word みる is the auxiliary after で,
    but the keyword is the whole phrase, not みる alone."""
    text = "その本を読んでみる。"
    assert check("keywords:existence", text, {"keywords": ["読んでみる"]}) == Verdict(True, "contains 「読んでみる」")


def test_the_auxiliary_alone_after_te_is_no_verb_of_seeing():
    """The honest twin: 見る, the verb of seeing, is not the auxiliary みる of 読んでみる."""
    text = "その本を読んでみる。"
    assert check("keywords:existence", text, {"keywords": ["見る"]}) == Verdict(False, "missing keyword 「見る」")


# --- transcribed: ン before b, p or m is an n or an m, never an l ---


def test_an_l_is_not_written_as_n():
    """アンバム is no album: Japanese writes the l of album as ル (アルバム), never as ン."""
    text = "新しいアンバムを聴いた。"
    assert check("keywords:existence", text, {"keywords": ["Album"]}) == Verdict(False, "missing keyword 「Album」")


def test_album_in_katakana_is_the_keyword():
    """The honest twin: アルバム is Album."""
    text = "新しいアルバムを聴いた。"
    assert check("keywords:existence", text, {"keywords": ["Album"]}) == Verdict(True, "contains 「Album」")


# --- straddles: a reader's cut must cut the keyword's last letter off its own word ---


def test_a_former_japan_representative_names_japan():
    """前日本代表 is 前|日本代表, a former representative of Japan: the cut 前日|本|代表 leaves 本 alone and is no
    reading of it."""
    text = "前日本代表の監督が来た。"
    assert check("keywords:existence", text, {"keywords": ["日本"]}) == Verdict(True, "contains 「日本」")


def test_today_to_the_bookshop_names_no_japan():
    """The honest twin: 今日本屋へ行く is 今日|本屋, no 日本."""
    text = "今日本屋へ行く。"
    assert check("keywords:existence", text, {"keywords": ["日本"]}) == Verdict(False, "missing keyword 「日本」")


# --- transcribed: a final e may be left unwritten ---


def test_stake_in_katakana_is_the_keyword():
    """ステーク is stake: its final e is silent, as the e of ライム for lime."""
    text = "ステークを賭けた。"
    assert check("keywords:existence", text, {"keywords": ["Stake"]}) == Verdict(True, "contains 「Stake」")


def test_a_stick_in_katakana_is_no_stake():
    """The honest twin: ステッキ (a walking stick) is no stake."""
    text = "ステッキを買った。"
    assert check("keywords:existence", text, {"keywords": ["Stake"]}) == Verdict(False, "missing keyword 「Stake」")


# --- transcribed: a g before e, i or y is soft ---


def test_gemini_in_katakana_is_the_keyword():
    """ジェミニ is Gemini: the g before e is soft, written ジ."""
    text = "ジェミニに聞いた。"
    assert check("keywords:existence", text, {"keywords": ["Gemini"]}) == Verdict(True, "contains 「Gemini」")


def test_a_hard_g_in_katakana_is_no_gemini():
    """The honest twin: ゲミニ, with the hard ゲ, is not how Gemini is written."""
    text = "ゲミニに聞いた。"
    assert check("keywords:existence", text, {"keywords": ["Gemini"]}) == Verdict(False, "missing keyword 「Gemini」")


# --- kanji_alike: a real word spelled alike earlier does not end the search ---


def test_a_look_alike_after_a_real_word_is_still_read():
    """入力 (input) is a word of its own and no 人力; 人刀 later, no word, is 人力 drawn with 刀 for 力 (運んだ by
    hand)."""
    text = "データを入力した後、荷物は人刀で運んだ。"
    assert check("keywords:existence", text, {"keywords": ["人力"]}) == Verdict(True, "contains 「人力」")


def test_a_real_word_spelled_alike_alone_is_no_keyword():
    """The honest twin: 入力 alone, with 台車 (a cart) for the carrying, holds no 人力."""
    text = "データを入力した後、荷物は台車で運んだ。"
    assert check("keywords:existence", text, {"keywords": ["人力"]}) == Verdict(False, "missing keyword 「人力」")


def test_today_to_the_bookshop_after_a_topic_names_no_japan():
    """私は今日本屋へ行く: I go to the bookshop today (今日|本屋) with words before it in the clause; no 日本."""
    text = "私は今日本屋へ行く。"
    assert check("keywords:existence", text, {"keywords": ["日本"]}) == Verdict(False, "missing keyword 「日本」")


def test_japan_after_a_topic_is_japan():
    """The honest twin: 私は日本へ行く names Japan."""
    text = "私は日本へ行く。"
    assert check("keywords:existence", text, {"keywords": ["日本"]}) == Verdict(True, "contains 「日本」")


# --- kanji_alike: every letter swapped must be a look-alike ---


def test_the_kings_throne_holds_no_prince():
    """王様の玉座 (the king's throne): 王様 keeps 王 but 様 is drawn like no 子, so no 王子 is read."""
    text = "王様の玉座に座った。"
    assert check("keywords:existence", text, {"keywords": ["王子"]}) == Verdict(False, "missing keyword 「王子」")


def test_the_princes_throne_holds_the_prince():
    """The honest twin: 王子の玉座 names the prince."""
    text = "王子の玉座に座った。"
    assert check("keywords:existence", text, {"keywords": ["王子"]}) == Verdict(True, "contains 「王子」")


def test_an_m_before_d_is_not_written_as_n():
    """カンデン is not how Camden is written: Japanese writes its m before d as ム (カムデン); ン stands for an m
    only before b, p or m (キャンパス)."""
    text = "カンデンの市場へ行った。"
    assert check("keywords:existence", text, {"keywords": ["Camden"]}) == Verdict(False, "missing keyword 「Camden」")


def test_camden_in_katakana_is_the_keyword():
    """The honest twin: カムデン is Camden."""
    text = "カムデンの市場へ行った。"
    assert check("keywords:existence", text, {"keywords": ["Camden"]}) == Verdict(True, "contains 「Camden」")


def test_a_keyword_of_three_hundred_letters_is_read_to_its_last_letter():
    """A Latin keyword of 300 letters (ab 150 times) is not in アバの歌を聴いた, and reading it against the katakana
    ends at its last letter (no unit past the end)."""
    word = "ab" * 150
    text = "アバの歌を聴いた。"
    assert check("keywords:existence", text, {"keywords": [word]}) == Verdict(False, f"missing keyword 「{word}」")


# --- transcribed: z and a y before a vowel are consonants of their own, not an x ---


def test_zelda_in_katakana_is_the_keyword():
    """ゼルダ is Zelda: the z is the ザ row."""
    text = "ゼルダで遊んだ。"
    assert check("keywords:existence", text, {"keywords": ["Zelda"]}) == Verdict(True, "contains 「Zelda」")


def test_a_jelly_is_no_zelda():
    """The honest twin: ゼリー (jelly) shares the ゼ and nothing after it."""
    text = "ゼリーを食べた。"
    assert check("keywords:existence", text, {"keywords": ["Zelda"]}) == Verdict(False, "missing keyword 「Zelda」")


# --- transcribed: an opening vowel written ユ ---


def test_unicode_in_katakana_is_the_keyword():
    """ユニコード is Unicode: its opening u, said you, is written ユ."""
    text = "ユニコードで書いた。"
    assert check("keywords:existence", text, {"keywords": ["Unicode"]}) == Verdict(True, "contains 「Unicode」")


def test_a_uniform_in_katakana_is_no_unicode():
    """The honest twin: ユニホーム (a uniform) shares ユニ and nothing after it."""
    text = "ユニホームを着た。"
    assert check("keywords:existence", text, {"keywords": ["Unicode"]}) == Verdict(False, "missing keyword 「Unicode」")


# --- transcribed: a run of one mora is too short to be read as a Latin word ---


def test_slang_for_very_is_no_name():
    """チョーうまい is 超うまい, very tasty, in slang: one mora, チョー, is too short to be read as the name Chou."""
    text = "このラーメンはチョーうまい。"
    assert check("keywords:existence", text, {"keywords": ["Chou"]}) == Verdict(False, "missing keyword 「Chou」")


def test_the_name_chou_in_katakana_is_the_keyword():
    """The honest twin: ジェイ・チョウ, the singer Jay Chou, writes the name in two morae."""
    text = "ジェイ・チョウの歌を聴いた。"
    assert check("keywords:existence", text, {"keywords": ["Chou"]}) == Verdict(True, "contains 「Chou」")


# --- confusable: the word before a cross is the one touching it ---


def test_a_cross_for_me_after_a_one_letter_word_is_the_letter():
    """ビデオカ×ラケース is ビデオカメラケース (a video camera case) with × for メ: the word before the cross is カ,
    one letter, so the cross joins no two words and the forbidden カメラ is used."""
    text = "新しいビデオカ×ラケースを買った。"
    assert check("keywords:forbidden", text, {"words": ["カメラ"]}) == Verdict(False, "uses forbidden 「カメラ」×1")


def test_a_cross_between_two_words_is_a_pairing():
    """The honest twin: スイカ×ラムネ pairs watermelon and ramune; no カメラ."""
    text = "スイカ×ラムネの組み合わせ。"
    assert check("keywords:forbidden", text, {"words": ["カメラ"]}) == Verdict(True, "avoids 「カメラ」")


def test_a_dropped_d_is_no_zelda():
    """ゼルア leaves out Zelda's d: only an r or h after a vowel, a w before one and a final e may go unwritten."""
    text = "ゼルアで遊んだ。"
    assert check("keywords:existence", text, {"keywords": ["Zelda"]}) == Verdict(False, "missing keyword 「Zelda」")


# --- transcribed: a w before a vowel may be left unwritten ---


def test_twitch_in_katakana_is_the_keyword():
    """ツイッチ is Twitch: the w before the i is not written (ツイ), as in ツイッター."""
    text = "ツイッチで配信した。"
    assert check("keywords:existence", text, {"keywords": ["Twitch"]}) == Verdict(True, "contains 「Twitch」")


def test_a_switch_in_katakana_is_no_twitch():
    """The honest twin: スイッチ (a switch) begins with s, not t."""
    text = "スイッチを押した。"
    assert check("keywords:existence", text, {"keywords": ["Twitch"]}) == Verdict(False, "missing keyword 「Twitch」")


@pytest.mark.xfail(
    strict=True,
    reason="straddles reads 毎日|本屋 in 毎日本屋に寄って帰ります but not after 雨が止んだら: with it in the "
    "window no cut within MARGIN reads 毎日|本屋, and 日本 is counted (known gap)",
)
def test_every_day_to_the_bookshop_after_a_condition_holds_no_japan():
    """雨が止んだら毎日本屋に寄って帰ります: once the rain stops, every day (毎日) to the bookshop (本屋); no 日本 to a
    reader, as in the same sentence without 雨が止んだら."""
    text = "雨が止んだら毎日本屋に寄って帰ります。"
    assert check("keywords:forbidden", text, {"words": ["日本"]}) == Verdict(True, "avoids 「日本」")


def test_every_day_to_the_bookshop_holds_no_japan():
    """The honest twin, read right today: 毎日本屋に寄って帰ります is 毎日|本屋."""
    text = "毎日本屋に寄って帰ります。"
    assert check("keywords:forbidden", text, {"words": ["日本"]}) == Verdict(True, "avoids 「日本」")
