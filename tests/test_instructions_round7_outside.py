"""Hypothesis properties of the round-7 classes: what a reader reads is what counts. An emoticon after a closing
phrase is decoration, a hyphen or dash look-alike is the letter it stands for, speech closed by 」 before narration is
a sentence of its own, a clause before the quotative と is reported speech, one colon, middle dot or dash splices two
sentences, padding paragraphs (a lone conjunction, digits alone, a repeat) are no paragraphs, notes standing for
content fill nothing, and a colour keyword on itself hides its text.

The oracles are written from the instructions' wording, independently of the checkers' code."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lctg_metrics.instructions import check

FEW = settings(max_examples=30, deadline=None)

EMOTICONS = ["m(_ _)m", "(^^)", "(^_^)", "(*^^*)", "(´・ω・`)", "☆彡", "★彡", "^^", ":)", "（＾ｏ＾）"]
CLOSINGS = ["よろしくお願いいたします", "ありがとうございました", "お待ちしています", "またお会いしましょう"]
LATIN = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=6)
HYPHENS = ["\u2010", "\u2011", "\u2012", "\u2013", "\u2212", "\uff0d", "\ufe63"]
KATAKANA_WORDS = ["メール", "セール", "コーヒー", "スーパー", "ケーキ"]
DASHES = HYPHENS + ["\u2014", "\u2015", "\u2500", "\u2501"]
#: Utterances a story opens with (each ends in a predicate, a particle or an interjection) and narration after them.
SPEECH = ["「ただいま」", "「もう朝だよ」", "「静かに」", "「待って」", "「おはよう」", "「早く来て」", "「行こう」"]
NARRATION = ["玄関のドアが開いた。", "カーテンが勢いよく開いた。", "窓の外で鳥が鳴いた。", "廊下の電気がついた。"]
POLITE = ["今日は晴れです", "明日は雨です", "駅は近いです", "店は九時に開きます", "料金は無料です"]
PLAIN_CLAUSES = ["この店は最高だ", "もう限界だ", "明日は雨だ", "それは無理だ"]
SPEAKERS = ["と友人は言います。", "と彼は笑いました。", "と母はいつも話します。"]
NOTES = ["など", "等", "etc.", "鋭意執筆中", "近日公開", "名称未設定", "タイトル案", "ポイント1"]
COLOUR_KEYWORDS = ["currentColor", "Canvas", "CanvasText", "ButtonFace", "Field", "GrayText"]


@FEW
@given(st.sampled_from(CLOSINGS), st.sampled_from(EMOTICONS), st.sampled_from(["", "。", "！"]))
def test_an_emoticon_after_the_closing_phrase_is_decoration(phrase: str, emoticon: str, mark: str) -> None:
    assert check("startend:end", f"本日は{phrase}{mark}{emoticon}", {"phrase": phrase}).passed
    assert not check("startend:end", f"{phrase}。では失礼します{emoticon}", {"phrase": phrase}).passed


@FEW
@given(LATIN, LATIN, st.sampled_from(HYPHENS))
def test_a_hyphen_look_alike_between_latin_letters_is_a_hyphen(a: str, b: str, hyphen: str) -> None:
    word = f"{a.capitalize()}-{b}"
    assert check("keywords:existence", f"ここで{a.capitalize()}{hyphen}{b}を使います。", {"keywords": [word]}).passed
    assert not check("keywords:forbidden", f"ここで{a.capitalize()}{hyphen}{b}を使います。", {"words": [word]}).passed


@FEW
@given(st.sampled_from(KATAKANA_WORDS), st.sampled_from(DASHES))
def test_a_dash_between_katakana_letters_is_the_long_vowel_mark(word: str, dash: str) -> None:
    written = word.replace("ー", dash)
    assert not check("keywords:forbidden", f"今日は{written}の話です。", {"words": [word]}).passed


@FEW
@given(  # each speech and narration once: a sentence said again counts once (round 22)
    st.lists(
        st.tuples(st.sampled_from(SPEECH), st.sampled_from(NARRATION)),
        min_size=1,
        max_size=3,
        unique_by=(lambda p: p[0], lambda p: p[1]),
    )
)
def test_speech_closed_by_a_bracket_before_narration_is_its_own_sentence(pairs: list[tuple[str, str]]) -> None:
    text = "".join(speech + narration for speech, narration in pairs)
    n = 2 * len(pairs)
    assert check("length:sentences", text, {"min": n, "max": n}).passed


@FEW
@given(st.sampled_from(PLAIN_CLAUSES), st.sampled_from(SPEAKERS))
def test_a_clause_before_the_quotative_to_is_reported_speech(clause: str, speaker: str) -> None:
    assert check("style:polite", f"{clause}、{speaker}", {}).passed
    assert not check("style:polite", f"{clause}、{speaker[1:]}", {}).passed  # without と: the writer's plain clause


@FEW
@given(
    st.lists(st.sampled_from(POLITE), min_size=2, max_size=4, unique=True), st.sampled_from(["：", ":", "・", "—", "―"])
)
def test_one_colon_dot_or_dash_splices_two_sentences(parts: list[str], mark: str) -> None:
    n = len(parts)
    assert check("length:sentences", mark.join(parts) + "。", {"min": n, "max": n}).passed
    assert not check("length:sentences", mark.join(parts) + "。", {"min": 1, "max": 1}).passed


@FEW
@given(
    st.lists(st.sampled_from(POLITE), min_size=2, max_size=4, unique=True),
    st.sampled_from(["しかし", "そして", "でも", "だから", "123", "7"]),
)
def test_padding_paragraphs_are_no_paragraphs(parts: list[str], pad: str) -> None:
    n = len(parts)
    paragraphs = [p + "。" for p in parts]
    padded = "\n\n".join([paragraphs[0], pad, *paragraphs[1:]])
    assert check("length:paragraphs", padded, {"min": n, "max": n}).passed
    repeated = "\n\n".join([*paragraphs, paragraphs[-1]])
    assert check("length:paragraphs", repeated, {"min": n, "max": n}).passed


@FEW
@given(st.lists(st.sampled_from(NOTES), min_size=3, max_size=3), st.sampled_from(["・", "- "]))
def test_notes_standing_for_content_fill_no_item(notes: list[str], marker: str) -> None:
    assert not check("format:bullet_list", "\n".join(marker + n for n in notes), {"min": 1}).passed
    assert check("format:bullet_list", "\n".join(marker + f"東京{n}" for n in ["", "駅", "都"]), {"min": 3}).passed


@FEW
@given(st.sampled_from(COLOUR_KEYWORDS))
def test_a_colour_keyword_on_itself_hides_its_text(name: str) -> None:
    hidden = f'<p>お知らせです。<span style="color:{name};background:{name}">環境</span></p>'
    assert not check("keywords:existence", hidden, {"keywords": ["環境"]}).passed
    other = f'<p style="color:{name};background:#123456">環境です。</p>'  # on another colour: read as shown
    assert check("keywords:existence", other, {"keywords": ["環境"]}).passed
