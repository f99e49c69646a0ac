"""A deterministic header/footer cleaner: an offline stand-in for upstream's GPT-4 cleaning step.

Upstream LCTG Bench asks GPT-4 to strip the explanatory text a model adds before and after its answer
(paper §4.1, Appendix D/E, Figures 5-8). ``clean(text, task)`` does the same with fixed rules:
it cuts whole lines, whole sentences, a leading label or a trailing parenthesised note, only at the
beginning and the end, and never edits the middle. Text with nothing to cut is returned unchanged.

How it works: the head and the tail are cut one unit at a time until no rule fires; a unit is cut only if
some answer would remain. When something was cut, blanks around the answer are stripped too (they are not
part of it, and FORMAT ignores them anyway). ``explain`` lists what was cut and by which rule.

The rules are per task because the same words mean different things: 「メリット：」 is a label to keep in
pros_and_cons, 「要約：」 is a label to cut in summary, and a 「」 or ** around an ad title stays (Fig. 7).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from lctg_dataset.constants import TASKS

RULE_CLEANER_NAME = "rule"
RULE_CLEANER_VERSION = "1.0"

# ---------------------------------------------------------------------------------------------------
# Words that make a sentence *about the answer* rather than part of it, per task. They come from the
# upstream cleaning prompts (paper Figures 6-8: 「要約」「広告文」「このタイトルは」「メリットとデメリット」
# 「ご質問にお答え」) and from the paper's Figure 5 example.
# ---------------------------------------------------------------------------------------------------

#: Nouns naming the answer itself; a header sentence must mention one (or point forward with 以下/次).
META_NOUNS: dict[str, str] = {
    "summary": r"要約|要点|まとめ|記事|文章|本文|ニュース|summary",
    "ad_text": r"タイトル|広告文|広告|見出し|キャッチコピー|コピー|title|headline",
    "pros_and_cons": (
        r"(?:メリット|長所|利点|良い点|良いところ|pros).*(?:デメリット|短所|欠点|悪い点|悪いところ|cons)"
        r"|ご質問|質問|回答|両方|両面|pros and cons"
    ),
}

#: Label words that may precede the answer as 「X：」「【X】」「## X」「**X**」 (Fig. 6 【要約】, Fig. 7 広告文 :).
#: Pros/cons section labels (メリット：, 【デメリット】) are content and deliberately absent.
LABEL_WORDS: dict[str, str] = {
    "summary": r"要約文?|要約結果|要約内容|要点|まとめ|summary",
    "ad_text": (
        r"広告文の?タイトル(?:案)?|広告タイトル|広告見出し|広告文|タイトル案?\s*\d*|見出し|キャッチコピー"
        r"|案\s*\d+|(?:ad\s+)?title|headline"
    ),
    "pros_and_cons": r"回答|答え|answer",
}

#: A short modifier before a label word: 「本文の要約：」「作成したタイトル：」「今回の回答：」.
LABEL_MODIFIER = (
    r"(?:(?:本文|記事|文章|ニュース|今回|最終|私|ご依頼|ご提案)の|(?:作成|生成|提案|考案)した|おすすめの?|提案|推奨|最終)?"
)
#: A short parenthetical a label may carry: 「要約（100文字以内）：」「タイトル(案)：」.
LABEL_QUALIFIER = r"(?:[（(][^（）()\n]{0,20}[)）])?"

#: Clause prefixes that introduce a summary inside its first sentence (「要約すると、」「この記事をまとめると、」);
#: cut like a label, for the summary task only.
SUMMARY_CLAUSE_PREFIX = (
    r"^(?:(?:この|上記の|以下の|ご提示の|与えられた)?(?:文章|記事|ニュース|本文|内容)(?:の内容)?を)?"
    r"(?:要約|まとめ|簡潔にまとめ)(?:する|る)と[、,][ \t\u3000]*"
)

#: Brackets and decorations around a label: 【要約】 [Title] ＜タイトル＞ 〈回答〉 《広告文》 ▼要約 ＊要約＊.
OPEN = r"(?:[▼▽■□◆◇●○★☆►▶→]\s*)?[【\[＜<〈《＊*]?"
CLOSE = r"[】\]＞>〉》＊*]?"
#: An inline label needs real brackets (「【要約文】本文…」); a bare decoration alone is not enough.
BRACKET_OPEN = r"[【\[＜<〈《]"
BRACKET_CLOSE = r"[】\]＞>〉》]"

#: Markdown headings that name the answer (「## 要約」「# ニュースの要約」). ``## メリット`` is content.
HEADING_WORDS: dict[str, str] = {
    "summary": r"要約|まとめ|summary",
    "ad_text": r"タイトル|広告|キャッチコピー|見出し|title|headline",
    "pros_and_cons": r"回答|answer",
}

#: Pointing forward to the answer: 「以下が要約です」「次のとおりです」 (Fig. 6 「以下の文章を要約します。」).
FORWARD = r"以下|下記|次の|次に|次のよう|こちら|ここでは"

#: Verbs an assistant uses to announce its own work (「要約します」「作成しました」「ご紹介します」「お答えします」).
COMPOSE_VERBS = (
    r"要約|まとめ|作成|紹介|解説|説明|お答え|答え|回答|提案|考え|挙げ|列挙|整理|示|記載|生成|出力|お伝え|伝え"
    r"|書き|記し|用意|お届け|見ていき|見て|比較|検討|お話し|話し|考えていき|ご案内|案内"
)
#: Polite endings of such an announcement (します／いたします／しました／してみました／させていただきます).
ANNOUNCE_ENDING = (
    r"(?:し|いたし|させていただき|してみ|てみ|み|)(?:ます|ました|ましょう)"
    r"|(?:する|した|したもの)(?:です|になります)"
)

#: Acknowledgements at the start (「承知しました。」「もちろんです！」「かしこまりました。」, Fig. 5).
ACKNOWLEDGEMENTS = (
    r"(?:はい|ええ)?[、,]?\s*(?:承知(?:しました|いたしました|です)|かしこまりました|もちろん(?:です)?"
    r"|わかりました|分かりました|了解(?:しました|いたしました|です)?|喜んで|お任せください|いいですね"
    r"|(?:喜んで)?(?:お手伝い|サポート)(?:します|いたします|させていただきます)"
    r"|こんにちは|こんばんは|おはようございます|(?:ご質問|ご依頼)?(?:いただき)?ありがとうございます"
    r"|(?:良い|いい|素晴らしい|素敵な|面白い)(?:質問|ご質問|テーマ|お題)ですね"
    r"|はい|ええ)"
)

#: English wrappers around the answer (Fig. 6: "英語でこれらの説明文が与えられることもあります").
EN_ACKNOWLEDGEMENTS = (
    r"(?:sure|certainly|of course|absolutely|okay|ok|alright|all right|great|no problem|got it|yes"
    r"|sounds good|i'?d be (?:happy|glad) to help|i would be (?:happy|glad) to help|happy to help)"
)
EN_WRAPPERS = (
    r"(?:here(?:'s| is| are)|below is|below are|the following is|the following are|i(?:'ll| will) "
    r"|let me |this is (?:a|the|my) )"
)
EN_CLOSINGS = (
    r"(?:i hope|hope this|let me know|feel free|if you (?:need|have|would|'d|want)|please let me know"
    r"|is there anything|would you like|do you want)"
)

#: Closing remarks after the answer (Fig. 6 「以上が要約結果になります。」, Fig. 8 「以上が〇〇に関する…です。」)
#: and the usual assistant sign-offs (offers, いかがでしょうか, 参考になれば幸いです).
CLOSINGS = (
    r"^以上(?:が|です|で(?:す|した|ございます)|となります|になります|、)"
    r"|いかが(?:でしょうか|ですか|でしたでしょうか|でしたか|でしょう[。．！!]?$)"
    r"|^どう(?:でしょうか|ですか|でしょう)[？?。．！!]?$"
    r"|(?:ご)?参考(?:になれば|に(?:して)?(?:みて)?ください|にしていただければ|までに|になりましたら"
    r"|になりましたでしょうか)"
    r"|お役に立て|幸いです[。．！!]?$"
    r"|(?:ご質問|質問|ご不明|不明な点|ご要望|要望|ご希望|修正|変更|調整|他の案|別の案|ほかの案|他に|ほかに|他にも|何か"
    r"|ほかにも).{0,30}(?:あれば|ございましたら|でしたら|必要なら|の際は|場合は)"
    r"|(?:お気軽に|いつでも).{0,12}(?:お尋ね|お聞き|ご質問|お申し付け|お知らせ|ご連絡|お声がけ)"
    r"|(?:お申し付け|お知らせ)ください[。．！!]?$"
    r"|(?:検討|判断|比較|選択)(?:して|なさって)?(?:みて)?ください[。．！!]?$"
    r"|^(?:ご確認|ご検討|ご活用)(?:ください|いただければ)"
    r"|(?:よろしいでしょうか|よろしいですか|ご希望でしょうか|ご希望ですか)[？?]?$"
    r"|(?:修正|変更|調整|短く|長く|作成|要約|まとめ|提案|書き直|追加)(?:し|いたし|を)?(?:ましょうか|しましょうか)"
    r"|(?:ご要望|ご希望|必要)に応じて"
    r"|(?:修正|変更|調整|短く|長く|書き直|追加|作成|ご用意).{0,15}(?:可能です|できます|いたします)[。．！!]?$"
)

#: Self-explanations that start a line or sentence after the answer (Fig. 7 「このタイトルは、」; Fig. 5).
SELF_REFERENCE = (
    r"^(?:この|上記の?|本|今回の|こちらの)\s*(?:タイトル|要約文?|広告文|広告|キャッチコピー|コピー|回答|文章|まとめ|案)"
    r"(?:は|では|には|で|に|の|を|も|について)"
    r"|^(?:要約|要約文|タイトル|広告文|キャッチコピー|回答)の(?:ポイント|意図|狙い|工夫|特徴|解説|説明)"
)
#: A restatement that refers back to the whole answer (「上記のように、…両方があります。」); last line only.
RESTATEMENT = (
    r"^上記(?:の通り|のとおり|は|に挙げた|で挙げた)"
    r"|^(?:上記の|以上の|この)ように[、,].{0,40}(?:両方|両面)が(?:あります|ある|存在します)[。．！!]?$"
    r"|^(?:上記の|以上の|この)ように[、,].{0,20}(?:記事|要約|本文)(?:では|は|で)"
)

#: A heading that opens a multi-line footer (「要約のポイント：」「補足：」「Note:」).
FOOTER_HEADINGS = (
    r"^(?:#{1,6}\s*)?(?:\*\*)?[【\[＜<〈]?(?:(?:要約|タイトル|広告文|回答)の?)?"
    r"(?:ポイント|解説|補足|説明|注意点?|備考|工夫した点|意図|注|note|notes)[】\]＞>〉]?(?:\*\*)?\s*[:：]?(?:\*\*)?$"
)

#: A remark about meeting the instruction's constraints (「キーワード「保険」を含めました。」「…を使用していません。」).
CONSTRAINT_NOUNS = r"キーワード|言葉|単語|ワード|語句|文字数|字数|指定|条件|制約|禁止"
CONSTRAINT_VERBS = r"含め|含ん|入れ|使用|使っ|使わ|用い|避け|守|満た|収め|おさめ|収ま|おさま|以内|範囲内|超え|クリア"
POLITE_END = r"(?:ます|ました|ません|ませんでした|です|でした)[。．.！!]?$"

#: Notes after the answer: ※ lines about the text itself (「※文字数：43文字」) and parenthesised notes.
NOTE_TOPICS = r"文字|字数|キーワード|言葉|単語|ワード|使用|使っ|使わ|含め|指定|条件|回答|要約|タイトル|広告文|本文"
CHAR_COUNT_NOTE = (
    r"^[^。、\d]{0,8}\d+\s*(?:文字|字|characters?|chars?|words?)(?:程度|以内|前後|です)?$"
    r"|^[^。.!?！？]{0,10}(?:文字数|字数|character count|word count)"
)
NOTE_PREFIX = r"^(?:注|note|nb|補足|備考|キーワード|禁止語|NGワード|使用語|条件)\s*[:：]|^注\b|^注[）)]"

#: Separator lines (markdown rules, code fences), dropped only next to something already cut.
SEPARATOR = r"^(?:-{3,}|\*{3,}|_{3,}|={3,}|`{3,}\w*|</?[^<>\s]{1,20}>)$"

_SENTENCE = re.compile(r"[^。！？!?\n]*(?:[。！？!?]+[」』）)\"']*|\.(?=\s|$)|$)")
_TRAILING_PAREN = re.compile(r"[（(][^（）()\n]*[)）]\s*$")
#: Emoji, arrows and other symbols at a unit's edges (「まとめました👇」「幸いです😊」), ignored when matching.
_EDGE_SYMBOL = re.compile(r"[\s\U0001F000-\U0001FAFF\u2190-\u21FF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]")
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def _c(pattern: str) -> re.Pattern[str]:
    """Compile case-insensitively (English wrappers come in any case)."""
    return re.compile(pattern, re.IGNORECASE)


@dataclass(frozen=True)
class _TaskRules:
    """The compiled patterns for one task."""

    meta: re.Pattern[str]
    label_line: re.Pattern[str]
    label_prefix: re.Pattern[str]
    heading: re.Pattern[str]
    clause_prefix: re.Pattern[str] | None


def _task_rules(task: str) -> _TaskRules:
    """Compile one task's label, heading and meta-noun patterns."""
    label = rf"{LABEL_MODIFIER}(?:{LABEL_WORDS[task]})\s*{LABEL_QUALIFIER}"
    return _TaskRules(
        meta=_c(META_NOUNS[task]),
        label_line=_c(
            rf"^(?:#{{1,6}}\s*)?(?:\*\*)?\s*{OPEN}\s*(?:{label})\s*{CLOSE}\s*(?:\*\*)?\s*[:：]?\s*(?:\*\*)?$"
        ),
        label_prefix=re.compile(
            rf"^(?:\*\*\s*(?:{label})\s*[:：]?\s*\*\*\s*[:：]?|{BRACKET_OPEN}\s*(?:{label})\s*{BRACKET_CLOSE}"
            rf"|(?:{label})\s*[:：])[ \t\u3000]*",
            re.IGNORECASE,
        ),
        heading=_c(rf"^#{{1,6}}\s+.*(?:{HEADING_WORDS[task]})"),
        clause_prefix=re.compile(SUMMARY_CLAUSE_PREFIX) if task == "summary" else None,
    )


