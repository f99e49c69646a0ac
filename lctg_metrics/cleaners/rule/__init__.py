"""A deterministic header/footer cleaner: an offline stand-in for upstream's GPT-4 cleaning step.

Upstream LCTG Bench asks GPT-4 to strip the explanatory text a model adds before and after its answer
(paper §4.1, Appendix D/E, Figures 5-8). ``clean(text, task)`` does the same with fixed rules:
it cuts whole lines, whole sentences, a leading label or a trailing bracketed note, only at the
beginning and the end, and never edits the middle. Text with nothing to cut is returned unchanged.

How it works: the head and the tail are cut one unit at a time until no rule fires; a unit is cut only if
some answer would remain. When something was cut, blanks around the answer are stripped too (they are not
part of it, and FORMAT ignores them anyway). ``explain`` lists what was cut and by which rule.

The rules are families, not phrases (rule@1.1): a head unit is cut when it is an acknowledgement, an
announcement of the answer (naming it, pointing forward, or a bare 「お答えします！」), a question offering
it (「以下はいかがでしょうか？」), a remark on the constraints, or a label naming it (any 【…要約】,
「Summary of the day:」); a tail unit when it is a sign-off, a hope, an offer or a question to the user, a
remark about the answer or the constraints, or a note (counts, keywords) in brackets or after ※.
rule@1.2 adds the trailing notes and remarks that 1.1 kept: that the answer follows the conditions or the
source (「※条件に合わせて作成しました。」), how characters were counted (「※句読点を含みます」), disclaimers
after ※ (「※架空の店舗です」), closings (「タイトル案は以上です。」「以上で回答を終わります。」「上記が要約です。」
「作成しました！」), and ※ notes on the answer's own line.

The rules are per task because the same words mean different things: 「メリット：」 is a label to keep in
pros_and_cons, 「要約：」 is a label to cut in summary, and a 「」 or ** around an ad title stays (Fig. 7).
Ad titles are themselves persuasive, so the tail rules that look like ad copy (「お気軽にご相談ください」,
「…いかがですか？」) need an extra sign that they speak about the answer when the task is ad_text.

Modules, in the order a text meets them: :mod:`.text` (sentences, normal form, the record of a cut),
:mod:`.vocabulary` (per-task words) and :mod:`.tables` (them compiled per task), :mod:`.head_patterns` and
:mod:`.head` (the header pass), :mod:`.tail_patterns`, :mod:`.notes` and :mod:`.tail` (the footer pass);
this module runs both passes. :mod:`.cleaner` puts it behind the cleaner registry.

Speed: most units cannot be cut, and proving it is cheaper than trying every rule. Before a family of rules runs
on a unit, a gate (:mod:`.gates`, reading the family's own patterns with :mod:`.literals` from the parse trees of
:mod:`.syntax`) checks that the unit holds something every way of firing needs (「…ました。」 at its end, 「承知」
at its start, 「以下」 anywhere); if not, the family is skipped. Units are judged once per task and remembered
(:func:`.text.unit_memo`: sentences, first and last lines of several-line texts), since assistants repeat their
preambles and closings; the memos are bounded and emptied before a text of over 1,000 characters. What depends
on the rest of the text (Japanese before or after, some answer left) is decided every time. Gates and memos change
the time, never the result: cleaned texts and cuts are those of rule@1.2 as released
(tests/test_rule_cleaner_reference.py, tests/test_rule_memo.py, benchmarks/bench_rule_parity.py).
"""

from __future__ import annotations

from lctg_metrics.cleaners.rule.head import cut_head
from lctg_metrics.cleaners.rule.tables import rules_for
from lctg_metrics.cleaners.rule.tail import cut_tail
from lctg_metrics.cleaners.rule.text import (  # noqa: F401 (tests use them)
    MAX_MEMO_TEXT,
    Removal,
    clear_memos,
    first_sentence,
    last_sentence,
    split_sentences,
)

RULE_CLEANER_NAME = "rule"
RULE_CLEANER_VERSION = "1.2"


def _run(text: str, task: str) -> tuple[str, tuple[Removal, ...]]:
    """Cut head and tail units until no rule fires; return the input itself if nothing was cut."""
    rules = rules_for(task)
    if len(text) > MAX_MEMO_TEXT:
        clear_memos()  # the memos never keep more than one long text's units alive
    current = text.strip()
    cut = cut_head(current, rules, False) or cut_tail(current, rules, False)
    if cut is None:  # most texts: one look at each end
        return text, ()
    current, removal = cut
    removals = [removal]
    while (cut := cut_head(current, rules, True) or cut_tail(current, rules, True)) is not None:
        current, removal = cut
        removals.append(removal)
    return current, tuple(removals)


def clean(text: str, task: str) -> str:
    """The answer without the text an assistant added before/after it; ``text`` itself if nothing was added.

    >>> clean("承知しました。以下の文章を要約します。\\n\\n市は新図書館を開館した。", "summary")
    '市は新図書館を開館した。'
    >>> clean("【ニュース要約】\\n市は新図書館を開館した。\\n（キーワード「図書館」使用）", "summary")
    '市は新図書館を開館した。'
    >>> clean("「冬だけの贅沢、カニ食べ放題プラン」", "ad_text")
    '「冬だけの贅沢、カニ食べ放題プラン」'
    """
    return _run(text, task)[0]


def explain(text: str, task: str) -> tuple[Removal, ...]:
    """What ``clean`` cut from ``text``, in order, with the rule that fired (empty if nothing)."""
    return _run(text, task)[1]


__all__ = ["RULE_CLEANER_NAME", "RULE_CLEANER_VERSION", "Removal", "clean", "explain"]
