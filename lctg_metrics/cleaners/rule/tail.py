"""The footer pass: cut one unit (a block, a line, a bracketed note, a sentence) put after the answer."""

from __future__ import annotations

from lctg_metrics.cleaners.rule.gates import Gate, gate
from lctg_metrics.cleaners.rule.notes import (
    CHAR_COUNT_RE,
    CONSTRAINT_RE,
    CONSTRAINT_STRONG_RE,
    COUNT_REMARK_RE,
    COUNTED_REMARK_RE,
    DISCLAIMER_RE,
    DISCLAIMER_SUBJECT_RE,
    INSTRUCTION_REMARK_RE,
    LINE_NOTE_RE,
    MARKED_CONFORM_RE,
    NOTE_LINE_RE,
    NOTE_MARK_RE,
    NOTE_SELF_RE,
    NOTE_TOPIC_RE,
    QUOTED_WORD_USE_RE,
    is_constraint_remark,
    is_count_or_keyword_note,
)
from lctg_metrics.cleaners.rule.tables import TASK_RULES, TaskRules
from lctg_metrics.cleaners.rule.tail_patterns import (
    AD_SHORT_QUESTION_RE,
    ADVICE_END_RE,
    ANSWER_CUE_RE,
    CLOSING_RE,
    DESIGN_RE,
    DONE_LINE_RE,
    EN_CLOSING_RE,
    EN_CUE_RE,
    EN_YOU_REMARK_RE,
    FOOTER_HEADING_RE,
    MAX_AD_SIGNOFF_CHARS,
    MAX_DESIGN_CHARS,
    MAX_FOOTER_BLOCK_LINES,
    OFFER_CUE_RE,
    OFFER_PLAIN_RE,
    OFFER_VERB_RE,
    QUESTION_CUE_RE,
    QUESTION_END_RE,
    READER_CLOSING_RE,
    REQUEST_CUE_RE,
    REQUEST_END_RE,
    RESTATEMENT_RE,
)
from lctg_metrics.cleaners.rule.text import (
    BRACKETED_RE,
    CLOSING_TAG_RE,
    JAPANESE_RE,
    QUOTED_RE,
    SEPARATOR_RE,
    TRAILING_NOTE_RE,
    Removal,
    content_left,
    first_sentence,
    has_subject,
    is_english_line,
    last_sentence,
    norm,
    unit_memo,
)


def _is_note(inner: str, rules: TaskRules) -> bool:
    """The inside of a bracketed note about the answer: counts, keywords, 注：, ※…, a self-reference, a remark."""
    s = norm(inner)
    if not s:
        return False
    if is_count_or_keyword_note(s) or NOTE_SELF_RE.search(s) or CLOSING_RE.search(s):
        return True
    if NOTE_MARK_RE.match(s):
        return _is_marked_note(s, rules)
    return is_constraint_remark(s)


def _is_marked_note(s: str, rules: TaskRules) -> bool:
    """A note after ※ (or ＊) whose topic is the answer, a count, a keyword, a disclaimer, or a remark on it."""
    if NOTE_TOPIC_RE.search(s) or MARKED_CONFORM_RE.search(s):
        return True
    if DISCLAIMER_RE.search(s) and not DISCLAIMER_SUBJECT_RE.search(QUOTED_RE.sub("", s)):
        return True
    return _tail_sentence_rule(NOTE_MARK_RE.sub("", s), rules.task) is not None


def _is_reader_signoff(s: str, rules: TaskRules) -> bool:
    """A sign-off addressed to the user: a question, a request to come back, an offer, advice, a wish.

    Quoted speech is ignored: 「…があれば相談してほしい」と呼びかけた is news, not a sign-off."""
    s = QUOTED_RE.sub("「」", s)
    if rules.task == "ad_text":
        # Ad copy also asks and invites: count it only if it speaks about the answer, or is a bare 「いかがですか？」.
        short = len(s) <= MAX_AD_SIGNOFF_CHARS and bool(AD_SHORT_QUESTION_RE.search(s))
        if not (short or ANSWER_CUE_RE.search(s)):
            return False
    if READER_CLOSING_RE.search(s):
        return True
    if REQUEST_END_RE.search(s) and REQUEST_CUE_RE.search(s):
        return True
    if (OFFER_VERB_RE.search(s) and OFFER_CUE_RE.search(s)) or OFFER_PLAIN_RE.search(s):
        return True
    if QUESTION_END_RE.search(s) and QUESTION_CUE_RE.search(s) and not s.rstrip("？?。．！!").endswith("ませんか"):
        return True
    return rules.task != "ad_text" and bool(ADVICE_END_RE.search(s))


