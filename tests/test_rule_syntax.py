"""The rule cleaner's pattern parser (cleaners/rule/syntax.py) reads every pattern as the standard library's parser
does: the same tree on every pattern of the cleaner, on a table of edge cases and on generated patterns. The
standard parser (private: ``re._parser``, ``sre_parse`` before 3.11) is only the reference here."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
import re
import warnings
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import lctg_metrics.cleaners.rule as rule
from lctg_metrics.cleaners.rule import syntax
from lctg_metrics.cleaners.rule.gates import Gate
from lctg_metrics.cleaners.rule.guards import Guarded

try:
    from re import _parser as reference
except ImportError:  # Python 3.10
    import sre_parse as reference  # type: ignore[no-redef]

_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")


def _standard(items: Any) -> list:
    """The standard parser's tree in plain values (positions and categories without their prefixes)."""
    out: list = []
    for op, arg in items:
        name = op.name
        if name == "FAILURE":  # Python 3.13 writes an empty negative lookahead (?!) so
            name, arg = "ASSERT_NOT", (1, [])
        elif name == "IN":
            arg = [(o.name, a.name.removeprefix("CATEGORY_") if o.name == "CATEGORY" else a) for o, a in arg]
        elif name == "AT":
            arg = arg.name.removeprefix("AT_")
        elif name == "SUBPATTERN":
            arg = (arg[0], int(arg[1]), int(arg[2]), _standard(arg[3]))
        elif name == "BRANCH":
            arg = [_standard(b) for b in arg[1]]
        elif name in _REPEATS:
            arg = (int(arg[0]), int(arg[1]), _standard(arg[2]))
        elif name in ("ASSERT", "ASSERT_NOT"):
            arg = (arg[0], _standard(arg[1]))
        elif name == "ATOMIC_GROUP":
            arg = _standard(arg)
        elif name in ("LITERAL", "NOT_LITERAL", "GROUPREF"):
            arg = int(arg)
        out.append((name, arg))
    return out


def _ours(items: Any) -> list:
    """Our parser's tree in the same plain values."""
    out: list = []
    for op, arg in items:
        name = op.name
        if name == "IN":
            arg = [(o.name, a.name if o.name == "CATEGORY" else a) for o, a in arg]
        elif name == "AT":
            arg = arg.name
        elif name == "SUBPATTERN":
            arg = (*arg[:3], _ours(arg[3]))
        elif name == "BRANCH":
            arg = [_ours(b) for b in arg[1]]
        elif name in _REPEATS:
            arg = (*arg[:2], _ours(arg[2]))
        elif name in ("ASSERT", "ASSERT_NOT"):
            arg = (arg[0], _ours(arg[1]))
        elif name == "ATOMIC_GROUP":
            arg = _ours(arg)
        out.append((name, arg))
    return out


