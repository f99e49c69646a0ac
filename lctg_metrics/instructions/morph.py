"""Japanese morphological analysis for the checkers: tokens, readings, sentence-final morphemes.

Backed by MeCab through ``fugashi`` with the bundled ``unidic-lite`` dictionary (no download at run time),
imported lazily so the plain-text checkers work without it.
"""

from __future__ import annotations

import functools
import re
from typing import Any, NamedTuple

from lctg_metrics.instructions.old_forms import modern_predicate

#: One-line install hint shown when the analyzer is missing.
INSTALL_HINT = "Japanese morphological analysis needs fugashi + unidic-lite: pip install 'lctg[ja]'"
#: Lemmas of the polite auxiliaries and polite verbs that make a predicate です・ます style.
#: ござる alone (でござる) is role speech, not です・ます調 (round 13): でございます is polite by its ます.
#: Kyoto どす is the polite copula (= です; round 16: 今日はええお天気どす。 is no だ・である), whatever part of speech
#: the analyser files it under; Osaka だす is read as 出す and Kyoto やす as 易い, so they are not told here.
#: Satsuma ごわす (ごわんす) is one too (round 17: 晴れでごわす。 is no だ・である).
#: Kyoto やす (おくれやす, the analyser's auxiliary やす, not 易い) and Yamanote ざます (得意ざます) are polite too
#: (round 21), and so is its variant ざんす (上品ざんす, ようござんす; round 23).
POLITE_LEMMAS = frozenset({"です", "ます", "下さる", "どす", "ごわす", "ごわんす", "やす", "ざます", "ざんす"})
#: Sentence-final particles skipped when looking for the predicate (か, ね, よ, な, わ, ぞ, さ, の, もの).
_FINAL_PARTICLE = "終助詞"


class Morpheme(NamedTuple):
    """One morpheme: surface form, UniDic POS levels 1–2, lemma, katakana reading (surface if unknown),
    conjugated form (``終止形-一般``; empty for words that do not conjugate) and POS level 3 (``人名``)."""

    surface: str
    pos1: str
    pos2: str
    lemma: str
    reading: str
    form: str = ""
    pos3: str = ""
    goshu: str = ""  # word origin: 和 native, 漢 Sino-Japanese, 外 loan, 混 mixed (round 16)


@functools.lru_cache(maxsize=1)
def _tagger() -> Any:
    try:
        import fugashi  # noqa: PLC0415 - optional extra, imported on first use
        import unidic_lite  # noqa: F401, PLC0415
    except ImportError as error:
        raise ImportError(f"{INSTALL_HINT} ({error})") from None
    return fugashi.Tagger()


def _field(feature: Any, name: str) -> str:
    value = getattr(feature, name, None)
    return value if isinstance(value, str) and value != "*" else ""


@functools.lru_cache(maxsize=4096)
def analyze(text: str) -> tuple[Morpheme, ...]:
    """Morphemes of ``text`` (cached: the same response is analysed once per instruction)."""
    morphemes = []
    for word in _tagger()(text):
        feature = word.feature
        morphemes.append(
            Morpheme(
                word.surface,
                _field(feature, "pos1"),
                _field(feature, "pos2"),
                _field(feature, "lemma") or word.surface,
                _field(feature, "kana") or to_katakana(word.surface),
                _field(feature, "cForm"),
                _field(feature, "pos3"),
                _field(feature, "goshu"),
            )
        )
    return tuple(morphemes)


#: Predicates whose final form before a 、 can only end a sentence (a comma splice): the copula だ/である and the polite
#: です/ます. A verb, adjective or た before 、 may modify or list (「音楽を超えた、新しい…」, 「見る、聞く、話す」) and
#: ず continues (「諦めず、」), so they end nothing.
SPLICE_LEMMAS = frozenset({"だ", "です", "ます"})


#: Final particles that close a sentence when a 、 or a blank follows (よ, ね, な, ぞ, ぜ, さ, わ written in hiragana);
#: か and の also embed a question (「何がうまくいったのか、振り返ります」) and do not.
CLOSING_PARTICLES = frozenset("よねなぞぜさわ")


