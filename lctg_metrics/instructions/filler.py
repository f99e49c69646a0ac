"""Sentences a reader does not count toward a minimum length (checkers 2.8).

- A note that the text fills its length (以下は字数合わせのための文章です。, 文字数を稼ぐために書いています。, この文に
  意味はありません。) is no content, and so are, from round 11, filler copy named as such (ここから下は埋め草です。,
  この文章はダミーです。… 行間等を確認するために入れています。) and notes that the text holds nothing or may be
  skipped (中身は特にございません。, 読み飛ばしていただいて構いません。), and from round 12 closing formulas that only
  say the answer is over (以上が結論となります。, 説明は以上のとおりです。). A sentence about length that is the
  answer's subject (字数を満たすには具体例を足すとよいです。) refers to no text of its own and counts.
- One claim said again with its words moved, particles or final particles changed or an adverb added (京都はとても
  いいです。 after とても京都はいいです。; 雨がね、降ります。 after 雨が降ります。) says nothing new: a claim with a
  predicate (of two content words or more; from round 11 of one too, 赤です。赤なのです。赤でございます。) counts
  in two wordings (the claim and one restatement for emphasis), not in a third. A sentence said again word for word
  is a refrain or a repeat, which ``seen`` counts by its own rules (a refrain after each verse counts). A claim
  written with kanji and said again in hiragana, katakana or romaji (明日は晴れです。あしたははれです。
  アシタハハレデス。ashita wa hare desu.) counts once.
- Round 13: a sentence that only speaks of the text's own length or writing, a bare note that it need not be read
  and a sentence in Chinese restating the answer (``selfnotes``), and a layout formula (``pending``).
- Round 17: a claim said again with words left out (Ａ．赤です after 答えは赤です) is another wording of it, and a
  table of contents naming sections the text does not hold (``absent``) is no content."""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from lctg_metrics.instructions import morph, romaji
from lctg_metrics.instructions.abbreviations import sentence_parts
from lctg_metrics.instructions.absent import absent_contents
from lctg_metrics.instructions.chants import without_chants
from lctg_metrics.instructions.echoes import without_echoes
from lctg_metrics.instructions.foreign import foreign_sentence
from lctg_metrics.instructions.formulas import formula, formula_spans
from lctg_metrics.instructions.in_other_words import said_in_other_words
from lctg_metrics.instructions.lead_ins import lead_ins_apart
from lctg_metrics.instructions.nothing_more import says_nothing_more
from lctg_metrics.instructions.noun_runs import recital_from
from lctg_metrics.instructions.numbered_sayings import recited_saying
from lctg_metrics.instructions.pending import layout_formula, promises_later
from lctg_metrics.instructions.quantities import restated_quantity
from lctg_metrics.instructions.readings import readings_at
from lctg_metrics.instructions.reported import quoted_request, reported
from lctg_metrics.instructions.selfnotes import about_writing, chinese_restatement
from lctg_metrics.instructions.text import split_sentences

#: Filling the length: 字数合わせ, 文字数を稼ぐ / 満たす / 埋める / 増やす / 水増しする; from round 11 the names of
#: filler copy (埋め草, 捨て文, ダミーの文章, 穴埋め用のテキスト, サンプルテキスト; not ダミー口座 or 穴埋め問題) and
#: the layout a dummy text is put in to check (字間, 行間, 文字の大きさ … を確認するため).
_FILLING = re.compile(
    r"(?:文字数|字数|文字|分量|長さ)(?:合わせ|あわせ|稼ぎ|かせぎ|埋め|調整)"
    r"|(?:文字数|字数|分量|長さ)を?(?:稼|かせ|満た|みた|埋め|うめ|増や|ふや|水増し|調整し|合わせ|あわせ)|水増し"
    r"|埋め草|うめくさ|捨て文|(?:穴埋め|ダミー|サンプル)(?:用の|の)?(?:テキスト|文章|文(?!字)|です|だ|である)"
    r"|(?:字間|行間|字詰め|文字の大きさ|文字サイズ|レイアウト|体裁|組版|書体|フォント)[^。]*(?:確認|チェック|調整)(?:する|の)ため"
)
#: The sentence refers to the text itself: this sentence, the following, from here on, what I am writing now
#: (書いています); advice (このレポートの字数を満たすには…, 書いておくとよいです, サンプルの文章を読んでから書いてみる
#: とよいです: trying and going on, みる / いく, are no report of this text, round 13) is about another text.
_SELF = re.compile(
    r"(?:この|以下の?|これらの?|次の)(?:文|文章|部分|段落|内容)|以下は|これは|ここから|本文|ための文"
    r"|(?:書い|並べ|続け|入れ)て(?:います|いる|あります)|書きました|入れました"
)
#: A sentence that only says it means nothing (意味はありません。, この文に特に意味はない。).
_MEANINGLESS = re.compile(
    r"(?:(?:この|以下の|これらの|ここからの)?(?:文章?|文字|部分|段落)(?:に|には)?(?:は)?)?(?:特に|とくに|何も|なにも)?"
    r"意味(?:は|が|も)?(?:ありません|ない|なし|無い|無し)(?:です|である|だ)?(?:よ|ね)?"
)


