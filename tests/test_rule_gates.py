"""The rule cleaner's gates: what they read from a pattern holds for every match, so skipping a rule is safe.

A gate may only say "cannot fire" when no match of its patterns is possible. These tests hold every pattern a
gate is built from to its reading (strings that match the pattern, drawn by hypothesis from the pattern itself,
must pass the gate), check the reading on patterns with known answers, and check the fold the fast search relies
on over every code point. That cleaned texts and cuts did not change is tests/test_rule_cleaner_reference.py.
"""

from __future__ import annotations

import functools
import re
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lctg_metrics.cleaners.rule import head, tail
from lctg_metrics.cleaners.rule.gates import Gate, fold, gate, need
from lctg_metrics.cleaners.rule.guards import Guarded, starts
from lctg_metrics.cleaners.rule.literals import required
from lctg_metrics.cleaners.rule.tables import TASK_RULES


def _gates() -> list[Gate]:
    return [*head.SENTENCE_GATES.values(), *head.LINE_GATES.values(), *tail.SENTENCE_GATES.values(), tail.LINE_GATE]


def _patterns() -> list[re.Pattern[str]]:
    seen: dict[tuple[str, int], re.Pattern[str]] = {}
    for g in _gates():
        for p in [*g.patterns, *(p for group in g.groups for p in group)]:
            seen[(p.pattern, p.flags)] = getattr(p, "regex", p)  # a guarded pattern: the pattern itself
    return sorted(seen.values(), key=lambda p: p.pattern)


PATTERNS = _patterns()


def _guarded() -> list[Guarded]:
    from lctg_metrics.cleaners.rule import head_patterns, notes, tail_patterns

    found = [v for m in (head_patterns, notes, tail_patterns) for v in vars(m).values() if isinstance(v, Guarded)]
    return found + [v for rules in TASK_RULES.values() for v in vars(rules).values() if isinstance(v, Guarded)]


def test_the_gates_cover_many_patterns() -> None:
    assert len(PATTERNS) >= 50


@pytest.mark.slow  # dozens of patterns, each with drawn strings
@pytest.mark.parametrize("pattern", PATTERNS, ids=lambda p: p.pattern[:40])
# derandomized: hypothesis' own padding of a drawn string (``from_regex``) can backtrack for tens of minutes on some
# random draws of these patterns; the same examples every run keep the suite bounded
@settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(data=st.data())
def test_a_match_of_a_pattern_passes_its_gate(pattern: re.Pattern[str], data) -> None:
    """Strings drawn from the pattern (with text around them) match it; the pattern's own gate must let them by."""
    s = data.draw(st.from_regex(pattern))
    assert pattern.search(s), "hypothesis drew a string the pattern does not match"
    assert gate(pattern).may(s), (pattern.pattern[:80], s)


PREFIXES = [p for rules in TASK_RULES.values() for p in (rules.label_prefix, rules.clause_prefix) if p is not None]
GUARDED = sorted({id(p): p for p in _guarded()}.values(), key=lambda p: p.pattern)


@pytest.mark.parametrize(
    "pattern",
    # the three prefixes of over 1,000 characters draw for 3-7 s each: slow tier
    [pytest.param(p, marks=pytest.mark.slow) if len(p.pattern) > 1000 else p for p in PREFIXES]
    + [re.compile(r"(?:ab)?[x-z\d]c"), re.compile(r"(?i)(?:\s*\*)?sure")],
    ids=lambda p: p.pattern[:40],
)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_text_a_prefix_matches_passes_its_first_character_test(pattern: re.Pattern[str], data) -> None:
    s = data.draw(st.from_regex(pattern, fullmatch=True)) + data.draw(st.text(max_size=5))
    assert pattern.match(s)
    assert starts(pattern)(s), (pattern.pattern[:80], s)


