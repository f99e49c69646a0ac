"""The layout checkers of ``checks_format`` by value, one test per behaviour a mutant of tools/mutation.py (target
instruction-checkers) changed without any other test noticing: verdicts and the reasons a reader is shown, on answers
written here, with the expected values worked out by hand."""

from __future__ import annotations

import pytest

from lctg_metrics.instructions import check
from lctg_metrics.verdict import Verdict


@pytest.mark.parametrize(
    "answer",
    [
        "a) 野菜を食べる\nb) 野菜を食べる\nc) よく眠る",
        "a) 野菜を食べる \nb) 野菜を食べる \nc) よく眠る ",  # blanks after each item, unseen by a reader
        "  a) 野菜を食べる\n  b) 野菜を食べる\n  c) よく眠る",  # the whole list indented
    ],
)
def test_lettered_items_saying_the_same_thing_are_one_item(answer):
    """a) and b) say 野菜を食べる both: two different items, the letters being only marks, however the lines are
    spaced."""
    verdict = check("format:bullet_list", answer, {"min": 3, "numbered": True})
    assert verdict == Verdict(False, "2 filled, distinct bullet or numbered items < min 3 (1 more empty or repeated)")


def test_a_highlighted_figure_is_a_highlight_even_below_its_position():
    """《10》 (a 10% cut) is the second highlight: a figure of the answer, no count of the highlights, so it counts."""
    verdict = check("format:highlights", "大切なのは《安全》と、費用の《10》%削減です。", {"min": 2})
    assert verdict == Verdict(True, "2 filled, distinct 《…》 highlights (2 in all) in [2, ]")


def test_a_heading_with_a_separator_and_a_comma_is_a_section():
    """第1章 旅立ち、そして出会い: a heading whose name holds a comma; each of the two chapters has its body."""
    answer = (
        "第1章 旅立ち、そして出会い\n少年は村を出て、都で一人の剣士に出会った。\n"
        "第2章 別れ、そして再会\n二人は一度別れるが、十年後に港町で再会する。"
    )
    assert check("format:sections", answer, {"min": 2}).passed


def test_a_heading_after_a_long_vowel_dash_is_a_section():
    """第1章ー旅立ち、そして出会い: ー stands for a dash, as a reader reads it; two chapters with their bodies."""
    answer = (
        "第1章ー旅立ち、そして出会い\n少年は村を出て、都で一人の剣士に出会った。\n"
        "第2章ー別れ、そして再会\n二人は一度別れるが、十年後に港町で再会する。"
    )
    assert check("format:sections", answer, {"min": 2}) == Verdict(
        True, "2 filled, distinct 第N章 sections (2 in all) in [2, ]"
    )


def test_a_sentence_about_a_chapter_is_no_heading():
    """第2章は…、… is a sentence about a chapter inside chapter 1's body: one section, not two."""
    answer = "第1章 出会い\n春の駅で二人は出会った。\n第2章は東京が舞台で、二人は再会する。"
    assert check("format:sections", answer, {"min": 2}) == Verdict(False, "1 filled, distinct 第N章 sections < min 2")


@pytest.mark.parametrize(
    "answer",
    [
        "《1》起：村の少年が旅に出る、《2》承：仲間と出会う、《3》転：仲間に裏切られる、《4》結：故郷に帰る。",
        "《1》発端：村の少年が旅に出る、《2》展開：仲間と出会う、《3》転換：仲間に裏切られる、《4》結末：故郷に帰る。",
        "《1》HTML：骨組みを書く、《2》CSS：見た目を整える、《3》JavaScript：動きを付ける、《4》Git：履歴を残す。",
    ],
)
def test_numbers_labelling_the_parts_after_them_are_highlights(answer):
    """Each 《N》 labels the part named after it (起：…, 発端：… or HTML：…), whether the name is one kanji, two or
    Latin letters: four highlights."""
    assert check("format:highlights", answer, {"min": 4}) == Verdict(
        True, "4 filled, distinct 《…》 highlights (4 in all) in [4, ]"
    )


def test_kanji_numbered_items_saying_only_their_number_say_nothing():
    """一、1 二、2 三、3: each item only says its own number again, in digits; no item holds anything."""
    assert check("format:numbered_list", "一、1\n二、2\n三、3", {"min": 3}) == Verdict(
        False, "0 filled, distinct numbered items < min 3 (3 more empty or repeated)"
    )


