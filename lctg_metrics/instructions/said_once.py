"""Padding by writing a thing again as more units (round 22): what a reader counts toward a minimum of sentences or
lines is what is said, not how often it is written.

- **A sentence said again** (``distinct_sentences``): a sentence written again verbatim or near-verbatim counts
  once. Near-verbatim is what a reader hears as the same sentence: the same words read aloud (the analyser's
  readings, so 可愛い, かわいい and カワイイ are one spelling of a word), its punctuation, closing marks, blanks and
  the final particles after its predicate (ね, よ, な) aside. 猫はかわいいです。猫はかわいいですね！ is one
  sentence; Aさんは賛成です。Bさんは賛成です。 (another word) and 行きます。行きません。 are two. A closing sign
  (以上, おわり) said as a sentence with only a copula is one sentence in any wording (以上です。以上になります。
  以上となります。, round 23); 説明は以上です。 and 以上の理由で賛成です。 say more. From round 29 a sentence without
  kanji that reads word for word as a sentence with kanji before it (its reading in kana or romaji, bracketed or
  not: 琵琶湖は大きいです。（びわこはおおきいです。）) is that sentence again; a kana sentence saying more counts.
- **A line saying nothing** (``counted_lines``, round 23): a line holding only a number or one Latin letter (1/2/3,
  A/B/C counting the lines) or a word standing in for the line above or for a blank (同上, ditto, （空行）, （余白）)
  is no line of the text beside lines that say something, nor, from round 27, a label that only numbers its own
  line with nothing after it (2行目：, 第3行, 三つ目, Line 4:). 1. 春が来た and A: 賛成 are lines; so is 春 alone, a
  word, and 1/2/3 when every line is a number (the numbers asked for). From round 30 a line, sentence or
  paragraph only naming its own place (これが三行目です。, 第二段落です。; ``own_places``) is none too, and a
  paragraph or sentence of that kind is none even when every one is. From round 34 a line that only says an
  earlier line again (the same words read aloud, a list marker aside: 東京 on five lines) counts as often as a
  restatement of a sentence does (``filler.SAYINGS``: the line and once again): a refrain said twice is two lines,
  東京都 and 東京駅 are two lines, 1日目：浅草 and 2日目：箱根 are two.
- **A phrase broken into letters** (``counted_lines``): a line of one or two letters that is no word by itself
  (a particle, an auxiliary, a kana the analyser reads as a symbol or as a mere cry: は, の, あ, け) continues the
  line of one or two letters right above it: 春/は/あ/け/ぼ/の written one kana a line is one line's text. A line
  whose letters are one word alone (春, ねこ, 一, A) is a line of its own: 春/夏/秋/冬 is four.
- **A keyword listed bare** (``bare_repeats``): a run of pieces that are only the keyword (with nothing but marks
  between: 、・，／→｜〈〉, blanks, sentence marks, line breaks and list markers: 環境、環境、環境。, 環境→環境→環境,
  ・環境 on three lines, or glued: 環境環境環境, round 23) with no sentence around it uses the keyword once.
  環境、経済、社会が大切です and 環境を守る。環境を学ぶ。 use it as words of sentences, and so does a run a particle
  goes on from (「環境、環境」と口では言う: a cry the sentence quotes, round 23).

Both apply toward a minimum only; toward a maximum every written unit counts, as the reader sees it.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.filler import SAYINGS
from lctg_metrics.instructions.hesitations import repeated_stalls
from lctg_metrics.instructions.in_other_words import without_announcer
from lctg_metrics.instructions.omissions import labels_a_part, says_left_out
from lctg_metrics.instructions.own_places import names_own_place
from lctg_metrics.instructions.predicates import closing_formula
from lctg_metrics.instructions.read_aloud import is_reading
from lctg_metrics.instructions.sentences import Sentence
from lctg_metrics.instructions.text import has_content, is_heading, nfkc, without_marker

#: Parts of speech that make a piece of one or two letters a word by itself (a noun, a verb, an adjective …);
#: an interjection of two letters too (はい, ええ), a one-kana cry (う, け) not.
_WORD_POS = ("名詞", "代名詞", "動詞", "形容詞", "形状詞", "副詞", "連体詞", "接続詞")
#: The most letters a line holds to be read as a piece of a broken phrase.
_PIECE_LETTERS = 2
#: What a sentence's final particles and closing marks are: skipped at its end when it is compared.
_SKIPPED = ("補助記号", "空白", "記号")


#: What closes a quotation or bracket around a run, skipped before the word that follows it.
_CLOSING = "」』）)〉》】]\"'”’ \u3000"
#: A run of letters or digits: what lies between two of them (、→｜〈〉, blanks, line breaks) separates pieces.
_PIECE = re.compile(r"[^\W_]+")


def _copies(piece: str, said: set[str]) -> int:
    """How many times a piece of letters is only the keyword: 1 as written or in the same kana, k when the keyword is
    glued k times (環境環境環境) and the analyser reads it so, not as one word (いろいろ is no いろ twice); else 0."""
    for form in (piece, morph.to_katakana(piece)):
        for key in said:
            k = len(form) // len(key) if key else 0
            if k == 1 and form == key:
                return 1
            if k > 1 and form == key * k and len(morph.analyze(piece)) >= k:
                return k
    return 0


def _in_sentence(text: str, end: int) -> bool:
    """Whether the words after a run ending at ``end`` go on with a particle (「環境、環境」と言う, 環境、環境が…): the
    run is then a phrase of a sentence, a cry quoted or a subject, not a list."""
    rest = text[end:].lstrip(_CLOSING)
    first = morph.analyze(rest[:12]) if rest[:1] and not rest[0].isspace() else ()
    return bool(first) and first[0].pos1 == "助詞"


def bare_repeats(text: str, keyword: str) -> int:
    """How many uses of ``keyword`` past the first each bare run of it adds (``環境、環境、環境。`` adds two): pieces
    whose letters are only the keyword, as written or in the same kana, next to one another with nothing but marks
    between (、→｜〈〉 blanks, line breaks) or glued (環境環境), and no particle after the run that makes it a
    phrase of a sentence."""
    key = _letters(keyword).casefold()
    if not key:
        return 0
    said, folded = {key, morph.reading(keyword)}, nfkc(text).casefold()
    extra, run, end = 0, 0, 0
    for piece in [*_PIECE.finditer(folded), None]:
        copies = _copies(piece.group(), said) if piece is not None else 0
        if copies:
            run, end = run + copies, piece.end() if piece else end
            continue
        if run > 1 and not _in_sentence(folded, end):
            extra += run - 1
        run = 0
    return extra


def _letters(line: str) -> str:
    return "".join(ch for ch in nfkc(line) if unicodedata.category(ch)[0] in "LN")


def _heard(sentence: str) -> tuple[str, ...]:
    """How a sentence is read aloud: the readings of its words, symbols and blanks aside, and without the final
    particles after its last word (ね, よ)."""
    words = [  # a kana the analyser files as a symbol (ぁ) is a sound said, not a mark
        m
        for m in morph.analyze(nfkc(without_announcer(without_marker(sentence.strip()))))  # （2）猫は…, つまり…
        if m.pos1 not in _SKIPPED or any(ch.isalnum() for ch in m.surface)
    ]
    while len(words) > 1 and words[-1].pos2 == "終助詞":
        words.pop()
    head = next((i for i in (1, 2) if closing_formula("".join(m.surface for m in words[:i]))), 0)  # お|しまい
    if words and head and all(_copular(m) for m in words[head:]):
        return ("以上",)  # 以上です, 以上になります, おわりとなります: one closing sign in any wording (round 23)
    return tuple(m.reading if m.pos1 not in _SKIPPED else m.surface for m in words)


#: Verbs that make a closing sign a sentence without adding to it (以上になります, 以上でございます, 以上とします).
_COPULAR_VERBS = frozenset({"成る", "御座る", "為る", "致す", "有る"})


def _copular(m: morph.Morpheme) -> bool:
    return m.pos1 in ("助動詞", "助詞") or (m.pos1 == "動詞" and m.lemma in _COPULAR_VERBS)


def distinct_sentences(sentences: list[Sentence]) -> list[Sentence]:
    """The sentences with every one that repeats an earlier one word for word as read aloud left out."""
    seen: set[tuple[str, ...]] = set()
    kept: list[Sentence] = []
    for s in sentences:
        key = _heard(s.text)
        if (key and key in seen) or is_reading(s.text, [k.text for k in kept]):  # its reading in kana (round 29)
            continue
        seen.add(key)
        kept.append(s)
    return kept


def _a_word(piece: str) -> bool:
    """Whether the letters of a short line are one word by themselves (春, ねこ, はい); two kana also in katakana
    (はる is read as an auxiliary, ハル as the noun). One kana is read only as written: ボ and ガ alone are read as
    words, ぼ and が are not."""
    forms = {piece, morph.to_katakana(piece)} if len(piece) > 1 else {piece}
    for form in forms:
        found = morph.analyze(form)
        if len(found) == 1 and (found[0].pos1 in _WORD_POS or (found[0].pos1 == "感動詞" and len(piece) > 1)):
            return True
    return False


#: What a line stands in for when it holds nothing else: the line above (同上, ditto) or a blank (（空行）, （余白）).
_STAND_IN = frozenset(
    {
        "同上",
        "同前",
        "同右",
        "同左",
        "ditto",
        "空行",
        "空白",
        "余白",
        "改行",
        "空欄",
        "同様",
        "以下同様",
        "同文",
        "以下同文",
    }
)


#: A mark that the text goes on elsewhere or is over, alone (round 37), in a line's letters casefolded:
#: （つづく）, 次回へ続く, To be continued, -おわり-, おしまい, -完-, 以上です, THE END. 以上の理由から… and
#: 続きは来週公開します say something.
_END_MARK = re.compile(
    r"(?:(?:次回|次号|次|明日|来週|後編|下巻)(?:へ|に)?)?(?:つづく|続く|つづき|続き)(?:ます)?"
    r"|(?:以上|終わり|おわり|終り|おしまい|お終い|完|終|了|完結|終劇|fin|end|theend)(?:です|でした|となります|だ)?"
    r"|tobecontinued|tbc"
)


def _stands_in(line: str, letters: str) -> bool:
    """Whether a line says nothing of its own (round 23): only a number or a single Latin letter (1, 2, 3 or A, B, C
    counting lines), or a word standing in for the line above or for a blank (同上, （空行）), or a mark that the text
    goes on elsewhere or is over (（つづく）, 【おしまい】: ``_END_MARK``). Only beside a line that says
    something: lines that are all numbers (1/2/3 asked for) are the text."""
    label = _OWN_NUMBER.match(letters.casefold())
    rest = letters[label.end() :] if label else letters
    return (
        letters.isdecimal()
        or (len(letters) == 1 and letters.isascii())
        or not rest  # 2, 2行目：, 第3行, Line 4: (round 27)
        or rest.casefold() in _STAND_IN
        or _END_MARK.fullmatch(letters.casefold()) is not None  # （つづく）, 【おしまい】, THE END (round 37)
        or says_left_out(rest)  # （略）, （この段落は省略します）: text left out (round 26)
        or labels_a_part(letters)  # （以下、第2段落）: a part named, not written (round 29)
        or names_own_place(line)  # これが三行目です。: its own place named (round 30)
    )


#: A label that only numbers its own line or paragraph, in a line's letters (marks and blanks out): a number (2, ２),
#: a number with a counter of lines or items (2行目, 三行目, 3つ目, 第4段落), 第 or その with a number, or a Latin
#: label with one (line2, no3). A kanji numeral alone (一, 二) or with 番 (一番) is a word, not a label.
_NUMBER = "(?:[0-9]+|[〇一二三四五六七八九十百]+)"
_COUNTER = "(?:行目|行|番目|つ目|個目|項目|項|段落目|段落|段目|段|文目|文|句目|句|連目|連|節)"
_OWN_NUMBER = re.compile(
    rf"(?:第|その){_NUMBER}{_COUNTER}?|{_NUMBER}{_COUNTER}|[0-9]+|(?:line|row|no|number|paragraph)[0-9]+"
)


def counted_lines(text: str) -> int:
    """Lines holding a letter or number, a piece of one or two letters that is no word continuing the short line
    right above it, a line said again counted at most ``SAYINGS`` times (see the module docstring)."""
    n, short_above, times = 0, False, Counter[tuple[str, ...]]()
    heard: list[tuple[tuple[str, ...], bool]] = []  # each counted line's key, and whether it was new there
    lines = text.splitlines()
    said = any(has_content(line) and not _stands_in(line, _letters(line)) for line in lines)
    for line in lines:
        if not has_content(line):
            short_above = False
            continue
        letters = _letters(line)
        if said and _stands_in(line, letters):
            short_above = False
            continue
        short = 0 < len(letters) <= _PIECE_LETTERS
        if not (short and short_above and not _a_word(letters)):
            key = _heard(line) or (letters,)
            times[key] += 1
            n += times[key] <= SAYINGS or _refrain(heard, key)  # said again: once more at most (round 34)
            heard.append((key, times[key] == 1))
        short_above = short
    return n


def _refrain(heard: list[tuple[tuple[str, ...], bool]], key: tuple[str, ...]) -> bool:
    """A refrain: a line said again after lines each said for the first time since it was last said (朝が来た /
    鳥が鳴く / 朝が来た / 花が咲く / 朝が来た): it frames new lines and counts each time (round 35). A line said again
    right after itself, or between lines said before (犬 / 猫 / 犬 / 猫 / 犬), is a restatement."""
    last = max((i for i, (said, _) in enumerate(heard) if said == key), default=-1)
    between = heard[last + 1 :]
    return bool(between) and all(new for _, new in between)


def saying_paragraphs(parts: list[str]) -> list[str]:
    """The paragraphs that say something, toward a minimum (round 24): a paragraph that only stands in for a blank or
    the paragraph above, or is only a number or one letter (（空行）, 同上), is none beside paragraphs that say
    something, as such a line is none (``counted_lines``); a heading with no text under it (the next paragraph is a
    heading too, or there is none: ## はじめに / ## まとめ) is none at all (round 26)."""
    said = [part for part in parts if not _stands_in(part, _letters(part))]
    kept = [part for part in (said if said else parts) if not names_own_place(part)]  # 第三段落です。 (round 30)
    return [
        part for i, part in enumerate(kept) if not (_heading(part) and (i + 1 == len(kept) or _heading(kept[i + 1])))
    ]


def _heading(part: str) -> bool:
    return all(is_heading(line) for line in part.splitlines() if line.strip())


def letters_once(text: str, letters: str) -> int:
    """How often any of ``letters`` occurs toward a minimum (round 25): a run of three or more of them back to back
    (るるるるる, a letter typed over and over) is the letter once; two in a row (つつじ, ルル) are two. From round 26
    the letter written alone two or more times with only marks or blanks between (ん、ん、ん。, ぬ ぬ ぬ) is named, not
    used: the run is the letter once; a word holding it (うん、うん) uses it."""
    runs = re.finditer(f"[{re.escape(letters)}]+", text)
    n = sum(1 if len(run.group()) >= 3 else len(run.group()) for run in runs)
    bare: list[str] = []
    for piece in [*re.findall(r"[^\W_]+", text), ""]:
        if piece and not piece.strip(letters):
            bare.append(piece)
            continue
        if len(bare) > 1:
            n -= sum(1 if len(p) >= 3 else len(p) for p in bare) - 1
        bare = []
    # うーん、うーん、うーん: a stalling word said over to fill the count uses the letter once (round 28)
    return n - sum(sum(p.count(ch) for ch in letters) for p in repeated_stalls(text) if p.strip(letters + " \t\u3000"))


__all__ = ["bare_repeats", "counted_lines", "distinct_sentences", "letters_once", "saying_paragraphs"]
