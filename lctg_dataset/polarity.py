"""Does a word condition ask the model to use its word, or to avoid it? A rule over the condition's text.

Upstream filled KEYWORD templates ("use the word") and P-WORD templates ("do not use the word"); a few
crowdsourced templates say the opposite of their aspect (e.g. a KEYWORD condition 「…という言葉を使わないで」).
The rule looks at the sentence that holds the ``{word}`` slot (the whole text if that sentence has no cue),
with the word itself cut out so that a word like 「危ない」 never counts: a negation or prohibition cue makes it
``negative``, else a use/include cue makes it ``positive``, else it is ``unclear``. Obligations phrased with a double
negative (「なくてはならない」) are positive.
"""

from __future__ import annotations

import regex

POSITIVE, NEGATIVE, UNCLEAR = "positive", "negative", "unclear"
#: The slot the word is replaced with before the text is read.
SLOT = "{word}"
#: "must not be without" / "without forgetting": obligations that contain a negation but ask for the word.
DOUBLE_NEGATIVE = regex.compile(
    r"な(?:く|け)(?:て|れ)(?:は|ば)?(?:ならな[いく]|なりません|いけな[いく]|いけません|だめ|ダメ)"
    r"|ないと(?:いけな[いく]|いけません|だめ|ダメ)|欠かさず|忘れず|漏れなく|もれなく|抜かさず|省かず"
)
#: Negation and prohibition: 使わない(で), 使わず(に), 使用せず, 使ってはいけません, 使うな, 禁止, 禁句, 不使用,
#: 使用不可, 避けて, 控えて, 省く, 除いて, 以外, 言い換えて, ダメ, NG. 「必ず」 and 「ずつ」 are not negations.
NEGATIVE_CUES = regex.compile(
    r"ない|ません|ぬ(?:よう|こと|$)|(?<!必)ず(?!つ)|[るうくすつぐむぶ]な(?![\p{Hiragana}ー])"
    r"|禁止|禁句|厳禁|不使用|不可|使用不|ダメ|だめ|ＮＧ|NG|避け|さけて|控え|ひかえ|省|除|以外|言い換え|言いかえ"
    r"|抜きで|抜いて|排除|無しで|なしで"
)
#: Asking for the word: 使う/使って/使用して, 用いる, 含める/含む, 入れる/入る, 必須, 必ず, 盛り込む, 加える, 書く.
POSITIVE_CUES = regex.compile(
    r"使|用い|もちい|つか[うっいえ]|含|ふく[むめん]|入れ|いれ[てる]|入る|はい[るっ]|必須|必ず|利用|盛り込|織り込"
    r"|加え|書い|書く|登場|採用|取り入れ"
)
_SENTENCE_END = regex.compile(r"[。！!？?\n]")


def _slot_sentence(text: str) -> str:
    """The sentence that contains the slot (the whole text when there is no slot)."""
    at = text.find(SLOT)
    if at < 0:
        return text
    starts = [m.end() for m in _SENTENCE_END.finditer(text, 0, at)]
    end = _SENTENCE_END.search(text, at + len(SLOT))
    return text[starts[-1] if starts else 0 : end.start() if end else len(text)]


def _cues(text: str) -> str:
    text = DOUBLE_NEGATIVE.sub("必須", text.replace(SLOT, "\u3000"))
    if NEGATIVE_CUES.search(text):
        return NEGATIVE
    if POSITIVE_CUES.search(text):
        return POSITIVE
    return UNCLEAR


def polarity(template: str) -> str:
    """``positive``, ``negative`` or ``unclear`` for a condition whose word is the ``{word}`` slot: the slot's
    sentence decides; when it has no cue (「次の単語を使って。「{word}」」), the whole text does."""
    verdict = _cues(_slot_sentence(template))
    return verdict if verdict != UNCLEAR else _cues(template)


def condition_polarity(condition: str, word: str | None) -> str:
    """Polarity of a filled condition: every occurrence of ``word`` is read as the slot."""
    return polarity(condition.replace(word, SLOT) if word else condition)


def contradicts(aspect: str, template: str) -> bool:
    """A KEYWORD template that negates its word, or a P-WORD template that asks for it."""
    if aspect == "keyword":
        return polarity(template) == NEGATIVE
    if aspect == "prohibited_word":
        return polarity(template) == POSITIVE
    return False