def test_digit_numbered_items_holding_years_are_items():
    """1. 1990 2. 2005 3. 2020: three years, three items with content (the near twin of the kanji-numbered list)."""
    assert check("format:numbered_list", "1. 1990\n2. 2005\n3. 2020", {"min": 3}) == Verdict(
        True, "3 filled, distinct numbered items (3 in all) in [3, ]"
    )


@pytest.mark.parametrize("answer", ["一、一\n二、二\n三、三", "1. 1\n2. 2\n3. 3"])
def test_items_saying_only_their_own_number_are_empty(answer):
    """一、一 or 1. 1: each item says its own number again; the list counts itself."""
    assert not check("format:numbered_list", answer, {"min": 3}).passed


def test_kanji_numbered_items_holding_years_are_items():
    """一、1990 二、2005 三、2020: three years, no item says its own number (一 is 1, not 1990)."""
    assert check("format:numbered_list", "一、1990\n二、2005\n三、2020", {"min": 3}) == Verdict(
        True, "3 filled, distinct numbered items (3 in all) in [3, ]"
    )


def test_an_empty_pair_after_an_undefined_label_leaves_its_placeholder():
    """[名前][] refers to no definition (the only one is [*], a mark without letters): it stays as typed, and [名前]
    and [商品名] are the two slots a reader fills."""
    answer = (
        "[名前][]様\nこのたびは[商品名]をお買い上げいただき、ありがとうございます。\n\n[*]: https://example.com/notes"
    )
    assert check("format:placeholders", answer, {"min": 2}) == Verdict(
        True, "2 filled placeholders (2 in all) in [2, ]"
    )


def test_an_empty_pair_after_a_defined_label_is_a_link():
    """The near twin: with [名前] defined, [名前][] is a link to it and no slot; [商品名] is the one left."""
    answer = "[名前][]様\nこのたびは[商品名]をお買い上げいただき、ありがとうございます。\n\n[名前]: https://example.com/notes"
    assert check("format:placeholders", answer, {"min": 2}) == Verdict(False, "1 filled placeholders < min 2")


def test_items_after_a_template_series_still_count():
    """・ポイントA ・ポイントB are a template's labels with nothing said; the two items after them say something: two
    filled items of four."""
    answer = "・ポイントA\n・ポイントB\n・駅から歩いて五分で通勤が楽\n・家賃が相場より二万円安い"
    assert check("format:bullet_list", answer, {"min": 2}) == Verdict(
        True, "2 filled, distinct bullet items (4 in all) in [2, ]"
    )


@pytest.mark.parametrize(
    ("answer", "named"),
    [
        ("『ハロー！』\n今日は新しい友達に会った。", "『ハロー！』"),
        ("『ありがとう。』\n卒業式の日、先生に手紙を書いた。", "『ありがとう。』"),
    ],
)
def test_a_title_ending_in_a_sentence_mark_is_a_title(answer, named):
    """『ハロー！』 and 『ありがとう。』 are titles that end with ！ or 。 inside 『』, over a line of text."""
    assert check("format:title", answer, {}) == Verdict(True, f"title {named} in line 1")


def test_untitled_over_a_poem_after_a_preamble_is_a_title():
    """詩を書きました。 is a preamble; 『無題』 stands over three lines of verse: the poem's title, in line 2."""
    answer = "詩を書きました。\n『無題』\n風が吹く\n木の葉が舞う\n冬が来る"
    assert check("format:title", answer, {}) == Verdict(True, "title 『無題』 in line 2")


def test_untitled_over_prose_after_a_preamble_is_no_title():
    """The near twin: 『無題』 over sentences of prose names nothing."""
    answer = "詩を書きました。\n『無題』\n風が吹いて、木の葉が舞った。冬が来る。"
    assert check("format:title", answer, {}) == Verdict(False, "no line in the first 3 lines is a 『title』 of its own")


def test_chapters_after_a_preamble_with_one_body_twice_are_one_section():
    """物語の構成です。 opens the answer; 第2章 (春) repeats 第1章's (駅) body word for word: one filled section of
    two."""
    answer = "物語の構成です。\n第1章 駅\n春の駅で二人は出会った。\n第2章 春\n春の駅で二人は出会った。"
    assert check("format:sections", answer, {"min": 2}) == Verdict(
        False, "1 filled, distinct 第N章 sections < min 2 (1 more empty or repeated)"
    )