@functools.lru_cache(maxsize=1024)
def lexemes(text: str) -> tuple[str, ...]:
    """The lexeme reading (語彙素読み) of each morpheme of ``text`` as ``analyze`` cuts it: 言う and いう are both イウ
    (their readings, ユウ and イウ, differ), 方 read ほう is ホウ and read かた カタ (round 23)."""
    return tuple(_field(word.feature, "lForm") for word in _tagger()(text))


@functools.lru_cache(maxsize=2048)
def spans(text: str) -> tuple[tuple[int, int, Morpheme], ...]:
    """Each morpheme of ``text`` with its start and end offsets in ``text``."""
    out, position = [], 0
    for m in analyze(text):
        start = text.find(m.surface, position) if m.surface else -1
        start = start if start >= 0 else position
        position = start + len(m.surface)
        out.append((start, position, m))
    return tuple(out)


def is_final_particle(morpheme: Morpheme) -> bool:
    """A final particle that closes a sentence (``CLOSING_PARTICLES``)."""
    return morpheme.pos2 == _FINAL_PARTICLE and morpheme.surface in CLOSING_PARTICLES


def ends_clause(text: str) -> bool:
    """Whether ``text`` ends in a copula or polite predicate in its final form (「雨だ」, 「晴れです」) or a closing
    final particle (「楽しいね」), so a 、 after it splices two sentences rather than joining two clauses. Readings in
    （） are read through (「受（う）け、」 continues)."""
    tail = content_tail(predicate_text(text))
    if not tail:
        return False
    last = tail[-1]
    return is_final_particle(last) or (last.lemma in SPLICE_LEMMAS and last.form.startswith("終止形"))


def ends_finally(text: str) -> bool:
    """Whether ``text`` ends in a predicate's final form (a verb, an adjective or an auxiliary: 「安い」, 「雨だ」,
    「行く」) or a final particle (「うまいよ」): a sentence a pause mark (〜, …, （笑）) may end."""
    tail = content_tail(predicate_text(text))
    if not tail:
        return False
    last = tail[-1]
    final = last.pos1 in ("動詞", "形容詞", "助動詞") and last.form.startswith("終止形")
    return final or is_final_particle(last)


def splices(text: str) -> bool:
    """Whether ``text``, followed by 、, ends a sentence (a comma splice counted as two sentences): a copula or polite
    predicate in its final or conjectural form (「雨だ」, 「晴れです」, 「行きます」, 「雨でしょう」, 「行きましょう」,
    「行きません」, 「本である」), its polite past (「晴れでした」, 「行きました」), or a
    plain past た in a clause holding a topic は (「昨日は雨が降った」; 「音楽を超えた、新しい…」 modifies). Conjunctive
    particles after the predicate continue (ですが, ますので, ですし), and so do final particles (「そうですね、」)."""
    tail = content_tail(predicate_text(text))
    if not tail:
        return False
    last, before = tail[-1], (tail[-2] if len(tail) > 1 else None)
    if last.lemma in SPLICE_LEMMAS and last.form.startswith(
        ("終止形", "意志推量形")
    ):  # だ, です, ます, でしょう, ましょう
        return True
    if (
        before is not None
        and last.form.startswith("終止形")
        and (
            (last.lemma == "ず" and before.lemma == "ます")  # ません
            or (last.lemma == "有る" and before.lemma == "だ" and before.surface == "で")
        )
    ):  # である
        return True
    if last.lemma != "た" or last.pos1 != "助動詞" or not last.form.startswith(("終止形", "連体形")):
        return False
    polite = before is not None and before.lemma in ("です", "ます")
    return polite or any(m.surface == "は" and m.pos2 == "係助詞" for m in tail)


def to_katakana(text: str) -> str:
    """Hiragana → katakana (other characters unchanged)."""
    return "".join(chr(ord(ch) + 0x60) if "ぁ" <= ch <= "ゖ" else ch for ch in text)


