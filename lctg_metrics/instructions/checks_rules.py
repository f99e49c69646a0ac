"""ルール指定 checkers: start/end phrases, 体言止め, unified endings, keywords (use, avoid, count, letters),
です・ます / だ・である style, and the punctuation rules (no 読点, no 句点)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from lctg_metrics.instructions import edges, morph, no_periods, phrases, said, spellings, tails, wordforms, words
from lctg_metrics.instructions.afterthoughts import called_after
from lctg_metrics.instructions.clipped_polite import clipped
from lctg_metrics.instructions.entries import items_only
from lctg_metrics.instructions.predicates import (
    auxiliary_ending,
    clauses,
    closing_formula,
    kind,
    list_items,
    marked_title,
)
from lctg_metrics.instructions.registry import MAX, MIN, Param, bounds, instruction
from lctg_metrics.instructions.said_once import bare_repeats, letters_once
from lctg_metrics.instructions.seen import spelled_out_count
from lctg_metrics.instructions.sentences import Sentence, own_sentences, prose, sentences
from lctg_metrics.instructions.start_frames import frame_unsaid
from lctg_metrics.instructions.text import (
    drop_quotations,
    is_decoration,
    is_heading,
    is_terminated,
    nfkc,
    sentence_body,
    strip_emphasis,
    without_list_markers,
)
from lctg_metrics.instructions.visible import visible
from lctg_metrics.verdict import Verdict

#: Keyword matching (``words``): ``substring`` (the spelling anywhere, so 機械学習 and 東京都 are always found) or
#: ``word`` (the spelling only on morpheme boundaries: 音 is not counted inside 音楽). In both, Latin matches
#: case-insensitively as a whole word, and the same token written in another script counts (べんきょう for 勉強).
MATCH = Param(
    "match",
    "str",
    "substring or word (occurrence aligned with morpheme boundaries); Latin is matched "
    "case-insensitively as a whole word and a token in another script counts in both",
    default="substring",
)
#: 読点 and 句点 as written in Japanese text (full-width, half-width, the comma/period style, and the small and
#: vertical presentation forms ﹑﹐︑︐ / ﹒︒, which render as the same marks).
COMMAS = "、，､﹑﹐︑︐"
PERIODS = "。．｡﹒︒"
#: Closing marks ignored after an end phrase (the phrase may be quoted or emphasised).
_TRAILING = " \u3000\n\t」』*"
#: Sentence-final marks after a closing phrase given without one (2.5): 「お見逃しなく！」 ends with
#: お見逃しなく; a phrase given with its mark (以上です。) is asked with it (NFKC forms: ！ is !).
_FINAL_MARKS = "。.!?｡…‥〜~"


#: An emoticon closing a line (r7): a kaomoji in brackets with no word inside (m(_ _)m, (^^), (´・ω・`)), a hand
#: raised beside it (\\(^o^)/, (^^)v, (^o^)ノ; r9), ^^ or ^_^,
#: :) ;-), and 彡 trailing a star (☆彡). Stripped after an end phrase as emoji are; (笑) is a word and stays.
_EMOTICON = re.compile(
    r"(?:[\\＼]?m?[(（][^()（）ぁ-ゖァ-ヺ一-龯0-9A-Za-z]{0,12}(?:[A-Za-z][^()（）ぁ-ゖァ-ヺ一-龯0-9A-Za-z]*)?[)）]m?"
    r"[/／ノﾉvｖVＶｂb]?"
    r"|\^[_\-.o]?\^;?|[:;][-']?[)(DPp]|(?<=[☆★])彡)$"
)


def occurrences(text: str, word: str, match: str) -> int:
    """How often ``word`` occurs, under a matching mode (see ``MATCH`` and ``words``)."""
    return words.count(text, word, match)


@instruction(
    "startend:start",
    "始め・終わり指定",
    "the response starts with a phrase (leading blanks, emphasis ignored), not asked back with a ？ after it "
    "(はい？ is no はい) unless the phrase is a question itself",
    Param("phrase", "str", "the opening phrase", required=True),
    reads="markup",
)
def start(response: str, kw: Mapping[str, Any]) -> Verdict:
    response = visible(edges.unstruck(response))  # ~~はじめまして~~ is withdrawn (round 28), then the reader's view
    text = strip_emphasis(response).lstrip(" \u3000\n\t「『#")
    folded, phrase = nfkc(text), nfkc(kw["phrase"])
    folded = edges.case_of(folded, 0, phrase)  # hello for Hello (round 28)
    longer = edges.longer_word(folded, phrase)
    asks = _asks(phrase, folded[len(phrase) :])
    if edges.quoted_start(strip_emphasis(nfkc(response)), phrase):
        return Verdict(
            False, f"starts with 「{kw['phrase']}」 in quotes, named (a quoting particle after it), not said"
        )
    if edges.doubled(folded, phrase) and edges.word_ends(folded, 2 * len(phrase)) and not asks:
        return Verdict(True, f"starts with 「{kw['phrase']}」, said twice")
    whole = edges.word_ends(folded, len(phrase)) or tails.casual_tail(folded, len(phrase))  # ところでさ、 (round 16)
    whole = whole and not edges.runs_on(folded, len(phrase))
    if folded.startswith(phrase) and whole and not longer and not asks:
        unsaid = said.start_unsaid(folded, len(phrase), phrase)  # おはようございますと言う, はじめにしては (round 14)
        unsaid = unsaid or frame_unsaid(folded, len(phrase), phrase)  # 言うとなると, ですか (round 19)
        return Verdict(not unsaid, f"starts with 「{kw['phrase']}」" + (f": {unsaid}" if unsaid else ""))
    spelled = None if folded.startswith(phrase) else phrases.start_spelling(folded, phrase)  # 先ずは, ハイ, ねー
    if spelled is None and not folded.startswith(phrase):
        spelled = spellings.reading_start(folded, phrase)  # 初めまして for はじめまして: one spelling rule (round 17)
    if spelled is not None and edges.word_ends(folded, spelled) and not _asks(phrase, folded[spelled:].lstrip("っッ")):
        unsaid = said.start_unsaid(folded, spelled, phrase)
        reason = f"starts with 「{text[:spelled]}」, 「{kw['phrase']}」 in another spelling"
        return Verdict(not unsaid, reason + (f": {unsaid}" if unsaid else ""))
    return Verdict(False, f"starts with 「{text[: len(kw['phrase']) + 5]}」, not 「{kw['phrase']}」")


@instruction(
    "startend:end",
    "始め・終わり指定",
    "the response ends with a phrase (trailing blanks, 」』, emphasis ignored, and a final 。！… when the phrase "
    "has none; a phrase's closing 。 may be left off or written ！; a final ？ makes a phrase that is no question "
    "a question, so 楽しみです？ is no 楽しみです)",
    Param("phrase", "str", "the closing phrase", required=True),
    reads="markup",
)
def end(response: str, kw: Mapping[str, Any]) -> Verdict:
    response = visible(edges.unstruck(response))  # struck through at the end: withdrawn (round 28)
    written, phrase = nfkc(response).rstrip(_TRAILING), nfkc(kw["phrase"]).strip().rstrip(_TRAILING)
    if len(phrase) > 1 and phrase[-1] == "。" and written[-1:] not in "。？?":  # 。 left off or ！ (round 38)
        phrase = phrase[:-1]
    text = written
    if phrase and phrase[-1] not in _FINAL_MARKS:  # the phrase as words: the response's closing mark is punctuation
        while text and (
            text[-1] in _FINAL_MARKS + _TRAILING
            or is_decoration(text[-1])
            or unicodedata.category(text[-1]) in ("Cf", "Mn", "Sk")
            or _EMOTICON.search(text)
        ):
            emoticon = _EMOTICON.search(text)
            text = text[: emoticon.start()] if emoticon else text[:-1]  # お見逃しなく！✨, お見逃しなく♪, m(_ _)m
        text = phrases.without_lengthening(text, phrase)  # ありがとうございましたーっ！ (round 14)
    if phrases.inside_closing_quote(nfkc(response)) and not phrases.inside_closing_quote(phrase):
        return Verdict(False, "ends inside a quotation or title opened mid-sentence, not with the response's words")
    signed = phrases.signature(text)  # 以上です（田中）: a name signed after the last sentence (round 12)
    if signed is not None and phrase[-1:] not in ")）":
        return end(written[:signed], kw)
    text = edges.case_of(text, len(text) - len(phrase), phrase) if len(text) >= len(phrase) else text  # THANKS
    at = len(text) - len(phrase) if text.endswith(phrase) else phrases.end_spelling(text, phrase)  # 下さい, ねー
    at = spellings.reading_end(text, phrase) if at is None else at
    if at is not None and phrases.bounds_a_number(text, at):
        return Verdict(
            False, f"ends with 「{text[-len(phrase) - 3 :]}」: 「{kw['phrase']}」 bounds the number before it"
        )
    unsaid = said.end_unsaid(text, at, phrase) if at is not None else ""  # 日本語でありがとう, お店がおやすみ (r14)
    if unsaid:
        return Verdict(False, f"ends with 「{text[at:]}」: {unsaid}")
    if not text.endswith(phrase) and at is not None and not _asks(phrase, written[len(text) :]):
        return Verdict(True, f"ends with 「{text[at:]}」, 「{kw['phrase']}」 in another spelling")
    if text.endswith(phrase) and edges.list_item(text, len(text) - len(phrase)):
        return Verdict(False, f"ends with 「{kw['phrase']}」 only as the last item of a list, not its own words")
    if text.endswith(phrase) and edges.prefixed(text, len(text) - len(phrase)):
        return Verdict(
            False, f"ends with 「{text[-len(phrase) - 1 :]}」: a prefix makes 「{kw['phrase']}」 another word"
        )
    if text.endswith(phrase) and (
        not wordforms.starts_word(text, len(text) - len(phrase)) or edges.cut_before(text, len(text) - len(phrase))
    ):
        return Verdict(
            False, f"ends with 「{text[-len(phrase) - 3 :]}」: 「{kw['phrase']}」 is the tail of a longer word"
        )
    if text.endswith(phrase) and _asks(phrase, written[len(text) :]):
        return Verdict(False, f"ends with 「{kw['phrase']}」 asked as a question (a ？ after it), not said")
    if text.endswith(phrase):
        return Verdict(True, f"ends with 「{kw['phrase']}」")
    return Verdict(False, f"ends with 「{written[-len(phrase) - 5 :]}」, not 「{kw['phrase']}」")


#: How a phrase that is a question already ends (か, かな, の, でしょう): a ？ after it is its own mark.
_QUESTION_END = re.compile(r"(?:か|かな|かい|かね|かしら|の|ね|だろう|でしょう|でしょ|っけ|[?？])$")


def _asks(phrase: str, after: str) -> bool:
    """Whether a ？ right after a phrase that is no question turns it into one (round 8): 「はい？」 is "what?", not
    the reply はい, and 「楽しみです？」 asks the reader; a phrase that asks already (ですか, かな) keeps its ？."""
    return after.lstrip(" \u3000")[:1] in ("?", "？") and _QUESTION_END.search(phrase) is None


@instruction(
    "startend:nominal_ending",
    "始め・終わり指定",
    "at least min sentences (lines, list items and blank-separated clauses of a line without 句点 included; "
    "headings and table cells not) end in a 体言 (体言止め); a closing formula alone (以上。, おわり。) is none, "
    "and so is a noun after a comma that follows a predicate closed by a final particle or です・ます (…よ、ゆうこ。)",
    MIN,
    MAX,
    needs_morph=True,
)
def nominal_ending(response: str, kw: Mapping[str, Any]) -> Verdict:
    items = list_items(response)
    found = [
        s.text
        for s in sentences(response)
        if s.kind == "prose"
        and morph.ends_nominally(s.text)
        and not closing_formula(s.text)
        and not (s.text.strip() in items and _one_word(s.text))
        and not called_after(s.text)  # …よ、ゆうこ。 (round 19)
    ]
    verdict = bounds(len(found), kw["min"], kw["max"], "体言止め sentences")
    return Verdict(verdict.passed, verdict.reason + (f", e.g. 「{found[0][-15:]}」" if found else ""))


def _one_word(text: str) -> bool:
    """A piece of one content word (「・りんご」): a list item of one word is no 体言止め sentence of the text (2.6)."""
    return sum(m.pos1 not in ("補助記号", "空白", "記号", "助詞") for m in morph.analyze(text)) <= 1


def _closing_lines(text: str) -> set[str]:
    """Lines that close a paragraph after a line of it (the line above is not blank, the one below is or there is
    none): where a noun phrase is the paragraph's last sentence, not a title or a heading over its text."""
    rows = [line.strip() for line in text.splitlines()]
    return {row for i, row in enumerate(rows) if row and i and rows[i - 1] and (i + 1 == len(rows) or not rows[i + 1])}


