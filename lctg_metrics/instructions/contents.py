"""What a reader compares spans of a format by (``key``), and spans that hold no content of their own: a template
word or editor's note standing for content (``placeholder``), a title that names none (``placeholder_title``), a span
that only points to another part of the text (``points_elsewhere``, 2.7), a table cell that is its column's header
and a counter, a list item that is only its own number; and when two texts are one text (``same_text``)."""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction

from lctg_metrics.instructions import blanks, morph
from lctg_metrics.instructions.genre_titles import names_only_a_kind
from lctg_metrics.instructions.kaomoji import drawing_only
from lctg_metrics.instructions.laughter import marks_only
from lctg_metrics.instructions.omissions import says_left_out
from lctg_metrics.instructions.pending import pending
from lctg_metrics.instructions.stand_ins import ANNOUNCEMENT, POINTER, TITLE_TEMPLATE
from lctg_metrics.instructions.text import is_hiragana
from lctg_metrics.instructions.visible import visible


def key(text: str) -> str:
    """What a reader compares two spans by: the letters and numbers of the visible form, case folded and katakana
    read as hiragana (markup, blanks, punctuation, symbols and invisible characters aside). Empty: the span holds
    nothing to read."""
    return "".join(
        chr(ord(ch) - 0x60) if "ァ" <= ch <= "ヶ" else ch
        for ch in unicodedata.normalize("NFKC", visible(text)).casefold()
        if unicodedata.category(ch)[0] in "LN"
    )


#: A span that stands for content instead of being content (2.5), in ``key`` form: a template word with or without
#: a number (項目1, 内容2, テキスト, sample, key, value, hoge), an editor's note (略, 準備中, 未定, TBD), a title to
#: fill in (ここにタイトルを入力, 仮タイトル).
_TEMPLATE = re.compile(
    r"(?:こうもく|項目|ないよう|内容|要素|てきすと|さんぷる|たいとる|題名|item|content|contents|text|"
    r"title|sample|example|placeholder|key|value|foo|bar|baz|hoge|fuga|piyo|dummy|だみー|lorem|loremipsum)"
    r"[0-9a-z]?[0-9]*"
    r"|略|省略|以下略|中略|準備中|未定|未記入|記入例|工事中|後日追記|tbd|todo|tba|xxx+"
    r"|(?:ここに|仮|かり)(?:たいとる|題名|見出し|本文|てきすと)(?:を?(?:にゅうりょく|入力|記入|いれる|入れる|未定))?"
    r"|(?:たいとる|題名|見出し|本文|てきすと)を?(?:にゅうりょく|入力|記入|いれる|入れる|未定)"
)
#: Marks that stand for a blank to fill (○○, 〇〇, ××, □□).
_FILL_MARKS = re.compile(r"[○◯〇●×✕✖Ｘ□■△▲]{2,}")


#: More spans that stand for content (r7), in ``key`` form: a title draft or an editor's default name (タイトル案,
#: 名称未設定, 新しいドキュメント), a list's "and so on" alone (など, 等, etc.), a work-in-progress note with or without
#: です (鋭意執筆中, 近日公開), a numbered point label (ポイント1, 要点2).
_NOTES = re.compile(
    r"(?:(?:たいとる|題名|名称)案[0-9]*|名称未設定[0-9]*|(?:新しい|新規)(?:どきゅめんと|ふぁいる|文書|ぺーじ)[0-9]*"
    r"|など|等|etc|(?:鋭意)?(?:執筆|作成|編集|制作)中|近日(?:公開|追加|追記|更新)(?:予定)?|追記予定"
    r"|(?:ぽいんと|要点|注意点|point)[0-9]*)(?:です|でした|となります|予定です)?"
    r"|ここに.{0,12}?(?:書く|かく|書いて|記入|入力|いれる|入れる)(?:する|して|ください|してください)*"
    r"|(?:回答|解答|答え|こたえ|かいとう)を?(?:書く|かく|記入|入力)(?:する|して|ください|してください)*"
)


