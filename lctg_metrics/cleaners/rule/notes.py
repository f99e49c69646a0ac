"""Notes on the answer rather than the answer: counts, keywords and remarks on meeting the constraints."""

from __future__ import annotations

import re

from lctg_metrics.cleaners.rule.guards import guard
from lctg_metrics.cleaners.rule.text import compile_ci, has_subject, norm

#: A remark about meeting the instruction's constraints (「キーワード「保険」を含めました。」「…を使用していません。」).
#: Strong nouns name the constraint itself; weak ones (条件, 指定) also occur in news, so those need no subject.
CONSTRAINT_STRONG = (
    r"キーワード|NGワード|禁止語|禁止ワード|禁止用語|指定語|文字数|字数|\d+\s*(?:文字|字)"
    r"|「[^」\n]{1,20}」(?:という)?(?:言葉|単語|語|ワード|表現|キーワード)"
)
CONSTRAINT_NOUNS = rf"{CONSTRAINT_STRONG}|言葉|単語|ワード|語句|指定|条件|制約|禁止"
#: 「「安い」を使わずに考えてみました。」: a quoted word used or avoided, said without a subject.
QUOTED_WORD_USE = (
    r"「[^」\n]{1,20}」(?:を|は|も)(?:一切|しっかり|きちんと)?(?:使わ|使用|使っ|含め|入れ|避け|用い|盛り込)"
)
CONSTRAINT_VERBS = (
    r"含め|含ん|入れ|入っ|使用|使っ|使わ|用い|避け|守|満た|収め|おさめ|収ま|おさま|以内|範囲内|超え|クリア|盛り込"
    r"|取り入れ|反映|抑え|不使用|未使用"
)
POLITE_END = r"(?:ます|ました|ません|ませんでした|です|でした)(?:ね|よ)?[。．.！!]?$"

#: How the characters were counted (「句読点を含みます」「記号を除いて45字」「全角換算」); rule@1.2.
#: Not inside a compound: 「駐車スペース込み」 is a product detail.
COUNTING = (
    r"(?<![\u4e00-\u9fff\u30a0-\u30ffー])(?:文字|句読点|記号|スペース|空白|改行|絵文字|括弧|かっこ)[^。]{0,10}?"
    r"(?:含|除|込|抜|数え|カウント|換算|計算)"
    r"|(?:全角|半角)(?:で|換算|計算|カウント|文字|基準|\s*\d)"
)
#: A count stated with its counting convention, and nothing else (「句読点を含めて45字です。」「記号込み45字」).
COUNTED_REMARK = rf"^[^。]{{0,20}}(?:{COUNTING})[^。]{{0,10}}\d+\s*(?:文字|字)[^。]{{0,8}}[。．.！!]?$"
#: A disclaimer about the answer itself (「※架空の商品名です」「※あくまで一例です」); only after a note mark and
#: without a subject of its own, since 「※保険料は一例です」「※画像はイメージです」 are product notes and stay.
DISCLAIMER = r"架空|実在(?:の|し|する|では)|一例|仮の|仮称|フィクション"
#: A subject in a disclaimer (「保険料は」); 「…とは関係ありません」 is not one.
DISCLAIMER_SUBJECT = r"(?<!と)[はが]"
#: Notes after the answer: ※ lines about the text itself (「※文字数：43文字」) and bracketed notes.
#: (「※使用環境によって異なります。」 is content: 使用 alone is not a topic, a constraint remark is.)
NOTE_TOPICS = rf"文字|字数|キーワード|言葉|単語|ワード|回答|要約|タイトル|広告文|本文|\d+\s*字|{COUNTING}"
#: The marks that open a note line: ※, and ＊/* directly before a word (not a ``* `` bullet or ``**bold**``).
NOTE_MARK = r"^(?:※|\*(?![*\s]))"

#: A remark that the answer follows the instruction or the source (「※条件に合わせて作成しました。」
#: 「ご指定の条件に沿って作成しています。」「記事の内容をもとに要約しました。」): the instruction or source
#: noun, a way of following it, and a writing verb in the polite past or progressive, or a terse 「…作成」.
#: The present tense is left alone: 「ご予算・条件に合わせて作ります」 is ad copy. rule@1.2.
INSTRUCTION_NOUNS = r"条件|指示|指定|制約|要件|ルール|ご?依頼|お題|設問|問題文"
SOURCE_NOUNS = r"記事|本文|原文|元の文章|元記事|ご提示の文章|与えられた文章|提示された文章"
CONFORM = (
    r"に合わせ|にあわせ|に沿|にそ[っい]|に従|にしたが|どおり|通り|とおり|を踏まえ|をふまえ|に基づ|にもとづ|をもと|を元"
    r"|を基|に則|を参考|を守|をまも|を満た|をみた"
)
WRITE_DONE = (
    r"(?:作成し|作っ|作り|書い|書き|まとめ|考え|仕上げ|要約し|構成し|調整し|記述し|表現し|省い|省き|抑え|収め|絞っ|入れ|含め)"
    r"(?:ました|て(?:い|あり|おり)ます|て(?:い|あり|おり|み)ました)|(?:作成|要約)(?:済み?|しています)?"
)
INSTRUCTION_REMARK = (
    r"^(?:(?:なお|また|ちなみに|以上)[、,]?\s*)?[^。、・\s]{0,8}?"
    rf"(?:(?:(?:{INSTRUCTION_NOUNS})(?:内容)?で|(?:{INSTRUCTION_NOUNS}|{SOURCE_NOUNS}).{{0,6}}?(?:{CONFORM}))"
    rf".{{0,20}}?(?:{WRITE_DONE})"
    rf"|(?:{INSTRUCTION_NOUNS}|{SOURCE_NOUNS}).{{0,6}}?(?:に基づ|にもとづ|に沿っ|に従っ|に則っ)(?:いて|て)(?:います|おります))"
    r"[。．.！!]?$"
)
#: After a note mark any subject may stand: 「※固有名詞は原文の表記に合わせています。」 (rule@1.2).
MARKED_CONFORM = (
    rf"(?:{INSTRUCTION_NOUNS}|{SOURCE_NOUNS}).{{0,8}}?(?:{CONFORM})[^。]{{0,12}}?"
    r"(?:ています|ております|てあります|ました)[。．.！!]?$"
)
#: Longest such remark; longer sentences are content.
MAX_INSTRUCTION_REMARK_CHARS = 60
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

