"""A generations file's rows made :class:`~lctg_metrics.schema.Generation` objects: lines decoded (UTF-8, errors
naming line and column), JSONL lines parsed — a chunk of them in one piece where nothing is unusual, else line by
line — sample numbers given on every row or on none, and each row's fields checked.
:mod:`lctg_metrics.inputs.generations` reads files through it (JSONL, CSV, parquet)."""

from __future__ import annotations

import io
import itertools
import json
import operator
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from lctg_metrics.schema import Generation, GenerationChunk, LineLabels, ScoringError

#: UTF-16 surrogate code points: a JSON "\ud800" escape decodes to one, and no UTF-8 file can hold it.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: The first bytes of compressed files a generations file may turn out to be (named in the error, not "not UTF-8").
_COMPRESSED = {b"\x1f\x8b": "gzip", b"BZh": "bzip2", b"\xfd7zXZ\x00": "xz", b"\x28\xb5\x2f\xfd": "zstd"}
#: Sample numbers are below this (they are counted in 64-bit integers).
SAMPLE_LIMIT = 2**63


def decoded_lines(
    p: Path, raws: Iterable[bytes], first: int = 1, offset: int = 0, *, split_cr: bool = False
) -> Iterator[str]:
    r"""Lines of a file (ending in "\n") one at a time, ``raws`` (bytes) starting at line ``first``, byte ``offset``:
    UTF-8, a leading BOM dropped, invalid bytes an error naming line and column; ``split_cr`` also ends lines at a
    lone "\r" (as ``csv`` expects of ``newline=""``)."""
    for n, raw in enumerate(raws, start=first):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            kind = next((k for magic, k in _COMPRESSED.items() if raw.startswith(magic)), None) if n == 1 else None
            if kind is not None and offset == 0:
                raise ScoringError(
                    f"{p}: {kind}-compressed, not text; decompress it first ({kind} -d), then score the plain file"
                ) from None
            raise ScoringError(
                f"{p}:{n}: not UTF-8 text ({e.reason} at byte {offset + e.start}, column {e.start + 1})"
            ) from None
        offset += len(raw)
        line = line[1:] if n == 1 and line.startswith("\ufeff") else line
        yield from io.StringIO(line, newline="") if split_cr and "\r" in line else (line,)


class _DuplicateKey(Exception):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def jsonl_rows(p: Path, text: str | Iterable[str], first: int = 1) -> Iterator[tuple[str, Any]]:
    """Objects of a JSONL text, one per line (the first is line ``first``). A field twice in one object is an error;
    it is looked for (with a second, exact parse) only when the line has more ``:`` than the object has keys — every
    key/value pair needs one, so a line with exactly as many cannot hold a repeated key, nor any nested object."""
    lines = text.split("\n") if isinstance(text, str) else text  # lines end at "\n" only (U+2028 may sit in strings)
    loads = json.loads
    for n, line in enumerate(lines, start=first):
        line = line[:-1] if line.endswith("\n") else line
        if not line.strip():
            continue
        try:
            obj = loads(line)
            if type(obj) is not dict or line.count(":") != len(obj):
                obj = loads(line, object_pairs_hook=_object)
        except json.JSONDecodeError as e:
            raise ScoringError(f"{p}:{n}: {_json_problem(line, n, e)}") from None
        except ValueError as e:  # Python's limit on the digits of an integer (4300 by default)
            raise ScoringError(f"{p}:{n}: invalid JSON ({e})") from None
        except RecursionError:
            raise ScoringError(
                f"{p}:{n}: JSON nested too deeply to read (brackets inside brackets past Python's "
                "limit); a generation line is one flat object"
            ) from None
        except _DuplicateKey as e:
            raise ScoringError(
                f"{p}:{n}: field {e.args[0]!r} appears twice in one object (which one is meant?)"
            ) from None
        if not isinstance(obj, dict):
            hint = (
                "; is the file one pretty-printed JSON array? give one JSON object per line (JSONL)"
                if n == 1 and isinstance(obj, list)
                else ""
            )
            raise ScoringError(f"{p}:{n}: expected a JSON object, got {type(obj).__name__}{hint}")
        yield f"{p}:{n}", obj


