"""Round 33: what a sentence is in lists and tables, read once by the sentence model for every checker."""

from __future__ import annotations

from lctg_metrics.instructions import check
from lctg_metrics.instructions.sentences import counted


def test_the_sentence_model_counts_what_a_reader_counts_in_a_list_and_a_table():
    text = (
        "今週の記録です。\n1.\n2.\n・散歩\n・読書\n・早めに寝た\n\n"
        "| 日 | 気分 |\n|---|---|\n| 月 | 眠い |\n| 火 | 元気だ |\n\n来週も続けます。"
    )
    assert [s.text for s in counted(text)] == ["今週の記録です。", "早めに寝た", "元気だ", "来週も続けます。"]


def test_a_serial_mark_alone_outside_a_list_is_left_as_it_was():
    assert [s.text for s in counted("答えは次の数です。\n42.")] == ["答えは次の数です。", "42."]


def test_an_ending_rule_reads_no_bare_noun_item_and_no_terse_cell():
    text = "候補を挙げます。\n・海辺の宿。\n・山の宿。\n\n| 宿 | 値段 |\n|---|---|\n| 海 | 高い |\n\nどちらも良いです。"
    assert check("startend:unified_ending", text, {"ending": "ます"}).passed is False  # 良いです ends in です
    assert check("startend:unified_ending", text, {"ending": "です"}).passed is False  # 挙げます ends in ます
    assert check("startend:unified_ending", text.replace("挙げます", "挙げるのです"), {"ending": "です"}).passed


def test_a_list_that_is_the_whole_text_answers_in_its_items_style_both_ways():
    plain, polite = "- 米を研ぐ\n- 水に浸す\n- 炊く", "- 米を研ぎます\n- 水に浸します\n- 炊きます"
    assert check("style:plain", plain, {}).passed and check("style:polite", polite, {}).passed
    assert not check("style:polite", plain, {}).passed and not check("style:plain", polite, {}).passed