def _is_design_remark(s: str, rules: TaskRules) -> bool:
    """「手軽さを強調したタイトルにしました。」: how the answer was written, without a subject."""
    return (
        len(s) <= MAX_DESIGN_CHARS
        and bool(DESIGN_RE.search(s))
        and bool(rules.design_cue.search(s))
        and not has_subject(s)
    )


#: Patterns matched against a sentence whose quotes were emptied (「…」 → 「」): what they require must hold no
#: bracket of a quote, so that finding it in the emptied sentence means finding it in the sentence itself
#: (tests/test_rule_gates.py checks it).
_MATCHED_WITH_QUOTES_EMPTIED = (
    CLOSING_RE,
    READER_CLOSING_RE,
    REQUEST_END_RE,
    OFFER_CUE_RE,
    OFFER_PLAIN_RE,
    QUESTION_CUE_RE,
    ADVICE_END_RE,
)


def _sentence_gate(rules: TaskRules) -> Gate:
    """What a sentence after the answer must contain for :func:`_tail_sentence_rule` to fire: one pattern for
    each way it can return a rule, in its order (closings and sign-offs, self-explanations, constraint remarks,
    notes). All read the sentence's normal form, the sign-offs with its quotes emptied."""
    return gate(
        CLOSING_RE,
        EN_CLOSING_RE,  # closings
        READER_CLOSING_RE,
        REQUEST_END_RE,
        OFFER_CUE_RE,
        OFFER_PLAIN_RE,
        QUESTION_CUE_RE,
        ADVICE_END_RE,  # sign-offs
        rules.self_reference,
        RESTATEMENT_RE,
        rules.pointer,  # self-explanations
        INSTRUCTION_REMARK_RE,
        CONSTRAINT_STRONG_RE,
        QUOTED_WORD_USE_RE,
        CONSTRAINT_RE,  # constraint remarks
        NOTE_MARK_RE,
        COUNT_REMARK_RE,
        COUNTED_REMARK_RE,  # notes
        all_of=[(rules.design_cue, DESIGN_RE)],  # how the answer was written
    )


SENTENCE_GATES: dict[str, Gate] = {task: _sentence_gate(rules) for task, rules in TASK_RULES.items()}
#: What a last line must contain for :func:`_whole_line_cut` to judge it before its first sentence is read: one
#: pattern per check, in its order (all read the line's normal form).
LINE_GATE = gate(
    NOTE_MARK_RE,
    DONE_LINE_RE,
    CLOSING_TAG_RE,
    BRACKETED_RE,
    CHAR_COUNT_RE,
    NOTE_LINE_RE,
    LINE_NOTE_RE,
    EN_CUE_RE,
    EN_YOU_REMARK_RE,
)
#: The brackets TRAILING_NOTE_RE ends with (then only blanks): a line ending otherwise has no trailing note.
_NOTE_CLOSERS = tuple(")）】]〕＞>")


@unit_memo
def _tail_sentence_rule(sentence: str, task: str) -> str | None:
    """The rule a sentence after the answer matches (closing, self-explanation, constraint remark, note), if any."""
    s = norm(sentence)
    if not s or not SENTENCE_GATES[task].may(s):
        return None
    rules = TASK_RULES[task]
    if CLOSING_RE.search(QUOTED_RE.sub("「」", s)) or EN_CLOSING_RE.match(s) or _is_reader_signoff(s, rules):
        return "closing"
    if rules.self_reference.search(s) or RESTATEMENT_RE.search(s) or _is_design_remark(s, rules):
        return "self_explanation"
    if rules.pointer.search(s):
        return "self_explanation"
    if is_constraint_remark(s):
        return "constraint_remark"
    if (NOTE_MARK_RE.match(s) and NOTE_TOPIC_RE.search(s)) or COUNT_REMARK_RE.search(s) or COUNTED_REMARK_RE.search(s):
        return "note"
    return None


