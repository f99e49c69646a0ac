"""Sentences that add no new content toward a minimum length (round 16): what a reader skips as the answer said
again, whatever its dress.

- an echo: a sentence whose content words are all words the text has said already, with only demonstratives,
  emphasis and particles around them (では答えは何か。それは青なのです。そう、青なのです。青こそが答えなのです。
  after 答えは青です。), or a sentence in kana that reads as those words in historical kana (こたへはあをなり。: は→わ,
  へ→え, を→お, ゐ→い, ゑ→え, ふ→う inside a word) with classical endings (なり, けり, こそ…なれ). The first echo
  counts (a restatement for emphasis, as ``filler`` allows one); each further one does not. A sentence said again
  word for word is a refrain, which ``seen`` counts by its own rules, and a sentence with a number says a
  value (三三が九);
- a run of one number in many forms (3、３、Ⅲ、③、参、さん、three、trois): items that all have the same value;
- a recited passage in kanji alone (a sutra or kanbun): twenty kanji or more running with no kana and no break,
  which no Japanese sentence writes (a list of 四字熟語 breaks with 、; a company name is shorter).
"""

from __future__ import annotations

import re
import unicodedata

from lctg_metrics.instructions import morph
from lctg_metrics.instructions.text import split_sentences

_CONTENT = ("名詞", "動詞", "形容詞", "形状詞")
#: Light verbs and nouns that carry no content of their own (成る of 〜となります, 為る, 有る, 居る; の, こと).
_LIGHT = frozenset("成る 為る 有る 居る 事 物 の 程 所 方 なり-断定".split())
#: Function words an echo in kana may hold besides the words said: particles, copulas (modern and classical) and
#: emphasis (まことに, じつに, ほんとうに, そう, それ, これ), in katakana after the historical kana are folded.
_FUNCTION = (
    "ハ|ワ|ガ|オ|ヲ|ノ|ニ|モ|ヤ|ゾ|カ|ヨ|ネ|コソ|ナリ|ナレ|ナル|ケリ|ケル|ケレ|タリ|タル|デス|デアル|ダ|ナノ|ナノデス|"
    "ナンデス|デゴザイマス|ゴザイマス|マコトニ|ジツニ|ホントウニ|ホンマニ|ゲニ|ソウ|ソレ|コレ|アア"
)
_HISTORICAL = str.maketrans("ヘヲヰヱ", "エオイエ")
_MEDIAL = str.maketrans("ハヒフホ", "ワイウオ")
_KANJI = re.compile(r"[\u3400-\u9fff々]")
_KANJI_RUN = re.compile(r"[\u3400-\u9fff々〇]{20,}")
#: An echo is a sentence said: it has a predicate (です, なり, a verb) and four letters at least.
_PREDICATE = ("動詞", "形容詞", "助動詞")
#: How many echoes count: one restatement for emphasis.
_ECHOES = 1


def _keys(sentence: str) -> list[set[str]]:
    """Each content word of ``sentence`` as the set of its spellings: its kanji, its lemma and its reading; a
    negation (降りません) and a yes-no question (降りますか) are words of their own: each says something new."""
    morphemes = morph.analyze(sentence)
    out = [{"否"}] if any(m.lemma in ("ない", "無い", "ず", "ぬ") for m in morphemes) else []
    asks = re.search(r"(?:か|[?？])[。．.]?$", sentence) and not any(m.pos1 == "代名詞" for m in morphemes)
    out += [{"問"}] if asks else []
    for m in morphemes:
        lemma = m.lemma.split("-")[0]
        if m.pos1 not in _CONTENT or lemma in _LIGHT or m.surface in _LIGHT or m.pos2 == "非自立可能":
            continue
        out.append({"".join(_KANJI.findall(m.surface)) or lemma, lemma, m.reading} - {""})
    return out


def _modern(kana: str) -> str:
    """Historical kana read in modern kana: ヘ ヲ ヰ ヱ always (ヘ the particle is said エ too), ハ ヒ フ ホ inside a
    word (a kana after a kana; the particle ハ is kept as ワ-or-ハ by ``_FUNCTION``)."""
    kana = kana.translate(_HISTORICAL)
    return kana[:1] + "".join(
        ch.translate(_MEDIAL) if prev not in "ハワ" else ch for prev, ch in zip(kana, kana[1:], strict=False)
    )