@pytest.mark.slow  # dozens of patterns, each with drawn strings
@pytest.mark.parametrize("guarded", GUARDED, ids=lambda p: p.pattern[:40])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_guarded_pattern_answers_as_the_pattern(guarded: Guarded, data) -> None:
    """search, match and fullmatch through the guard give the pattern's own answers, on strings drawn from it
    (which match) and on arbitrary text with pieces of it (which mostly do not)."""
    s = data.draw(
        st.one_of(
            st.from_regex(guarded.regex),
            st.text(max_size=30),
            st.from_regex(guarded.regex).map(lambda x: x[1:] + x[:1]),
        )
    )
    for method in ("search", "match", "fullmatch"):
        ours, theirs = getattr(guarded, method)(s), getattr(guarded.regex, method)(s)
        assert (ours and ours.span()) == (theirs and theirs.span()), (method, guarded.pattern[:60], s)


def test_first_character_tests_refuse_what_cannot_start_a_match() -> None:
    assert not starts(re.compile(r"(?:ab)?[x-z\d]c"))("bxc")
    assert starts(re.compile(r"(?:ab)?[x-z\d]c"))("Xc")  # case-insensitive: wider, never narrower
    assert starts(re.compile(r"a?"))("anything")  # can match nothing: no test
    assert starts(re.compile(r"[^a]b"))("zb")


@pytest.mark.parametrize(
    ("pattern", "passes", "blocked"),
    [
        (
            r"(?:承知|了解)しました[。！]*$",
            ["承知しました", "了解しました。！", "はい、承知しました。\n"],
            ["承知しました。本文", "了解"],
        ),
        (r"^(?:以下|下記)(?:は|が)", ["以下は要約", "下記が本文"], ["本文の以下は", "以下の通り"]),
        (r"(?:以下|下記)[^。]{0,5}です", ["本文の以下はです"], ["本文です"]),
        (r"を[！!]+$", ["夢を！", "夢を!!！"], ["夢を", "を！夢"]),
        (
            r"^(?:(?:なお|また)、)?(?:要約|回答)の",
            ["要約の", "なお、回答の", "また、要約の"],
            ["この要約の", "なお回答"],
        ),
        (r"(?i)^sure[!.]*$", ["Sure!", "SURE", "ſure"], ["Sure thing", "sur"]),
    ],
)
def test_known_readings(pattern: str, passes: list[str], blocked: list[str]) -> None:
    g = gate(re.compile(pattern))
    for s in passes:
        assert re.search(pattern, s) and g.may(s), s
    for s in blocked:
        assert not re.search(pattern, s) and not g.may(s), s


def test_a_pattern_nothing_can_be_read_from_is_refused() -> None:
    assert required(re.compile(r".*")) is None
    with pytest.raises(ValueError, match="cannot be gated"):
        need(re.compile(r"\d+|.{3}"))


def test_a_reading_never_claims_more_than_the_pattern() -> None:
    """An optional part, a repeat and an unknown part never end up inside a required string."""
    assert required(re.compile(r"x(?:.*(?:a)?)y")) in ({"x"}, {"y"})
    assert required(re.compile(r"ab+c")) == {"ab"}
    assert need(re.compile(r"(?:案|例)?です$")).suffixes == {"です", "案です", "例です"}
    assert need(re.compile(r"^(?:はい、)?承知")).prefixes == {"承知", "はい、承知"}


def test_no_gate_string_holds_a_quote_bracket_where_quotes_are_emptied() -> None:
    """Sign-offs are matched with 「…」 emptied to 「」; their strings must not need the brackets."""
    for pattern in tail._MATCHED_WITH_QUOTES_EMPTIED:
        n = need(pattern)
        assert not any(ch in x for x in n.prefixes | n.suffixes | n.factors | n.lead | n.trail for ch in "「」『』")