#: Written between the lines of a chunk parsed as one JSON array: a number that no line of the chunk holds (this is
#: checked), so that each one found between two values of the array was written there, and each line is one value.
_SEPARATOR = b"742689105316842973054319"
_SEPARATOR_VALUE = int(_SEPARATOR)
#: A JSON escape of a UTF-16 surrogate (a pair of them is one character; one alone is not text).
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def jsonl_chunks(p: Path, size: int, number: Numbering) -> Iterator[Sequence[Generation]]:
    """:func:`iter_generations` of a JSONL file: chunks of ``size`` generations (blank lines skipped). A chunk's lines
    are decoded and parsed in one piece (one JSON array of its lines) and checked column by column, with no Python
    code per line; a chunk where anything is unusual (an error, a line of blanks other than an empty one, a field of
    an unusual type, a possibly repeated field) is read again the exact way, line by line (:func:`jsonl_rows`),
    which names the first bad line as it always did."""
    first, offset = 1, 0  # the line and byte the next chunk starts at
    with open(p, "rb") as f:
        while True:
            lines: list[bytes] = []  # the chunk's non-blank lines, each ending in a newline
            numbers: Sequence[int] = range(first, first)
            n_raw = 0
            while len(lines) < size:
                more = list(itertools.islice(f, size - len(lines)))
                if not more:
                    break
                at, n_raw = first + n_raw, n_raw + len(more)
                if at == 1 and more[0].startswith(b"\xef\xbb\xbf"):  # a BOM
                    more[0] = more[0][3:]
                if not more[-1].endswith(b"\n"):  # the last line of the file
                    more[-1] += b"\n"
                at_lines: Sequence[int] = range(at, at + len(more))
                if b"\n" in more or b"\r\n" in more:  # empty lines are skipped (other blank ones: the exact way)
                    keep = list(map(operator.truth, map(bytes.strip, more)))
                    more, at_lines = list(itertools.compress(more, keep)), list(itertools.compress(at_lines, keep))
                lines += more
                numbers = at_lines if not numbers else [*numbers, *at_lines]
                del more
            if not n_raw:
                return
            chunk: Sequence[Generation] | None = _bulk_chunk(p, lines, numbers, number) if lines else None
            del lines
            if chunk is None:  # the exact way, line by line, from the chunk's first line
                f.seek(offset)
                read = itertools.count()
                raws = (raw for raw, _ in zip(f, read))
                rows = list(itertools.islice(jsonl_rows(p, decoded_lines(p, raws, first, offset), first), size))
                chunk, n_raw = number(rows) if rows else None, next(read)
            first, offset = first + n_raw, f.tell()
            if not chunk:
                return
            yield chunk


def _bulk_chunk(p: Path, lines: list[bytes], numbers: Sequence[int], number: Numbering) -> GenerationChunk | None:
    """The generations of ``lines`` (non-blank, each ending in a newline: the file's lines ``numbers``), parsed and
    checked in bulk; None where the exact way must decide."""
    n = len(lines)
    # "[line 1,S,line 2,S,...,line n,S,S]": n + 1 separators S (each line still ends in its newline)
    data = (b"," + _SEPARATOR + b",").join([b"[" + lines[0], *itertools.islice(lines, 1, None), _SEPARATOR + b"]"])
    if data.count(_SEPARATOR) != n + 1:  # a line holds the separator
        return None
    escapes = b"\\u" in data and _SURROGATE_ESCAPE.search(data) is not None
    colons = data.count(b":")
    try:
        values = json.loads(data.decode("utf-8"))
    except Exception:  # not UTF-8, invalid JSON, nested too deep, too many digits: the exact way names it
        return None
    del data
    if len(values) != 2 * n + 1 or values[1::2].count(_SEPARATOR_VALUE) != n:
        return None  # a line that is not one value
    objs = values[0:-1:2]  # the last value is the separator after the last line
    del values
    if set(map(type, objs)) != {dict}:
        return None
    if colons != sum(map(len, objs)):  # some line may repeat a field: those lines are parsed again, exactly
        for line in itertools.compress(
            lines, map(operator.ne, map(bytes.count, lines, itertools.repeat(b":")), map(len, objs))
        ):
            try:
                json.loads(line.decode("utf-8"), object_pairs_hook=_object)
            except Exception:
                return None
    get = dict.get
    ids: list[Any] = list(map(get, objs, itertools.repeat("id")))  # each field's types are checked below
    texts: list[Any] = list(map(get, objs, itertools.repeat("generation")))
    samples: list[Any] = list(map(get, objs, itertools.repeat("sample")))
    cleaned: list[Any] = list(map(get, objs, itertools.repeat("cleaned")))
    del objs
    if (
        set(map(type, ids)) != {str}
        or set(map(type, texts)) != {str}
        or not set(map(type, cleaned)) <= {str, type(None)}
    ):
        return None
    missing = samples.count(None)
    if missing not in (0, n):
        return None
    given = not missing
    if number.given is not None and number.given[0] != given:
        return None
    if given and not (set(map(type, samples)) == {int} and 0 <= min(samples) and max(samples) < SAMPLE_LIMIT):
        return None
    columns = [ids, texts] if cleaned.count(None) == n else [ids, texts, cleaned]
    if escapes and any(  # only a JSON escape can make a lone surrogate
        any(map(_SURROGATE.search, filter(None, column))) for column in columns
    ):
        return None
    where = LineLabels(p, numbers)
    if number.given is None:
        number.given = (given, where[0])
    if not given:
        seen = number.seen
        samples = []
        for rid in ids:
            k = seen.get(rid, 0)
            seen[rid] = k + 1
            samples.append(k)
    return GenerationChunk(ids, texts, samples, None if len(columns) == 2 else cleaned, where)