_RULES: dict[str, _TaskRules] = {task: _task_rules(task) for task in ("summary", "ad_text", "pros_and_cons")}
assert set(_RULES) == set(TASKS), "rule cleaner tasks out of sync with lctg_dataset.constants.TASKS"

_ACK = _c(rf"^{ACKNOWLEDGEMENTS}[。．！!、,…〜~ー]*$")
_EN_ACK = _c(rf"^{EN_ACKNOWLEDGEMENTS}[!.,]*$")
_EN_WRAPPER = _c(rf"^(?:{EN_ACKNOWLEDGEMENTS}[,!.]?\s+)?{EN_WRAPPERS}")
_EN_CLOSING = _c(rf"^{EN_CLOSINGS}")
_FORWARD = _c(FORWARD)
_ANNOUNCE_END = _c(rf"(?:{COMPOSE_VERBS})(?:{ANNOUNCE_ENDING})[。．.！!:：]?$")
_FORWARD_END = _c(
    r"(?:です|ます|ました|になります|となります|の?通り|のとおり|通りです|とおりです|でしょうか|でしょう|ですか)"
    r"[。．.！!?？:：]?$"
)
_COLON_END = _c(r"[:：]$")
_SENTENCE_COLON_END = _c(r"(?:は|が|を|の|と|です|ます|ました)[:：]$")
_NAMING_END = _c(r"(?:案|例)?(?:です|になります|となります)[。．.！!:：]?$")
_TOPIC_ANNOUNCEMENT = _c(
    rf"^[^はが。]{{1,40}}について.{{0,20}}(?:{COMPOSE_VERBS})(?:し|いたし|してみ|てみ|み|)?(?:ます|ましょう)[。．.！!:：]?$"
)
_CLOSING = _c(CLOSINGS)
_SELF_REFERENCE = _c(SELF_REFERENCE)
_RESTATEMENT = _c(RESTATEMENT)
_FOOTER_HEADING = _c(FOOTER_HEADINGS)
_CONSTRAINT = _c(rf"(?:{CONSTRAINT_NOUNS}).{{0,40}}(?:{CONSTRAINT_VERBS})")
_POLITE_END = _c(POLITE_END)
_NOTE_TOPIC = _c(NOTE_TOPICS)
_CHAR_COUNT = _c(CHAR_COUNT_NOTE)
_NOTE_PREFIX = _c(NOTE_PREFIX)
_NOTE_LINE = _c(r"^[（(]?(?:注|note|nb|補足|備考|ポイント|解説|意図|狙い|キーワード)\s*[:：)）]")
_SEPARATOR = re.compile(SEPARATOR)
_POLITE_PREFIX = re.compile(r"^(?:はい|ええ)[、,]\s*")
#: Longest sentence treated as an announcement; real preambles are short (a guard against eating content).
MAX_ANNOUNCEMENT_CHARS = 120
#: Longest sentence that can merely name the answer (「広告文のタイトル案です。」).
MAX_NAMING_CHARS = 25