#: Spans that say no content is given (round 12), in ``key`` form: an omitted or postponed value (割愛します,
#: 省略します, 後日回答予定, 追って連絡します), not applicable (N/A, n/a; a lone - has no letters and is empty
#: already), an editor's default file name or "no subject" (無題のドキュメント, 件名なし), a template word for a
#: quotation (引用文), masking letters (xx, xxxx) and an item that only counts itself (その1, 一つ目, 2番目, 第3). なし,
#: 該当なし and 不明 stay content (「アレルギー: なし」 answers), and so does 『無題』 alone (see ``TITLE_TEMPLATE``).
_NO_CONTENT = re.compile(
    r"(?:割愛|省略|略)(?:します|しました|いたします|させていただきます|する|です)?"
    r"|(?:後日|追って|後ほど|のちほど|あとで|別途)(?:ご?回答|ご?連絡|ご?報告|記入|追記|お?知らせ|記載)"
    r"(?:予定|します|いたします|致します|する)?(?:です)?"
    r"|na|n/a|notapplicable"
    r"|無題の?(?:どきゅめんと|ふぁいる|文書|ぺーじ|ぷろじぇくと|のーと|めも)[0-9]*|件名(?:なし|無し|未設定)?"
    r"|(?:題名|表題|無題)(?:なし|無し|未設定)"
    r"|引用文?[0-9]*|いんようぶん|(?:ここに)?引用(?:する|したい)?(?:文|文章|てきすと)(?:を?(?:入れる|いれる|入力))?"
    r"|x{2,}"
    r"|(?:その|第|no)(?:[0-9]+|[一二三四五六七八九十]+)"
    r"|(?:[0-9]+|[一二三四五六七八九十]+|ひと|ふた|みっ|よっ|いつ)(?:つ目|つめ|番目|個目|点目)"
)
_BARE_NUMBER = re.compile(r"[0-9]+")


def no_content(text: str) -> bool:
    """Whether a span says that no content is given (``_NO_CONTENT``): omitted, postponed, not applicable, a default
    name, masking letters or an ordinal that only counts the span itself. A bare number is content (年齢: 30, 《一》)
    unless it carries an ordinal's word (その1, 1つ目)."""
    k = key(text)
    return (
        bool(k) and _BARE_NUMBER.fullmatch(k) is None and (_NO_CONTENT.fullmatch(k) is not None or says_left_out(k))
    )  # 説明は割愛します, ここでは触れません: a part left out (``omissions``, round 28)


def placeholder(text: str) -> bool:
    """Whether a span stands for content instead of holding it: a template word or an editor's note
    (``_TEMPLATE``) or a run of fill marks (○○, ××, 〇〇の××), or a span that says its content is not there
    yet (``pending``, round 13: 調査中, あとで決めます, その他, ここに本文が入ります), or laughter marks only
    (``laughter``, round 19: ｗｗｗ, 笑笑), or filler, a form's note or lengthening marks (``blanks``, round 23:
    Lorem ipsum…, （記入）, ーー), or a kaomoji and its decoration (``kaomoji``, round 37: ヽ(・∀・)ノ). A
    letter or a number alone is content: the format checkers judge the form."""
    k = key(text)
    if _FILL_MARKS.search(unicodedata.normalize("NFC", visible(text))):
        return True
    return bool(k) and (
        _TEMPLATE.fullmatch(k) is not None
        or _NOTES.fullmatch(k) is not None
        or points_elsewhere(k)
        or no_content(k)
        or pending(text)
        or (len(k) > 1 and marks_only(text))  # ｗｗｗ, 笑笑: laughter, nothing said (round 19)
        or blanks.no_text(text, k)  # Lorem ipsum, （記入）, ーー: no text in the slot (round 23)
        or drawing_only(text)  # ヽ(・∀・)ノ: a kaomoji, its letters strokes (round 37)
    )


#: Demonstratives (ここ, そこ, これ, あちら, この): words that point and name nothing on their own.
_DEMONSTRATIVES = frozenset(
    "ここ そこ あそこ どこ これ それ あれ どれ こちら そちら あちら どちら こっち そっち あっち この その あの どの "
    "此処 其処 彼処 此れ 其れ 彼れ 此方 其方 彼方 此の 其の 彼の".split()
)


