"""Whether a start or end phrase found at an edge of the response is the same word a reader reads there (checkers
2.8): the phrase is one word to the analyser in context at both its edges, not a part of a longer word, a quotation
of the phrase, or an item of a list.

- **A prefix before an end phrase** (``prefixed``): a morpheme the analyser reads as a prefix (接頭辞/接頭詞: お, ご,
  御, 不, 未, 非, 無 …, by part of speech, not by a list) right before the phrase makes another word: お楽しみです
  does not end with 楽しみです, ご連絡ください not with 連絡ください.
- **A start phrase run on into another word** (``runs_on``): a kana phrase followed at once by a kana content word
  the analyser read in kana though it is written in kanji (はい|いろ: 色) is one word when the two, read together in
  hiragana or katakana, are one dictionary word to the analyser (ハイイロ is 灰色; a katakana run it does not know,
  マズハジメ, is none): はいいろ does not start with はい.
  はいそうです (そう is written so) and はいわかりました (はいわかり is no word) do.
- **Doubled** (``doubled``): a phrase said twice running as its own word doubled (いやいや, またまた) starts with
  the phrase; a doubled word the dictionary files apart (もしもし, まずまず, and so さてさて) does not.
- **Quoted** (``quoted_start``): a phrase in 「」 at the start followed by a quoting particle (「こんにちは」と言える…,
  「はい」という返事) is named, not said: the response does not greet. A quotation standing alone (「こんにちは」。,
  a line of its own) is said.
- **A list's last item** (``list_item``): an end phrase that is only the last item of a list, after 、・／ and a colon
  opening the list in the same sentence (例：ありがとう、すみません、よろしくお願いします), or the last bullet of a list
  a line ending in a colon opens, has no predicate of the text's own: the response lists the phrase, not closes with
  it. A closing line after a list (…、よろしくお願いします with no colon before it) is the text's own.
- **A start phrase cut out of a longer word** (``cut_short``, round 22): a start phrase is said only when the word
  it ends on ends there. A Latin phrase followed at once by a Latin letter or digit is the head of a longer word
  (Yesterday starts with no Yes, Nobody with no No), as a number followed by a digit is another number; a phrase
  ending in kanji, or in kana before a kanji, is said only where the analyser cuts the text at its end (私立 is no
  私, 明るい no 明; 私は, 東京都 and まず結論 are cut there). Kana before kana is ``wordforms.word_ends``'s.
  At an end phrase, a Latin phrase after a Latin letter or digit is a longer word's tail (weekend ends with no end:
  ``cut_before``).
- **Struck through, and Latin case** (round 28, ``unstruck``, ``case_of``): text struck through at an edge
  (``~~はじめまして~~``, ``<s>``, ``<del>``, ``<strike>``) is withdrawn: the response starts or ends with what is
  left. A Latin phrase is met in any case, as a keyword is (hello, for Hello).
"""

from __future__ import annotations

import re

from lctg_metrics.instructions import morph, wordforms

_PREFIX_POS = ("接頭辞", "接頭詞")
#: A letter of a Latin word or a digit (NFKC folded): two of them side by side are one word or one number.
_LATIN_WORD = re.compile(r"[0-9A-Za-z\u00c0-\u024f]")
_KANA = re.compile(r"[ぁ-ゖァ-ヺー]")
_KANA_ONLY = re.compile(r"[ぁ-ゖァ-ヺー]+")
_KANJI = re.compile(r"[\u3400-\u9fff]")


def prefixed(text: str, at: int) -> bool:
    """Whether the phrase starting at ``at`` in ``text`` comes right after a prefix the analyser reads there."""
    if at <= 0:
        return False
    before = [m for start, end, m in morph.spans(text) if end == at]
    return bool(before) and before[-1].pos1 in _PREFIX_POS


def _latin_joined(text: str, at: int) -> bool:
    """Whether a Latin letter or digit stands on both sides of ``at`` (an apostrophe between letters joins: Don't)."""
    before, after = text[at - 1 : at], text[at : at + 1]
    if after in ("'", "’") and _LATIN_WORD.match(text[at + 1 : at + 2] or " "):
        after = text[at + 1]
    return bool(_LATIN_WORD.match(before or " ") and _LATIN_WORD.match(after or " "))


