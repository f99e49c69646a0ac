"""Word forms a keyword match reads through (``words``): a content word's dictionary form (its inflections and the
spellings the dictionary lists under it), the loanword a Latin keyword names, an acronym spelled as said, per-kanji
furigana written inline and kana spelled out between middle dots."""

from __future__ import annotations

import re
from collections.abc import Sequence

from lctg_metrics.instructions import morph, stray

#: Parts of speech whose lemma names the word in any spelling or inflection (食べ|ました is 食べる, ヴァイオリン is
#: バイオリン, やっぱり is やはり, ウィルス is ウイルス).
_LEMMA_POS = ("名詞", "動詞", "形容詞", "副詞", "形状詞")
_LATIN_WORD = re.compile(r"[A-Za-z]{3,}")


def _lemma(m: morph.Morpheme) -> str:
    return m.lemma.split("-")[0]


#: A short causative's dictionary form (行かす, 書かす): a kanji, an あ-row kana and す.
_SHORT_CAUSATIVE = re.compile(r"(.*[\u4e00-\u9fff々])([かがさたなばまらわ])す")
_U_ROW = str.maketrans("かがさたなばまらわ", "くぐすつぬぶむるう")


def _lemma_at(tokens: Sequence[tuple[int, int, morph.Morpheme]], i: int) -> str:
    """The dictionary form of the morpheme at ``i``; a short causative made passive (行かさ|れ|た, "was made to go")
    is the verb it is made from (行く: round 17), the analyser filing it as a verb of its own."""
    lemma, after = _lemma(tokens[i][2]), tokens[i + 1][2] if i + 1 < len(tokens) else None
    found = _SHORT_CAUSATIVE.fullmatch(lemma)
    if found and tokens[i][2].pos1 == "動詞" and after is not None and _lemma(after) in ("れる", "られる"):
        return found.group(1) + found.group(2).translate(_U_ROW)
    return lemma


#: Parts of speech whose kanji carry the meaning among words of one sound the dictionary files under one lemma.
_KANJI_STEM_POS = ("動詞", "形容詞")
#: The kanji of the 常用漢字表's 異字同訓 verbs and adjectives (文化審議会「「異字同訓」の漢字の使い分け例」,
#: 2014): each is its own word where another of its group is written (会う・合う・遭う, 聞く・聴く・効く,
#: 見る・診る, 早い・速い, 暖かい・温かい, 作る・造る・創る, 取る・撮る・採る…), though the dictionary files a
#: group under one lemma. A kanji outside the table (観る, 逢う: a reading the table does not give) is the word in
#: another spelling.
_DISTINCT_KUN = frozenset(
    "会合遭上揚挙明空開暖温暑熱厚誤謝荒粗表現著有在併痛傷悼入要受請歌謡打討撃写映生産犯侵冒送贈遅後起興押抑収納治修"
    "推踊躍降下返帰変換替代掛懸架係書描賭欠駆堅固硬乾渇聞聴効利切着極究窮越超探捜裂割提差指刺挿覚冷沈鎮絞搾進勧薦刷擦"
    "沿添備供耐堪尋訪立建断絶裁尊貴使遣付就突次継接作造創慎謹努勤務解説溶整調飛跳止留泊取採執捕撮直長永泣鳴乗載望臨伸"
    "延登昇図計測量謀諮初始離放早速張貼吹噴更老振震奮交混丸円見診破敗柔軟読詠分別煩患"
)


def same_written(found: morph.Morpheme, key: morph.Morpheme) -> bool:
    """Whether a verb or adjective found by its lemma is written as the keyword's word (2.7, round 10): written with
    another kanji of its 異字同訓 group (``_DISTINCT_KUN``) it is another word to a reader (遭い is no 会う, 聴く
    no 聞く, 診る no 見る, 速い no 早い); a spelling in kana (あいました) is the word by sound, and a kanji the
    table gives no such reading (観た for 見る) another spelling. Nouns and 形状詞 filed under one lemma are one word
    in another spelling (鮨 is 寿司, 奇麗 is 綺麗, 子ども is 子供) and are not asked to agree."""
    if key.pos1 not in _KANJI_STEM_POS:
        return True
    written, wanted = set(KANJI.findall(found.surface)), set(KANJI.findall(key.surface))
    return not ((written - wanted) & _DISTINCT_KUN and wanted & _DISTINCT_KUN)