def _topic_line(sentence: Sentence, items: set[str], closing: set[str]) -> bool:
    """A line of running text without a predicate that says something of a topic (「標高は三千七百七十六メートル」: a
    noun-final sentence, 2.5), or a noun phrase with a modifier or an object before its noun closing a paragraph
    after its other lines (「…⏎人口およそ千四百万人の大都市」, 2.6; 「毎朝ご飯をおかわり」), not a label, an item, a
    title or heading (「責任を誓う宣誓」 over the text) or a bare name or date (「東京」, 「メリット」,
    「2024年4月1日」)."""
    if sentence.kind != "prose" or is_heading(sentence.text):
        return False
    words = morph.analyze(sentence.text)
    if any(m.surface in ("は", "が") and m.pos1 == "助詞" for m in words[1:-1]):
        return True
    text = sentence.text.strip()
    if text in items or text not in closing or not morph.ends_nominally(sentence.text):
        return False
    modifier = ("の", "を")  # 人口千四百万人の大都市; ご飯をおかわり: an object before a verbal noun
    return any(
        m.surface in modifier and m.pos2 == "格助詞" or m.pos1 in ("形容詞", "動詞", "形状詞") for m in words[:-1]
    )


@instruction(
    "startend:unified_ending",
    "始め・終わり指定",
    "every sentence ends with the given ending, e.g. です: sentences ending in 。！？ and lines, clauses, asides "
    "and table cells ending in a predicate, and lines saying something of a topic without one (quotations, "
    "headings and label lines aside)",
    Param("ending", "str", "the sentence ending", required=True),
    needs_morph=True,
)
def unified_ending(response: str, kw: Mapping[str, Any]) -> Verdict:
    own, items, closing = own_sentences(response), list_items(response), _closing_lines(response)
    found = [s.text for s in own]
    checked = [
        s.text
        for s in own
        if is_terminated(s.text) or morph.politeness(s.text) != "neutral" or _topic_line(s, items, closing)
    ] or found
    if not checked:
        return Verdict(False, "no sentences")
    wrong = [s for s in checked if not auxiliary_ending(sentence_body(s), kw["ending"])]
    if wrong:
        return Verdict(
            False,
            f"{len(wrong)}/{len(checked)} sentences do not end with 「{kw['ending']}」, "
            f"e.g. 「…{sentence_body(wrong[0])[-12:]}」",
        )
    return Verdict(True, f"all {len(checked)} sentences end with 「{kw['ending']}」")


