"""Properties of the round-10 rules of checkers 2.7 (issue 32, tenth round): each class, on generated instances.

Expected verdicts come from what is built here (which kanji a verb is written with, which letters carry an accent,
how many numerals are recited and how long each is, whether an item says its own number), not from the code under
test.
"""

from __future__ import annotations

import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check
from lctg_metrics.instructions.latin import folded

FEW = settings(max_examples=25, deadline=None)

#: 異字同訓 pairs written here: (keyword, a sentence with the other word of the group, a sentence with the keyword
#: inflected in its own kanji).
DISTINCT = [
    ("会う", "山で嵐に遭った。", "駅で友人に会った。"),
    ("聞く", "ジャズを聴いた。", "先生の話を聞いた。"),
    ("見る", "医師が患者を診た。", "窓から海を見た。"),
    ("早い", "この車は速かった。", "今朝は起きるのが早かった。"),
    ("暖かい", "温かいお茶を飲んだ。", "今日は暖かかった。"),
    ("取る", "旅先で写真を撮った。", "棚から本を取った。"),
]


@FEW
@given(st.sampled_from(DISTINCT), st.sampled_from(["keywords:forbidden", "keywords:existence"]))
def test_another_kanji_of_a_distinct_group_is_another_word(case: tuple[str, str, str], which: str) -> None:
    """A forbidden word is not used by its 異字同訓 twin and is used by its own inflection; a required one likewise."""
    word, twin, own = case
    param = {"words": [word]} if which == "keywords:forbidden" else {"keywords": [word]}
    forbidden = which == "keywords:forbidden"
    assert check(which, twin, param).passed is forbidden, twin
    assert check(which, own, param).passed is not forbidden, own


#: Latin words and the accents put on one of their vowels here (combining marks, composed by NFC).
WORDS = ["tokyo", "cafe", "naive", "resume", "kyoto", "osaka"]
ACCENTS = ["\u0301", "\u0300", "\u0302", "\u0308", "\u0304"]


@FEW
@given(st.sampled_from(WORDS), st.sampled_from(ACCENTS), st.data())
def test_an_accent_on_a_vowel_leaves_the_latin_word(word: str, accent: str, data: st.DataObject) -> None:
    """A word with an accent on any vowel is the keyword for a forbidden check, in a sentence around it."""
    vowels = [i for i, ch in enumerate(word) if ch in "aeiou"]
    at = data.draw(st.sampled_from(vowels))
    accented = unicodedata.normalize("NFC", word[: at + 1] + accent + word[at + 1 :])
    text = f"We talked about {accented.capitalize()} yesterday."
    assert folded(accented) == word
    assert len(folded(text)) == len(text)
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text


#: Roman numerals one to twelve, in Number Forms and in Latin capitals.
FORMS = "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ"
LATIN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"]
ANSWERS = ["答えは猫です。", "正解は東京です。", "結論は赤です。"]


@FEW
@given(st.sampled_from(ANSWERS), st.integers(6, 30), st.booleans(), st.sampled_from(["", " ", "、"]))
def test_recited_roman_numerals_count_one_row_at_most(answer: str, n: int, latin: bool, between: str) -> None:
    """Roman numerals recited in order after a short answer count at most their first five numerals (1+2+3+2+1
    letters in Latin capitals, five signs in Number Forms) and the marks between them: a minimum one above that
    fails, however many are recited, and the answer's own length is met."""
    numerals = [LATIN[k % 12] if latin else FORMS[k % 12] for k in range(n)]
    text = answer + between.join(numerals)
    bound = len(answer) + sum(len(x) for x in numerals[:5]) + len(between.strip()) * (n - 1)
    assert check("length:chars", text, {"min": len(answer)}).passed, text
    assert not check("length:chars", text, {"min": bound + 1}).passed, text
    if not between.strip():
        assert not check("length:chars", text, {"min": len(answer) + sum(len(x) for x in numerals[:5]) + 1}).passed


@FEW
@given(st.integers(3, 8), st.booleans())
def test_items_that_only_say_their_number_hold_nothing(n: int, bracket: bool) -> None:
    """「1. 1」…「n. n」 has no filled item; the same list with another number in each item has n."""
    mark = "（{}）" if bracket else "{}. "
    own = "\n".join(mark.format(k) + str(k) for k in range(1, n + 1))
    other = "\n".join(mark.format(k) + str(1990 + k) for k in range(1, n + 1))
    assert not check("format:numbered_list", own, {"min": 1}).passed, own
    assert check("format:numbered_list", other, {"min": n}).passed, other


#: Pointers to another part of the text, and content written here to follow one.
POINTERS = ["上記の通り", "前述のとおり", "本文をご参照ください", "以下参照", "see above", "上記参照"]
CONTENT = ["価格が安いからです", "駅から近いためです", "品質が良いからです"]


@FEW
@given(st.sampled_from(POINTERS), st.sampled_from(CONTENT))
def test_a_pointer_alone_is_no_content_and_with_content_is(pointer: str, content: str) -> None:
    """A JSON value, a postscript and a quotation that only point elsewhere are empty; with words of their own after
    the pointer they hold content."""
    said = f"{pointer}、{content}"
    assert not check("format:json", f'{{"理由": "{pointer}"}}', {}).passed
    assert check("format:json", f'{{"理由": "{said}"}}', {}).passed
    body = "明日の会議は十時からです。\n"
    assert not check("format:postscript", f"{body}P.S. {pointer}", {"marker": "P.S.", "position": "end"}).passed
    assert check("format:postscript", f"{body}P.S. {said}", {"marker": "P.S.", "position": "end"}).passed
    assert not check("format:quotation", f"「{pointer}」", {}).passed
    assert check("format:quotation", f"「{said}」", {}).passed


#: Words whose last kana spell a closing phrase that is no word there (written here), and sentences where the phrase
#: is a word of its own.
TAILS = [("かな", "夕飯はさかな"), ("ます", "人気はますます"), ("とう", "みんなありがとう")]
ENDINGS = [("かな", "明日は晴れるかな"), ("ます", "よろしくお願いします"), ("かな", "うまくいくかな")]


@FEW
@given(st.sampled_from(TAILS), st.sampled_from(ENDINGS), st.sampled_from(["", "。", "！"]))
def test_an_end_phrase_must_start_a_word(tail: tuple[str, str], ending: tuple[str, str], mark: str) -> None:
    phrase, text = tail
    assert not check("startend:end", text + mark, {"phrase": phrase}).passed, text
    phrase, text = ending
    assert check("startend:end", text + mark, {"phrase": phrase}).passed, text


#: Katakana words with the long-vowel mark, and horizontal bars drawn like it (Hangul vowels, dashes, box lines, the
#: kanji 一).
LONG_WORDS = ["コーヒー", "ケーキ", "スーパー", "メール", "ボールペン"]
BARS = ["\u3161", "\u1173", "\u2500", "\u2501", "\u2015", "\u2014", "\u2010", "\uff0d", "一"]


@FEW
@given(st.sampled_from(LONG_WORDS), st.sampled_from(BARS), st.sampled_from(["朝は{}を買いました。", "{}が好きです。"]))
def test_a_bar_between_katakana_reads_as_the_long_vowel_mark(word: str, bar: str, frame: str) -> None:
    """A forbidden katakana word written with a bar look-alike for each ー is still used; the sentence without the
    word avoids it."""
    text = frame.format(word.replace("ー", bar))
    assert not check("keywords:forbidden", text, {"words": [word]}).passed, text
    assert check("keywords:forbidden", frame.format("お茶"), {"words": [word]}).passed
