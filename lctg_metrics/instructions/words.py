"""Word identity for the keyword checkers: when an occurrence in a response is the keyword a prompt names.

Both the response and the keyword are read in the reader's view (``visible.visible``: ＡＩ is AI, ｽﾏﾎ is スマホ, ⽇ is
日). An occurrence is then any of:

- **the spelling** — the keyword as written, anywhere (``match="substring"``: 栄養 in 栄養素; a one-kanji keyword
  not as a letter of a proper noun or a day's name: 愛知 holds no 愛, 金曜日 no 金, round 8) or only on morpheme
  boundaries (``match="word"``: 音 not in 音楽);
- **Latin case-insensitively, as a whole word** — a keyword edge that is a Latin letter or digit must not touch
  another one in the text: 「excel」 is met by Excel, forbidden 「AI」 is broken by ai (and by AIs, an English plural
  or possessive ending counts), but mail holds no 「ai」 and OpenAI no 「AI」;
- **the same token in another script** — a run of whole morphemes whose reading (the analyser's katakana reading)
  equals the keyword's, when the run or the keyword is written in kana (べんきょう for 勉強, トテモ for とても,
  ひじょうに for 非常に, すまほ for スマホ, 更に for さらに: a keyword in kana is met in kanji by its own lemma only, so
  する is not 擦る), or partly in kana with the keyword's own kanji (てん気 for
  天気), or when both are the same lemmas written differently
  (子ども for 子供); a kana run must end on a morpheme of the keyword's last part of speech (かい|がら, a verb, is
  no 貝). Two kanji words that only sound alike are different words (化学 is not 科学), and so are a verb
  or adjective written with another kanji the dictionary files under the same lemma (遭う is no 会う, 聴く no 聞く:
  ``wordforms.same_written``, 2.7); a reading never
  matches inside a longer word (はなしあい holds no 愛; where the analyser cuts kana oddly, as か|いしゃ for かいしゃ, a
  reading at the start of a run of kana ending on a morpheme end counts: かいしゃ is 会社 but holds no 医者), never
  starts or ends a run of whole morphemes on a particle or auxiliary the keyword does not start or end on (the は of
  「今日は」 is not 葉), is a whole word when written in katakana (the アイ of アイランズ is no 愛), is not counted
  again as the reading in brackets after the keyword (時間（じかん） is one occurrence), and needs two kana at least.

From checkers 2.1 the other spellings of ``variants`` count too: romaji (sumaho for スマホ), emphatic kana (とっても for
とても, すっごく for すごく), mixed kanji and kana (勉きょう for 勉強) and a word split by blanks inside running text
(勉 強), each where the text reads the whole token; for keywords a prompt asks for as for forbidden ones. Letters drawn
alike are read by their place (``lookalike``): 協カ is 協力, 口ボット is ロボット; old kanji forms and Latin look-alikes
are read as their standard letter (``forms``): 廣告 is 広告, Cyrillic АІ is AI.

Strict and loose modes read words the same way; loose only adds IFEval's response variants (``registry.check``).
"""

from __future__ import annotations

import functools
import re

from lctg_metrics.instructions import (
    colloquial,
    confusable,
    forms,
    historical_kana,
    hyphened,
    kana_alike,
    kana_words,
    kanji_alike,
    latin,
    lemmas,
    loans,
    lookalike,
    morph,
    productive,
    senses,
    signs,
    spelled,
    straddles,
    stray,
    transcribed,
    variants,
    whole_readings,
    wordforms,
)
from lctg_metrics.instructions.visible import visible

#: Keyword matching modes (see the module docstring).
MATCHES = ("substring", "word")
#: Parts of speech that are function words: a reading match may not start or end on one unless the keyword does.
_FUNCTION_POS = ("助詞", "助動詞", "接尾辞", "補助記号", "空白")
_LATIN = re.compile(r"[A-Za-z0-9]")
_KANA = re.compile(r"[ぁ-ゖァ-ヺー・ゝゞヽヾ]+")
#: Fewest kana in a reading that may match another script (one mora, e.g. 木 or 葉, is too often a particle or part).
MIN_READING = 2


def _ascii_lower(text: str) -> str:
    return text.translate(_LOWER)


_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _same_class(a: str, b: str) -> bool:
    return a.isascii() and b.isascii() and (a.isalpha() and b.isalpha() or a.isdigit() and b.isdigit())


#: English plural and possessive endings a Latin keyword may carry and stay itself (AIs, AI's, Excel's).
_LATIN_ENDING = re.compile(r"(?:'s|’s|es|s)(?![A-Za-z])")