def _json_problem(line: str, n: int, e: json.JSONDecodeError) -> str:
    """Why a line is not a JSON object, with the likely cause when the file is not JSONL at all."""
    at = f"({e.msg} at column {e.colno})"
    cr = line.find("\r")
    if 0 <= cr < len(line) - 1:
        return (
            f"invalid JSON {at}: the line holds a carriage return (CR) not followed by a line feed — lines "
            "that end in CR alone (old Mac line endings) are not JSONL; convert them to LF or CRLF"
        )
    if n == 1 and line.strip() in ("[", "{"):
        return (
            f"invalid JSON {at}: {line.strip()!r} alone on the first line looks like pretty-printed JSON (a "
            "document over several lines); generations files hold one JSON object per line (JSONL)"
        )
    return f"invalid JSON {at}"


class Numbering:
    """Generations of rows that come in chunks: ``sample`` is given on every row or on none (then the k-th row of an
    id is sample k, counted over every chunk so far)."""

    def __init__(self) -> None:
        self.given: tuple[bool, str] | None = None  # whether the first row has a sample, and where it is
        self.seen: dict[Any, int] = {}

    def __call__(self, rows: Sequence[tuple[str, Any]]) -> list[Generation]:
        for where, row in rows:
            if not isinstance(row, Mapping):
                raise ScoringError(f"{where}: expected an object with 'id' and 'generation', got {type(row).__name__}")
            given = row.get("sample") is not None
            if self.given is None:
                self.given = (given, where)
            elif given != self.given[0]:
                first, lacking = (self.given[1], where) if self.given[0] else (where, self.given[1])
                raise ScoringError(
                    f"{lacking}: no 'sample', but {first} has one; give 'sample' on every line or on "
                    "none (then the k-th generation of an id is sample k)"
                )
        out = []
        for where, row in rows:
            if self.given[0]:  # type: ignore[index]
                sample = row["sample"]
            else:
                rid = row.get("id")
                key = rid if isinstance(rid, str) else repr(rid)
                sample = self.seen.get(key, 0)
                self.seen[key] = sample + 1
            out.append(_generation(row, where, sample))
        return out


def _other_field(row: Mapping[str, Any], field: str, flag: str) -> str:
    """What a line without ``field`` has, and ``lctg score``'s flag naming the field to read instead (the one other
    string field when there is exactly one, so the hint runs as printed; every route reads through here, so the
    command is named)."""
    fields = ", ".join(map(str, list(row)[:6])) + (", …" if len(row) > 6 else "")
    others = [k for k, v in row.items() if k not in ("id", "generation", "sample", "cleaned") and isinstance(v, str)]
    name = others[0] if len(others) == 1 else "NAME"
    return f" (the line has {fields}; lctg score reads another field as the {field} with {flag} {name})"


def _generation(row: Mapping[str, Any], where: str, sample: Any) -> Generation:
    if "id" not in row:
        raise ScoringError(f"{where}: missing field 'id'{_other_field(row, 'id', '--id-field')}")
    rid = row["id"]
    if not isinstance(rid, str):
        shown = repr(rid) if len(repr(rid)) <= 60 else repr(rid)[:57] + "…"
        raise ScoringError(f"{where}: field 'id' must be a string, got {type(rid).__name__} {shown}")
    if "generation" not in row:
        raise ScoringError(
            f"{where}: missing field 'generation' for id {rid!r}{_other_field(row, 'generation', '--text-field')}"
        )
    if type(sample) is int and not -SAMPLE_LIMIT <= sample < SAMPLE_LIMIT:  # a negative one is refused where scored
        got = sample if abs(sample) < 10**30 else f"a number of about {int(sample.bit_length() * 0.30103) + 1} digits"
        raise ScoringError(f"{where}: 'sample' for id {rid!r} must be a non-negative integer below 2**63, got {got}")
    for name in ("id", "generation", "cleaned"):
        value = row.get(name)
        m = _SURROGATE.search(value) if isinstance(value, str) else None
        if m:
            raise ScoringError(
                f"{where}: field {name!r} holds a lone surrogate (U+{ord(m.group()):04X} at character "
                f"{m.start() + 1}), which is not Unicode text"
            )
    return Generation(id=row["id"], text=row["generation"], sample=sample, cleaned=row.get("cleaned"), where=where)