#: A sentence that only says the text holds nothing or may be skipped (round 11: 中身は特にございません。,
#: 読み飛ばしていただいて構いません。); advice to skip something else (難しい章は読み飛ばしても構いません) names it.
_EMPTY = re.compile(
    r"(?:(?:この|以下の|ここからの)?(?:文章|部分|段落)の)?(?:中身|内容)(?:は|が|も)?(?:特に|とくに|何も|なにも)?"
    r"(?:ありません|ございません|ない|なし|無い|無し)(?:です|である|だ)?(?:よ|ね)?"
    r"|(?:(?:ここから(?:下|先)?|以下|この(?:文章|部分|段落))は)?(?:読み飛ばし|読みとばし)(?:て|ていただいて|てもらって)?"
    r"(?:も)?(?:構いません|かまいません|結構です|大丈夫です|ください|OKです)"
)


#: A closing formula that only says the answer is over (round 12: 以上が結論となります。, 結論については以上で
#: ございます。, 説明は以上のとおりです。): it ends the text and says nothing toward its length.
_OVER = r"(?:結論|回答|答え|お答え|説明|ご説明|報告|ご報告|内容|話|お話|発表|本日|今回)"
_CLOSING = re.compile(
    rf"(?:{_OVER}(?:は|が|も|について(?:は)?|に関して(?:は)?|としては)?)?以上(?:が|で|の|と)?{_OVER}?"
    r"(?:の?(?:とおり|通り))?(?:と|に)?(?:なります|です|でございます|だ|である|となります|になります|とします|します)?"
    r"(?:よ|ね)?"
)


#: A pointer to a document the answer does not hold (round 15: 詳細は別途資料をご参照ください, 背景については添付
#: ファイルにまとめております): an attachment or separate paper named, and only reading or finding it said.
_POINTER_TO_DOCUMENT = re.compile(
    r"(?:.{0,6}?(?:については|に関しては|は|も))?(?:別途|添付|別紙|別添)の?(?:資料|ファイル|書類|データ)?(?:を|に|で|へ|にて)?"
    r"(?:(?:ご?参照|ご覧|ご?確認)(?:ください|下さい|願います|いただけます)"
    r"|(?:まとめて|記載して|載せて)(?:おります|あります|います)|(?:お送り|送付)(?:いたします|します|しました))"
)


#: The stock opening formulas of an answer (round 15): thanks for the question, praise of it, and the announcement
#: that the answer follows (ご質問ありがとうございます, とても良いご質問ですね, それではお答えいたします). From round 27
#: one thanks opening the answer, before anything else, counts within the formulas' share (``_thanks_first``).
_OPENING = re.compile(
    r"(?:ご質問|質問|お問い合わせ|ご相談)(?:を|して)?(?:いただき|頂き|くださり)?(?:まことに|誠に|本当に)?"
    r"(?:ありがとうございます|ありがとうございました|ありがとう)"
    r"|(?:とても|非常に|大変|実に)?(?:良い|よい|いい|素晴らしい|すばらしい|興味深い|鋭い)(?:ご質問|質問|問い)(?:です|だ)(?:ね|よ)?"
    r"|(?:それでは|では|さて)?(?:早速|さっそく)?(?:お答え|回答|ご回答|ご説明|説明)(?:いた|し)(?:します|ましょう)"
)


def _points_to_document(bare: str) -> bool:
    """A sentence that is only the pointer, a short topic before it at most (金額を見直しましたので、添付をご確認くだ
    さい says what changed)."""
    return _POINTER_TO_DOCUMENT.fullmatch(bare) is not None