def _latin_edges_ok(text: str, start: int, end: int, word: str) -> bool:
    """A Latin letter (digit) at an edge of the keyword does not touch another Latin letter (digit): whole words only
    (mail holds no ai; AI1 holds AI), an English plural or possessive ending aside (AIs, AI's)."""
    if start > 0 and _same_class(word[0], text[start - 1]):
        return False
    if end < len(text) and word[-1].isascii() and word[-1].isalpha() and _LATIN_ENDING.match(text, end):
        return True
    return not (end < len(text) and _same_class(word[-1], text[end]))


@functools.lru_cache(maxsize=2048)
def _tokens(text: str) -> tuple[tuple[int, int, morph.Morpheme], ...]:
    """Morphemes of ``text`` with their character offsets."""
    out, position = [], 0
    for m in morph.analyze(text):
        start = text.find(m.surface, position) if m.surface else -1
        if start < 0:
            start = position
        position = start + len(m.surface)
        out.append((start, position, m))
    return tuple(out)


@functools.lru_cache(maxsize=2048)
def _readings(text: str) -> tuple[str, ...]:
    """The katakana reading of each morpheme of ``text``."""
    return tuple(morph.to_katakana(m.reading) for _, _, m in _tokens(text))


def _boundaries(text: str) -> frozenset[int]:
    return frozenset(edge for start, end, _ in _tokens(text) for edge in (start, end))


def _is_kana(text: str) -> bool:
    return bool(_KANA.fullmatch(text))


_KATAKANA = re.compile(r"[ァ-ヺーヽヾ]")


def _whole_katakana_word(text: str, start: int, end: int) -> bool:
    """A span written in katakana is a whole katakana word, not a piece of a longer loanword the analyser cut (the アイ
    of アイランズ or アイフォーン is no 愛); a span in other scripts passes."""
    if not all(_KATAKANA.match(ch) for ch in text[start:end]):
        return True
    return not (start > 0 and _KATAKANA.match(text[start - 1])) and not (end < len(text) and _KATAKANA.match(text[end]))


def _spelled_from(written: str, word: str) -> bool:
    """Whether ``written`` spells ``word`` in kana, whole or in part (交ぜ書き: てん気 or 天き for 天気): every letter
    that is not kana is one of the keyword's own (転機 is no 天気)."""
    return all(_is_kana(ch) or ch in word for ch in written)


def _is_function(m: morph.Morpheme) -> bool:
    return m.pos1 in _FUNCTION_POS


def reading_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Runs of whole morphemes of ``text`` that are ``word`` in another script (see the module docstring). A keyword
    written in kana is read as written (the analyser may cut it oddly: かいしゃ alone is か|いしゃ) and matched by any
    run of content morphemes with that reading."""
    key = [m for m in morph.analyze(word) if m.pos1 not in ("補助記号", "空白")]
    if not key or any(_LATIN.search(m.surface) for m in key):
        return []
    word_kana = _is_kana(word)
    target = morph.to_katakana(word) if word_kana else "".join(morph.to_katakana(m.reading) for m in key)
    if len(target) < MIN_READING or not _is_kana(target):
        return []
    lemmas = [m.lemma for m in key]
    tokens, found = _tokens(text), []
    readings = _readings(text)
    for i, (start, _, first) in enumerate(tokens):
        if not readings[i] or not target.startswith(readings[i]):
            continue
        if _is_function(first) != (_is_function(key[0]) and not word_kana) or stray.particle_before(tokens, i):
            continue
        said = ""
        for j in range(i, len(tokens)):
            said += readings[j]
            if not target.startswith(said):
                break
            if said == target:
                run = [t[2] for t in tokens[i : j + 1]]
                end = tokens[j][1]
                if not _whole_katakana_word(text, start, end):
                    break
                if word_kana:
                    if (
                        _is_kana(text[start:end])
                        or [m.lemma for m in run] == lemmas
                        or (len(key) > 1 and len(run) == 1)
                    ):
                        found.append((start, end))
                elif _is_function(run[-1]) == _is_function(key[-1]) and (
                    (_spelled_from(text[start:end], word) and run[-1].pos1 == key[-1].pos1)
                    or ([m.lemma for m in run] == lemmas and all(map(wordforms.same_written, run, key)))
                ):
                    found.append((start, end))
                break
    runs = _kana_run_spans(text, target, tokens)  # かき|ました is 書く, no 柿 (round 26)
    return found + [s for s in runs if word_kana or kana_words.can_be(text, *s, key[-1])]


Tokens = stray.Tokens


def _kana_run_spans(text: str, target: str, tokens: Tokens) -> list[tuple[int, int]]:
    """The keyword's reading written in kana where the analyser cut the kana differently (かいしゃに → か|いしゃ|に): an
    occurrence in a run of kana that starts at the run's start, or after a word or a particle attached to one where
    a content morpheme or a particle begins (私は|か|いしゃ, 新しい|か|いしゃ; not はなし|あい, a suffix), and ends at
    the run's end or at a morpheme end not followed by a suffix (かいがら is no 貝), never inside a word the analyser
    reads across the run's edge (かき氷 is one word: no かき; round 25). Known limit: after a word, the
    analyser's か|いしゃ also reads as 医者 (新しいかいしゃ holds both 会社 and 医者)."""
    ends = {end: i for i, (_, end, _) in enumerate(tokens)}
    starts = {start for start, _, _ in tokens}
    found: list[tuple[int, int]] = []
    for run in _KANA.finditer(text):
        said = morph.to_katakana(run.group())
        at = said.find(target)
        while at >= 0:
            start, end = run.start() + at, run.start() + at + len(target)
            b = ends.get(start)
            starts_word = start == run.start() or (
                b is not None
                and b + 1 < len(tokens)
                and not stray.is_stray(tokens, b)
                and (not _is_function(tokens[b + 1][2]) or tokens[b + 1][2].pos1 == "助詞")
            )
            after = ends.get(end)
            ends_word = end == run.end() or (
                after is not None and (after + 1 == len(tokens) or tokens[after + 1][2].pos1 != "接尾辞")
            )
            words_there = [m.pos1 for a, b, m in tokens if start <= a and b <= end]
            function_only = (
                start in starts
                and end in ends
                and all(  # はな in 限りはな, いえ (no): particles, interjections
                    pos in _FUNCTION_POS or pos == "感動詞" for pos in words_there
                )
            )
            across = any(a < edge < b for a, b, _ in tokens for edge in (start, end))  # かき|氷 read as one word
            if (
                starts_word
                and ends_word
                and not function_only
                and not across
                and _whole_katakana_word(text, start, end)
            ):
                found.append((start, end))
            at = said.find(target, at + 1)
    return found


