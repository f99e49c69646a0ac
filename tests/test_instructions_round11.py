"""Properties of the round-11 rules (issue 32, eleventh round): each class, on generated instances.

Expected verdicts come from what is built here (how many sentences are written, which marks stand where, how many
letters the answer has), not from the code under test.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.visible import visible

FEW = settings(max_examples=25, deadline=None)

#: Steps of a process, each a plain clause with its own subject (written here).
STEPS = ["信号が青になる", "車が動き出す", "人が渡る", "水が温まる", "泡が出る", "お湯が沸く"]
#: What takes up the last step of a chain and names the whole (a quotative or a nominaliser), with its predicate.
TAKERS = ["、という流れです。", "という仕組みです。", "と言われています。", "のが普通です。", "って感じです。"]
#: Polite sentences with a finite predicate of their own.
POLITE = ["今日は晴れです", "駅は近いです", "朝は六時に起きます", "店員さんが親切です", "明日は雨が降ります"]


@FEW
@given(st.lists(st.sampled_from(STEPS), min_size=2, max_size=4, unique=True), st.sampled_from(TAKERS))
def test_an_arrow_chain_the_sentence_takes_up_is_one_polite_sentence(steps: list[str], taker: str) -> None:
    """Steps joined by → and taken up by one polite predicate are one sentence, and no plain sentence."""
    text = "→".join(steps) + taker
    assert check("length:sentences", text, {"max": 1}).passed, text
    assert check("style:polite", text, {}).passed, text


@FEW
@given(st.lists(st.sampled_from(POLITE), min_size=2, max_size=4, unique=True), st.sampled_from("」』"))
def test_stray_closing_brackets_after_sentences_split_them(parts: list[str], closer: str) -> None:
    """n polite sentences each closed by a bracket with no opener are n sentences."""
    text = closer.join(parts) + closer
    assert not check("length:sentences", text, {"max": len(parts) - 1}).passed, text
    assert check("length:sentences", text, {"max": len(parts)}).passed, text


#: A topic or a time phrase cut off by 。 before the rest of its sentence, and the rest (written here).
HEADS = ["私は。", "毎朝六時に。", "兄も。", "猫が。", "必ず。"]


@FEW
@given(st.lists(st.sampled_from(HEADS), min_size=1, max_size=3, unique=True))
def test_pieces_that_only_open_a_sentence_do_not_count(heads: list[str]) -> None:
    """A sentence cut at its topic or time phrase is one sentence however many 。 cut it."""
    text = "".join(heads) + "公園を走ります。"
    assert not check("length:sentences", text, {"min": 2}).passed, text


@FEW
@given(
    st.lists(st.sampled_from(["東京は日本の首都である", "水は百度で沸騰する", "月は地球の衛星である"]), min_size=1),
    st.sampled_from("〇○◯"),
    st.sampled_from("×✕✗"),
)
def test_an_answer_key_of_circles_and_crosses_has_no_periods(true: list[str], circle: str, cross: str) -> None:
    """Statements marked true with a circle and one false with a cross, one a line: marks, not 句点."""
    text = "\n".join([f"{s}{circle}" for s in true] + [f"富士山は日本一低い山である{cross}"])
    assert check("rule:no_period", text, {}).passed, text


@FEW
@given(st.integers(1, 999), st.integers(0, 999), st.booleans())
def test_a_grouping_comma_in_any_width_is_no_comma(high: int, low: int, wide: bool) -> None:
    """1，000 and １，０００: a comma between a number and a group of three digits groups them."""
    number = f"{high}，{low:03d}"
    if wide:
        number = number.translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    text = f"会費は{number}円です。"
    assert check("rule:no_comma", text, {}).passed, text
    assert not check("rule:no_comma", f"会費は、{number}円です。", {}).passed


@FEW
@given(st.lists(st.sampled_from(["選択", "節電", "節水", "植樹", "清掃"]), min_size=2, max_size=5, unique=True))
def test_a_closed_drop_down_shows_only_its_first_option(options: list[str]) -> None:
    """A <select> shows its first option; the others are in the page only once it is opened."""
    shown = visible("<select>" + "".join(f"<option>{o}</option>" for o in options) + "</select>")
    assert options[0] in shown
    assert not any(o in shown for o in options[1:]), shown


@FEW
@given(st.integers(0, 15), st.sampled_from(["#fff", "#ffffff", "white"]))
def test_text_within_sixteen_of_white_on_white_is_unseen(gap: int, page: str) -> None:
    """Grey text a channel gap of 0-15 from its white background cannot be read."""
    value = 255 - gap
    text = f'工夫です。<span style="color:rgb({value},{value},{value});background:{page}">節水</span>'
    assert "節水" not in visible(text)


#: Words of one claim, each said in a copula form of its own (written here).
COPULAS = ["です", "なのです", "でございます", "であります", "なんですよ"]


@FEW
@given(st.sampled_from(["赤", "青", "東京", "三番"]), st.lists(st.sampled_from(COPULAS), min_size=3, unique=True))
def test_a_one_word_claim_counts_in_two_wordings(word: str, forms: list[str]) -> None:
    """赤です。赤なのです。赤でございます。…: the first two wordings count, the rest add nothing."""
    sayings = [f"{word}{form}。" for form in forms]
    text = "".join(sayings)
    first_two = sum(len(s) for s in sayings[:2])
    assert not check("length:chars", text, {"min": first_two + 1}).passed, text
    assert check("length:chars", text, {"min": first_two}).passed, text


#: The alphabet by letter names (one spelling each, written here).
LETTER_NAMES = ["エー", "ビー", "シー", "ディー", "イー", "エフ", "ジー", "エイチ", "アイ", "ジェー", "ケー", "エル"]


@FEW
@given(st.integers(0, 4), st.integers(6, 8), st.sampled_from(["、", "・", " "]))
def test_letter_names_recited_count_five_names(start: int, size: int, between: str) -> None:
    """Six or more letter names in order after a short answer count no more than their first five names and the
    marks between them toward a minimum (the answer and each of the five still count)."""
    names = LETTER_NAMES[start : start + size]
    answer = "答えはCです。"
    counted = len(answer) + sum(len(n) for n in names[:5]) + (len(between.strip()) * (len(names) - 1))
    text = answer + between.join(names)
    assert not check("length:chars", text, {"min": counted + 1}).passed, text
    assert check("length:chars", text, {"min": len(answer) + 5}).passed, text