@instruction(
    "keywords:existence",
    "キーワード使用",
    "every keyword occurs at least once (any case for Latin words, whole words; the same token in another "
    "script counts: べんきょう for 勉強)",
    Param("keywords", "list[str]", "the keywords", required=True),
    MATCH,
    needs_morph=True,
)
def existence(response: str, kw: Mapping[str, Any]) -> Verdict:
    missing = [word for word in kw["keywords"] if occurrences(response, word, kw["match"]) == 0]
    if missing:
        return Verdict(False, "missing keyword " + "".join(f"「{w}」" for w in missing))
    return Verdict(True, "contains " + "".join(f"「{w}」" for w in kw["keywords"]))


@instruction(
    "keywords:frequency",
    "キーワード使用",
    "a keyword occurs a number of times within [min, max]; toward the minimum a bare run of it (環境、環境、環境。, "
    "one a list line) with no sentence around it counts once",
    Param("keyword", "str", "the keyword", required=True),
    MIN,
    MAX,
    MATCH,
    needs_morph=True,
)
def frequency(response: str, kw: Mapping[str, Any]) -> Verdict:
    n = occurrences(response, kw["keyword"], kw["match"])
    listed = bare_repeats(response, kw["keyword"]) if kw["min"] is not None else 0  # 環境、環境、環境。 (round 22)
    if listed and n - listed < kw["min"]:
        return Verdict(
            False, f"{n - listed} ×「{kw['keyword']}」, a bare run of it counted once ({n} written) < min {kw['min']}"
        )
    return bounds(n, kw["min"], kw["max"], f"×「{kw['keyword']}」")


