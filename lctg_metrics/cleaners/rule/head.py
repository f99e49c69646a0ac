"""The header pass: cut one unit (a line, a label, a sentence) that an assistant put before the answer."""

from __future__ import annotations

from lctg_metrics.cleaners.rule.gates import Gate, gate
from lctg_metrics.cleaners.rule.guards import starts
from lctg_metrics.cleaners.rule.head_patterns import (
    ACK_RE,
    ACK_RUN_RE,
    ANNOUNCE_END_RE,
    BARE_ANNOUNCEMENT_RE,
    COLON_END_RE,
    EN_ACK_RE,
    EN_PAIR_RE,
    EN_SECTION_RE,
    EN_WRAPPER_RE,
    FORWARD_END_RE,
    FORWARD_RE,
    HEADER_QUESTION_RE,
    INSTRUCTION_ECHO_RE,
    MAX_ACK_RUN_CHARS,
    MAX_ANNOUNCEMENT_CHARS,
    MAX_NAMING_CHARS,
    MAX_RECAP_CHARS,
    NAMING_END_RE,
    POINTING_END_RE,
    POLITE_PREFIX_RE,
    RECAP_END_RE,
    RECAP_TOPIC_RE,
    SENTENCE_COLON_END_RE,
    SOURCE_DESCRIPTION_RE,
    TOPIC_ANNOUNCEMENT_RE,
)
from lctg_metrics.cleaners.rule.notes import (
    CONSTRAINT_STRONG_RE,
    COUNT_REMARK_RE,
    INSTRUCTION_REMARK_RE,
    POLITE_END_RE,
    QUOTED_WORD_USE_RE,
    is_instruction_remark,
)
from lctg_metrics.cleaners.rule.tables import TASK_RULES, TaskRules
from lctg_metrics.cleaners.rule.text import (
    JAPANESE_RE,
    SEPARATOR_RE,
    Removal,
    content_left,
    first_sentence,
    has_subject,
    is_english_line,
    last_sentence,
    norm,
    unit_memo,
)


def _is_announcement(sentence: str, rules: TaskRules, whole_line: bool) -> bool:
    """「以下の文章を要約します。」「以下が広告文のタイトルです。」「メリットとデメリットをご紹介します。」 and English
    wrappers."""
    s = POLITE_PREFIX_RE.sub("", norm(sentence))
    if not s or len(s) > MAX_ANNOUNCEMENT_CHARS:
        return False
    if EN_WRAPPER_RE.search(s) and not JAPANESE_RE.search(s):
        return True
    meta, forward = rules.meta.search(s), FORWARD_RE.search(s)
    if ANNOUNCE_END_RE.search(s) and (meta or forward):
        return True
    if forward and meta and (FORWARD_END_RE.search(s) or COLON_END_RE.search(s)):
        return True
    # 「以下は記事を要約したものです：」-style lead-ins: a sentence (not a bare label) ending in a colon.
    if meta and SENTENCE_COLON_END_RE.search(s):
        return True
    # 「広告文のタイトル案です。」「こちらが要約です：」: a short sentence that only names the answer.
    if meta and len(s) <= MAX_NAMING_CHARS and NAMING_END_RE.search(s):
        return True
    # 「以下はいかがでしょうか？」「こんなタイトルはどうでしょう？」: offering the answer as a question.
    if HEADER_QUESTION_RE.search(s):
        return True
    # 「この記事は、…について書かれています。」: a description of the source, before a summary.
    if rules.task == "summary" and SOURCE_DESCRIPTION_RE.search(s):
        return True
    # 「一言で表すと、こうなります。」: pointing at the answer below.
    if POINTING_END_RE.search(s):
        return True
    # 「以下の記事を要約してください。」: the instruction echoed back.
    if (meta or forward) and INSTRUCTION_ECHO_RE.search(s):
        return True
    # 「「初心者」というキーワードを入れて考えました。」: a remark on the constraints before the answer.
    if (
        POLITE_END_RE.search(s)
        and (CONSTRAINT_STRONG_RE.search(s) or QUOTED_WORD_USE_RE.search(s))
        and not has_subject(s)
    ):
        return True
    # 「ご指定の条件に沿って作成しました。」「記事の内容をもとに要約しました。」 (rule@1.2).
    if is_instruction_remark(s):
        return True
    # 「お答えします！」「簡潔にまとめますね。」: an announcement with no object, only as a whole line
    # (inline, 「わかりやすく解説します！」 can be the start of an ad title).
    if whole_line and BARE_ANNOUNCEMENT_RE.search(s):
        return True
    # 「〇〇について考えてみましょう。」: an announcement about a topic, no subject, not in the past tense.
    return bool(TOPIC_ANNOUNCEMENT_RE.search(s))


def _is_acknowledgement(sentence: str, rules: TaskRules) -> bool:
    """「承知しました。」「もちろんです、お任せください！」「Sure!」, greetings, a recap (「…についてですね。」)."""
    s = norm(sentence)
    if not s:
        return False
    if ACK_RE.match(s) or EN_ACK_RE.match(s) or (len(s) <= MAX_ACK_RUN_CHARS and ACK_RUN_RE.match(s)):
        return True
    s = POLITE_PREFIX_RE.sub("", s)
    return (
        len(s) <= MAX_RECAP_CHARS
        and bool(RECAP_END_RE.search(s))
        and bool(RECAP_TOPIC_RE.search(s) or rules.meta.search(s))
    )