def says_it_fills(sentence: str) -> bool:
    """Whether a sentence is a note that the text is padded: it names filling the length (or filler copy) and refers
    to the text itself, or says only that it means or holds nothing, or that it may be skipped; from round 13 also
    a sentence that only speaks of the text's own length or writing (``selfnotes``) and a layout formula (ここに本文
    が入ります; ``pending``)."""
    bare = _bare(sentence)
    if (_FILLING.search(bare) and _SELF.search(bare)) or about_writing(sentence) or layout_formula(sentence):
        return True
    if promises_later(sentence) or _points_to_document(bare):  # 後ほどご説明いたします (round 14), 添付資料を… (15)
        return True
    if says_nothing_more(sentence):  # 補足は特にありません, 以上で説明を終わります (round 27)
        return True
    return any(p.fullmatch(bare) is not None for p in (_MEANINGLESS, _EMPTY, _CLOSING, _OPENING))


def _bare(sentence: str) -> str:
    return re.sub(r"[\s。、，,.！？!?「」『』（）()]", "", sentence)


def _thanks_first(sentence: str) -> bool:
    """Whether a sentence is a thanks for the question that ``formulas`` reads as a stock formula (ご質問ありがとうござ
    います): opening the answer, it counts within the formulas' share instead of not at all (round 27)."""
    return _OPENING.fullmatch(_bare(sentence)) is not None and formula(sentence)


_PREDICATE = ("動詞", "形容詞", "助動詞")
#: Parts of speech whose lemmas are a claim's content (adverbs and final particles aside: とても, 本当に, ね, よ).
_CONTENT = ("名詞", "動詞", "形容詞", "形状詞", "代名詞")


#: Nouns the analyser files for adverbs of degree or aside before に or で (本当に, 因みに, 実に, マジで; round 21):
#: they add no content word to a claim, as とにかく and とても (adverbs to the analyser) do not.
_ADVERBIAL_NOUNS = frozenset("本当 因み 実 誠 真 非常 本気 マジ まじ 正直 ほんと".split())


def _claim(sentence: str, ordinals: bool = True) -> tuple[str, ...]:
    """The content words of a sentence as an unordered key: its nouns, verbs and adjectives (not the dependent
    ones after て: いる, ある, しまう; numbers kept: 第1日目 and 第2日目 differ; toward a length without ``ordinals``,
    the ordinals that only count, ``_ordinal``), each by the kanji it is written
    with (降り and 降る are 降, whichever verb the analyser takes it for), or its dictionary form in kana."""
    morphemes = morph.analyze(sentence)
    words = [
        "".join(_KANJI.findall(m.surface)) or m.lemma.split("-")[0]
        for i, m in enumerate(morphemes)
        if m.pos1 in _CONTENT
        and not (m.pos2 == "非自立可能" and i and morphemes[i - 1].lemma in ("て", "で", "だ"))
        and (ordinals or not _ordinal(morphemes, i))
        and not (m.lemma in _ADVERBIAL_NOUNS and morphemes[i + 1 : i + 2] and morphemes[i + 1].surface in ("に", "で"))
    ]
    negated = sum(m.lemma in _NEGATION for m in morphemes)  # 行きます and 行きません are two claims
    return tuple(sorted(words + ["否"] * negated))


def _length_claim(sentence: str) -> tuple[str, ...]:
    return _claim(sentence, ordinals=False)


def _ordinal(morphemes: tuple[morph.Morpheme, ...], i: int) -> bool:
    """Whether the morpheme at ``i`` is part of an ordinal that only counts what follows (一つ目, 2番目, 三個目; round
    12): 一つ目の理由は安さです and 二つ目の理由も安さです make one claim. A day or a part numbered in its own
    counter (第1日目, 第2章) names another thing and stays."""
    run = "".join(m.surface for m in morphemes[i : i + 3])
    if morphemes[i].pos2 == "数詞":
        return _COUNTING.match(run[len(morphemes[i].surface) :]) is not None
    return morphemes[i].surface in ("番", "個", "点") and i > 0 and morphemes[i - 1].pos2 == "数詞" and run[1:2] == "目"


_COUNTING = re.compile(r"(?:つ|番|個|点)目")


#: The lemmas that negate a predicate (ない, ず of ません, ぬ).
_NEGATION = frozenset({"ない", "無い", "ず", "ぬ"})


