"""Hypothesis properties of the instruction checkers: totality, additivity, invariance and equivalences."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import REGISTRY, check
from lctg_metrics.instructions.text import count_occurrences, paragraphs, split_sentences

HIRAGANA = st.text(alphabet=st.characters(min_codepoint=0x3041, max_codepoint=0x3093), min_size=1, max_size=12)
KATAKANA = st.text(alphabet=st.characters(min_codepoint=0x30A1, max_codepoint=0x30F3), min_size=1, max_size=12)
KANJI = st.text(alphabet="日本語漢字東京学習機械天気春夏秋冬山川", min_size=1, max_size=6)
JA_TEXT = st.text(
    alphabet=st.sampled_from(list("あいうえおかきくけこアイウエオ日本語東京、。！？「」『』（）・ー…\n *#-1２①")),
    max_size=80,
)
ANY_TEXT = st.text(max_size=60)


def _sample_kwargs() -> dict[str, dict]:
    """The kwargs of each id's first labeled case (every id has one)."""
    out: dict[str, dict] = {}
    for path in sorted((Path(__file__).parent / "data" / "instructions").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            out.setdefault(row["id"], row["kwargs"])
    return out


KWARGS = _sample_kwargs()


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(REGISTRY)), st.one_of(JA_TEXT, ANY_TEXT), st.sampled_from(["strict", "loose"]))
def test_every_checker_is_total(instruction_id: str, response: str, mode: str) -> None:
    verdict = check(instruction_id, response, KWARGS[instruction_id], mode=mode)
    assert isinstance(verdict.passed, bool) and isinstance(verdict.reason, str) and verdict.reason


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(sorted(REGISTRY)), JA_TEXT)
def test_strict_pass_implies_loose_pass(instruction_id: str, response: str) -> None:
    if check(instruction_id, response, KWARGS[instruction_id]).passed:
        assert check(instruction_id, response, KWARGS[instruction_id], mode="loose").passed


@given(JA_TEXT, JA_TEXT, st.sampled_from(["機械学習", "東京都", "ＡＩ", "色落ち", "スキル"]))
def test_a_text_containing_the_keyword_always_passes(before: str, after: str, keyword: str) -> None:
    if keyword == "スキル":  # a loanword inside a longer katakana word is not there (パンダ holds no パン)
        before, after = before + "、", "、" + after
    response = before + keyword + after
    assert check("keywords:existence", response, {"keywords": [keyword]}).passed
    assert not check("keywords:forbidden", response, {"words": [keyword]}).passed


@given(JA_TEXT, st.sampled_from(["学習", "ねこ", "AI"]))
def test_forbidden_is_the_negation_of_existence(response: str, word: str) -> None:
    if response.strip():
        used = check("keywords:existence", response, {"keywords": [word]}).passed
        assert check("keywords:forbidden", response, {"words": [word]}).passed is not used


@given(HIRAGANA, HIRAGANA, st.sampled_from(["ねこ", "い"]))
def test_keyword_counting_is_additive(a: str, b: str, word: str) -> None:
    joined = a + "。" + b
    assert count_occurrences(joined, word) == count_occurrences(a, word) + count_occurrences(b, word)


PLAIN = st.text(alphabet=st.sampled_from(list("あいうアイウ日本語東京abcXYZ019、。「」 \n")), max_size=40)


@given(PLAIN, PLAIN)
def test_counting_every_code_point_is_additive(a: str, b: str) -> None:
    """On text without markup, invisible or compatibility characters the view is the text itself."""
    if "\n" in a + b and any(not line.strip() and line for line in (a + b).split("\n")):
        return  # a line of blanks is a blank line to the reader: its blanks are not counted
    n = len(a) + len(b)
    if (a + b).strip():
        assert check("length:chars", a + b, {"min": n, "max": n, "count_blanks": True}).passed