def _is_label_line(line: str, rules: TaskRules) -> bool:
    """A line that is only a label or heading naming the answer: 「【要約】」「## 広告文のタイトル」「回答：」."""
    s = norm(line)
    if not s:
        return False
    if rules.label_line.match(s) or rules.heading.match(s):
        return True
    return rules.topic_line is not None and bool(rules.topic_line.match(s))


def _is_english_lead_in(line: str) -> bool:
    """An English line ending in a colon before the answer (「Pros and cons of living alone:」, not 「Pros:」)."""
    s = norm(line)
    if not is_english_line(s) or not COLON_END_RE.search(s):
        return False
    return not EN_SECTION_RE.search(s) or bool(EN_PAIR_RE.search(s))


def _sentence_gate(rules: TaskRules) -> Gate:
    """What a sentence before the answer must contain for :func:`_head_sentence_rule` to fire: one pattern for
    each way :func:`_is_acknowledgement` and :func:`_is_announcement` can return True, in their order (both read
    the sentence's normal form or a suffix of it, so what the suffix contains the normal form contains)."""
    return gate(
        ACK_RE,
        EN_ACK_RE,
        ACK_RUN_RE,
        RECAP_END_RE,  # acknowledgements, a recap
        EN_WRAPPER_RE,
        ANNOUNCE_END_RE,
        FORWARD_RE,
        SENTENCE_COLON_END_RE,  # announcements: English, named, forward
        HEADER_QUESTION_RE,
        SOURCE_DESCRIPTION_RE,
        POINTING_END_RE,
        INSTRUCTION_ECHO_RE,
        CONSTRAINT_STRONG_RE,
        QUOTED_WORD_USE_RE,
        INSTRUCTION_REMARK_RE,
        BARE_ANNOUNCEMENT_RE,
        TOPIC_ANNOUNCEMENT_RE,
        all_of=[(rules.meta, NAMING_END_RE)],  # a short sentence only naming the answer
    )


SENTENCE_GATES: dict[str, Gate] = {task: _sentence_gate(rules) for task, rules in TASK_RULES.items()}
#: First-character tests of the label and clause prefixes (most lines start with a character neither can).
PREFIX_STARTS = {
    task: (starts(rules.label_prefix), starts(rules.clause_prefix) if rules.clause_prefix else (lambda line: False))
    for task, rules in TASK_RULES.items()
}
#: What a first line must contain to be a label line or an English lead-in (their patterns read its normal form).
LINE_GATES: dict[str, Gate] = {
    task: gate(rules.label_line, rules.heading, *([rules.topic_line] if rules.topic_line else []), COLON_END_RE)
    for task, rules in TASK_RULES.items()
}


@unit_memo
def _head_sentence_rule(sentence: str, task: str, whole_line: bool) -> str | None:
    """The rule a sentence before the answer matches (acknowledgement or announcement), if any."""
    if not SENTENCE_GATES[task].may(norm(sentence)):
        return None
    rules = TASK_RULES[task]
    if _is_acknowledgement(sentence, rules):
        return "acknowledgement"
    if _is_announcement(sentence, rules, whole_line):
        return "announcement"
    return None


@unit_memo
def _whole_line_cut(line: str, task: str) -> tuple[bool, str | None]:
    """How a first line with more text after it is cut whole: (whether it is an English lead-in, cut only before
    Japanese; the rule that cuts it otherwise, or None)."""
    rules = TASK_RULES[task]
    english = False
    if LINE_GATES[task].may(norm(line)):
        if _is_label_line(line, rules):
            return False, "label"
        english = _is_english_lead_in(line)
    last = last_sentence(line)
    if not last:
        return english, None
    rule = _head_sentence_rule(last, task, True)
    if rule is None and len(last) < len(line) and COUNT_REMARK_RE.search(norm(last)):
        # 「…要約しました。文字数は52字です。」: a count after an announcement on the same line.
        rule = _head_sentence_rule(last_sentence(line[: len(line) - len(last)]), task, True)
    return english, None if rule is None else rule + "_line"


def cut_head(text: str, rules: TaskRules, after_cut: bool) -> tuple[str, Removal] | None:
    """Cut one unit from the start of ``text`` (already stripped), or return ``None``."""
    line, sep, rest = text.partition("\n")
    if after_cut and SEPARATOR_RE.match(line.strip()) and content_left(rest):
        return rest.strip(), Removal("head", "separator", line)
    if sep and content_left(rest):
        english, rule = _whole_line_cut(line, rules.task)
        if english and JAPANESE_RE.search(rest):
            return rest.strip(), Removal("head", "announcement_line", line)
        if rule is not None:
            return rest.strip(), Removal("head", rule, line)
    label_start, clause_start = PREFIX_STARTS[rules.task]
    m = rules.label_prefix.match(line) if label_start(line) else None
    if m and content_left(text[m.end() :]):
        return text[m.end() :].strip(), Removal("head", "label", m.group(0))
    clause = rules.clause_prefix  # None where a task has no clause prefix (clause_start is then always False)
    m = clause.match(line) if clause is not None and clause_start(line) else None
    if m and content_left(text[m.end() :]):
        return text[m.end() :].strip(), Removal("head", "clause_prefix", m.group(0))
    first = first_sentence(line)
    if first and len(first) < len(line):
        rule = _head_sentence_rule(first, rules.task, False)
        if rule is not None and content_left(text[len(first) :]):
            return text[len(first) :].strip(), Removal("head", rule, first)
    return None