def same_claim(a: str, b: str) -> bool:
    """Whether two texts make the same claims, sentence for sentence, with their words in any order (東京がおすすめ
    です and おすすめは東京です; round 7): two answers that say one thing."""
    claims_a, claims_b = (sorted(_claim(s) for s in split_sentences(t)) for t in (a, b))
    return bool(claims_a) and all(claims_a) and claims_a == claims_b


#: The most words a restatement adds to a claim it makes again (最寄り駅が近いこと after 駅に近いこと; round 17).
_ADDED_WORDS = 2


def restates(a: str, b: str) -> bool:
    """Whether one text makes the other's claim again with small changes (round 17): the shorter claim's words, two
    or more with a predicate among them, all in the longer one, which adds at most ``_ADDED_WORDS`` words and no
    predicate of its own (駅から近いこと and 最寄り駅が近いこと after 駅に近いこと; P.S. 先日は本当にありがとうござい
    ました after 先日はありがとうございました). 安くておいしいこと after 安いこと adds a claim (おいしい)."""
    claims = sorted((Counter(_claim(a)), Counter(_claim(b))), key=lambda c: sum(c.values()))
    small, big = claims
    added = big - small
    if sum(small.values()) < 2 or small - big or sum(added.values()) > _ADDED_WORDS:
        return False
    shorter, longer = (a, b) if Counter(_claim(a)) == small else (b, a)
    predicates = {
        "".join(_KANJI.findall(m.surface)) or m.lemma.split("-")[0]
        for m in morph.analyze(longer)
        if m.pos1 in ("動詞", "形容詞")
    }
    said = any(m.pos1 in ("動詞", "形容詞") for m in morph.analyze(shorter))  # 天気予報 is no claim: a name
    return said and not set(added) & predicates


_KANJI = re.compile(r"[\u3400-\u9fff々]")


def counted_text(text: str) -> str:
    """``text`` without the sentences a reader does not count toward a minimum (see the module docstring): the
    notes that it fills the length, and each claim said in a third wording or later."""
    seen: dict[tuple[str, ...], set[str]] = {}
    written: list[str] = []  # each claim written with kanji
    opened = False
    out, at = [], 0
    all_sentences = split_sentences(text)
    for n, sentence in enumerate(all_sentences):
        start = text.find(sentence, at)
        if start < 0:
            continue
        claim, letters = _claim(sentence, ordinals=False), "".join(ch for ch in sentence if ch.isalnum())
        said = bool(claim) and any(m.pos1 in _PREDICATE for m in morph.analyze(sentence))
        sayings = seen.setdefault(_said_within(claim, seen), set()) if said else set()
        kanji = _KANJI.search(letters) is not None
        spelled = not kanji and all(  # each sentence of a romaji line said before (round 27)
            any(reads_as(w, part) for w in written) for part in sentence_parts(sentence) if part.strip()
        )
        chinese = chinese_restatement(sentence, all_sentences[:n] + all_sentences[n + 1 :])  # round 13
        chinese = chinese or foreign_sentence(sentence, text)  # 답은 파란색입니다, アンサーイズブルー (round 14)
        recital = recital_from(all_sentences, n)  # 立春、雨水、啓蟄、… after an unrelated answer (2.8)
        if recital >= 0:
            out.append(text[at : start + recital])
            at = start + len(sentence)
        elif (
            (says_it_fills(sentence) and not (not opened and _thanks_first(sentence)))
            or absent_contents(sentence, text)
            or spelled
            or chinese
            or reported(sentence)  # ご質問は「…」でした, 回答を一文でまとめました (round 19)
            or (not opened and quoted_request(sentence, text[start + len(sentence) :]))  # 「…してください」 (r28)
            or restated_quantity(sentence, all_sentences[:n])  # 3,776m after 3776メートル (round 19)
            or recited_saying(sentence, text)  # 一富士二鷹三茄子 (round 19)
            or said_in_other_words(sentence, all_sentences[:n], _length_claim)  # つまり、…ということです (round 28)
            or (len(sayings) >= SAYINGS and letters not in sayings)
        ):
            out.append(text[at:start])
            at = start + len(sentence)
        sayings.add(letters)
        opened = opened or bool(letters)  # one thanks before anything else opens the answer
        if said and kanji:
            written.append(sentence)
    return without_echoes(without_chants(_within_share("".join(out) + text[at:])))  # 九九 (14), echoes (16)