def _kana_echo(sentence: str, readings: set[str]) -> bool:
    """Whether a sentence without kanji reads, in modern kana, as words said already and function words only."""
    letters = "".join(ch for ch in sentence if ch.isalnum())
    if not letters or _KANJI.search(letters) or not re.fullmatch(r"[ぁ-ゖァ-ヺー]+", letters):
        return False
    said = "|".join(sorted((re.escape(r) for r in readings if len(r) >= 2), key=len, reverse=True))
    kana = morph.to_katakana(letters)
    pattern = f"(?:{said}|{_FUNCTION})*(?:{said})(?:{said}|{_FUNCTION})*" if said else ""
    return bool(said) and any(re.fullmatch(pattern, k) for k in (kana, _modern(kana)))


def _value(item: str) -> int | None:
    """The value of one number written in any form (digits, Ⅲ, ③, kanji, kana, or a word in a few languages)."""
    word = unicodedata.normalize("NFKC", item).strip().lower()
    if word.isdigit():
        return int(word)
    if re.fullmatch(r"[ivx]+", word):
        return _ROMAN.get(word)
    return _NUMBER_WORDS.get(morph.to_katakana(word)) if word else None


_ROMAN = {r: n for n, r in enumerate("i ii iii iv v vi vii viii ix x".split(), 1)}
_NUMBER_WORDS = {
    w: n
    for n, words in enumerate(
        [
            "〇 零 ゼロ レイ zero null cero",
            "一 壱 イチ ヒト one un une eins uno",
            "二 弐 ニ フタ two deux zwei dos",
            "三 参 サン ミ ミッ three trois drei tres",
            "四 肆 シ ヨン ヨ four quatre vier cuatro",
            "五 伍 ゴ イツ five cinq fünf cinco",
            "六 陸 ロク ム six sechs seis",
            "七 漆 ナナ シチ seven sept sieben siete",
            "八 捌 ハチ ヤ eight huit acht ocho",
            "九 玖 キュウ ク nine neuf neun nueve",
            "十 拾 ジュウ トオ ten dix zehn diez",
        ]
    )
    for w in words.split()
}


def number_run(sentence: str) -> bool:
    """Whether a sentence is three or more items that are one number written in different forms."""
    items = [i for i in re.split(r"[、,，・/\s。．.!！]+", sentence) if i]
    values = {_value(i) for i in items}
    return len(items) >= 3 and len(values) == 1 and None not in values and len(set(items)) >= 3


def without_echoes(text: str) -> str:
    """``text`` without its echoes past the first, its number runs and its recited kanji passages (see above)."""
    said: list[set[str]] = []
    spoken: set[str] = set()
    out, at, echoes = [], 0, 0
    for sentence in split_sentences(text):
        start = text.find(sentence, at)
        if start < 0:
            continue
        letters = "".join(ch for ch in sentence if ch.isalnum())
        numbers = any(m.pos2 == "数詞" for m in morph.analyze(sentence))  # values, new by their place (三三が九)
        words = _keys(sentence) if _KANJI.search(sentence) and not numbers else []
        readings = {r for keys in said for r in keys if re.fullmatch(r"[ァ-ヺー]+", r)}
        old = bool(words) and all(any(k & s for s in said) for k in words)
        said_so = len(letters) >= 4 and any(m.pos1 in _PREDICATE for m in morph.analyze(sentence))
        echo = said_so and letters not in spoken and (old or (not numbers and _kana_echo(sentence, readings)))
        echoes += echo
        if (echo and echoes > _ECHOES) or number_run(sentence) or _KANJI_RUN.search(sentence):
            out.append(text[at:start])
            at = start + len(sentence)
        said.extend(words or _keys(sentence))
        spoken.add(letters)
    return "".join(out) + text[at:]


__all__ = ["number_run", "without_echoes"]