def spans(text: str, word: str, match: str = "substring") -> list[tuple[int, int]]:
    """Where ``word`` occurs in the reader's view of ``text``, as non-overlapping ``(start, end)`` offsets into
    ``visible(text)``, under a matching mode (``MATCHES``)."""
    if match not in MATCHES:
        raise ValueError(f"unknown keyword match {match!r}; valid: {', '.join(MATCHES)}")
    if not word.strip():
        raise ValueError("keyword must be a non-empty string")
    if (expanded := signs.written_out(text, word.strip())) is not None:  # ㈱ and (株) are 株式会社 (2.7): offsets
        return spans(expanded, word, match)  # then index the written-out view
    seen, key = visible(text), forms.standard(visible(word).strip())
    if not key:
        return []
    found = []
    views: tuple[str, ...] = (seen, lookalike.as_read(seen), lookalike.as_katakana(seen), forms.standard(seen))
    views += (
        latin.folded(seen),
        confusable.latin_read(forms.standard(seen)),
        confusable.stroke_toward(seen, key),  # Gmaiӏ: a bare stroke is the l, I or i the word needs
        kana_alike.toward(seen, key),
        historical_kana.modern(seen),  # ありがたう (round 19)
        loans.hiragana_loans(seen),  # ぐーぐる (round 23)
    )  # ᎪI, メロソ
    for view in dict.fromkeys(views):  # same offsets
        found += _spans_in(view, key, match)
    found += latin.romaji_spans(seen, key, latin.kanji_reading(key))  # Toukyou is Tokyo (r10), SUSHI 寿司 (r17)
    found += loans.variant_spans(seen, key)  # スマフォ is スマホ (round 12)
    found += transcribed.spans(seen, key)  # インスタグラム is Instagram (round 33)
    found += colloquial.spans(seen, key)  # さむっ, いってぇ, すいません, あざっす: said casually (round 14)
    for strip in (wordforms.without_readings, spelled.joined):  # 勉（べん）強（きょう）; ス/マ/ホ spelled out (2.8)
        bare, where = strip(seen)
        found += [(where[a], where[b - 1] + 1) for a, b in _spans_in(bare, key, match)] if bare != seen else []
    found += [  # りンゴ, 彡ルク, スマ/ホ (2.8)
        *spelled.mixed_kana_spans(seen, key),
        *confusable.radical_spans(seen, key),
        *spelled.one_mark_spans(seen, key),
        *kanji_alike.spans(seen, key),  # 末定 for 未定 (issue 32)
        *kana_alike.two_letter_spans(seen, key),  # ツーノレ for ツール (issue 32)
    ]
    joined, where = wordforms.without_latin_joins(seen)
    whole = wordforms.without_latin_joins(key)[0]
    if (joined != seen or whole != key) and whole.isascii() and whole.isalnum():  # Wi-Fi is wifi (2.6), and back
        found += [(where[a], where[b - 1] + 1) for a, b in _spans_in(joined, whole, match)]
    chosen, last_end = [], -1
    for start, end in senses.kept(seen, key, sorted(set(found))):  # はしを渡る is 橋, not 箸 (2.8)
        if start >= last_end and not kana_words.in_longer_word(seen, start, end, key):  # みずぎ: no みず (r26)
            if straddles.across_words(seen, start, end, key) or wordforms.auxiliary_at(seen, start, end):
                continue  # 東京|都 holds no 京都 (round 27); やってみる no 見る (round 34)
            chosen.append((start, end))
            last_end = end
    return chosen


