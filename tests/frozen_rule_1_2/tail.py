"""The footer pass: cut one unit (a block, a line, a bracketed note, a sentence) put after the answer."""

from __future__ import annotations

from tests.frozen_rule_1_2.notes import (
    _CHAR_COUNT,
    _COUNT_REMARK,
    _COUNTED_REMARK,
    _DISCLAIMER,
    _DISCLAIMER_SUBJECT,
    _LINE_NOTE,
    _MARKED_CONFORM,
    _NOTE_LINE,
    _NOTE_MARK,
    _NOTE_SELF,
    _NOTE_TOPIC,
    _is_constraint_remark,
    _is_count_or_keyword_note,
)
from tests.frozen_rule_1_2.tables import _TaskRules
from tests.frozen_rule_1_2.tail_patterns import (
    MAX_AD_SIGNOFF_CHARS,
    MAX_DESIGN_CHARS,
    MAX_FOOTER_BLOCK_LINES,
    _AD_SHORT_QUESTION,
    _ADVICE_END,
    _ANSWER_CUE,
    _CLOSING,
    _DESIGN,
    _DONE_LINE,
    _EN_CLOSING,
    _EN_CUE,
    _EN_YOU_REMARK,
    _FOOTER_HEADING,
    _OFFER_CUE,
    _OFFER_PLAIN,
    _OFFER_VERB,
    _QUESTION_CUE,
    _QUESTION_END,
    _READER_CLOSING,
    _REQUEST_CUE,
    _REQUEST_END,
    _RESTATEMENT,
)
from tests.frozen_rule_1_2.text import (
    _BRACKETED,
    _CLOSING_TAG,
    _JAPANESE,
    _QUOTED,
    _SEPARATOR,
    _TRAILING_NOTE,
    Removal,
    _content_left,
    _first_sentence,
    _has_subject,
    _is_english_line,
    _last_sentence,
    _norm,
)


def _is_note(inner: str, rules: _TaskRules) -> bool:
    """The inside of a bracketed note about the answer: counts, keywords, 注：, ※…, a self-reference, a remark."""
    s = _norm(inner)
    if not s:
        return False
    if _is_count_or_keyword_note(s) or _NOTE_SELF.search(s) or _CLOSING.search(s):
        return True
    if _NOTE_MARK.match(s):
        return _is_marked_note(s, rules)
    return _is_constraint_remark(s)


def _is_marked_note(s: str, rules: _TaskRules) -> bool:
    """A note after ※ (or ＊) whose topic is the answer, a count, a keyword, a disclaimer, or a remark on it."""
    if _NOTE_TOPIC.search(s) or _MARKED_CONFORM.search(s):
        return True
    if _DISCLAIMER.search(s) and not _DISCLAIMER_SUBJECT.search(_QUOTED.sub("", s)):
        return True
    return _tail_sentence_rule(_NOTE_MARK.sub("", s), rules) is not None




def _is_reader_signoff(s: str, rules: _TaskRules) -> bool:
    """A sign-off addressed to the user: a question, a request to come back, an offer, advice, a wish.

    Quoted speech is ignored: 「…があれば相談してほしい」と呼びかけた is news, not a sign-off."""
    s = _QUOTED.sub("「」", s)
    if rules.task == "ad_text":
        # Ad copy also asks and invites: count it only if it speaks about the answer, or is a bare 「いかがですか？」.
        short = len(s) <= MAX_AD_SIGNOFF_CHARS and bool(_AD_SHORT_QUESTION.search(s))
        if not (short or _ANSWER_CUE.search(s)):
            return False
    if _READER_CLOSING.search(s):
        return True
    if _REQUEST_END.search(s) and _REQUEST_CUE.search(s):
        return True
    if (_OFFER_VERB.search(s) and _OFFER_CUE.search(s)) or _OFFER_PLAIN.search(s):
        return True
    if _QUESTION_END.search(s) and _QUESTION_CUE.search(s) and not s.rstrip("？?。．！!").endswith("ませんか"):
        return True
    return rules.task != "ad_text" and bool(_ADVICE_END.search(s))


def _is_design_remark(s: str, rules: _TaskRules) -> bool:
    """「手軽さを強調したタイトルにしました。」: how the answer was written, without a subject."""
    return (
        len(s) <= MAX_DESIGN_CHARS
        and bool(_DESIGN.search(s))
        and bool(rules.design_cue.search(s))
        and not _has_subject(s)
    )