@unit_memo
def _whole_line_cut(line: str, task: str) -> tuple[bool, str | None]:
    """How a last line with text before it is cut whole, as a note, an English remark or because its first
    sentence is a closing etc.: (whether it is an English remark, cut only after Japanese; the rule that cuts it
    otherwise, or None)."""
    s = norm(line)
    if not s:
        return False, None
    rules = TASK_RULES[task]
    english = False
    if LINE_GATE.may(s):
        if NOTE_MARK_RE.match(s) and _is_marked_note(s, rules):
            return False, "note_line"
        if DONE_LINE_RE.search(s):
            return False, "closing_line"
        if CLOSING_TAG_RE.match(s):
            return False, "separator_line"
        m = BRACKETED_RE.fullmatch(s)
        if m and _is_note(m.group(1), rules):
            return False, "note_line"
        if CHAR_COUNT_RE.search(s) or NOTE_LINE_RE.match(s) or LINE_NOTE_RE.match(s):
            return False, "note_line"
        # An English remark after a Japanese answer (「I kept it under 100 characters.」); a slogan has no cue word.
        english = is_english_line(s) and bool(EN_CUE_RE.search(s) or EN_YOU_REMARK_RE.search(s))
    first = first_sentence(line)
    rule = _tail_sentence_rule(first, task) if first else None
    return english, None if rule is None else rule + "_line"


@unit_memo
def _opens_footer(line: str, task: str) -> bool:
    """Whether a line can open a footer block: a footer heading or a self-explanation."""
    s = norm(line)
    return bool(s) and bool(FOOTER_HEADING_RE.match(s) or TASK_RULES[task].self_reference.search(s))


def cut_tail(text: str, rules: TaskRules, after_cut: bool) -> tuple[str, Removal] | None:
    """Cut one unit from the end of ``text`` (already stripped), or return ``None``."""
    lines = text.split("\n")
    # A footer block of several lines: from the first footer heading or self-explanation line that follows
    # some answer, to the end (「要約のポイント：\n・…」「このタイトルは…\nまた、…」). One line is handled below.
    # Only the last few lines can start one: a long run after such a line is content, not a footer.
    for i in range(max(1, len(lines) - MAX_FOOTER_BLOCK_LINES), len(lines) - 1):
        if _opens_footer(lines[i], rules.task) and content_left("\n".join(lines[:i])):
            return "\n".join(lines[:i]).strip(), Removal("tail", "footer_block", "\n".join(lines[i:]))
    head, sep, line = text.rpartition("\n")
    if after_cut and sep and SEPARATOR_RE.match(line.strip()) and content_left(head):
        return head.strip(), Removal("tail", "separator", line)
    if sep and content_left(head):
        english, rule = _whole_line_cut(line, rules.task)
        if english and JAPANESE_RE.search(head):
            return head.strip(), Removal("tail", "closing_line", line)
        if rule is not None:
            return head.strip(), Removal("tail", rule, line)
    m = TRAILING_NOTE_RE.search(line) if line.rstrip().endswith(_NOTE_CLOSERS) else None
    if m and _is_note(m.group(0).strip()[1:-1], rules):
        kept = text[: len(text) - len(line) + m.start()]
        if content_left(kept):
            return kept.strip(), Removal("tail", "note", m.group(0))
    mark = line.rfind("※")
    if mark > 0 and line[:mark].strip() and _is_marked_note(norm(line[mark:]), rules):
        # 「…定期便 ※条件に合わせて作成しました。」: a note opened by ※ on the answer's own line.
        kept = text[: len(text) - len(line) + mark]
        if content_left(kept):
            return kept.strip(), Removal("tail", "note", line[mark:])
    last = last_sentence(line)
    if last and len(last) < len(line):
        rule = _tail_sentence_rule(last, rules.task)
        kept = text[: len(text) - len(last)]
        if rule is None and is_english_line(norm(last)) and EN_CUE_RE.search(norm(last)):
            rule = "closing" if JAPANESE_RE.search(kept) else None
        if rule is not None and content_left(kept):
            return kept.strip(), Removal("tail", rule, last)
    return None