@instruction(
    "keywords:forbidden",
    "キーワード不使用",
    "none of the words occurs as a reader sees it: in any case (ai for AI), in full-width/half-width form, "
    "in another script of the same token (べんきょう for 勉強, トテモ for とても), with invisible characters or "
    "markup inside, or split by blanks, line breaks or ・ (ス マ ホ, ス・マ・ホ)",
    Param("words", "list[str]", "the forbidden words", required=True),
    MATCH,
    needs_morph=True,
)
def forbidden(response: str, kw: Mapping[str, Any]) -> Verdict:
    used = [
        (w, n) for w in kw["words"] if (n := occurrences(response, w, kw["match"]) + spelled_out_count(response, w))
    ]
    if used:
        return Verdict(False, "uses forbidden " + ", ".join(f"「{w}」×{n}" for w, n in used))
    return Verdict(True, "avoids " + "".join(f"「{w}」" for w in kw["words"]))


@instruction(
    "keywords:letter_frequency",
    "キーワード使用",
    "one character occurs a number of times within [min, max]; toward the minimum a run of three or more of it back "
    "to back (るるるるる), or of it standing alone with marks between (ん、ん、ん), counts once",
    Param("letter", "str", "the character, e.g. る", required=True),
    MIN,
    MAX,
    Param("kana_twin", "bool", "also count the katakana/hiragana twin (る and ル)", default=False),
)
def letter_frequency(response: str, kw: Mapping[str, Any]) -> Verdict:
    letter = kw["letter"]
    if len(letter) != 1:
        raise ValueError(f"keywords:letter_frequency: letter must be one character, got {letter!r}")
    n = response.count(letter)
    if kw["kana_twin"]:
        twin = (
            morph.to_katakana(letter)
            if "ぁ" <= letter <= "ゖ"
            else (chr(ord(letter) - 0x60) if "ァ" <= letter <= "ヶ" else letter)
        )
        n += response.count(twin) if twin != letter else 0
        letter += twin if twin != letter else ""
    once = letters_once(response, letter)  # るるるるる: a letter typed over and over is one toward the minimum (r25)
    if kw["min"] is not None and once < kw["min"] <= n:
        return Verdict(False, f"{once} ×「{kw['letter']}」, a run of it counted once ({n} written) < min {kw['min']}")
    return bounds(n, kw["min"], kw["max"], f"×「{kw['letter']}」")