def pointing_only(text: str) -> bool:
    """Whether a span holds only demonstratives and particles (《ここ》, 《そこ》, 《あれとこれ》; round 21): it
    points at something it does not name, so a highlight or cell of it is empty."""
    words = [m for m in morph.analyze(visible(text)) if m.pos1 not in ("補助記号", "空白", "記号", "助詞")]
    return bool(words) and all(m.surface in _DEMONSTRATIVES or m.lemma in _DEMONSTRATIVES for m in words)


def points_elsewhere(text: str) -> bool:
    """Whether a span only points to another part of the text (上記の通り, 本文をご参照ください, see above: ``POINTER``;
    round 10), or only announces text to come (以下に回答します: ``ANNOUNCEMENT``, round 17): it says nothing of its
    own, wherever content is asked for."""
    return POINTER.fullmatch(key(text)) is not None or ANNOUNCEMENT.fullmatch(key(text)) is not None


def header_counter(cell: str, header: str) -> bool:
    """Whether a table cell only says its column's header again, alone or with a counter (名前1, 年齢2 under 名前 and
    年齢, 価格A under 価格; round 10): a template's slot, not a value. A cell that adds a word (名前の由来) is a value;
    a row is counted by its other cells (| 商品A | 500円 | is a row)."""
    head = key(header)
    return bool(head) and re.fullmatch(re.escape(head) + r"(?:[0-9]*|[a-z])", key(cell)) is not None


def own_number(line: str, text: str) -> bool:
    """Whether a numbered item's text is only its own number again (「1. 1」, 「（2）2」; round 10): the list counts
    itself. Another number (「1. 1990」) is content."""
    at = line.rfind(text) if text else -1
    marker = unicodedata.normalize(
        "NFKC", line[:at] if at > 0 else line
    )  # the number before the text: 一、1990 has none
    number = re.match(r"\D*?(\d+)", marker)
    if number is not None:
        return key(text) == str(int(number.group(1)))
    numeral = re.search(r"[〇一二三四五六七八九十百千]+", marker)
    return numeral is not None and key(text) in (numeral.group(), str(numeral_value(numeral.group())))  # 一、一 / 一、1


def decimal_text(value: Fraction) -> str:
    """A number as digits, with a decimal point when it has one (12345.6 for 1.23456万), or "" when its decimals do
    not end within twelve places."""
    for places in range(13):
        scaled = value * 10**places
        if scaled.denominator == 1:
            digits = str(abs(scaled.numerator)).rjust(places + 1, "0")
            whole, decimals = (digits[:-places], digits[-places:]) if places else (digits, "")
            return ("-" if value < 0 else "") + whole + ("." + decimals.rstrip("0") if decimals.rstrip("0") else "")
    return ""


def numeral_value(numeral: str) -> int:
    """A number in digits or kansuuji (1, １, 一, 十二, 二十, 百) as an integer: a section's, an item marker's."""
    numeral = unicodedata.normalize("NFKC", numeral)
    if numeral.isdigit():
        return int(numeral)
    total, digit = 0, 0
    for ch in numeral:
        value = (
            int(ch) if ch.isdigit() else "〇一二三四五六七八九".find(ch) if ch != "零" else 0
        )  # 1十 is 十 with a digit
        if value >= 0:
            digit = value
        else:
            total += (digit or 1) * {"十": 10, "百": 100, "千": 1000}[ch]
            digit = 0
    return total + digit


def kana_goes_on(after: str) -> bool:
    """Whether the letter after 第N章 goes on in kana (第1章では、: a sentence); ー or ｰ there is a dash
    (第1章ー旅立ち)."""
    return after not in ("ー", "ｰ") and is_hiragana(after)


def placeholder_title(text: str) -> bool:
    """Whether a title stands for none: a ``placeholder`` or a title template (``TITLE_TEMPLATE``)."""
    return (
        placeholder(text)
        or TITLE_TEMPLATE.fullmatch(key(text)) is not None
        or names_only_a_kind(text)  # 『作文』 (round 19)
    )