@pytest.mark.slow  # every code point, twice
def test_fold_agrees_with_case_insensitive_matching_on_every_code_point() -> None:
    """``fold`` keeps lengths, and whatever a case-insensitive pattern matches with a character of a folded
    gate string folds to that character's fold (so the case-sensitive search on folded text misses nothing)."""
    chars = sorted({ch for g in _gates() for x in g.need.factors for ch in fold(x)})
    one_of = re.compile("[" + "".join(re.escape(c) for c in chars) + "]", re.IGNORECASE)
    for code in range(sys.maxunicode + 1):
        d = chr(code)
        assert len(fold(d)) == 1, hex(code)
        if one_of.fullmatch(d):
            twins = [c for c in chars if re.fullmatch(re.escape(c), d, re.IGNORECASE)]
            assert twins and all(fold(d) == c for c in twins), (hex(code), twins)


def test_guarded_patterns_survive_pickling_and_copying() -> None:
    """Task rules travel to worker processes (Dataset.map(num_proc=N)); a guarded pattern must too."""
    import copy
    import pickle

    rules = TASK_RULES["pros_and_cons"]
    for value in (rules, copy.deepcopy(rules), pickle.loads(pickle.dumps(rules))):
        assert isinstance(value.meta, Guarded)
        assert value.meta.search("メリットとデメリット") and not value.meta.search("本文")
        assert value.meta.sub("X", "メリットとデメリット") == "X"


def _holds(n, s: str) -> bool:
    """What a need says, read plainly (the tries and :meth:`Gate.may` compiled from it must answer the same): ``s``
    starts with a prefix after lead characters, ends with a suffix before trail characters and a final line break,
    or holds a factor; letters compared folded (as the case-insensitive tests compare them)."""

    def within(ch: str, chars: frozenset[str]) -> bool:
        return ch in chars or ("\\s" in chars and ch.isspace()) or ("\\d" in chars and ch.isdecimal())

    f = fold(s)
    k = 0
    while True:
        if any(f.startswith(fold(x), k) for x in n.prefixes):
            return True
        if k < len(s) and within(s[k], n.lead):
            k += 1
        else:
            break
    end = len(s) - 1 if s.endswith("\n") else len(s)
    while True:
        if any(f.endswith(fold(x), 0, end) for x in n.suffixes):
            return True
        if end > 0 and within(s[end - 1], n.trail):
            end -= 1
        else:
            break
    return any(fold(x) in f for x in n.factors)


@functools.cache  # one strategy per gate, not one built for each example
def _units_near(which: int):
    """Units made of a gate's own strings (whole, cut short, in other letter cases) among Japanese and Latin text."""
    g = _gates()[which]
    pieces = sorted(
        {
            x
            for p in [*g.patterns, *(p for grp in g.groups for p in grp)]
            for x in (lambda n: n.prefixes | n.suffixes | n.factors)(need(p))
        }
    )
    piece = st.sampled_from(pieces).flatmap(lambda x: st.sampled_from([x, x[:-1], x[1:], x.upper(), x.title()]))
    filler = st.text(alphabet="要約しましたですね。、！？!? \n　abcXYZ「」（）:：*#【】", max_size=6)
    return st.lists(st.one_of(piece, filler), max_size=5).map("".join)


@pytest.mark.parametrize("which", range(len(_gates())))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_gate_answers_what_its_needs_say(which: int, data) -> None:
    """A unit passes a gate exactly when one need of its union holds, or every need of one of its groups does."""
    g = _gates()[which]
    s = data.draw(_units_near(which))
    expected = _holds(g.need, s) or any(all(_holds(need(p), s) for p in grp) for grp in g.groups)
    assert g.may(s) == expected, (s, expected)


def test_a_group_passes_only_when_every_pattern_of_it_can() -> None:
    g = gate(re.compile(r"^abc"), all_of=[(re.compile(r"xyz$"), re.compile(r"foo"))])
    assert g.may("abc!") and g.may("a foo then xyz") and g.may("fooxyz")
    assert not g.may("only foo") and not g.may("only xyz") and not g.may("xyz foo")
