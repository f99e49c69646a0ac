"""The header pass: cut one unit (a line, a label, a sentence) that an assistant put before the answer."""

from __future__ import annotations

from tests.frozen_rule_1_2.head_patterns import (
    MAX_ACK_RUN_CHARS,
    MAX_ANNOUNCEMENT_CHARS,
    MAX_NAMING_CHARS,
    MAX_RECAP_CHARS,
    _ACK,
    _ACK_RUN,
    _ANNOUNCE_END,
    _BARE_ANNOUNCEMENT,
    _COLON_END,
    _EN_ACK,
    _EN_PAIR,
    _EN_SECTION,
    _EN_WRAPPER,
    _FORWARD,
    _FORWARD_END,
    _HEADER_QUESTION,
    _INSTRUCTION_ECHO,
    _NAMING_END,
    _POINTING_END,
    _POLITE_PREFIX,
    _RECAP_END,
    _RECAP_TOPIC,
    _SENTENCE_COLON_END,
    _SOURCE_DESCRIPTION,
    _TOPIC_ANNOUNCEMENT,
)
from tests.frozen_rule_1_2.notes import (
    _CONSTRAINT_STRONG,
    _COUNT_REMARK,
    _POLITE_END,
    _QUOTED_WORD_USE,
    _is_instruction_remark,
)
from tests.frozen_rule_1_2.tables import _TaskRules
from tests.frozen_rule_1_2.text import (
    _JAPANESE,
    _SEPARATOR,
    Removal,
    _content_left,
    _first_sentence,
    _has_subject,
    _is_english_line,
    _last_sentence,
    _norm,
)


def _is_announcement(sentence: str, rules: _TaskRules, whole_line: bool) -> bool:
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
    # 「以下はいかがでしょうか？」「こんなタイトルはどうでしょう？」: offering the answer as a question.
    if _HEADER_QUESTION.search(s):
        return True
    # 「この記事は、…について書かれています。」: a description of the source, before a summary.
    if rules.task == "summary" and _SOURCE_DESCRIPTION.search(s):
        return True
    # 「一言で表すと、こうなります。」: pointing at the answer below.
    if _POINTING_END.search(s):
        return True
    # 「以下の記事を要約してください。」: the instruction echoed back.
    if (meta or forward) and _INSTRUCTION_ECHO.search(s):
        return True
    # 「「初心者」というキーワードを入れて考えました。」: a remark on the constraints before the answer.
    if _POLITE_END.search(s) and (_CONSTRAINT_STRONG.search(s) or _QUOTED_WORD_USE.search(s)) and not _has_subject(s):
        return True
    # 「ご指定の条件に沿って作成しました。」「記事の内容をもとに要約しました。」 (rule@1.2).
    if _is_instruction_remark(s):
        return True
    # 「お答えします！」「簡潔にまとめますね。」: an announcement with no object, only as a whole line
    # (inline, 「わかりやすく解説します！」 can be the start of an ad title).
    if whole_line and _BARE_ANNOUNCEMENT.search(s):
        return True
    # 「〇〇について考えてみましょう。」: an announcement about a topic, no subject, not in the past tense.
    return bool(_TOPIC_ANNOUNCEMENT.search(s))


def _is_acknowledgement(sentence: str, rules: _TaskRules) -> bool:
    """「承知しました。」「もちろんです、お任せください！」「Sure!」, greetings, a recap (「…についてですね。」)."""
    s = _norm(sentence)
    if not s:
        return False
    if _ACK.match(s) or _EN_ACK.match(s) or (len(s) <= MAX_ACK_RUN_CHARS and _ACK_RUN.match(s)):
        return True
    s = _POLITE_PREFIX.sub("", s)
    return (
        len(s) <= MAX_RECAP_CHARS
        and bool(_RECAP_END.search(s))
        and bool(_RECAP_TOPIC.search(s) or rules.meta.search(s))
    )


def _is_label_line(line: str, rules: _TaskRules) -> bool:
    """A line that is only a label or heading naming the answer: 「【要約】」「## 広告文のタイトル」「回答：」."""
    s = _norm(line)
    if not s:
        return False
    if rules.label_line.match(s) or rules.heading.match(s):
        return True
    return rules.topic_line is not None and bool(rules.topic_line.match(s))


def _is_english_lead_in(line: str) -> bool:
    """An English line ending in a colon before the answer (「Pros and cons of living alone:」, not 「Pros:」)."""
    s = _norm(line)
    if not _is_english_line(s) or not _COLON_END.search(s):
        return False
    return not _EN_SECTION.search(s) or bool(_EN_PAIR.search(s))


def _head_sentence_rule(sentence: str, rules: _TaskRules, whole_line: bool) -> str | None:
    """The rule a sentence before the answer matches (acknowledgement or announcement), if any."""
    if _is_acknowledgement(sentence, rules):
        return "acknowledgement"
    if _is_announcement(sentence, rules, whole_line):
        return "announcement"
    return None



def _cut_head(text: str, rules: _TaskRules, after_cut: bool) -> tuple[str, Removal] | None:
    """Cut one unit from the start of ``text`` (already stripped), or return ``None``."""
    line, sep, rest = text.partition("\n")
    if after_cut and _SEPARATOR.match(line.strip()) and _content_left(rest):
        return rest.strip(), Removal("head", "separator", line)
    if sep and _content_left(rest):
        if _is_label_line(line, rules):
            return rest.strip(), Removal("head", "label", line)
        if _is_english_lead_in(line) and _JAPANESE.search(rest):
            return rest.strip(), Removal("head", "announcement_line", line)
        last = _last_sentence(line)
        if last:
            rule = _head_sentence_rule(last, rules, whole_line=True)
            if rule is None and _COUNT_REMARK.search(_norm(last)) and len(last) < len(line):
                # 「…要約しました。文字数は52字です。」: a count after an announcement on the same line.
                rule = _head_sentence_rule(_last_sentence(line[: len(line) - len(last)]), rules, whole_line=True)
            if rule is not None:
                return rest.strip(), Removal("head", rule + "_line", line)
    m = rules.label_prefix.match(line)
    if m and _content_left(text[m.end():]):
        return text[m.end():].strip(), Removal("head", "label", m.group(0))
    m = rules.clause_prefix.match(line) if rules.clause_prefix is not None else None
    if m and _content_left(text[m.end():]):
        return text[m.end():].strip(), Removal("head", "clause_prefix", m.group(0))
    first = _first_sentence(line)
    if first and len(first) < len(line):
        rule = _head_sentence_rule(first, rules, whole_line=False)
        if rule is not None and _content_left(text[len(first):]):
            return text[len(first):].strip(), Removal("head", rule, first)
    return None