def lemma_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Runs of morphemes whose dictionary forms are the keyword's (an inflected verb, another spelling the dictionary
    lists), for a keyword of two letters or more that the analyser reads wholly, without symbols, as words that start
    and end on a content word (ークラス is no クラス); a Latin keyword of three letters or more, the loanword whose
    dictionary origin it is."""
    spelled = acronym_spans(text, word)
    if _LATIN_WORD.fullmatch(word):  # a loanword written in katakana: the dictionary names its origin (パイソン-python)
        wanted = word.lower()
        return spelled + [(a, b) for a, b, m in morph.spans(text) if m.lemma.partition("-")[2].lower() == wanted]
    if spelled:
        return spelled
    key = list(morph.analyze(word))
    if (
        not key
        or len(word) < 2
        or "".join(m.surface for m in key) != word
        or not (key[0].pos1 in _LEMMA_POS and (key[-1].pos1 in _LEMMA_POS or _negated_verb(key)))
    ):
        return []
    lemmas = [_lemma(m) for m in key]
    tokens, found = morph.spans(text), []
    for i in range(len(tokens) - len(key) + 1):
        run = tokens[i : i + len(key)]
        if [_lemma_at(tokens, i + j) for j in range(len(run))] == lemmas and all(
            t[2].pos1 == k.pos1 and same_written(t[2], k) for t, k in zip(run, key)
        ):
            kana_cut = _KANA_ONLY.fullmatch(run[0][2].surface) and stray.particle_before(tokens, i)  # か|いしゃ
            if not _auxiliary_after_te(tokens, i, len(key)) and not kana_cut:
                found.append((run[0][0], run[-1][1]))
    return found


def _negated_verb(key: list[morph.Morpheme]) -> bool:
    """A keyword that is a verb with its negation (つまらない is 詰まる + ない to the analyser, 2.8): met by the verb
    with the negation in any inflection (つまらなかった, つまらなければ), as an adjective keyword is."""
    return len(key) >= 2 and key[-2].pos1 == "動詞" and key[-1].pos1 == "助動詞" and key[-1].lemma == "ない"


def _auxiliary_after_te(tokens: tuple[tuple[int, int, morph.Morpheme], ...], i: int, size: int) -> bool:
    """Whether a one-word match is an auxiliary verb written in kana after て・で (やってみる, 読んでおく: r7): the
    grammar word style guides write in kana, not the verb 見る or 置く (見てみる's first 見 still is)."""
    m = tokens[i][2]
    kana = all("ぁ" <= ch <= "ゖ" for ch in m.surface)
    return size == 1 and i > 0 and kana and m.pos2 == "非自立可能" and tokens[i - 1][2].lemma == "て"


def auxiliary_at(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is one auxiliary verb written in kana after て・で (``_auxiliary_after_te``), found
    by any reading of the keyword (やってみる: みる is no 見る by its sound either; round 34)."""
    tokens = morph.spans(text)
    i = next((i for i, (a, b, _) in enumerate(tokens) if a == start and b == end), None)
    return i is not None and _auxiliary_after_te(tokens, i, 1)


_KANA_ONLY = re.compile(r"[ぁ-ゖァ-ヺー]+")


def kana_adjective_spans(text: str, word: str) -> list[tuple[int, int]]:
    """An adjective keyword written in kana in a colloquial form the analyser still reads as an adjective: emphatic
    (あっつい), a stem (アツすぎ); matched when the dictionary form it reads there sounds as the keyword does (r7). Like
    every kana match, it cannot tell homophones apart (あつい for 熱い also reads as 暑い)."""
    key = morph.analyze(word)
    if len(key) != 1 or key[0].pos1 != "形容詞" or _KANA_ONLY.fullmatch(word):
        return []
    said = morph.to_katakana(key[0].reading)
    return [
        (a, b)
        for a, b, m in morph.spans(text)
        if m.pos1 == "形容詞"
        and _KANA_ONLY.fullmatch(m.surface)
        and morph.to_katakana(morph.analyze(m.lemma)[0].reading if morph.analyze(m.lemma) else "") == said
    ]


_KATAKANA_RUN = re.compile(r"[ァ-ヶー]{2,}")


def _said_lemma(m: morph.Morpheme) -> str:
    """How a morpheme's dictionary form is said (楽しかっ → タノシイ)."""
    words = morph.analyze(_lemma(m))
    return morph.to_katakana(words[0].reading) if words else ""


def katakana_form_spans(text: str, word: str) -> list[tuple[int, int]]:
    """A verb or adjective keyword written in katakana in any inflection (タノシカッタ for 楽しい, タベタ for 食べる,
    2.7): a katakana run the analyser does not read as loanwords (コーヒーミル is two, ミル no 見る) or as one word it
    knows (イルカ is 海豚: no いる) that, read as hiragana, is one verb or adjective whose dictionary form sounds as
    the keyword's, then only auxiliaries, particles and the dependent words of an inflection (なかった, ている,
    すぎる, そう). Like every kana match, it cannot tell homophones apart."""
    key = morph.analyze(word)
    if len(key) != 1 or key[0].pos1 not in ("動詞", "形容詞") or _KANA_ONLY.fullmatch(word):
        return []
    said, found = _said_lemma(key[0]), []
    for run in _KATAKANA_RUN.finditer(text):
        known = morph.analyze(run.group())
        if all("-" in m.lemma for m in known) or (len(known) == 1 and known[0].lemma != known[0].surface):
            continue  # loanwords, or one word the dictionary knows (イルカ is 海豚, no いる + か)
        read = morph.analyze("".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in run.group()))
        head, rest = (read[0], read[1:]) if read else (None, ())
        if head and head.pos1 == key[0].pos1 and _said_lemma(head) == said:
            if all(m.pos1 in ("助動詞", "助詞") or m.pos2 in ("非自立可能", "助動詞語幹") for m in rest):
                found.append(run.span())
    return found


def form_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Where the keyword occurs in another form of the same word: its dictionary form (``lemma_spans``), a colloquial
    kana adjective (``kana_adjective_spans``) or katakana in any inflection (``katakana_form_spans``)."""
    spans = lemma_spans(text, word) + kana_adjective_spans(text, word) + katakana_form_spans(text, word)
    return spans + cry_spans(text, word)


def cry_spans(text: str, word: str) -> list[tuple[int, int]]:
    """An い-adjective keyword cut short as a cry (暑っ！, 痛っ, 寒っ。; 2.7): its stem and a small っ with no letter
    after it (暑っ苦しい goes on into another word). The analyser reads 暑っ as a symbol, so no lemma finds it."""
    key = morph.analyze(word)
    stem = word[:-1]
    if len(key) != 1 or key[0].pos1 != "形容詞" or not word.endswith("い") or not (KANJI.search(stem) or len(stem) > 1):
        return []  # a one-kana stem (いい) is too short to tell a cry from other words
    return [m.span() for m in re.finditer(re.escape(stem) + r"[っッ]+(?![^\W\d_])", text)]


_LATIN_NEIGHBOUR = re.compile(r"[A-Za-z]+ $|^ [A-Za-z]+")


def title_word(seen: str, start: int, end: int, key: str) -> bool:
    """Whether an acronym keyword (IT, AI) is found as a capitalised English word among English words (r7: 「Let It
    Be」's It is the pronoun): the acronym matches in capitals, in lower case and alone (Ai技術)."""
    found = seen[start:end]
    if not (len(key) >= 2 and key.isascii() and key.isupper() and found[:1].isupper() and found[1:].islower()):
        return False
    return bool(_LATIN_NEIGHBOUR.search(seen[max(0, start - 20) : start]) or _LATIN_NEIGHBOUR.search(seen[end:]))


#: How the Latin letters are said in katakana (2.5): an acronym spelled as it is said (エーアイ for AI,
#: エスエヌエス for SNS) is the acronym.
_LETTER_NAMES = {
    "a": "エー|エイ",
    "b": "ビー",
    "c": "シー",
    "d": "ディー|デー",
    "e": "イー",
    "f": "エフ",
    "g": "ジー",
    "h": "エイチ|エッチ",
    "i": "アイ",
    "j": "ジェー|ジェイ",
    "k": "ケー|ケイ",
    "l": "エル",
    "m": "エム",
    "n": "エヌ",
    "o": "オー",
    "p": "ピー",
    "q": "キュー",
    "r": "アール",
    "s": "エス",
    "t": "ティー|テー",
    "u": "ユー",
    "v": "ブイ|ヴィー",
    "w": "ダブリュー|ダブリュ",
    "x": "エックス",
    "y": "ワイ",
    "z": "ゼット|ズィー|ゼッド",
}
_NAMES_AS_LISTED = _LETTER_NAMES


def _with_short_forms(names: str) -> str:
    """A letter's names and their short forms (2.8): a name of three letters or more ending in ー is also said
    without it (ディー and ディ, キュー and キュ, ダブリュー and ダブリュ); a shorter one (ピー) is not, since ピ is a
    kana, not a letter's name."""
    forms = names.split("|")
    forms += [f[:-1] for f in forms if len(f) >= 3 and f.endswith("ー") and f[:-1] not in forms]
    return "|".join(sorted(forms, key=len, reverse=True))


_LETTER_NAMES = {letter: _with_short_forms(names) for letter, names in _NAMES_AS_LISTED.items()}


def _SAME_SCRIPT(before: str, first: str) -> bool:
    """Whether two letters are kana of one script (ー goes with either)."""
    kata = lambda ch: "ァ" <= ch <= "ヺ" or ch == "ー"  # noqa: E731
    hira = lambda ch: "ぁ" <= ch <= "ゖ" or ch == "ー"  # noqa: E731
    return (kata(before) and kata(first)) or (hira(before) and hira(first))


#: An acronym: two to five Latin letters.
_ACRONYM = re.compile(r"[A-Za-z]{2,5}")


def acronym_spans(text: str, word: str) -> list[tuple[int, int]]:
    """Where an acronym keyword is spelled as its letters are said, in katakana or hiragana, starting a word (blanks
    or middle dots between the letters allowed; エーアイ, えーあい, エー・アイ, エーアイチャット for AI)."""
    if not _ACRONYM.fullmatch(word):
        return []
    body = "[・･\\s]?".join(f"(?:{_LETTER_NAMES[ch]})" for ch in word.lower())
    pattern = re.compile(body)
    edges = {edge for a, b, _ in morph.spans(text) for edge in (a, b)}
    found = [  # starting a word: no letter of its own script before it (新しいピーシー, 2.8), or names in hiragana
        (m.start(), m.end())  # with a long-vowel mark, which no hiragana word around them holds (あたらしいぴーしー),
        for m in pattern.finditer(morph.to_katakana(text))  # or words of their own to the analyser (ノート|ピー|シー)
        if not (m.start() and _SAME_SCRIPT(text[m.start() - 1], text[m.start()]))
        or ("ぁ" <= text[m.start()] <= "ゖ" and "ー" in text[m.start() : m.end()])
        or (m.start() in edges and m.end() in edges)
    ]
    # another spelling the dictionary files under the acronym's reading (オッケー under オーケー: r7)
    return found + [(a, b) for a, b, m in morph.spans(text) if pattern.fullmatch(m.lemma.partition("-")[0])]


#: A kana reading in brackets right after a kanji (per-kanji furigana written inline: 勉（べん）強（きょう）).
_INLINE_READING = re.compile(r"(?<=[\u3400-\u9fff々])[（(][ぁ-ゖァ-ヺー]+[)）]")


#: Kana spelled out one or two letters at a time between middle dots (べ・ん・きょ・う; not ミルク・ティー, and not
#: blanks, which 分かち書き puts between short words).
_SPELLED_OUT = re.compile(r"(?<![ぁ-ゖァ-ヺー])(?:[ぁ-ゖァ-ヺー]{1,2}[・･]){2,}[ぁ-ゖァ-ヺー]{1,2}(?![ぁ-ゖァ-ヺー])")


def without_readings(text: str) -> tuple[str, list[int]]:
    """``text`` without inline readings after kanji and without the dots of kana spelled out letter by letter, and the
    offset in ``text`` of each character kept."""
    kept = list(range(len(text)))
    for m in _INLINE_READING.finditer(text):
        kept[m.start() : m.end()] = [-1] * (m.end() - m.start())
    for m in _SPELLED_OUT.finditer(text):
        for i in range(m.start(), m.end()):
            if text[i] in "・･":
                kept[i] = -1
    where = [i for i in kept if i >= 0]
    return "".join(text[i] for i in where), where


#: A hyphen, dash, middle dot or one blank between two Latin letters: the joins of one Latin word written in parts
#: (Wi-Fi, e-mail, T-shirt, Wi・Fi, Wi Fi are wifi, email, tshirt to a keyword written whole; 2.6); and a dot between
#: two single letters, an acronym's (A.I. is AI, round 8).
_LATIN_JOIN = re.compile(
    r"(?<=[A-Za-z])[-‐‑–—・･· ](?=[A-Za-z])|(?<![A-Za-z][A-Za-z])(?<=[A-Za-z])[.．](?=[A-Za-z](?![A-Za-z]))"
)


def without_latin_joins(text: str) -> tuple[str, list[int]]:
    """``text`` without the joins inside a Latin word written in parts (``_LATIN_JOIN``), and the offset in ``text``
    of each character kept. A keyword is matched there as a whole word, so a blank joins only an isolated run
    (「Wi Fiが無料」; 「Wi Fi is free」 reads as one run of letters, not wifi)."""
    dropped = {m.start() for m in _LATIN_JOIN.finditer(text)}
    where = [i for i in range(len(text)) if i not in dropped]
    return "".join(text[i] for i in where), where


KANJI = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def in_name(seen: str, start: int, end: int) -> bool:
    """Whether a one-kanji keyword found at ``start:end`` is only a letter of a longer word (2.6, round 8): a proper
    noun (愛知 holds no 愛), a day of the week (金曜日 uses no 金), or (2.7) a word the dictionary files under a form
    without that kanji (海老 is 蝦, read エビ: a spelling for its sound and look, no 海 in it), which a reader never
    reads as the word. A compound filed under itself holds its kanji (海辺, 海水浴, 海苔 hold 海)."""
    for a, b, m in morph.spans(seen):
        if a <= start and end <= b and b - a > end - start:
            return m.pos2 == "固有名詞" or m.surface.endswith("曜") or seen[start:end] not in m.lemma
    return False


_KANA_CHAR = re.compile(r"[ぁ-ゖァ-ヺー]")


def word_ends(text: str, at: int) -> bool:
    """Whether a phrase that ends in kana, followed by kana, is read as the same words at the start of ``text`` (2.5):
    the analyser cuts the text at the phrase's end and reads the same lemmas there as in the phrase alone (「はい、」
    and 「はいです」 start with はい, and so does 「はいっ、」 with an emphatic small っ not before kana (round 12);
    「はいりません」 (入る), 「はいいろ」 (灰色), 「はいった」 and 「またたく」 (瞬く) do not)."""
    if not 0 < at < len(text) or not (_KANA_CHAR.match(text[at - 1]) and _KANA_CHAR.match(text[at])):
        return True
    if text[at] in "っッ" and not _KANA_CHAR.match(text[at + 1 : at + 2] or "。"):  # はいっ、 よしっ！ (round 12)
        return word_ends(text[:at] + text[at + 1 :], at)
    cut = morph.spans(text[: at + 24])
    head = [m for start, end, m in cut if end <= at]
    if sum(len(m.surface) for m in head) != at or _leftover(next((m for s, e, m in cut if s >= at), None)):
        return False
    return [m.lemma for m in head] == [m.lemma for m in morph.analyze(text[:at])]


def _leftover(m: morph.Morpheme | None) -> bool:
    """Whether the morpheme after a phrase is no word but the rest of one the analyser missed (round 10: さて|つ of
    さてつ, 砂鉄, is read as a symbol): one kana that is not a particle, auxiliary or suffix, a kana read as a
    symbol, or a morpheme starting with a letter no word starts with (ん, ゃ, ゅ, ょ: さて|んで of 茶店, さてん). A
    particle (はいです, さてと), a word of its own (こんにちはみなさん) or ございます after おはよう starts a word."""
    if m is None or not _KANA_CHAR.match(m.surface[:1]):
        return False
    grammar = m.pos1 in ("助詞", "助動詞", "接尾辞") or m.pos2 == "非自立可能"
    no_start = m.surface[0] in "んンゃゅょャュョ"  # no word starts so (さて|んで of さてん)
    return m.pos1 == "記号" or no_start or (len(m.surface) == 1 and not grammar)


def starts_word(text: str, at: int) -> bool:
    """Whether a closing phrase that starts with a letter, after a letter (kana, and from 2.8 kanji), starts a word at
    ``at`` (round 10): the analyser cuts ``text`` there, so the phrase is not the tail of a longer word (さかな ends
    with no かな, ますます with no ます, 不明です with no 明です; 楽しかったかな and 思います do), nor after a word it
    cut into letters (かたかな is no か|た|かな: ``_NO_AUXILIARY_AFTER``)."""
    letter = lambda ch: bool(_KANA_CHAR.match(ch) or KANJI.match(ch))  # noqa: E731
    if not 0 < at < len(text) or not (letter(text[at - 1]) and letter(text[at])):
        return True
    spans = morph.spans(text)
    before = [m for _, end, m in spans if end <= at][-3:]
    miscut = any(  # と|か|た|か|な: an auxiliary after a case or adverbial particle cuts an unknown word (round 17)
        a.pos1 == "助詞" and a.pos2 in _NO_AUXILIARY_AFTER and b.pos1 == "助動詞" for a, b in zip(before, before[1:])
    )
    return not miscut and any(start == at for start, _, _ in spans)  # 2.8: kanji too (不明です ends with no 明です)


#: Particles no auxiliary follows (の of のだ and て of てた may): after one, the analyser cut a word it did not know.
_NO_AUXILIARY_AFTER = ("格助詞", "副助詞", "係助詞")


__all__ = [
    "KANJI",
    "acronym_spans",
    "in_name",
    "cry_spans",
    "form_spans",
    "katakana_form_spans",
    "lemma_spans",
    "without_latin_joins",
    "without_readings",
    "starts_word",
    "word_ends",
]
