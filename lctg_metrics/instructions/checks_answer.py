"""書式指定 checkers about the answer as a whole: JSON, a quotation around it, a postscript, two answers, a repeated
request, fixed answers and 答えのみ (what a reader compares spans by, ``key``, and what holds no content are in
``contents``).

A JSON answer is an object or array with content; a quotation and a postscript hold text of their own (not only a
pointer elsewhere: 上記の通り); a postscript asked for at
the end comes last, with no body text after it in its paragraph; two answers read differently; a repeated request is
followed by an answer."""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from lctg_metrics.instructions import bare_replies, hollow, omissions, orders, restated
from lctg_metrics.instructions.asked_back import only_asks_back
from lctg_metrics.instructions.clefts import cleft_of, same_focus
from lctg_metrics.instructions.contents import decimal_text, key, placeholder, points_elsewhere, same_text
from lctg_metrics.instructions.declined import stated
from lctg_metrics.instructions.filler import restates, same_claim
from lctg_metrics.instructions.json_echo import echoed_answers, hollow_value
from lctg_metrics.instructions.laughter import marks_only
from lctg_metrics.instructions.notation import aside_only, hesitation_only
from lctg_metrics.instructions.pending import pending, status_value
from lctg_metrics.instructions.registry import Param, instruction
from lctg_metrics.instructions.selfnotes import talks_of_itself
from lctg_metrics.instructions.sentences import prose
from lctg_metrics.instructions.serials import template_series, unlabelled
from lctg_metrics.instructions.stand_ins import (
    BACK_REFERENCE,
    EMOTICON,
    EMPTY_POSTSCRIPT,
    JSON_TYPES,
    NO_OTHER_ANSWER,
    repeats_body,
    says_again,
)
from lctg_metrics.instructions.text import is_letter, nfkc, paragraphs, strip_emphasis
from lctg_metrics.instructions.unfilled import label_slot, no_answer_after, serial_values
from lctg_metrics.verdict import Verdict

#: The fixed answers M-IFEval offers for constrained_response (its ``_CONSTRAINED_RESPONSE_OPTIONS``).
CONSTRAINED_OPTIONS = ("はい、そうです。", "いいえ、違います。", "どちらとも言えません。")
#: Separator between two answers: six or more asterisks, on their own line or not (the prompt asks ``******``).
_ANSWER_SEPARATOR = re.compile(r"\*{6,}")
#: What may follow a final answer: blanks, closing quotes and brackets, emphasis marks, 。 . ! ！.
_ANSWER_TRAILING = " \u3000\t\n」』”\"')）*_。.!！"
_FENCE = re.compile(r"^\s*(```|~~~)[\w+.-]*[ \t]*\n(.*?)\n?\s*\1\s*$", re.DOTALL)
#: Postscript markers as written in prompts -> the pattern that recognises them at a line start.
_POSTSCRIPT = {"P.S.": r"P\.\s?S\.?(?!\w)", "P.P.S.": r"P\.\s?P\.\s?S\.?(?!\w)", "追伸": r"追伸"}
_POSTSCRIPT_ALIASES = {"P.S": "P.S.", "P. S.": "P.S.", "P.P.S": "P.P.S.", "P. P. S.": "P.P.S."}
#: A bracket a marker may stand in as a label (【追伸】, [P.S.], 〈追伸〉, (追伸); round 27), in NFKC form; 「追伸」
#: quotes the word and names it.
_OPENING = r"(?:[【\[〔〈《<(][ \t\u3000]*)"
#: Any postscript marker at a paragraph start (a P.P.S. or 再追伸 may follow a P.S.).
_ANY_POSTSCRIPT = re.compile(rf"^\s*{_OPENING}?(?:P\.\s?(?:P\.\s?)*S\.?(?!\w)|再?追伸)", re.IGNORECASE)