def cut_short(text: str, at: int) -> bool:
    """Whether the start phrase ending at ``at`` is only the first part of a longer word (round 22): a Latin word or
    a number running on (Yesterday, Nobody, 20245), or a kanji end, or a kana end before a kanji, where the analyser
    reads one word across ``at`` (私立, 明るい, 大好き)."""
    if not 0 < at < len(text):
        return False
    if _latin_joined(text, at):
        return True
    before, after = text[at - 1], text[at]
    kanji_edge = _KANJI.match(before) and (_KANJI.match(after) or _KANA.match(after))
    kana_before_kanji = _KANA.match(before) and _KANJI.match(after)
    if not (kanji_edge or kana_before_kanji):
        return False  # kana before kana: ``wordforms.word_ends``; a mark or a blank ends any word
    return not any(start == at for start, _, _ in morph.spans(text[: at + 24]))


def cut_before(text: str, at: int) -> bool:
    """Whether a Latin end phrase starting at ``at`` is the tail of a longer Latin word or number (weekend, 1OK)."""
    return 0 < at < len(text) and _latin_joined(text, at)


def runs_on(text: str, at: int) -> bool:
    """Whether a kana phrase ending at ``at`` runs on into a kana word the analyser read apart (はい|いろ), the two
    being one word when read together."""
    if not (_KANA_ONLY.fullmatch(text[:at]) and _KANA_ONLY.match(text[at : at + 1])):
        return False
    after = next((m for start, _, m in morph.spans(text) if start == at), None)
    if after is None or not _KANA_ONLY.fullmatch(after.surface) or not _KANJI.search(after.lemma):
        return False  # a kana word written so (そう), or a particle: no piece of a longer word
    if after.surface == text[:at]:
        return False  # the phrase said again (また|また): ``doubled`` reads it
    joined = text[:at] + after.surface
    for form in (joined, morph.to_katakana(joined)):
        found = morph.analyze(form)
        if len(found) == 1 and found[0].pos1 not in ("記号", "補助記号") and _KANJI.search(found[0].lemma):
            return True  # a dictionary word (ハイイロ is 灰色), not a run of katakana the analyser does not know
    return False


def doubled(text: str, phrase: str) -> bool:
    """Whether ``text`` starts with the phrase said twice running as the same word doubled: the analyser files the
    doubled word under the phrase's own word doubled (いやいや is 否々, またまた 又々). A doubled word filed under
    itself may be another word (もしもし is no もし, まずまず no まず): it is the phrase doubled only as a conjunction
    or interjection of the phrase's own part of speech (さてさて, round 15)."""
    if len(phrase) < 2 or not text.startswith(phrase * 2):
        return False
    key, first = morph.analyze(phrase), morph.analyze(text[: 2 * len(phrase) + 8])
    if len(key) != 1 or not first:
        return False
    lemma = key[0].lemma.split("-")[0]
    if len(first) > 1 and [m.lemma for m in first[:2]] == [key[0].lemma] * 2:
        return True  # read as the phrase twice (また|また, はい|はい)
    if first[0].surface != phrase * 2:
        return False
    # a conjunction or interjection filed doubled under itself keeps its part of speech and role (さてさて, round 15);
    # an adverb doubled is a new adverb (まずまず "so-so"), and もしもし (感動詞) no もし (副詞)
    same_role = first[0].lemma == phrase * 2 and first[0].pos1 == key[0].pos1 in ("接続詞", "感動詞")
    return same_role or first[0].lemma.split("-")[0] in (lemma * 2, lemma + "々")


_QUOTING = re.compile(r"[」』](?:と|って|という|とは|とか|は|を|が|の|も)")


def quoted_start(response: str, phrase: str) -> bool:
    """Whether the response opens with the phrase in 「」 or 『』 followed by a quoting particle."""
    text = response.lstrip(" \u3000\n\t")
    if text[:1] not in "「『":
        return False
    rest = text[1:].lstrip(" \u3000")
    return rest.startswith(phrase) and bool(_QUOTING.match(rest, len(phrase)))


_SENTENCE_END = re.compile(r"[。！？!?\n]")
_ITEM_MARK = "、・／/，,"
_COLON = re.compile(r"[：:]")
_BULLET = re.compile(r"^\s*(?:[・\-*•●◦▪]|\d+[.)．）])\s*")