def _judged(sentence: Sentence, clause: str, items: set[str]) -> str:
    """A clause's style as the writer's (r7): a table cell without 。！？ ending in a bare adjective or verb is a terse
    value (「安くてうまい」, 「雰囲気がいい」 in a polite answer's table, as a noun list item is), neutral; a cell with
    だ or a final particle (「休みだ」, 「安いぞ」) is plain, a polite cell polite."""
    style = kind(clause, items)  # a fragment or a list item in list form is neutral already
    if style != "plain" or sentence.kind != "cell" or sentence.terminated:
        return style
    words = [m for m in morph.analyze(clause) if m.pos1 not in ("補助記号", "空白", "記号")]
    bare = bool(words) and words[-1].pos1 in ("形容詞", "動詞") and words[-1].form.startswith("終止形")
    return "neutral" if bare else style


def _style(response: str) -> tuple[list[str], list[str], list[str], bool]:
    """Polite predicates, plain predicates (every sentence and every blank-separated clause of one, in the sentence
    model; a list item in list form, ``entries.terse``, is neither unless the list is the whole text, round 33),
    the plain ones whose predicate is a polite form said casually (答えっす, 行きまっす: ``clipped_polite``, round
    22), and whether the response is one line holding one sentence or no 句点 (a title or slogan; quotations
    aside)."""
    found = own_sentences(response)
    body = drop_quotations(response)
    items = list_items(body)
    kinds = [(c, _judged(s, c, items)) for s in found for c in clauses(s.text)]
    if items_only([k for _, k in kinds]):  # the list is the whole text: its items' form is its style (round 33)
        kinds = [(c, _judged(s, c, set())) for s in found for c in clauses(s.text)]
    lines = sum(1 for line in response.splitlines() if prose(line))
    title_like = (lines == 1 and (len(found) == 1 or not any(c in body for c in PERIODS))) or (
        lines == 0 and marked_title(response)
    )
    plain_ones = [s for s, k in kinds if k == "plain"]
    return [s for s, k in kinds if k == "polite"], plain_ones, [s for s in plain_ones if clipped(s)], title_like


def _styled(wanted: list[str], other: list[str], title_like: bool, name: str, other_name: str) -> Verdict:
    """The style verdict: no sentence in the other style, and at least one in the asked style unless the whole
    response is one line without a predicate holding one sentence or no 句点 (a title or slogan such as 「月三千円で学び
    放題のパソコン教室」, 「学び放題！月三千円のパソコン教室」 or 「始めるなら、今。」, which neither style can be shown
    in; 「美しい景色。静かな湖。」 is prose and needs a sentence in the asked style)."""
    if other:
        return Verdict(False, f"{len(other)} {other_name} sentences, e.g. 「…{sentence_body(other[0])[-12:]}」")
    if wanted:
        return Verdict(True, f"{len(wanted)} {name} sentences, none {other_name}")
    if title_like:
        return Verdict(True, "one line without a predicate (a title or slogan): neutral in either style")
    return Verdict(False, f"no sentence ends in {name} form (sentences without a predicate only)")