def _restates_key(name: str, value: Any) -> bool:
    """Whether a JSON value only says its key again ({"回答": "回答"}, {"answer": "answer"}; r7): a field name
    holding a kanji or a Latin letter, as a schema's names do (a kana-only key is not compared: known limit)."""
    return isinstance(value, str) and key(value) == key(name) and bool(re.search(r"[A-Za-z一-鿿]", name))


def _json_content(value: Any) -> bool:
    if isinstance(value, dict):
        echoed = echoed_answers(value)  # {"質問": X, "回答": X} (round 19)
        slots = serial_values(list(value.values()))  # {"1": "本1", "2": "本2"}, {"例1": "例1の説明"} (round 23)
        echoed |= {k for n, k in enumerate(value) if n in slots or label_slot(k, value[k])}
        return any(
            (_json_content(v) and not _restates_key(k, v) and not hollow_value(k, v) and k not in echoed)
            or (isinstance(v, str) and orders.only_recited(v) and bool(orders.NAMES.search(k)))  # {"五十音": "あいう…"}
            or (bool(key(k)) and isinstance(v, bool))
            or (isinstance(v, str) and status_value(k, v))  # {"状態": "準備中"} (round 13)
            for k, v in value.items()
        )
    if isinstance(value, list):
        return any(_json_content(v) for n, v in enumerate(value) if n not in serial_values(value))  # 本1, 本2 (r23)
    text = isinstance(value, str) and bool(key(value)) and JSON_TYPES.fullmatch(key(value)) is None
    recited = isinstance(value, str) and orders.only_recited(value)  # "かきくけこ": a row of the kana table (round 15)
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    return (text and not placeholder(value) and not recited) or number


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


@instruction(
    "format:json",
    "書式指定",
    "the whole response is one JSON object or array (a ```json fence allowed) "
    "holding text (a value with a letter or number, or a named true/false): a bare string or number, {} or "
    "[] and values that are all empty, blank once rendered, or null fail, as does an answer field only repeating the "
    'question field ({"質問": X, "回答": X}) or only asking back, and a value only naming its key in other words '
    '({"answer": "答え"}) or its field\'s name in the other language ({"name": "名前", "age": "年齢"}: a blank '
    "form) or saying it depends (ケースバイケース); read as "
    "written (raw), since markup removed for the reader would not make a broken document JSON",
    reads="raw",
)
def json_format(response: str, kw: Mapping[str, Any]) -> Verdict:
    body = response.strip().lstrip("\ufeff")
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(2).strip()
    try:
        value = json.loads(body, parse_constant=_no_constant)
    except ValueError as error:
        return Verdict(False, f"not JSON: {str(error).splitlines()[0]}")
    if not isinstance(value, (dict, list)):
        return Verdict(False, f"JSON {type(value).__name__}, not an object or array")
    if not _json_content(value):
        return Verdict(
            False,
            "a JSON object or array without content (empty, only empty values, or an answer that repeats the "
            "question or asks back)",
        )
    return Verdict(True, f"a JSON {'object' if isinstance(value, dict) else 'array'} with content")


