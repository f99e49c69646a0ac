"""The JSONL reader parses a chunk's lines in one piece; whatever a file holds, it gives what reading it line by line
gives: the same generations in the same chunks, or the same one-line error."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lctg_metrics.inputs import generations as inputs
from lctg_metrics.inputs import parse as generation_rows
from lctg_metrics.schema import ScoringError


def _line_by_line(path: Path, size: int) -> list[list]:
    """What the reader gave when every line was parsed and checked on its own (chunk by chunk, as it still does
    for a chunk with anything unusual)."""
    rows = generation_rows.jsonl_rows(path, inputs._lines(path))
    number = generation_rows.Numbering()
    out = []
    while chunk := list(itertools.islice(rows, size)):
        out.append(number(chunk))
    if number.given is None:
        raise ScoringError(f"{path}: no generations (the file is empty)")
    return out


def _outcome(read, *args):
    try:
        return [list(chunk) for chunk in read(*args)]
    except ScoringError as e:
        return str(e)


_id = st.sampled_from(["summary/1/format", "ad_text/2/keyword", "a", "é", 5, None])
_text = st.sampled_from(["京都の抹茶", "a: b", "", "\u2028", "x\ty", None, 3, "\\ud800"])
_sample = st.one_of(st.none(), st.integers(-2, 4), st.sampled_from([True, 1.5, 2**63, "1"]))


@st.composite
def _object_line(draw) -> str:
    obj: dict = {}
    for key, values in (("id", _id), ("generation", _text), ("sample", _sample), ("cleaned", _text), ("extra", _text)):
        if draw(st.booleans()) or key in ("id", "generation") and draw(st.booleans()):
            obj[key] = draw(values)
    text = json.dumps(obj, ensure_ascii=draw(st.booleans())).replace('"\\\\ud800"', '"\\ud800"')
    if draw(st.integers(0, 9)) == 0 and obj:  # a field twice
        text = text[:-1] + (", " if len(obj) else "") + json.dumps(next(iter(obj))) + ": 1}"
    return text


_line = st.one_of(
    _object_line(),
    _object_line(),
    _object_line(),
    _object_line(),
    st.sampled_from(
        [
            "",
            " ",
            "\t",
            "\u3000",
            "[1, 2]",
            "3",
            "{",
            "}",
            '{"id": "a", "generation": "x"} x',
            '{"id": "a",',
            '"generation": "x"}',
            '{"id": "a", "generation": "x"}, {"id": "b"}',
            '{"a": [1',
            "2]}",
            "742689105316842973054319",
            '{"n": 742689105316842973054319}',
            '  {"id": "a", "generation": "x"}  ',
            '{"id": "\\ud83d\\ude00", "generation": "x"}',
            '{"id": "a", "generation": {"b": 1, "b": 2}}',
        ]
    ),
)


@pytest.mark.slow  # 5 s: 300 drawn files read both ways
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    lines=st.lists(_line, max_size=12),
    size=st.integers(1, 5),
    ending=st.sampled_from(["\n", "\r\n"]),
    last=st.booleans(),
    bom=st.booleans(),
    raw=st.sampled_from([b"", b"\xff", b"\xed\xa0\x80"]),
)
def test_reading_in_one_piece_gives_what_line_by_line_gives(tmp_path, lines, size, ending, last, bom, raw):
    data = ("\ufeff" if bom else "") + ending.join(lines) + (ending if last and lines else "")
    path = tmp_path / "g.jsonl"
    path.write_bytes(data.encode("utf-8", "surrogatepass") + (raw if lines else b""))
    assert _outcome(inputs.iter_generations, path, size) == _outcome(_line_by_line, path, size)


@st.composite
def _usual_line(draw) -> str:
    """A line of a file as lctg's users write them (a sample on every line or on none), now and then with something
    a line may hold: a ':' or an escape in a text, a nested value, blanks around it, a field twice."""
    obj = {
        "id": draw(st.sampled_from(["summary/1/format", "ad_text/2/keyword", "é"])),
        "generation": draw(st.sampled_from(["京都の抹茶", "a: b", "", "\u2028", "🍵", "x\ty"])),
    }
    if draw(st.booleans()):
        obj["cleaned"] = draw(st.sampled_from(["京都", None, "c: d"]))
    if draw(st.integers(0, 4)) == 0:
        obj["meta"] = {"k": [1, {"v": "w"}]}
    text = json.dumps(obj, ensure_ascii=draw(st.booleans()))
    return draw(st.sampled_from([text, text, text, text, " " + text, text + "\t", text[:-1] + ', "id": "x"}']))


@pytest.mark.slow  # 5 s: 200 drawn files read both ways
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    lines=st.lists(st.tuples(_usual_line(), st.integers(0, 3)), min_size=1, max_size=12),
    given_samples=st.booleans(),
    size=st.integers(1, 5),
    blank=st.sampled_from(["", "\n", "\n\n", "\r\n"]),
)
def test_usual_files_read_in_one_piece_as_line_by_line(tmp_path, lines, given_samples, size, blank):
    texts = [line[:-1] + f', "sample": {k}}}' if given_samples else line for line, k in lines]
    path = tmp_path / "g.jsonl"
    path.write_text(blank + "\n".join(texts) + "\n" + blank, encoding="utf-8")
    assert _outcome(inputs.iter_generations, path, size) == _outcome(_line_by_line, path, size)


def test_a_clean_file_is_read_in_one_piece_per_chunk(tmp_path, monkeypatch):
    rows = [{"id": f"summary/{k}/format", "sample": k % 3, "generation": f"答え{k}: 京都"} for k in range(10)]
    path = tmp_path / "g.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    monkeypatch.setattr(generation_rows, "jsonl_rows", None)  # the line-by-line way is never taken
    chunks = list(inputs.iter_generations(path, 4))
    assert [len(c) for c in chunks] == [4, 4, 2]
    assert [g.where for c in chunks for g in c] == [f"{path}:{k}" for k in range(1, 11)]
    assert [g.text for c in chunks for g in c] == [r["generation"] for r in rows]


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '{"id": "a", "generation": "x"}\n{"id": "b", "generation": "y", "id": "c"}\n',
            "g.jsonl:2: field 'id' appears twice in one object (which one is meant?)",
        ),
        (
            '{"id": "a", "generation": "x"}\n\n{"id": "b" "generation": "y"}\n',
            "g.jsonl:3: invalid JSON (Expecting ',' delimiter at column 12)",
        ),
        (
            '{"id": "a", "generation": "x"}\n{"id": "b", "generation": "\\udc00"}\n',
            "g.jsonl:2: field 'generation' holds a lone surrogate (U+DC00 at character 1), which is not Unicode text",
        ),
    ],
)
def test_errors_name_the_line_as_before(tmp_path, text, message):
    path = tmp_path / "g.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScoringError) as e:
        list(inputs.iter_generations(path))
    assert str(e.value) == f"{tmp_path}/{message}"