def list_item(text: str, at: int) -> bool:
    """Whether the end phrase at ``at`` is only the last item of a list: after an item mark with a colon before it
    in its sentence, or the last bullet of a list opened by a line ending in a colon."""
    head = text[:at].rstrip(" \u3000")
    sentence = _SENTENCE_END.split(head)[-1]
    if head[-1:] in _ITEM_MARK and _COLON.search(sentence):
        return True
    lines = [line for line in text.splitlines() if line.strip()]
    while len(lines) >= 2 and _BULLET.match(lines[-1]):
        lines.pop()
        if _COLON.search(lines[-1].rstrip()[-1:]):
            return True  # the last bullet of a list a heading opens with a colon (例：\n・…\n・X)
    return False


#: What makes an interjection the demonstrative adverb of its series (ああいう人, ああして, そうした): 言う or する
#: right after it, no pause between (round 17).
_DEMONSTRATIVE_VERB = re.compile(r"(?:いう|言う|いっ|言っ|いわ|言わ|し|する|すれ|やっ)")


def demonstrative(text: str, phrase: str) -> bool:
    """Whether an interjection phrase (ああ) opens ``text`` as the demonstrative adverb "like that" (ああいう人には
    なりたくない: round 17), not as the cry; ああ、言ったのに and ああ疲れた are the cry."""
    alone = morph.analyze(phrase)
    said = len(alone) == 1 and alone[0].pos1 == "感動詞"
    return said and text.startswith(phrase) and _DEMONSTRATIVE_VERB.match(text, len(phrase)) is not None


#: Words the analyser cuts into a shorter word and a particle (さて|は): さては ("so it was…") does not start with
#: the conjunction さて, nor それでは with それで (r7), nor ではない ("it is not") with the conjunction では (r9).
#: さておき ("setting aside") and はいから ("stylish") are one word too (round 21).
LONGER_WORDS = (
    "さては", "それでは", "それとも", "ならびに", "ところで", "ところが", "ではない", "ではなく",
    "さておき", "はいから",
)  # fmt: skip


def word_ends(text: str, at: int) -> bool:
    """Whether a start phrase ending at ``at`` ends a word there: kana before kana as the analyser reads it
    (``wordforms.word_ends``), and no Latin word, number or kanji compound running on (``cut_short``, round
    22: Yesterday starts with no Yes, 私立 with no 私)."""
    return wordforms.word_ends(text, at) and not cut_short(text, at)


#: A negation glued to the phrase makes it a predicate's stem (よろしく|ない "not good", それ|では|ない "not that one",
#: まず|ない "hardly"), not the greeting or conjunction said (round 15).
_NEGATED = re.compile(r"(?:ない|なく|なかっ|なけれ|ねえ|ありません|ございません)")


def longer_word(folded: str, phrase: str) -> bool:
    """Whether a start ``phrase`` is only the start of a longer word or predicate at the start of ``folded``: one of
    ``LONGER_WORDS``, a negation glued to it (``_NEGATED``) or a demonstrative's verb (ああいう人)."""
    longer = any(folded.startswith(w) and w.startswith(phrase) and w != phrase for w in LONGER_WORDS)
    longer = longer or bool(_NEGATED.match(folded, len(phrase)))  # よろしくない, それではない: a predicate (round 15)
    return longer or demonstrative(folded, phrase)  # ああいう人: "like that", no cry (round 17)


_STRUCK = r"(?:~~[^~\n]+~~|<(?:s|del|strike)\b[^<>]*>[^<]*</(?:s|del|strike)\s*>)"
_STRUCK_START = re.compile(rf"^(?:\s*{_STRUCK})+[ \t\u3000]*")
_STRUCK_END = re.compile(rf"(?:[ \t\u3000]*{_STRUCK})+\s*$")


def unstruck(text: str) -> str:
    """``text`` without the struck-through text at its start and its end (withdrawn: see the module docstring)."""
    return _STRUCK_END.sub("", _STRUCK_START.sub("", text)) if "~~" in text or "<" in text else text


def case_of(text: str, at: int, phrase: str) -> str:
    """``text`` with its span at ``at`` written in ``phrase``'s case where the two differ only in the case of Latin
    letters (hello for Hello)."""
    span = text[at : at + len(phrase)]
    if span != phrase and span.isascii() and phrase.isascii() and span.lower() == phrase.lower():
        return text[:at] + phrase + text[at + len(phrase) :]
    return text


__all__ = [
    "LONGER_WORDS",
    "case_of",
    "cut_before",
    "cut_short",
    "demonstrative",
    "doubled",
    "list_item",
    "longer_word",
    "prefixed",
    "quoted_start",
    "runs_on",
    "unstruck",
    "word_ends",
]