def reading(text: str) -> str:
    """Katakana reading of ``text`` (kana words are read as written, so their spelling is kept)."""
    if all("ぁ" <= ch <= "ゖ" or "ァ" <= ch <= "ヺ" or ch == "ー" for ch in text):
        return to_katakana(text)
    return "".join(m.reading for m in analyze(text) if m.pos1 not in ("補助記号", "空白"))


def content_tail(sentence: str) -> list[Morpheme]:
    """Morphemes of a sentence without its trailing symbols, blanks and emphasis."""
    morphemes = list(analyze(sentence))
    while morphemes and (morphemes[-1].pos1 in ("補助記号", "空白", "記号") or not morphemes[-1].surface.strip()):
        morphemes.pop()
    return morphemes


#: Particles a phrase cut off before its predicate ends in (私は, 家族と, 駅前の, 山へ, 五時まで).
_PHRASE_PARTICLES = ("格助詞", "係助詞", "副助詞")


def _unmodified(before: Morpheme) -> bool:
    """A time noun after a particle other than の stands as an adverb (私は毎朝); after の it is a noun (旅行の前日)."""
    return before.pos1 == "助詞" and before.surface != "の"


def cut_phrase(piece: str, following: str) -> bool:
    """Whether ``piece`` (a line or paragraph without a sentence-final mark) is a phrase cut off from the clause
    ``following`` goes on with (2.8, rounds 6 and 15: 私は / 毎朝 / 走ります。, 駅前の / 小さな / パン屋で / …): it ends
    in a case, binding or adverbial particle, an adnominal (小さな, 静かな), the copula's で, or a time noun used as
    an adverb (毎朝), and ``following`` does not open with a topic or subject of its own (東京は…, 雨が…). Callers
    ask it only in prose (a sentence-final mark in the text), so a poem's short lines stay lines."""
    tail, head = content_tail(piece), [m for m in analyze(following.strip()) if m.surface.strip()]
    if not tail or not head or head[0].pos1 in ("補助記号", "記号"):
        return False
    last = tail[-1]
    cut = (
        (last.pos1 == "助詞" and last.pos2 in _PHRASE_PARTICLES)
        or last.pos1 == "連体詞"
        or (last.pos1 == "助動詞" and last.surface in ("な", "で") and last.form.startswith(("連体形", "連用形")))
        or (last.pos3 == "副詞可能" and last.pos1 == "名詞" and (len(tail) == 1 or _unmodified(tail[-2])))
    )
    topic = next((i for i, m in enumerate(head) if m.pos1 != "名詞" and m.pos1 != "接尾辞"), None)
    opens_topic = topic is not None and topic > 0 and head[topic].surface in ("は", "が") and head[topic].pos1 == "助詞"
    return cut and not opens_topic


def is_nominal(morpheme: Morpheme) -> bool:
    """A 体言: noun, pronoun, numeral, or a noun-like suffix (〜さ, 〜性, 〜化)."""
    return morpheme.pos1 in ("名詞", "代名詞") or (morpheme.pos1 == "接尾辞" and morpheme.pos2 == "名詞的")


def ends_nominally(sentence: str) -> bool:
    """体言止め: the sentence's last morpheme (punctuation, asides in （） and laughter marks aside) is a 体言."""
    tail = content_tail(predicate_text(sentence))
    return bool(tail) and is_nominal(tail[-1])


#: Particles stripped from a sentence end before its predicate is read: 終助詞 (か, ね, よ, な, ぞ, の…) and 準体助詞
#: (の, ん in なのか, のだ, んです).
_TRAILING_PARTICLES = ("終助詞", "準体助詞")
#: Parts of speech that end a sentence with no predicate of either style (接続詞 and 感動詞 alone, symbols, adverbs,
#: adnominals, prefixes and case/binding/conjunctive particles of an elliptical phrase such as 「〜について。」).
_NEUTRAL_POS = ("補助記号", "記号", "感動詞", "接続詞", "副詞", "連体詞", "接頭辞", "助詞")