def _unpadded(text: str) -> str:
    """``text`` without what a reader takes for padding, read as the checker reads it (NFKC: １ is 1): no letter twice
    in a row and no unit of two to eight letters three times and again (ああ, あいあいあいあ, 、1、１、1、), so that
    every character counts; from round 21 also no ー drawing out each of three hiragana or more in a row (あーいーうー
    is あいう said slowly)."""
    text = unicodedata.normalize("NFKC", text)
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"(?:[ぁ-ゖ]ー){3,}", lambda m: m.group().replace("ー", ""), text)
        text = re.sub(r"((.).{1,7})\1\1\2", r"\1\1\1", re.sub(r"(.)\1+", r"\1", text))
    return text


LETTERS = st.text(alphabet=st.sampled_from(list("あいうアイウ日本語12０１ABab")), max_size=40)
#: One mark between letters, never two in a row: every character is one visible character, no run is padding. A
#: hiragana vowel drawn out (あー, うー) is a hesitation sound, and pieces of them alone (あーう、) are stalling words a
#: reader does not count past the first (round 20; round20.jsonl and test_instructions_round15): here
#: ー follows other letters only.
SPACED_MARKS = st.lists(
    st.tuples(
        st.sampled_from(list("あいうアイウ日本語12０１ABab")),
        st.sampled_from(["", "、", "。", "！", "？", "「", "」", "・", "ー"]),
    ),
    min_size=1,
    max_size=30,
).map(lambda pairs: "".join(a + ("" if b == "ー" and a in "あいう" else b) for a, b in pairs))


@given(SPACED_MARKS, LETTERS)
@example(a="あ、あーあ「あ、あーい", b="")  # い and あ the analyser files as symbols: sounds said, not stalling
def test_reader_counting_is_additive_on_japanese_text(a: str, b: str) -> None:
    text = _unpadded(a + b)
    n = len(text)  # every one of these characters is one visible character, and nothing is repeated
    assert check("length:chars", text, {"min": n, "max": n}).passed
    assert not check("length:chars", text, {"min": n + 1}).passed


@given(
    SPACED_MARKS,
    st.sampled_from(["★", "☆", "🎉", "✨", "♪", "→", "★☆", "🎉✨", "👨‍👩‍👧"]),
    st.integers(min_value=1, max_value=40),
    st.integers(min_value=0),
)
def test_decoration_never_lengthens_toward_a_minimum(text: str, mark: str, k: int, at: int) -> None:
    """Adding decorative symbols (★☆, emoji, arrows) anywhere never meets a minimum the text alone does not."""
    text = _unpadded(text)
    base = len(text)
    i = at % (len(text) + 1)
    padded = text[:i] + mark * k + text[i:]
    assert check("length:chars", padded, {"min": base}).passed, padded
    assert not check("length:chars", padded, {"min": base + 1}).passed, padded


@given(
    SPACED_MARKS, st.sampled_from(list("。、！？・…―ー-*") + ["！？", "。、"]), st.integers(min_value=3, max_value=80)
)
def test_a_run_of_marks_is_not_counted_past_its_start(text: str, mark: str, k: int) -> None:
    """Padding with a run of one mark (or of alternating punctuation) adds what its first two (three) marks add; a
    prolonged-sound mark lengthens a word as speech does and adds its first three (すごーーーい)."""
    ends_in_letter = _unpadded(text + "字")
    base = len(ends_in_letter)
    # random marks and letters can themselves read as padding (a chant of A、aA、AB): the property is about the run
    assume(check("length:chars", ends_in_letter, {"min": base}).passed)
    allowed = 2 if len(mark) == 1 and mark != "ー" else 3
    padded = ends_in_letter + mark * k
    assert check("length:chars", padded, {"min": base + allowed, "max": base + allowed}).passed, padded


@given(
    JA_TEXT,
    st.lists(st.sampled_from([" ", "\u3000", "\n", "\n\n", "\t", "\u200b", "   \n \n"]), min_size=1),
    st.integers(min_value=0),
)
def test_blank_padding_never_changes_the_character_count(text: str, pads: list[str], at: int) -> None:
    """Padding a response with blank lines, runs of spaces, full-width spaces or zero-width spaces adds nothing."""
    if not text.strip() or re.search(r"[*#]|(^|\n)\s*-", text):
        return  # markdown marks are rendered before counting (their own properties: test_instructions_reader.py)
    letters = [ch for ch in text if not ch.isspace()]  # JA_TEXT has no invisible characters besides blanks
    n = len(letters)
    for pad in pads:
        i = at % (len(text) + 1)
        text = text[:i] + pad + text[i:]
    if any(a in MARKS and b in MARKS for a, b in zip(letters, letters[1:])):
        return  # adjacent marks may form a padding run; the runs have their own property above
    assert check("length:chars", text, {"min": n, "max": n}).passed