@dataclass(frozen=True)
class Removal:
    """One cut: which end, which rule, and the exact text removed."""

    side: Literal["head", "tail"]
    rule: str
    text: str


def _norm(unit: str) -> str:
    """The form patterns are matched against: NFKC, straight quotes, no edge blanks or emoji (never cut)."""
    s = unicodedata.normalize("NFKC", unit).translate(_QUOTES)
    start, end = 0, len(s)
    while start < end and _EDGE_SYMBOL.match(s[start]):
        start += 1
    while end > start and _EDGE_SYMBOL.match(s[end - 1]):
        end -= 1
    return s[start:end]


def _sentences(line: str) -> list[str]:
    """Split one line into sentences ending in 。！？!? (closing quotes attached); pieces concatenate to ``line``."""
    return [m.group(0) for m in _SENTENCE.finditer(line) if m.group(0)]


def _is_announcement(sentence: str, rules: _TaskRules) -> bool:
    """「以下の文章を要約します。」「以下が広告文のタイトルです。」「メリットとデメリットをご紹介します。」 and English wrappers."""
    s = _POLITE_PREFIX.sub("", _norm(sentence))
    if not s or len(s) > MAX_ANNOUNCEMENT_CHARS:
        return False
    if _EN_WRAPPER.search(s) and not _JAPANESE.search(s):
        return True
    meta, forward = rules.meta.search(s), _FORWARD.search(s)
    if _ANNOUNCE_END.search(s) and (meta or forward):
        return True
    if forward and meta and (_FORWARD_END.search(s) or _COLON_END.search(s)):
        return True
    # 「以下は記事を要約したものです：」-style lead-ins: a sentence (not a bare label) ending in a colon.
    if meta and _SENTENCE_COLON_END.search(s):
        return True
    # 「広告文のタイトル案です。」「こちらが要約です：」: a short sentence that only names the answer.
    if meta and len(s) <= MAX_NAMING_CHARS and _NAMING_END.search(s):
        return True
    # 「〇〇について考えてみましょう。」: an announcement about a topic, no subject, not in the past tense.
    return bool(_TOPIC_ANNOUNCEMENT.search(s))