def said(text: str) -> str:
    """How ``text`` reads aloud: the katakana reading of its letters (``key``)."""
    k = key(text)
    return morph.reading(k) if k else ""


def _kanji(text: str) -> set[str]:
    return {ch for ch in key(text) if unicodedata.category(ch) == "Lo" and not ("ぁ" <= ch <= "ヿ")}


def same_text(a: str, b: str) -> bool:
    """Whether two texts are one text to a reader: the same letters (``key``), or the same reading where one writes in
    kana what the other writes in kanji (晴れです and ハレデス, 雨が降った and あめがふった; the kanji of one are among
    the other's). Homophones in different kanji (科学, 化学) stay two."""
    if key(a) == key(b):
        return True
    kanji_a, kanji_b = _kanji(a), _kanji(b)
    return (kanji_a <= kanji_b or kanji_b <= kanji_a) and said(a) == said(b)


#: Nouns that name a part of a text or story rather than saying anything in it (部分, 内容, 場面, 章; round 14),
#: and verbs of what a section does with its topic (書く, 扱う, 述べる; について is read as つく): a body of these
#: and its heading's words restates the heading.
_PART_NOUNS = frozenset(
    "部分 内容 場面 箇所 所 段階 パート 章 節 項 部 編 話 回 事 物 此処 此れ 其れ 本章 本節 説明 紹介 記述 テーマ 題 "
    "見出し 始まり 終わり 中身 要素 パート 区切り 一部 全体 ところ こと もの "
    # what a section does with its topic (起について書く, ここでは春を扱う)
    "書く 描く 述べる 扱う 語る 記す 示す 取り上げる 触れる 紹介 記述 解説 説明 つく 関する 対する 於く".split()
)
_WORDS = ("名詞", "動詞", "形容詞", "形状詞", "代名詞")


def content_words(text: str) -> set[str]:
    """The content words of a text by lemma (nouns, verbs, adjectives; 為る, 有る, 居る, 成る and numbers aside)."""
    return {
        m.lemma.split("-")[0]
        for m in morph.analyze(unicodedata.normalize("NFKC", visible(text)))
        if m.pos1 in _WORDS and m.pos2 not in ("数詞", "非自立可能") and m.lemma not in ("為る", "有る", "居る", "成る")
    }


def restates_heading(body: str, heading: str, template: set[str] | None) -> bool:
    """Whether a section's body says nothing beyond its heading (round 14): every content word of the body is a word
    of the heading or a noun for a part of a text (``_PART_NOUNS``: この章では春について説明します。 under 春), or
    what is left is ``template`` (the words left of every body alike: 物語の起の部分。 under 起, 物語の承の部分。 under
    承, one template filled with each heading), or a few Latin words glossing a Japanese heading (``_gloss``). A body
    with a word of its own (桜が咲いた。 under 春) says something."""
    own = residue(body, heading)
    return bool(key(body)) and (not own or own == template or _gloss(body, heading))


#: A body of at most three Latin words and nothing else (Encounter, First Meeting).
_LATIN_GLOSS = re.compile(r"[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*){0,2}[.!]?")


def _gloss(body: str, heading: str) -> bool:
    """Whether a body under a Japanese heading is only a few Latin words, no sentence (Encounter under 第1章 出会い:
    round 17): the heading glossed in another language, nothing said. They met at the station. says something."""
    japanese = re.search(r"[\u3040-\u30ff\u3400-\u9fff]", heading)
    return bool(japanese) and _LATIN_GLOSS.fullmatch(unicodedata.normalize("NFKC", body).strip()) is not None


def residue(body: str, heading: str) -> set[str]:
    """The content words of a section's body beyond its heading's and the nouns for a part of a text."""
    return content_words(body) - content_words(heading) - _PART_NOUNS


__all__ = [
    "content_words",
    "residue",
    "restates_heading",
    "header_counter",
    "key",
    "no_content",
    "own_number",
    "placeholder",
    "placeholder_title",
    "pointing_only",
    "points_elsewhere",
    "said",
    "same_text",
]