def _same_tree(pattern: re.Pattern[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the standard parser's FutureWarnings on possible set operations
        expected = _standard(reference.parse(pattern.pattern, pattern.flags).data)
    assert _ours(syntax.parse(pattern)) == expected, pattern.pattern


def _rule_patterns() -> dict[tuple[str, int], re.Pattern[str]]:
    """Every compiled pattern the rule cleaner's modules hold (in tables, gates, guards and task rules)."""
    found: dict[tuple[str, int], re.Pattern[str]] = {}

    def walk(value: Any, depth: int = 0) -> None:
        if isinstance(value, re.Pattern):
            found[(value.pattern, value.flags)] = value
        elif isinstance(value, Guarded):
            walk(value.regex)
        elif isinstance(value, Gate):
            walk((value.patterns, value.groups))
        elif depth < 5 and dataclasses.is_dataclass(value) and not isinstance(value, type):
            walk([getattr(value, f.name) for f in dataclasses.fields(value)], depth + 1)
        elif depth < 5 and isinstance(value, dict):
            walk([*value.keys(), *value.values()], depth + 1)
        elif depth < 5 and isinstance(value, (list, tuple, set, frozenset)):
            for item in value:
                walk(item, depth + 1)

    for module in pkgutil.iter_modules(rule.__path__):
        walk(list(vars(importlib.import_module(f"{rule.__name__}.{module.name}")).values()))
    return found


def test_every_pattern_of_the_cleaner_reads_as_the_standard_parser_reads_it():
    patterns = _rule_patterns()
    assert len(patterns) >= 90, f"only {len(patterns)} patterns found in the rule cleaner's modules"
    for pattern in patterns.values():
        _same_tree(pattern)


EDGES = [
    r"(?:以下|下記)(?:は|が)",  # a plain group spliced into its sequence
    r"^(?:はい、)?承知(?:しました|いたしました)[。！]*$",
    r"あい|あう|あえ",  # the common start moved in front
    r"a|b|[cd]|\d",  # single characters and classes: one class
    r"a|[^b]",  # a negated class stays a branch
    r"[a]",  # one character
    r"[^a]",
    r"[aab-cb-c]",  # duplicates dropped
    r"[]a]",  # ] first is a character
    r"[^]a]",
    r"[a-]",  # - last is a character
    r"[-a\-z]",
    r"[\d\s\w\S\b\n\\\]\u3000-\u303f\x20\012\0]",
    r"\d\D\s\S\w\W\b\B\A\Z\n\t\r\f\v\a\\\.\-\(\)",
    r"\u3042\U0001F600\x41\N{EM DASH}\0\012\07",
    r"(a)(b)\1\2(?P<x>c)(?P=x)",
    r"(a)\101(b)\2",  # three octal digits: a character
    r"a{2}b{1,3}c{,2}d{3,}e{,}f{}g{x}h{1,x}",  # { not a repeat is a character
    r"{",
    r"a*?b+?c??d{1,2}?e*+f++g?+",  # lazy and possessive
    r"(?:ab)*(?:a|b)+(ab)?(?i:x)*",  # a plain group repeated: its sequence is the body
    r"(?=a)(?!b)(?<=c)(?<!d)(?>e|f)(?#note)g",
    r"(?i)^sure[!.]*$",  # global flags
    r"(?i:a)(?-i:b)(?s-i:c)(?m:d)(?a:e)",
    r".^$|.",
    r"a|",
    r"|a",
    r"(?:)",
    r"(a|b|c)",
    r"x(?:a|ab)y",
    r"(?:ab|ac)|ad",
]


@pytest.mark.parametrize("text", EDGES)
@pytest.mark.parametrize("flags", [0, re.IGNORECASE | re.MULTILINE | re.DOTALL])
def test_edge_cases_read_as_the_standard_parser_reads_them(text: str, flags: int):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the standard parser's FutureWarnings on possible set operations
        try:
            pattern = re.compile(text, flags)
        except re.error:  # possessive repeats and atomic groups before Python 3.11
            pytest.skip(f"not a pattern on this Python: {text!r}")
        _same_tree(pattern)


_ATOMS = ["a", "b", "あ", "。", "!", "-", "]", "}", ",", "0", " ", ".", "^", "$", r"\s", r"\d", r"\W", r"\b", r"\n"]
_ATOMS += [r"\\", r"\.", r"\u3042", r"\x41", r"\012", r"\(", r"\{", "{", "{}", "{x}"]
_MEMBERS = ["a", "b", "あ", "-", "]", "^", r"\s", r"\d", r"\w", r"\b", r"\-", r"\\", r"\u3000", "a-c", "ぁ-ん", "["]
_QUANTIFIERS = ["*", "+", "?", "{2}", "{1,3}", "{0,}", "{,2}", "{3,}", "{0,0}"]
_OPENERS = ["(", "(?:", "(?P<g>", "(?i:", "(?-i:", "(?=", "(?!", "(?>"]

_classes = st.builds(
    lambda negate, members: "[" + negate + "".join(members) + "]",
    st.sampled_from(["", "^"]),
    st.lists(st.sampled_from(_MEMBERS), min_size=1, max_size=4),
)


def _extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    group = st.builds(lambda opener, body: opener + body + ")", st.sampled_from(_OPENERS), inner)
    piece = st.builds(
        lambda atom, q, mode: atom + (q + mode if q else ""),
        st.one_of(inner, group),
        st.sampled_from(["", "", *_QUANTIFIERS]),
        st.sampled_from(["", "?", "+"]),
    )
    sequence = st.lists(piece, max_size=4).map("".join)
    return st.builds(
        lambda start, branches: "|".join(start + b for b in branches),
        st.sampled_from(["", "ab", "(?:a)"]),
        st.lists(sequence, min_size=1, max_size=3),
    )


_patterns = st.recursive(st.one_of(st.sampled_from(_ATOMS), _classes), _extend, max_leaves=12)


@pytest.mark.slow
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(text=_patterns, flags=st.sampled_from([0, re.IGNORECASE, re.MULTILINE | re.DOTALL]))
def test_generated_patterns_read_as_the_standard_parser_reads_them(text: str, flags: int):
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            pattern = re.compile(text, flags)
    except (re.error, OverflowError):
        return  # not a pattern: the rule cleaner never holds one
    _same_tree(pattern)


@pytest.mark.parametrize(
    ("text", "flags", "message"),
    [
        ("a b", re.VERBOSE, "verbose pattern 'a b'"),
        ("(?x)a b", 0, "verbose pattern"),
        ("(a)?(?(1)b|c)", 0, "conditional groups"),
        ("(?x:a b)", 0, "inline flags"),
    ],
)
def test_what_the_gates_cannot_read_is_refused_naming_the_pattern(text: str, flags: int, message: str):
    with pytest.raises(ValueError, match=re.escape(message)):
        syntax.parse(re.compile(text, flags))