def _is_acknowledgement(sentence: str) -> bool:
    """「承知しました。」「もちろんです！」「Sure!」 and greetings, as a whole sentence."""
    s = _norm(sentence)
    return bool(s) and bool(_ACK.match(s) or _EN_ACK.match(s))


def _is_label_line(line: str, rules: _TaskRules) -> bool:
    """A line that is only a label or heading naming the answer: 「【要約】」「## 広告文のタイトル」「回答：」."""
    s = _norm(line)
    return bool(s) and bool(rules.label_line.match(s) or rules.heading.match(s))


def _head_sentence_rule(sentence: str, rules: _TaskRules) -> str | None:
    """The rule a sentence before the answer matches (acknowledgement or announcement), if any."""
    if _is_acknowledgement(sentence):
        return "acknowledgement"
    if _is_announcement(sentence, rules):
        return "announcement"
    return None


def _is_note(inner: str) -> bool:
    """A note about the answer: 「注：…」「※…」「98文字」「文字数: 92」「16 characters」, or a constraint remark."""
    s = _norm(inner)
    if not s:
        return False
    if _CHAR_COUNT.search(s) or _NOTE_PREFIX.search(s):
        return True
    if s.startswith("※"):
        return bool(_NOTE_TOPIC.search(s)) or _tail_sentence_rule(s[1:]) is not None
    return _is_constraint_remark(s)