#: Casual forms of です that are no です・ます調 (「知ってるでしょ。」, 「なるっしょ。」, 「いいっす。」,
#: 「そうすね。」): read as plain speech. でしょ is casual only when no う follows (でしょう is polite).
_CASUAL_POLITE = frozenset({"でしょ", "っしょ", "しょ", "っす", "す"})
#: An aside in brackets inside a sentence (「安いです（月三千円だ）。」, 「安い【税別】。」): not the sentence's
#: predicate.
_ASIDE = re.compile(r"[（(【〔［\[][^（）()【】〔〕［］\[\]]*[)）】〕］\]]")
#: Laughter marks after a predicate (「楽しかった笑」, 「楽しかったｗｗ」): decoration, not a word of the sentence.
_LAUGH = re.compile(r"(?<=[ぁ-ゖァ-ヺー。！？!?♪])(?:笑|[wWｗＷ])+(?=[\s。！？!?♪…]*$)")


def predicate_text(sentence: str) -> str:
    """The part of a sentence its predicate is read from: asides in （）【】［］ and trailing laughter marks (笑, ｗ)
    removed, unless nothing would be left (a sentence wholly in brackets is read as written); old spellings and a
    closing emphatic とも read as ``old_forms`` says (round 23)."""
    core = _LAUGH.sub("", _ASIDE.sub("", sentence)).strip()
    return modern_predicate(core, analyze) if any(ch.isalnum() for ch in core) else sentence


#: Verbs that with a case particle and て form a compound particle (について, として, によって, に対して, に関して,
#: において, にとって, に沿って, に基づいて, にわたって, を通して, に比べて, に応じて, に伴って, に向けて).
_COMPOUND_PARTICLE_VERBS = frozenset(
    {
        "付く",
        "就く",
        "つく",
        "為る",
        "因る",
        "依る",
        "拠る",
        "対する",
        "関する",
        "於く",
        "取る",
        "沿う",
        "基づく",
        "渡る",
        "亘る",
        "通す",
        "比べる",
        "応じる",
        "応ずる",
        "伴う",
        "向ける",
    }
)


def _without_conjunction(tail: list[Morpheme]) -> list[Morpheme]:
    """A sentence cut off after a conjunctive particle (a て-form request 「試してみてね！」, 「雨ですけど。」,
    「高いので。」) is read from the predicate before the particle; a compound case particle (について, として,
    によって) is no predicate and stays (「〜について。」 is an elliptical phrase)."""
    j = len(tail)
    while j and tail[j - 1].pos2 in _TRAILING_PARTICLES:
        j -= 1
    if not j or tail[j - 1].pos2 != "接続助詞":
        return tail
    if j >= 3 and tail[j - 2].lemma in _COMPOUND_PARTICLE_VERBS and tail[j - 3].pos2 == "格助詞":
        return tail
    return tail[: j - 1]