def _tail_sentence_rule(sentence: str, rules: _TaskRules) -> str | None:
    """The rule a sentence after the answer matches (closing, self-explanation, constraint remark, note), if any."""
    s = _norm(sentence)
    if not s:
        return None
    if _CLOSING.search(_QUOTED.sub("「」", s)) or _EN_CLOSING.match(s) or _is_reader_signoff(s, rules):
        return "closing"
    if rules.self_reference.search(s) or _RESTATEMENT.search(s) or _is_design_remark(s, rules):
        return "self_explanation"
    if rules.pointer.search(s):
        return "self_explanation"
    if _is_constraint_remark(s):
        return "constraint_remark"
    if (_NOTE_MARK.match(s) and _NOTE_TOPIC.search(s)) or _COUNT_REMARK.search(s) or _COUNTED_REMARK.search(s):
        return "note"
    return None


def _tail_line_rule(line: str, rules: _TaskRules, rest: str) -> str | None:
    """A whole last line that is a footer: a note, an English remark, or its first sentence is a closing etc."""
    s = _norm(line)
    if not s:
        return None
    if _NOTE_MARK.match(s) and _is_marked_note(s, rules):
        return "note"
    if _DONE_LINE.search(s):
        return "closing"
    if _CLOSING_TAG.match(s):
        return "separator"
    m = _BRACKETED.fullmatch(s)
    if m and _is_note(m.group(1), rules):
        return "note"
    if _CHAR_COUNT.search(s) or _NOTE_LINE.match(s) or _LINE_NOTE.match(s):
        return "note"
    # An English remark after a Japanese answer (「I kept it under 100 characters.」); a slogan has no cue word.
    if _is_english_line(s) and _JAPANESE.search(rest) and (_EN_CUE.search(s) or _EN_YOU_REMARK.search(s)):
        return "closing"
    first = _first_sentence(line)
    return _tail_sentence_rule(first, rules) if first else None


def _cut_tail(text: str, rules: _TaskRules, after_cut: bool) -> tuple[str, Removal] | None:
    """Cut one unit from the end of ``text`` (already stripped), or return ``None``."""
    lines = text.split("\n")
    # A footer block of several lines: from the first footer heading or self-explanation line that follows
    # some answer, to the end (「要約のポイント：\n・…」「このタイトルは…\nまた、…」). One line is handled below.
    # Only the last few lines can start one: a long run after such a line is content, not a footer.
    for i in range(max(1, len(lines) - MAX_FOOTER_BLOCK_LINES), len(lines) - 1):
        s = _norm(lines[i])
        if s and (_FOOTER_HEADING.match(s) or rules.self_reference.search(s)) and _content_left("\n".join(lines[:i])):
            return "\n".join(lines[:i]).strip(), Removal("tail", "footer_block", "\n".join(lines[i:]))
    head, sep, line = text.rpartition("\n")
    if after_cut and sep and _SEPARATOR.match(line.strip()) and _content_left(head):
        return head.strip(), Removal("tail", "separator", line)
    if sep and _content_left(head):
        rule = _tail_line_rule(line, rules, head)
        if rule is not None:
            return head.strip(), Removal("tail", rule + "_line", line)
    m = _TRAILING_NOTE.search(line)
    if m and _is_note(m.group(0).strip()[1:-1], rules):
        kept = text[: len(text) - len(line) + m.start()]
        if _content_left(kept):
            return kept.strip(), Removal("tail", "note", m.group(0))
    mark = line.rfind("※")
    if mark > 0 and line[:mark].strip() and _is_marked_note(_norm(line[mark:]), rules):
        # 「…定期便 ※条件に合わせて作成しました。」: a note opened by ※ on the answer's own line.
        kept = text[: len(text) - len(line) + mark]
        if _content_left(kept):
            return kept.strip(), Removal("tail", "note", line[mark:])
    last = _last_sentence(line)
    if last and len(last) < len(line):
        rule = _tail_sentence_rule(last, rules)
        kept = text[: len(text) - len(last)]
        if rule is None and _is_english_line(_norm(last)) and _EN_CUE.search(_norm(last)):
            rule = "closing" if _JAPANESE.search(kept) else None
        if rule is not None and _content_left(kept):
            return kept.strip(), Removal("tail", rule, last)
    return None