def _is_constraint_remark(sentence: str) -> bool:
    """「キーワード「保険」を含めました。」「…という言葉は使用していません。」: a remark on meeting the instruction."""
    s = _norm(sentence)
    return bool(_CONSTRAINT.search(s) and (_POLITE_END.search(s) or re.search(r"(?:作成|要約)$", s)))


def _tail_sentence_rule(sentence: str) -> str | None:
    """The rule a sentence after the answer matches (closing, self-explanation, constraint remark, note), if any."""
    s = _norm(sentence)
    if not s:
        return None
    if _CLOSING.search(s):
        return "closing"
    if _EN_CLOSING.match(s):
        return "closing"
    if _SELF_REFERENCE.search(s) or _RESTATEMENT.search(s):
        return "self_explanation"
    if _is_constraint_remark(s):
        return "constraint_remark"
    if s.startswith("※") and _NOTE_TOPIC.search(s):
        return "note"
    return None


def _tail_line_rule(line: str) -> str | None:
    """A whole last line that is a footer: its first sentence is a closing, self-explanation or note."""
    s = _norm(line)
    if not s:
        return None
    if s.startswith("※") and (_NOTE_TOPIC.search(s) or _tail_sentence_rule(s[1:]) is not None):
        return "note"
    if re.fullmatch(r"[（(][^（）()]*[)）]", s) and _is_note(s[1:-1]):
        return "note"
    if _CHAR_COUNT.search(s) or _NOTE_LINE.match(s):
        return "note"
    first = _sentences(line)
    return _tail_sentence_rule(first[0]) if first else None