@instruction(
    "style:polite",
    "スタイル指定",
    "です・ます調: no predicate ends in plain form (なのか, だろうか, のだ, である, でしょ…), in any sentence, aside "
    "sentence, table cell or blank-separated clause; 体言止め and quotations 「…」 are neutral (a one-line "
    "answer wholly in 「」 is read); a one-line title or slogan without a predicate passes; Kansai や after a "
    "noun (ええ天気や。) is plain",
    needs_morph=True,
)
def polite(response: str, kw: Mapping[str, Any]) -> Verdict:
    polite_ones, plain_ones, _, total = _style(response)
    return _styled(polite_ones, plain_ones, total, "です・ます", "plain-form")


@instruction(
    "style:plain",
    "スタイル指定",
    "だ・である調: no predicate ends in です/ます (nor the dialects' ざます, やす, おす, まっせ, nor their casual "
    "clipped forms っす, すか, まっす, まーす), "
    "in any sentence, aside sentence, table cell or blank-separated "
    "clause; 体言止め and quotations 「…」 are neutral; a one-line title or slogan without a predicate passes",
    needs_morph=True,
)
def plain(response: str, kw: Mapping[str, Any]) -> Verdict:
    polite_ones, plain_ones, casual, total = _style(response)
    if casual:  # 答えっす, 行きまっす: a polite form said casually is no だ・である (round 22)
        return Verdict(
            False,
            f"{len(casual)} sentences in a casual polite form (「{clipped(casual[0])}」), "
            f"e.g. 「…{sentence_body(casual[0])[-12:]}」",
        )
    return _styled(plain_ones, polite_ones, total, "plain", "です・ます")


#: An ASCII , or . written as a 読点/句点: right after a Japanese (non-ASCII) character, or after a number that follows
#: a Japanese character (「今年は2024. 」, 「東京は1,大阪は2」), so 1,000, １,０００, 3.14, P.S. and English text are
#: not; a period followed by a digit or another period (an ellipsis ...) is not, nor the dot of a list number (「1. 」).
_ASCII_COMMA = re.compile(r"(?:[^\x00-\x7f]|[^\x00-\x7f\s][0-9]+),(?![0-9０-９])|[^\x00-\x7f０-９\s][ \t]*,")
#: A comma of any width between a digit and a group of three (1，000, １，０００, 12,345): digit grouping (round 11).
_DIGIT_GROUP = re.compile(r"(?<=[0-9０-９])[,，﹐](?=[0-9０-９]{3}(?![0-9０-９]))")
_ASCII_PERIOD = re.compile(r"(?:[^\x00-\x7f\s][ \t]*|[^\x00-\x7f\s][0-9]+)\.(?![.0-9])|(?<=[^\x00-\x7f])\.(?![.0-9])")


@instruction(
    "rule:no_comma",
    "ルール指定(非一般)",
    "no 読点: 、，､﹑﹐︑︐ anywhere, and an ASCII , after a Japanese character or a number following one "
    "(1,000 and English text aside); a comma of any width grouping digits (1，000, １，０００: round 11) is none",
)
def no_comma(response: str, kw: Mapping[str, Any]) -> Verdict:
    response = _DIGIT_GROUP.sub("", response)
    n = sum(response.count(c) for c in COMMAS) + len(_ASCII_COMMA.findall(without_list_markers(response)))
    return Verdict(n == 0, f"{n} 読点" if n else "no 読点")


@instruction(
    "rule:no_period",
    "ルール指定(非一般)",
    "no 句点: 。．｡﹒︒ anywhere, and an ASCII . ending a Japanese sentence, after a Japanese character or a number "
    "following one (3.14, P.S., list numbers 「1. 」 and English text aside; a full-width ． between two letters or "
    "digits, Ｎｏ．１, is that dot); a 。 that is part of a name "
    "(モーニング娘。のライブ: in the one sentence model it ends no sentence, from 2.4) is the name's, not a 句点",
    needs_morph=True,
)
def no_period(response: str, kw: Mapping[str, Any]) -> Verdict:
    exempt = no_periods.exempt(response, PERIODS)  # a name's 。, a kaomoji's eye, Ｎｏ．１'s dot: each once
    n = sum(response.count(c) for c in PERIODS) - len(exempt)
    n += len(_ASCII_PERIOD.findall(without_list_markers(response)))
    return Verdict(n == 0, f"{n} 句点" if n else "no 句点")