def politeness(sentence: str) -> str:
    """``polite`` (です・ます), ``plain`` (だ・である, a plain verb, adjective or auxiliary) or ``neutral`` (体言止め or
    no predicate), read from the sentence's last predicate:

    - polite when, walking back from the end over 終助詞/準体助詞 and auxiliaries, a polite auxiliary or verb
      (です, ます, ください, ございます) is met: でしょうか, ありませんか, なのです, ではないでしょうか;
    - otherwise plain when the predicate is a verb, adjective, 形状詞 or auxiliary: だろうか, なのか, のだ, である,
      「ことだ」, 「行くぞ」, 「静か。」; and plain when a noun or adverb carries a final particle (「本当か。」,
      「なるほどね。」);
    - neutral for a bare noun phrase (体言止め, a title) or an elliptical phrase (「以下の通り。」, 「〜について。」).

    A sentence ending in a conjunctive particle is read from the predicate before it (「試してみてね！」 is plain,
    「雨ですけど。」 polite). Asides in （）【】［］ and laughter marks (笑, ｗ) are not read (``predicate_text``);
    emoji, ♪ and ！？ are symbols; the casual でしょ, っしょ and っす (「知ってるでしょ。」) are plain speech, not
    です・ます調; the imperative 〜たまえ (round 20) and かも clipped from かもしれない (雨かも, round 28) are plain;
    the honorific 下さる is polite only as ください (教えて下さる, 下さった are an honorific verb in plain form)."""
    tail = _without_conjunction(content_tail(predicate_text(sentence)))
    for i in range(len(tail) - 1, -1, -1):
        m = tail[i]
        if m.lemma in POLITE_LEMMAS and not (m.lemma == "下さる" and not m.form.startswith("命令形")):
            casual = m.surface in _CASUAL_POLITE and not (i + 1 < len(tail) and tail[i + 1].surface.startswith("う"))
            return "plain" if casual else "polite"
        if not (m.pos2 in _TRAILING_PARTICLES or m.pos1 == "助動詞"):
            break
    particle = False
    while tail and tail[-1].pos2 in _TRAILING_PARTICLES:
        particle = particle or tail[-1].pos2 == _FINAL_PARTICLE
        tail.pop()
    if not tail:
        return "neutral"
    last = tail[-1]
    if _tamae(tail) or (len(tail) > 2 and [m.surface for m in tail[-2:]] == ["か", "も"]):  # 雨かも: clipped (r28)
        return "plain"
    if _western_polite(tail):
        return "polite"  # 任せてくれたまえ, 読みたまえ: the imperative of 給う, read as た + 前 (round 20)
    if is_nominal(last) or last.pos1 in _NEUTRAL_POS:
        return "plain" if particle and last.pos1 not in ("補助記号", "記号", "助詞") else "neutral"
    return "neutral" if _honorific_phrase(tail) else "plain"


def _tamae(tail: list[Morpheme]) -> bool:
    """A verb's conjunctive form, た and まえ closing a sentence: the plain imperative 〜たまえ (給え), which the
    analyser splits into the past auxiliary and the noun 前."""
    return (
        len(tail) >= 3
        and tail[-1].surface == "まえ"
        and tail[-2].surface == "た"
        and tail[-2].pos1 == "助動詞"
        and tail[-3].pos1 == "動詞"
        and tail[-3].form.startswith("連用形")
    )


def _western_polite(tail: list[Morpheme]) -> bool:
    """Osaka まっせ (しときまっせ, read as 決まる|せる) and Kyoto おす after a particle (お寺がおす, = あります, read
    as an interjection): polite predicates of the western dialects (round 21); 押忍 alone is a greeting."""
    last = tail[-1]
    if last.surface == "せ" and last.lemma == "せる" and len(tail) >= 2 and tail[-2].surface.endswith("まっ"):
        return True
    return last.surface == "おす" and last.pos1 == "感動詞" and len(tail) >= 2 and tail[-2].pos1 == "助詞"


def _honorific_phrase(tail: list[Morpheme]) -> bool:
    """A set phrase of お・ご + a word + なく or に closing a notice (お忘れなく, ご心配なく, お大事に, お気軽に; r7):
    polite in any text, read as neither style like 体言止め."""
    if len(tail) < 3 or tail[-3].lemma != "御" or tail[-3].pos1 != "接頭辞":
        return False
    last = tail[-1]
    return (last.lemma == "無い" and last.surface == "なく") or (last.lemma == "だ" and last.surface == "に")


__all__ = [
    "ends_finally",
    "CLOSING_PARTICLES",
    "INSTALL_HINT",
    "Morpheme",
    "SPLICE_LEMMAS",
    "analyze",
    "content_tail",
    "cut_phrase",
    "ends_clause",
    "ends_nominally",
    "is_final_particle",
    "is_nominal",
    "lexemes",
    "politeness",
    "predicate_text",
    "reading",
    "splices",
    "to_katakana",
]