def _spans_in(seen: str, key: str, match: str) -> list[tuple[int, int]]:
    """``spans`` in one reading of the visible text: the spelling, the same token in another script, other spellings."""
    lowered, lowered_key = _ascii_lower(seen), _ascii_lower(key)
    # a keyword in katakana is a loanword, one in hiragana a word: only on the analyser's word edges (パンダ holds no
    # パン, アイドル no ドル, いいえ no いい)
    # (the keyword written twice running, スキルスキル, is two)
    loanword = match != "word" and bool(_KATAKANA_WORD.fullmatch(key) or _HIRAGANA_WORD.fullmatch(key))
    edges = _boundaries(seen) if match == "word" or loanword else None
    found = []
    start = lowered.find(lowered_key)
    while start >= 0:
        end = start + len(key)
        on_edges = edges is None or (  # 猫|好き: a word before a productive tail the dictionary joins (round 33)
            (start in edges or (loanword and seen.endswith(key, 0, start)) or productive.cut_at(seen, start))
            and (end in edges or (loanword and seen.startswith(key, end)) or productive.cut_at(seen, end))
        )
        if _latin_edges_ok(seen, start, end, key) and on_edges and not wordforms.title_word(seen, start, end, key):
            found.append((start, end))
        start = lowered.find(lowered_key, start + 1)
    if len(key) == 1 and wordforms.KANJI.match(key) and found:
        found = [
            (a, b) for a, b in found if not wordforms.in_name(seen, a, b) and not whole_readings.read_whole(seen, a, b)
        ]
    others = (  # Tシャツ for T-shirt (r16), computer for コンピューター (2.8)
        reading_spans(seen, key)
        + wordforms.form_spans(seen, key)
        + hyphened.spans(seen, key)
        + loans.origin_spans(seen, key)
        + lemmas.spans(seen, key)  # わたし is 私 (round 34)
    )
    others = [(a, b) for a, b in others if not kana_words.ruby_of_word_before(seen, a, b)]  # 紙（かみ）: no 神
    return found + [(a, b) for a, b in others if not _gloss(seen, a, b, found)] + variants.spans(seen, key)


_KATAKANA_WORD = re.compile(r"[ァ-ヺー]{2,}")
#: A keyword in hiragana is a word too (2.5): いい is not in いいえ or かわいい, ある not in あるいは.
_HIRAGANA_WORD = re.compile(r"[ぁ-ゖー]{2,}")


def _gloss(text: str, start: int, end: int, spelled: list[tuple[int, int]]) -> bool:
    """A reading in brackets right after the keyword's spelling (時間（じかん）) glosses that occurrence: not
    another."""
    return (
        0 < start
        and end < len(text)
        and text[start - 1] in "（("
        and text[end] in "）)"
        and any(e == start - 1 for _, e in spelled)
    )


def same_word(a: str, b: str) -> bool:
    """Whether two short spans (a highlight, a list item) are one word to a reader: either, read in full, is the other
    in another script or spelling (《安全》 and 《あんぜん》, 《スマホ》 and 《sumaho》); 科学 and 化学 stay two."""
    for text, word in ((a, b), (b, a)):
        seen, key = visible(text).strip(), visible(word).strip()
        if min(len(seen), len(key)) < 2:
            continue  # one letter is no word to read in another script (the analyser reads a lone づ as 出る)
        if any(start == 0 and end == len(seen) for start, end in spans(seen, key)):
            return True
    return False


def count(text: str, word: str, match: str = "substring") -> int:
    """How often ``word`` occurs in ``text`` (see ``spans``)."""
    return len(spans(text, word, match))


def starts_with(text: str, word: str) -> bool:
    """Whether the reader's view of ``text`` starts with ``word`` (as written, or as the same token in another script:
    a paragraph starting with 更に starts with さらに) as a whole word (a Latin word, or kana by ``word_ends``:
    またたく does not start with また)."""
    seen, key = visible(text), visible(word).strip()
    if _ascii_lower(seen).startswith(_ascii_lower(key)):
        if _LATIN.match(key[-1]) and len(seen) > len(key) and _LATIN.match(seen[len(key)]):
            return False
        return wordforms.word_ends(seen, len(key))
    return any(start == 0 for start, _ in reading_spans(seen, key) + lemmas.spans(seen, key))  # わたし is 私


__all__ = ["MATCHES", "MIN_READING", "count", "reading_spans", "same_word", "spans", "starts_with"]