def _content_left(text: str) -> bool:
    """Whether some answer would remain: a cut never leaves nothing."""
    return bool(text.strip())


def _cut_head(text: str, rules: _TaskRules, after_cut: bool) -> tuple[str, Removal] | None:
    """Cut one unit from the start of ``text`` (already stripped), or return ``None``."""
    line, sep, rest = text.partition("\n")
    if after_cut and _SEPARATOR.match(line.strip()) and _content_left(rest):
        return rest.strip(), Removal("head", "separator", line)
    if sep and _content_left(rest):
        if _is_label_line(line, rules):
            return rest.strip(), Removal("head", "label", line)
        sentences = _sentences(line)
        if sentences:
            rule = _head_sentence_rule(sentences[-1], rules)
            if rule is not None:
                return rest.strip(), Removal("head", rule + "_line", line)
    m = rules.label_prefix.match(line)
    if m and _content_left(text[m.end():]):
        return text[m.end():].strip(), Removal("head", "label", m.group(0))
    m = rules.clause_prefix.match(line) if rules.clause_prefix is not None else None
    if m and _content_left(text[m.end():]):
        return text[m.end():].strip(), Removal("head", "clause_prefix", m.group(0))
    sentences = _sentences(line)
    if len(sentences) > 1:
        rule = _head_sentence_rule(sentences[0], rules)
        if rule is not None and _content_left(text[len(sentences[0]):]):
            return text[len(sentences[0]):].strip(), Removal("head", rule, sentences[0])
    return None