def _said_within(claim: tuple[str, ...], seen: dict[tuple[str, ...], set[str]]) -> tuple[str, ...]:
    """The claim a sentence repeats with a word or more left out (赤です after 答えは赤です; round 17): the first
    claim said before that holds all its words, else its own."""
    if claim in seen:
        return claim
    words = Counter(claim)
    return next((said for said in seen if len(said) > len(claim) and not words - Counter(said)), claim)


def _within_share(text: str) -> str:
    """``text`` without the stock formulas past the share its other text allows (``formulas``; round 14)."""
    sentences, at = [], 0
    for sentence in split_sentences(text):
        start = text.find(sentence, at)
        if start >= 0:
            sentences.append((start, start + len(sentence), sentence))
            at = start + len(sentence)
    sentences = lead_ins_apart(sentences)  # 結論から申し上げますと、 read as a formula (round 19)
    kept, at = [], 0
    for start, end in sorted(formula_spans(sentences, sum(ch.isalnum() for ch in text))):
        kept.append(text[at:start])
        at = end
    return "".join(kept) + text[at:]


#: Kana a particle is said as (は is ワ, へ is エ, を is オ), so that romaji (ashita wa) and kana (あしたは) read alike.
_SAID_AS = str.maketrans("ハヘヲ", "ワエオ", "ー")


def _hiragana(text: str) -> str:
    return "".join(chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch for ch in text)


def _kana_words(sentence: str) -> list[str] | None:
    """A sentence without kanji as kana words: its romaji tokens read as kana, or its kana as written; None for a
    sentence with kanji or romaji that reads as no kana."""
    if _KANJI.search(sentence):
        return None
    if re.search(r"[ぁ-ゖァ-ヺ]", sentence):
        return [_hiragana(sentence)]
    tokens = re.findall(r"[A-Za-zāīūēōâîûêôĀĪŪĒŌÂÎÛÊÔ]+|[0-9]+", sentence)  # 3776 stays in digits, as read (r27)
    kana = [k for token in tokens if (k := token if token.isdecimal() else romaji.to_kana(token.lower()))]
    return [_hiragana(k) for k in kana] if kana and len(kana) == len(tokens) else None


def reads_as(written: str, spelled: str) -> bool:
    """Whether ``spelled``, a sentence in kana or romaji, says ``written`` (a sentence with kanji) again: read aloud
    word by word, each word of ``written`` as the analyser reads it or as the analyser reads the same dictionary word
    in ``spelled`` (明日 is アス to the analyser alone, アシタ where あした is written)."""
    kana = _kana_words(spelled)
    if not kana:
        return False
    heard: defaultdict[str, set[str]] = defaultdict(set)
    for word in kana:
        for m in morph.analyze(word):
            heard[m.lemma].add(_said(morph.to_katakana(m.surface)))
    pattern = "".join(
        "(?:" + "|".join(_long_as_written(r) for r in _heard_as(written, start, end, m) | heard[m.lemma]) + ")"
        for start, end, m in morph.spans(written)
        if m.pos1 not in ("補助記号", "空白")
    )
    said = _said(morph.to_katakana("".join(ch for ch in "".join(kana) if ch.isalnum())))
    return len(said) >= 4 and re.fullmatch(pattern, said) is not None


def _said(kana: str) -> str:
    return kana.translate(_SAID_AS)


def _heard_as(written: str, start: int, end: int, m: morph.Morpheme) -> set[str]:
    """A morpheme's readings: the analyser's and those its other analyses give the span (山 in 富士山 as サン)."""
    return {_said(reading) for reading in {m.reading} | readings_at(written, start, end)}


#: What may write a long vowel after a mora of each vowel (ー is dropped before: ``_SAID_AS``).
_LENGTHENED = {"a": "ア", "i": "イ", "u": "ウ", "e": "エイ", "o": "オウ"}


def _long_as_written(reading: str) -> str:
    """A pattern for a reading with each long vowel written long or short, however (meetoru, メートル, toukyou,
    tokyo; round 27)."""
    return "".join(
        re.escape(ch) + (f"[{_LENGTHENED[v]}]?" if (v := romaji.vowel(ch)) else "") for ch in romaji.fold_long(reading)
    )


#: How many sayings of one claim in different words count: the claim and one restatement for emphasis
#: (京都はいいです。本当に京都はいいですよ。); a third wording onward is padding.
SAYINGS = 2


__all__ = ["counted_text", "reads_as", "same_claim", "says_it_fills"]
