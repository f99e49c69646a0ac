"""Notes on the answer rather than the answer: counts, keywords and remarks on meeting the constraints."""

from __future__ import annotations

import re

from lctg_metrics.cleaners.rule.text import _c, _has_subject, _norm

#: A remark about meeting the instruction's constraints (「キーワード「保険」を含めました。」「…を使用していません。」).
#: Strong nouns name the constraint itself; weak ones (条件, 指定) also occur in news, so those need no subject.
CONSTRAINT_STRONG = (
    r"キーワード|NGワード|禁止語|禁止ワード|禁止用語|指定語|文字数|字数|\d+\s*(?:文字|字)"
    r"|「[^」\n]{1,20}」(?:という)?(?:言葉|単語|語|ワード|表現|キーワード)"
)
CONSTRAINT_NOUNS = rf"{CONSTRAINT_STRONG}|言葉|単語|ワード|語句|指定|条件|制約|禁止"
#: 「「安い」を使わずに考えてみました。」: a quoted word used or avoided, said without a subject.
QUOTED_WORD_USE = r"「[^」\n]{1,20}」(?:を|は|も)(?:一切|しっかり|きちんと)?(?:使わ|使用|使っ|含め|入れ|避け|用い|盛り込)"
CONSTRAINT_VERBS = (
    r"含め|含ん|入れ|入っ|使用|使っ|使わ|用い|避け|守|満た|収め|おさめ|収ま|おさま|以内|範囲内|超え|クリア|盛り込"
    r"|取り入れ|反映|抑え|不使用|未使用"
)
POLITE_END = r"(?:ます|ました|ません|ませんでした|です|でした)(?:ね|よ)?[。．.！!]?$"

#: Notes after the answer: ※ lines about the text itself (「※文字数：43文字」) and bracketed notes.
#: (「※使用環境によって異なります。」 is content: 使用 alone is not a topic, a constraint remark is.)
NOTE_TOPICS = r"文字|字数|キーワード|言葉|単語|ワード|回答|要約|タイトル|広告文|本文"
CHAR_COUNT_NOTE = (
    r"^[^。、\d]{0,8}\d+\s*(?:文字|字|characters?|chars?|words?)(?:程度|以内|前後|です)?$"
    r"|^[^。.!?！？]{0,10}(?:文字数|字数|character count|word count|char count)"
)
#: A short bracketed note that is a count: 「（全角22文字）」「(Total: 34 characters)」「（約70字、キーワード使用）」;
#: the count comes first (「（1投稿140文字まで）」 is a product detail).
COUNT = r"\d+\s*(?:文字|字|characters?|chars?|words?|letters?)(?![a-z])(?:程度|以内|前後|ちょうど|です|でした)?"
SHORT_COUNT_NOTE = rf"^[^\d。]{{0,12}}{COUNT}(?:[、,/／・\s].{{0,25}})?$"
MAX_SHORT_NOTE_CHARS = 40
#: A sentence that only states the count (「文字数は52字です。」「なお、要約は52字です。」).
COUNT_REMARK = (
    r"^(?:(?:なお|また|ちなみに)[、,]?\s*)?(?:文字数|字数|全体|要約|要約文|タイトル|回答)?(?:は|が|:|：)?\s*"
    r"(?:約|全角|半角|計|合計)?\s*\d+\s*(?:文字|字)(?:程度|以内|前後|ちょうど)?"
    r"(?:です|でした|になります|となります|になりました)?[。．.！!]?$"
)
#: A terse note on a keyword or a banned word: 「キーワード「節約」使用」「「格安」不使用」「使用キーワード：おせち」.
TERSE_CONSTRAINT_NOTE = (
    r"(?:キーワード|NGワード|禁止語|禁止ワード|使用語|指定語)\s*(?:[:：「『]|.{0,6}(?:使用|含|入|なし|あり|OK|クリア))"
    r"|「[^」\n]{1,20}」(?:を|は)?(?:使用|不使用|未使用|使わず|含む|含有|入り|なし|あり|OK|クリア|済み?|○|✓)"
)
NOTE_PREFIX = r"^(?:注|note|nb|補足|備考|キーワード|禁止語|NGワード|使用語|条件)\s*[:：]|^注\b|^注[）)]"
#: A self-reference inside a bracketed note (「（回答は一般論です）」): in brackets it cannot be content.
NOTE_SELF = r"^(?:この|上記の?|本)?(?:回答|要約|要約文|タイトル|広告文|キャッチコピー|コピー)(?:は|では|の|を)"

_CONSTRAINT_STRONG = _c(rf"(?:{CONSTRAINT_STRONG}).{{0,40}}(?:{CONSTRAINT_VERBS})")
_CONSTRAINT = _c(rf"(?:{CONSTRAINT_NOUNS}).{{0,40}}(?:{CONSTRAINT_VERBS})")
_QUOTED_WORD_USE = _c(QUOTED_WORD_USE)
_POLITE_END = _c(POLITE_END)
_NOTE_TOPIC = _c(NOTE_TOPICS)
_CHAR_COUNT = _c(CHAR_COUNT_NOTE)
_SHORT_COUNT = _c(SHORT_COUNT_NOTE)
_COUNT_REMARK = _c(COUNT_REMARK)
_TERSE_CONSTRAINT = _c(TERSE_CONSTRAINT_NOTE)
_NOTE_PREFIX = _c(NOTE_PREFIX)
#: A whole unbracketed line that is only such a note (「全角22文字」「キーワード「節約」使用」); never content plus a count.
_LINE_NOTE = _c(
    rf"^(?:全角|半角|約|計|合計|total|count|length)?\s*[:：]?\s*{COUNT}[。.]?$"
    rf"|^(?:使用)?(?:{TERSE_CONSTRAINT_NOTE})[^。\n]{{0,30}}$"
)
_NOTE_SELF = _c(NOTE_SELF)
_NOTE_LINE = _c(
    r"^(?:#{1,6}\s*)?(?:\*\*)?[【\[＜<〈■◆●★▼]?\s*[（(]?(?:注|note|nb|補足|備考|ポイント|解説|意図|狙い|キーワード"
    r"|工夫した点|工夫点|使用キーワード)\s*[】\]＞>〉]?(?:\*\*)?\s*[:：)）]"
)


def _is_count_or_keyword_note(s: str) -> bool:
    """A terse note on counts or keywords (「98文字」「キーワード「節約」使用」「(Total: 34 characters)」)."""
    if _CHAR_COUNT.search(s) or _NOTE_PREFIX.search(s):
        return True
    if len(s) <= MAX_SHORT_NOTE_CHARS and "。" not in s.rstrip("。"):
        return bool(_SHORT_COUNT.search(s) or _TERSE_CONSTRAINT.search(s))
    return False


def _is_constraint_remark(sentence: str) -> bool:
    """「キーワード「保険」を含めました。」「…という言葉は使用していません。」: a remark on meeting the instruction."""
    s = _norm(sentence)
    if not (_POLITE_END.search(s) or re.search(r"(?:作成|要約)$", s)):
        return False
    if (_CONSTRAINT_STRONG.search(s) or _QUOTED_WORD_USE.search(s)) and not _has_subject(s):
        return True
    # Weak nouns (条件, 指定, 言葉) also occur in news: 「市は、指定した条件を満たす世帯に…します。」 stays.
    return bool(_CONSTRAINT.search(s)) and not _has_subject(s)