MARKS = set("、。！？「」『』（）・ー…*#-①")


@given(HIRAGANA)
def test_hiragana_only_accepts_hiragana_and_rejects_an_added_kanji(text: str) -> None:
    assert check("script:hiragana_only", text, {}).passed
    assert not check("script:hiragana_only", text + "字", {}).passed
    assert check("script:no_katakana", text, {}).passed and check("script:no_kanji", text, {}).passed


@given(KATAKANA)
def test_katakana_only_accepts_katakana_and_rejects_an_added_hiragana(text: str) -> None:
    assert check("script:katakana_only", text, {}).passed
    assert not check("script:katakana_only", text + "の", {}).passed
    assert check("script:no_hiragana", text, {}).passed


@given(JA_TEXT)
def test_no_kanji_equals_a_kanji_count_of_zero(text: str) -> None:
    if text.strip():
        assert check("script:no_kanji", text, {}).passed is check("script:kanji_count", text, {"max": 0}).passed


@given(JA_TEXT, st.sampled_from("0123456789０１２３４５６７８９"))
def test_any_digit_breaks_kansuuji(text: str, digit: str) -> None:
    """A digit before a counter is a number (a lone 0 after a finished predicate is read as 。 from checkers 2.8)."""
    assert not check("script:kansuuji", text + digit + "個", {}).passed


@given(st.lists(st.tuples(KANJI, HIRAGANA), min_size=1, max_size=5))
def test_kanji_each_followed_by_a_reading_pass_furigana(pairs: list[tuple[str, str]]) -> None:
    assert check("script:furigana", "".join(f"{k}（{r * len(k)}）" for k, r in pairs), {}).passed
    short = [(k + "字", r[:1]) for k, r in pairs]  # one kana for two or more kanji is no reading
    assert not check("script:furigana", "".join(f"{k}（{r}）" for k, r in short), {}).passed


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=10),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=10,
    ),
    st.sampled_from(["", "\n", "  \n\n"]),
)
def test_blanks_around_a_json_document_do_not_matter(value: object, blank: str) -> None:
    """Whether a JSON document has content is decided on the document, never on the blanks around it."""
    text = json.dumps(value, ensure_ascii=False)
    assert check("format:json", blank + text + blank, {}).passed is check("format:json", text, {}).passed


#: Letters that start a particle a noun takes (の, が, を, …): a 。 between a noun and one of them belongs to a name
#: (モーニング娘。の), so the joined pieces below start with none of them.
PARTICLE_STARTS = "のがをにへとはもやかまよ"


#: Small kana read aloud as their full-size letters (ゎ is わ).
_FULL_SIZE = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")


#: Pieces start with different letters as read aloud, so none is another said again (ゎ。わ。) or said again with a
#: final particle (あ。あね。): a sentence said again counts once (round 22).
@given(
    st.lists(
        HIRAGANA.filter(lambda p: p[0] not in PARTICLE_STARTS),
        min_size=1,
        max_size=8,
        unique_by=lambda p: p[0].translate(_FULL_SIZE),
    )
)
def test_sentence_count_of_joined_sentences(pieces: list[str]) -> None:
    text = "".join(p + "。" for p in pieces)
    assert len(split_sentences(text)) == len(pieces)
    assert check("length:sentences", text, {"min": len(pieces), "max": len(pieces)}).passed


@given(st.lists(HIRAGANA, min_size=1, max_size=8))
def test_paragraph_count_of_blank_line_joined_lines(pieces: list[str]) -> None:
    assert len(paragraphs("\n\n".join(pieces))) == len(pieces)
    assert len(paragraphs("\n***\n".join(pieces), "***")) == len(pieces)