def test_two_chapters_filling_one_template_say_nothing():
    """物語の起の部分。 under 起 and 物語の承の部分。 under 承: one template filled with each heading, no section says
    anything."""
    answer = "第1章 起\n物語の起の部分。\n第2章 承\n物語の承の部分。"
    assert check("format:sections", answer, {"min": 1}) == Verdict(
        False, "0 filled, distinct 第N章 sections < min 1 (2 more empty or repeated)"
    )


def test_two_chapters_telling_the_story_are_sections():
    """The honest twin: two chapters whose bodies tell the story."""
    answer = "第1章 起\n少年が村を出て旅に出る。\n第2章 承\n旅の途中で仲間と出会う。"
    assert check("format:sections", answer, {"min": 2}) == Verdict(
        True, "2 filled, distinct 第N章 sections (2 in all) in [2, ]"
    )


def test_untitled_over_one_line_of_prose_after_a_preamble_is_no_title():
    """『無題』 over one line of a diary (no verse) names nothing, even when that line has no 。."""
    answer = "日記を書きました。\n『無題』\n今日は友達と公園で遊んで楽しかった"
    assert check("format:title", answer, {}) == Verdict(False, "no line in the first 3 lines is a 『title』 of its own")


def test_a_title_after_two_preamble_lines_needs_text_after_it():
    """『春の朝』 in line 3 closes the answer: the preamble before it is no text under the title."""
    answer = "以下がタイトルです。\nどうぞご覧ください。\n『春の朝』"
    assert check("format:title", answer, {}) == Verdict(False, "title 『春の朝』 with no text after it")
    assert check("format:title", answer + "\n鳥の声で目が覚めた。", {}) == Verdict(True, "title 『春の朝』 in line 3")


def test_a_thirty_letter_name_in_two_spellings_is_one_item():
    """東京インターナショナルコンピューター… and …コンピュータ… are one conference spelled two ways: two items."""
    name = "東京インターナショナルコンピューターサイエンスカンファレンス"
    answer = f"・{name}\n・{name.replace('コンピューター', 'コンピュータ')}\n・日本ソフトウェア開発者会議"
    assert check("format:bullet_list", answer, {"min": 3}) == Verdict(
        False, "2 filled, distinct bullet items < min 3 (1 more empty or repeated)"
    )


@pytest.mark.xfail(
    strict=True,
    reason="items longer than 30 letters (_WORD_LENGTH) are compared by their letters and kana reading only, so one "
    "name in two katakana spellings counts twice once it is 31 letters long",
)
def test_a_thirty_one_letter_name_in_two_spellings_is_one_item():
    """アジアインターナショナルコンピューター… and …コンピュータ…: one conference spelled two ways, two items."""
    name = "アジアインターナショナルコンピューターサイエンスカンファレンス"
    answer = f"・{name}\n・{name.replace('コンピューター', 'コンピュータ')}\n・日本ソフトウェア開発者会議"
    assert check("format:bullet_list", answer, {"min": 3}) == Verdict(
        False, "2 filled, distinct bullet items < min 3 (1 more empty or repeated)"
    )


def test_a_row_repeating_the_header_is_no_row():
    """| 名前 | 好きな果物 | under the header of the same words is the header again: one row of content, 太郎's."""
    answer = "| 名前 | 好きな果物 |\n|---|---|\n| 名前 | 好きな果物 |\n| 太郎 | りんご |"
    assert check("format:table", answer, {"min_rows": 2}) == Verdict(
        False, "table has 1 filled, distinct rows (of 2) < min 2"
    )
    twin = answer.replace("| 名前 | 好きな果物 |\n| 太郎", "| 花子 | みかん |\n| 太郎")
    assert check("format:table", twin, {"min_rows": 2}) == Verdict(
        True, "markdown table, 2 columns × 2 filled, distinct rows"
    )


@pytest.mark.parametrize("row", ["| 名前・好きな果物 | |", "| | 名前 好きな果物 |"])
def test_a_row_holding_only_the_header_words_in_one_cell_is_no_row(row):
    """名前 and 好きな果物 written again in one cell of a row: the header's words, no value; 太郎's row is the one."""
    answer = f"| 名前 | 好きな果物 |\n|---|---|\n{row}\n| 太郎 | りんご |"
    assert check("format:table", answer, {"min_rows": 2}) == Verdict(
        False, "table has 1 filled, distinct rows (of 2) < min 2"
    )