def _cut_tail(text: str, after_cut: bool) -> tuple[str, Removal] | None:
    """Cut one unit from the end of ``text`` (already stripped), or return ``None``."""
    lines = text.split("\n")
    # A footer block of several lines: from the first footer heading or self-explanation line that follows
    # some answer, to the end (「要約のポイント：\n・…」「このタイトルは…\nまた、…」). One line is handled below.
    for i in range(1, len(lines) - 1):
        s = _norm(lines[i])
        if s and (_FOOTER_HEADING.match(s) or _SELF_REFERENCE.search(s)) and _content_left("\n".join(lines[:i])):
            return "\n".join(lines[:i]).strip(), Removal("tail", "footer_block", "\n".join(lines[i:]))
    head, sep, line = text.rpartition("\n")
    if after_cut and sep and _SEPARATOR.match(line.strip()) and _content_left(head):
        return head.strip(), Removal("tail", "separator", line)
    if sep and _content_left(head):
        rule = _tail_line_rule(line)
        if rule is not None:
            return head.strip(), Removal("tail", rule + "_line", line)
    m = _TRAILING_PAREN.search(line)
    if m and _is_note(m.group(0).strip()[1:-1]):
        kept = text[: len(text) - len(line) + m.start()]
        if _content_left(kept):
            return kept.strip(), Removal("tail", "note", m.group(0))
    sentences = _sentences(line)
    if len(sentences) > 1:
        rule = _tail_sentence_rule(sentences[-1])
        kept = text[: len(text) - len(sentences[-1])]
        if rule is not None and _content_left(kept):
            return kept.strip(), Removal("tail", rule, sentences[-1])
    return None


def _rules_for(task: str) -> _TaskRules:
    """The rules of a task; an unknown task raises with the valid names."""
    try:
        return _RULES[task]
    except KeyError:
        raise ValueError(f"unknown task {task!r}; valid: {', '.join(_RULES)}") from None


def _run(text: str, task: str) -> tuple[str, tuple[Removal, ...]]:
    """Cut head and tail units until no rule fires; return the input itself if nothing was cut."""
    rules = _rules_for(task)
    current = text.strip()
    removals: list[Removal] = []
    while True:
        cut = _cut_head(current, rules, bool(removals)) or _cut_tail(current, bool(removals))
        if cut is None:
            break
        current, removal = cut
        removals.append(removal)
    if not removals:
        return text, ()
    return current, tuple(removals)


def clean(text: str, task: str) -> str:
    """The answer without the text an assistant added before/after it; ``text`` itself if nothing was added.

    >>> clean("承知しました。以下の文章を要約します。\\n\\n市は新図書館を開館した。", "summary")
    '市は新図書館を開館した。'
    >>> clean("「冬だけの贅沢、カニ食べ放題プラン」", "ad_text")
    '「冬だけの贅沢、カニ食べ放題プラン」'
    """
    return _run(text, task)[0]


def explain(text: str, task: str) -> tuple[Removal, ...]:
    """What ``clean`` cut from ``text``, in order, with the rule that fired (empty if nothing)."""
    return _run(text, task)[1]


__all__ = ["RULE_CLEANER_NAME", "RULE_CLEANER_VERSION", "Removal", "clean", "explain"]