#: Items a list could hold, each a word of its own (random kana strings are not: 「など」 alone is no item, and 「あて」
#: 「あてい」 may be read as one word said twice).
LIST_WORDS = (
    "りんご 自転車 図書館 天気予報 ランニング 朝ごはん 水族館 コーヒー 宿題 散歩 映画館 温泉 新幹線 美術館 "
    "ピアノ 花火大会 お弁当 洗濯 掃除 読書 カメラ 動物園 紅茶 遊園地 キャンプ 料理教室 英会話 ヨガ 釣り 将棋"
).split()


@given(st.lists(st.sampled_from(LIST_WORDS), min_size=1, max_size=8, unique=True), st.sampled_from(["・", "- ", "• "]))
def test_list_items_are_counted(items: list[str], marker: str) -> None:
    n = len(items)
    assert check("format:bullet_list", "\n".join(marker + i for i in items), {"min": n, "max": n}).passed
    numbered = "\n".join(f"{k}. {i}" for k, i in enumerate(items, 1))
    assert check("format:numbered_list", numbered, {"min": n, "max": n}).passed


@given(st.sampled_from(["format:bullet_list", "format:title", "format:json", "length:paragraphs"]), JA_TEXT)
def test_trailing_blank_lines_never_change_a_format_verdict(instruction_id: str, text: str) -> None:
    if text.strip():
        kwargs = KWARGS[instruction_id]
        assert check(instruction_id, text, kwargs).passed is check(instruction_id, text + "\n\n  \n", kwargs).passed


@given(st.lists(st.sampled_from(LIST_WORDS), min_size=1, max_size=3).map("".join))
def test_a_bracket_free_text_in_brackets_is_a_quotation(text: str) -> None:
    """Content words: random kana can spell one that says nothing (ほか, など), which quotes nothing (checkers 2.8)."""
    assert check("format:quotation", f"「{text}」", {}).passed
    assert not check("format:quotation", f"「{text}」{text}", {}).passed


@given(st.text(alphabet="あいうえおかきくけこ、", max_size=30))
def test_no_period_passes_iff_no_kuten(text: str) -> None:
    if text.strip():
        assert check("rule:no_period", text, {}).passed
        assert not check("rule:no_period", text + "。", {}).passed
        assert check("rule:no_comma", text, {}).passed is ("、" not in text)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(["晴れです", "雨です", "大切です", "本当です"]), min_size=1, max_size=5))
def test_sentences_all_ending_the_same_pass_unified_ending(sentences: list[str]) -> None:
    text = "".join(s + "。" for s in sentences)
    assert check("startend:unified_ending", text, {"ending": "です"}).passed
    assert check("style:polite", text, {}).passed
    assert not check("startend:unified_ending", text + "雨だ。", {"ending": "です"}).passed


#: Words whose readings chain: every word starts with the previous word's last kana (ー skipped, ゅ → ユ).
CHAIN = ["しりとり", "りんご", "ごりら", "らっぱ", "ぱんつ", "つみき", "きつね", "ねこ", "こども", "もみじ"]


@settings(max_examples=30, deadline=None)
@given(
    st.integers(min_value=0, max_value=len(CHAIN) - 2),
    st.integers(min_value=2, max_value=len(CHAIN)),
    st.sampled_from([" → ", "、", "\n"]),
)
def test_any_stretch_of_a_valid_chain_is_valid_and_an_n_ending_breaks_it(start: int, length: int, sep: str) -> None:
    words = CHAIN[start : start + length]
    if len(words) >= 2:
        assert check("task:shiritori", sep.join(words), {}).passed
        last = words[-1]
        ending = {
            "ご": "ごはん",
            "ら": "らいおん",
            "ぱ": "ぱん",
            "つ": "つくえ",
            "き": "きりん",
            "ね": "ねずみ",
            "こ": "こうえん",
            "も": "もめん",
            "じ": "じてん",
            "り": "りかん",
        }.get(last[-1])
        if ending and ending.endswith("ん"):
            assert not check("task:shiritori", sep.join(words + [ending]), {}).passed