@instruction(
    "format:quotation",
    "書式指定",
    "the whole response is one 「…」 quotation holding text said (not only asides in brackets: 「（沈黙）」, "
    "nor only fillers and hesitation sounds: 「えーと、うーん」, nor only laughter marks: 「ｗｗｗ」)",
)
def quotation(response: str, kw: Mapping[str, Any]) -> Verdict:
    text = response.strip()
    if re.fullmatch(r"(\*\*|__)(.*)\1", text, re.DOTALL):
        text = text[2:-2].strip()
    text = text.translate(_HALF_WIDTH_QUOTES)  # ｢…｣ is 「…」 in half width
    if not (text.startswith("「") and text.endswith("」")) or len(text) < 2:
        return Verdict(False, f"does not start with 「 and end with 」: 「{text[:8]}…{text[-8:]}」")
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "「"
        depth -= ch == "」"
        if depth == 0 and i < len(text) - 1:
            return Verdict(False, f"the opening 「 closes at char {i + 1} of {len(text)}, before the end")
    if depth != 0:
        return Verdict(False, "unbalanced 「」")
    if not key(text[1:-1]):
        return Verdict(False, "the quotation 「」 holds no text")
    if aside_only(text[1:-1]):  # 「（沈黙）」: a stage direction, nothing said (round 14)
        return Verdict(False, "the quotation 「」 holds only an aside in brackets: nothing said")
    if hesitation_only(text[1:-1]) or hollow.syllable_run(text[1:-1]):  # 「えーと、うーん……」 (r15), 「ハハハ」 (r16)
        return Verdict(False, "the quotation 「」 holds only fillers, hesitation or one sound said again: nothing said")
    if marks_only(text[1:-1]):  # 「ｗｗｗ」 (round 19)
        return Verdict(False, "the quotation 「」 holds only laughter marks (ｗ, 笑): nothing said")
    if points_elsewhere(text[1:-1]) or placeholder(text[1:-1]):
        return Verdict(False, "the quotation 「」 only points elsewhere or holds a template word (引用文): no text")
    return Verdict(True, "wrapped in one 「…」")


#: The word of a postscript said again after its marker (P.S. 追伸): no text of its own.
_POSTSCRIPT_WORD = re.compile(r"^[\s:：.．、]*(?:追伸|追記|二伸|p\.?s\.?)(?![はがをもの])[\s:：.．、]*", re.IGNORECASE)


def _says(after: str) -> bool:
    """Whether the text after a postscript marker, to the end of its paragraph, says something: not only the marker's
    word again (P.S. 追伸), an emoticon (P.S. (^_^)v, round 8) nor that there is nothing to add (P.S. 特になし,
    以上です; ``EMPTY_POSTSCRIPT``) nor that it is a postscript (以上、追伸でした; ``selfnotes.talks_of_itself``)."""
    own = (paragraphs(_POSTSCRIPT_WORD.sub("", after, count=1)) or [""])[0]
    said_here = key(EMOTICON.sub("", own))
    return (
        bool(said_here)
        and EMPTY_POSTSCRIPT.fullmatch(said_here) is None
        and not points_elsewhere(said_here)
        and not pending(EMOTICON.sub("", own))  # P.S. 詳細は追って連絡します (round 13)
        and not talks_of_itself(EMOTICON.sub("", own))  # P.S. 以上、追伸でした。 (round 18)
        and not omissions.says_left_out(said_here)  # P.S. （省略）: only text left out (round 30)
    )