CONSTRAINT_STRONG_RE = guard(compile_ci(rf"(?:{CONSTRAINT_STRONG}).{{0,40}}(?:{CONSTRAINT_VERBS})"))
#: With a weak noun the constraint verb must be the predicate (rule@1.2): 「条件をすべて満たしています。」 is a remark,
#: 「条件を満たした世帯に給付金を支給しました。」 news.
CONSTRAINT_RE = guard(compile_ci(rf"(?:{CONSTRAINT_NOUNS}).{{0,40}}(?:{CONSTRAINT_VERBS})[^。、]{{0,10}}[。．.！!]?$"))
QUOTED_WORD_USE_RE = compile_ci(QUOTED_WORD_USE)
POLITE_END_RE = compile_ci(POLITE_END)
NOTE_TOPIC_RE = guard(compile_ci(NOTE_TOPICS))
CHAR_COUNT_RE = guard(compile_ci(CHAR_COUNT_NOTE))
_SHORT_COUNT = compile_ci(SHORT_COUNT_NOTE)
COUNT_REMARK_RE = compile_ci(COUNT_REMARK)
_TERSE_CONSTRAINT = guard(compile_ci(TERSE_CONSTRAINT_NOTE))
_NOTE_PREFIX = compile_ci(NOTE_PREFIX)
#: A whole unbracketed line that is only such a note (「全角22文字」「キーワード「節約」使用」); never content plus a
#: count.
LINE_NOTE_RE = compile_ci(
    rf"^(?:全角|半角|約|計|合計|total|count|length)?\s*[:：]?\s*{COUNT}[。.]?$"
    rf"|^(?:使用)?(?:{TERSE_CONSTRAINT_NOTE})[^。\n]{{0,30}}$"
)
NOTE_SELF_RE = compile_ci(NOTE_SELF)
NOTE_MARK_RE = compile_ci(NOTE_MARK)
_COUNTING = guard(compile_ci(COUNTING))
COUNTED_REMARK_RE = guard(compile_ci(COUNTED_REMARK))
INSTRUCTION_REMARK_RE = guard(compile_ci(INSTRUCTION_REMARK))
MARKED_CONFORM_RE = guard(compile_ci(MARKED_CONFORM))
DISCLAIMER_RE = compile_ci(DISCLAIMER)
DISCLAIMER_SUBJECT_RE = compile_ci(DISCLAIMER_SUBJECT)
NOTE_LINE_RE = compile_ci(
    r"^(?:#{1,6}\s*)?(?:\*\*)?[【\[＜<〈■◆●★▼]?\s*[（(]?(?:注|note|nb|補足|備考|ポイント|解説|意図|狙い|キーワード"
    r"|工夫した点|工夫点|使用キーワード|rationale|explanation|reasoning|comments?)\s*[】\]＞>〉]?(?:\*\*)?\s*[:：)）]"
)


def is_count_or_keyword_note(s: str) -> bool:
    """A terse note on counts or keywords (「98文字」「キーワード「節約」使用」「(Total: 34 characters)」)."""
    if CHAR_COUNT_RE.search(s) or _NOTE_PREFIX.search(s):
        return True
    if len(s) <= MAX_SHORT_NOTE_CHARS and "。" not in s.rstrip("。"):
        return bool(_SHORT_COUNT.search(s) or _TERSE_CONSTRAINT.search(s) or _COUNTING.search(s))
    return False


def is_instruction_remark(s: str) -> bool:
    """「条件に合わせて作成しました。」「記事の内容をもとに要約しました。」: the answer follows the request."""
    return len(s) <= MAX_INSTRUCTION_REMARK_CHARS and bool(INSTRUCTION_REMARK_RE.search(s)) and not has_subject(s)


def is_constraint_remark(sentence: str) -> bool:
    """「キーワード「保険」を含めました。」「…という言葉は使用していません。」: a remark on meeting the instruction."""
    s = norm(sentence)
    if is_instruction_remark(s):
        return True
    if not (POLITE_END_RE.search(s) or re.search(r"(?:作成|要約)$", s)):
        return False
    if (CONSTRAINT_STRONG_RE.search(s) or QUOTED_WORD_USE_RE.search(s)) and not has_subject(s):
        return True
    # Weak nouns (条件, 指定, 言葉) also occur in news: 「市は、指定した条件を満たす世帯に…します。」 stays.
    return bool(CONSTRAINT_RE.search(s)) and not has_subject(s)