@instruction(
    "format:postscript",
    "書式指定",
    "a postscript: a line or sentence starting with the marker (P.S., P.P.S., 追伸; in a label's brackets too: "
    "【追伸】) and text after it (not only that text is left out: P.S. （略）); with "
    "``position: end`` (the request says 最後に) it follows the main text and nothing but further "
    "postscripts follows it: a postscript starting a line runs to the end of its paragraph, one written after "
    "a 。 in the middle of a line is one sentence (in the one sentence model: モーニング娘。の ends none), and body "
    "text after it on that line or paragraph fails; a marker a particle follows (P.S.という…, 追伸とは…) is named, "
    "not used",
    Param("marker", "str", "P.S., P.P.S. or 追伸 (or any literal marker)", required=True),
    Param("position", "str", "anywhere (M-IFEval) or end (the request says 回答の最後に)", default="anywhere"),
    needs_morph=True,
)
def postscript(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["position"] not in ("anywhere", "end"):
        raise ValueError(f"format:postscript: position must be anywhere or end, got {kw['position']!r}")
    marker = _POSTSCRIPT_ALIASES.get(kw["marker"].strip(), kw["marker"].strip())
    pattern = re.compile(
        rf"(?:^|[。！？!?])[ \t\u3000]*{_OPENING}?(?:{_POSTSCRIPT.get(marker, re.escape(marker))})",
        re.IGNORECASE | re.MULTILINE,
    )
    text = nfkc(strip_emphasis(response))  # Ｐ．Ｓ． is P.S.
    found = [
        m for m in pattern.finditer(text) if _says(text[m.end() :]) and not bare_replies.marker_named(text[m.end() :])
    ]  # P.S.という書き方: the marker named, not used (round 28)
    if not found:
        return Verdict(False, f"no line or sentence starts with 「{marker}」 followed by text")
    if kw["position"] == "anywhere":
        return Verdict(True, f"postscript 「{found[0].group().lstrip('。！？!? ')}…」 starts a line or sentence")
    for m in found:
        own, *rest = paragraphs(text[m.end() :]) or [""]
        later = [p for p in rest if key(p)]  # a closing rule (---) is no text
        inline = (
            m.group()[:1] in "。！？!?"
        )  # after a sentence of the body, on its line: the postscript is one sentence
        if inline and len([s for s in prose(own) if key(s.text)]) > 1:
            continue
        if repeats_body([key(s.text) for s in prose(text[: m.start()])], [key(s.text) for s in prose(own)]):
            continue  # the main text said again word for word is no postscript (2.7)
        body, note = [s.text for s in prose(text[: m.start()])], [s.text for s in prose(own) if key(s.text)]
        if note and all(any(restates(n, b) for b in body) for n in note):
            continue  # P.S. 先日は本当にありがとうございました: the body's claim with a word added (round 17)
        if key(text[: m.start()]) and all(_ANY_POSTSCRIPT.match(p) for p in later):
            return Verdict(True, f"postscript 「{m.group().lstrip('。！？!? ')}…」 after the main text, at the end")
    return Verdict(
        False,
        f"the 「{marker}」 postscript does not come at the end, after the main text (or body text "
        f"follows it in its paragraph)",
    )


@instruction(
    "format:two_responses",
    "書式指定",
    "two different answers separated by ****** (a part without letters is no answer; an empty answer "
    "between separators fails; two answers with the same content words in another order are one, and so are a "
    "claim and its cleft (青が好きです / 好きな色は青です), and two frames around one noun, with or without "
    "a copula (首都は東京です / 答えは東京), an answer and its reading in romaji or kana (大阪 / Osaka, 京都 / "
    "キョート), and two that each only say yes, or each only say no (はい、そうです / "
    "ええ、その通りです); labels that only count the answers (A案： / B案：, 1. / 2.) aside; an answer that only "
    "asks back is none)",
    needs_morph=True,
)
def two_responses(response: str, kw: Mapping[str, Any]) -> Verdict:
    parts = [part.strip() for part in _ANSWER_SEPARATOR.split(response)]
    filled = [any(is_letter(ch) for ch in part) for part in parts]
    answers = unlabelled([part for part, ok in zip(parts, filled) if ok])  # A案： / B案： count only (round 29)
    inner = filled[filled.index(True) : len(filled) - filled[::-1].index(True)] if answers else []
    if not all(inner):
        return Verdict(False, "an empty answer between two ****** separators")
    if len(answers) != 2:
        return Verdict(False, f"{len(answers)} answers separated by ******, expected 2")
    if (
        same_text(*answers)
        or same_claim(*answers)
        or restated.same_in_romaji(*answers)  # the first answer in romaji (round 10)
        or restated.translated(*answers)  # the first answer in English, naming what it names (round 15)
        or cleft_of(*answers)  # 青が好きです / 好きな色は青です (round 19)
        or bare_replies.same_bare_reply(*answers)  # はい、そうです / ええ、その通りです: one yes (round 28)
        or same_focus(*answers)  # おすすめは駅前のカフェです / ほかに思いつくのは、やはり駅前のカフェです (round 21)
        or any(says_again(key(a), key(b)) for a, b in (answers, answers[::-1]))
    ):
        return Verdict(
            False, "the two answers read the same (blanks, punctuation, markup, script and word order aside)"
        )
    if any(
        BACK_REFERENCE.fullmatch(key(answer))
        or points_elsewhere(answer)
        or NO_OTHER_ANSWER.fullmatch(key(answer))
        or pending(answer)  # 二つ目は検討中です, その他 (round 13)
        or only_asks_back(answer)  # あなたはどこがいいと思いますか？ (round 19)
        for answer in answers
    ) or template_series(answers):  # 案A / 案B: a template's two slots (round 23)
        return Verdict(
            False,
            "one answer only refers to the other, is still to come or asks back (上と同じです, 検討中, どこがいいと"
            "思いますか？): no answer",
        )
    return Verdict(True, "two different answers separated by ******")


@instruction(
    "format:repeat_prompt",
    "書式指定",
    "the response first repeats the request word for word (「」 around it allowed), then answers",
    Param("prompt_to_repeat", "str", "the request to repeat", required=True),
)
def repeat_prompt(response: str, kw: Mapping[str, Any]) -> Verdict:
    text, wanted = response.strip(), kw["prompt_to_repeat"].strip()
    for given, asked in ((text, wanted), (nfkc(text), nfkc(wanted))):
        quoted = given.startswith("「" + asked + "」")
        if given.startswith(asked) or quoted:
            rest = key(given[len(asked) + 2 * quoted :])
            after = given[len(asked) + 2 * quoted :]
            if not rest or rest.replace(key(asked), "") == "" or same_text(rest, asked) or no_answer_after(after):
                return Verdict(False, "the request is repeated, but no answer follows it")
            return Verdict(True, "starts with the request, repeated verbatim, and an answer follows")
    return Verdict(False, f"starts 「{text[:20]}…」, not with the request 「{wanted[:20]}…」")


def _answer_core(text: str) -> str:
    """An answer without what may trail it: blanks, closing 」』”)）, emphasis marks and final 。.!！."""
    previous = None
    while previous != text:
        previous = text
        text = text.rstrip(_ANSWER_TRAILING)
    return text


@instruction(
    "format:constrained_response",
    "書式指定(答えのみ)",
    "answers with exactly one of the given options (an option quoted and declined, 「…」とは言えません or "
    "「…」と言えればよいのですが, or taken back at once without quotes (……と言いたいところですが, なんてね, "
    "というのは冗談で), is not given); with ``position: end`` the option ends the response "
    "(trailing blanks, invisible marks, 」』, emphasis and 。.! aside), is not glued to a word before it "
    "(「絶対に賛成です」 is not the option) and is the only option on the last line",
    Param("options", "list[str]", "the allowed answers", default=list(CONSTRAINED_OPTIONS)),
    Param("position", "str", "anywhere (M-IFEval) or end (the prompt says 回答の最後に)", default="anywhere"),
)
def constrained_response(response: str, kw: Mapping[str, Any]) -> Verdict:
    if kw["position"] not in ("anywhere", "end"):
        raise ValueError(f"format:constrained_response: position must be anywhere or end, got {kw['position']!r}")
    text = _commas(nfkc(strip_emphasis(response)))
    if kw["position"] == "end":
        text = _unseen_out(text)  # invisible marks are not read, in the response as in the options
        last = text.strip().splitlines()[-1] if text.strip() else ""
        cores = {option: _answer_core(_unseen_out(_commas(nfkc(option)))) for option in kw["options"]}
        on_last = [option for option in kw["options"] if cores[option] in last]
        core = _answer_core(text)
        ending = [
            option
            for option in on_last
            if core.endswith(cores[option]) and not is_letter(core[: len(core) - len(cores[option])][-1:] or " ")
        ]
        if not ending:
            return Verdict(False, f"the response does not end with one of the options (ends 「…{text.strip()[-12:]}」)")
        if len(on_last) > 1:
            return Verdict(False, f"the last line holds {len(on_last)} options: {'/'.join(on_last)}")
        return Verdict(True, f"ends with the answer 「{ending[0]}」")
    used = [option for option in kw["options"] if stated(text, _commas(nfkc(option)))]  # not 「…」とは言えません (r27)
    if len(used) == 1:
        return Verdict(True, f"answers 「{used[0]}」")
    if not used:
        return Verdict(False, "uses none of the options")
    return Verdict(False, f"uses {len(used)} options: {'/'.join(used)}")


def _unseen_out(text: str) -> str:
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def _bare(text: str) -> str:
    text = nfkc(strip_emphasis(text)).strip()
    text = re.sub(r"^[「『\"']|[」』\"']$", "", text).strip()
    text = re.sub(r"[。.!！]+$", "", text).strip()
    return re.sub(r"(?<=\S)[ \t\u3000]+(?=\S)", lambda m: "" if _japanese_edge(m) else m.group(), text)


def _japanese_edge(blank: re.Match[str]) -> bool:
    """A blank beside a Japanese letter is not read (「168 時間」 is 168時間); one between Latin words is."""
    text = blank.string
    return not (text[blank.start() - 1].isascii() and text[blank.end()].isascii())


_HALF_WIDTH_QUOTES = str.maketrans("｢｣", "「」")
#: 読点 in any width: 、，､ and the ASCII comma are one mark to a reader.
_COMMA_FORMS = str.maketrans("，､,", "、、、")
_DIGITS = "〇一二三四五六七八九"
#: A number in 漢数字, with the Arabic number a multiplier follows (1万, 1.5万, 3千).
_KANJI_NUMBER = re.compile(r"(?<![0-9.])(?:(?:[0-9]+(?:\.[0-9]+)?(?=[十百千万]))?[〇一二三四五六七八九十百千万]+)+")


def _commas(text: str) -> str:  # はい，そうです． is はい、そうです。 (round 30): a Western stop after Japanese is 。
    return re.sub(r"(?<=[^\x00-\x7f])\.(?!\.)", "。", text.translate(_COMMA_FORMS))


def _kanji_number(numeral: str) -> str:
    """A number in 漢数字 (百六十八, 二〇二四, 三万五千) in digits; a single 一 stays (一人, 一つ are words), and so
    does a numeral opening with 万 (万人, 万一: everyone, by any chance; ten thousand is 一万)."""
    if (len(numeral) == 1 and numeral in "一十") or numeral.startswith("万"):
        return numeral
    if all(ch in _DIGITS for ch in numeral):
        return "".join(str(_DIGITS.index(ch)) for ch in numeral)
    total, section, digit = Fraction(0), Fraction(0), Fraction(0)
    for ch in re.findall(r"[0-9]+(?:\.[0-9]+)?|.", numeral):  # 1万 is 10000 as 一万 is; 1.5万 is 15000
        if ch[0].isdigit():
            digit = Fraction(ch)
        elif ch in _DIGITS:
            digit = Fraction(_DIGITS.index(ch))
        elif ch == "万":
            total += (section + digit or 1) * 10000
            section, digit = Fraction(0), Fraction(0)
        else:
            section += (digit or 1) * {"十": 10, "百": 100, "千": 1000}[ch]
            digit = Fraction(0)
    value = total + section + digit
    return decimal_text(value) or numeral  # 1.23456万 is 12345.6; a value with endless decimals: as written


def _in_digits(text: str) -> str:
    return _KANJI_NUMBER.sub(lambda m: _kanji_number(m.group()), text)


@instruction(
    "format:answer_only",
    "書式指定(答えのみ)",
    "nothing but the answer: no preamble, no closing remark (emphasis, quotes, final 。 ignored)",
    Param("answer", "str", "the expected answer, e.g. 168時間", required=True),
)
def answer_only(response: str, kw: Mapping[str, Any]) -> Verdict:
    got, want = _bare(response), _bare(kw["answer"])
    if got == want or (_in_digits(got) == _in_digits(want) and any(ch.isdigit() for ch in want)):
        return Verdict(True, f"answer only: 「{want}」")
    if want in got:
        return Verdict(False, f"answer 「{want}」 with extra text ({len(got) - len(want)} chars)")
    return Verdict(False, f"answer 「{want}」 not given; got 「{got[:30]}」")
