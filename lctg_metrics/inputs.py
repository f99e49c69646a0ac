"""The input layer: generations files, dataset folders and their manifests, read and checked in one place.

Generations files are JSONL, CSV or parquet (UTF-8, a leading BOM allowed) with ``id``, ``generation``,
optional ``sample`` (int) and optional ``cleaned``; other fields (``prompt``, ``model``…) are ignored. A file
without any ``sample`` numbers them as the Python API does: the k-th generation of an id is sample k (0-based).
Outputs are written by :mod:`lctg_metrics.outputs`.
"""

from __future__ import annotations

import csv
import functools
import io
import itertools
import json
import operator
import os
import re
from pathlib import Path
from typing import Any, Iterable, Iterator, Mapping, Sequence

from lctg_metrics.dataset_folder import (MANIFEST, base_texts, dataset_files, read_protocol, read_rows,  # noqa: F401
                                        verify_files)
from lctg_metrics.schema import Generation, ScoringError

GENERATION_FIELDS = ("id", "generation", "sample", "cleaned")
#: Generations per chunk when a file is read in chunks (:func:`iter_generations`): bounds the memory of a run.
CHUNK_SIZE = 50_000
#: UTF-16 surrogate code points: a JSON "\ud800" escape decodes to one, and no UTF-8 file can hold it.
_SURROGATE = re.compile("[\ud800-\udfff]")
#: The longest CSV field read (characters): past it a field is an error naming the line (the csv module's own
#: default, 131,072, is too small for long generations).
CSV_FIELD_LIMIT = 16 * 1024 * 1024
#: Sample numbers are below this (they are counted in 64-bit integers).
SAMPLE_LIMIT = 2**63
#: A sample number in a CSV cell: ASCII digits (as JSON numbers), optionally signed.
_CSV_INT = re.compile(r"[+-]?[0-9]+")


def read_generations(path: str | os.PathLike[str]) -> list[Generation]:
    """Read a generations file (format by extension: .jsonl/.json/.ndjson, .csv, .parquet)."""
    return [g for chunk in iter_generations(path) for g in chunk]


def iter_generations(path: str | os.PathLike[str], chunk_size: int = CHUNK_SIZE) -> Iterator[list[Generation]]:
    """The generations of a file in chunks of ``chunk_size``, read as they are consumed (a line, a parquet batch at a
    time); any chunk size gives the same generations. Errors name the first bad line in file order."""
    p = Path(path)
    if not p.is_file():
        raise ScoringError(f"generations file {p} does not exist or is not a file")
    suffix = p.suffix.lower()
    if suffix not in (".jsonl", ".json", ".ndjson", ".csv", ".parquet"):
        raise ScoringError(f"{p}: unknown generations format {suffix!r}; use .jsonl, .csv or .parquet")
    number = _Numbering()
    try:
        if suffix == ".parquet" or suffix == ".csv":
            rows = _parquet_rows(p) if suffix == ".parquet" else _csv_rows(p, _lines(p, split_cr=True))
            while chunk := list(itertools.islice(rows, chunk_size)):
                generations, chunk = number(chunk), []  # the rows are not kept while the chunk is scored
                yield generations
        else:
            yield from _jsonl_chunks(p, chunk_size, number)
    except OSError as e:
        raise ScoringError(f"{p}: cannot read ({e.strerror or e})") from None
    if number.given is None:
        raise ScoringError(f"{p}: no generations (the file is empty{' or holds only its header' if suffix == '.csv' else ''})")


def _lines(p: Path, *, split_cr: bool = False) -> Iterator[str]:
    r"""The file's lines (ending in "\n") one at a time: UTF-8, a leading BOM dropped, invalid bytes an error naming
    line and column; ``split_cr`` also ends lines at a lone "\r" (as ``csv`` expects of ``newline=""``)."""
    with open(p, "rb") as f:
        yield from _decoded(p, f, split_cr=split_cr)


def _decoded(p: Path, raws: Iterable[bytes], first: int = 1, offset: int = 0, *,
             split_cr: bool = False) -> Iterator[str]:
    """:func:`_lines` of some of the file's lines: ``raws`` starts at line ``first``, byte ``offset``."""
    for n, raw in enumerate(raws, start=first):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise ScoringError(f"{p}:{n}: not UTF-8 text ({e.reason} at byte {offset + e.start}, column "
                               f"{e.start + 1})") from None
        offset += len(raw)
        line = line[1:] if n == 1 and line.startswith("\ufeff") else line
        yield from io.StringIO(line, newline="") if split_cr and "\r" in line else (line,)


def read_text(p: Path) -> str:
    """The file as text: UTF-8, a leading BOM dropped; invalid bytes are an error naming line and column."""
    return "".join(_lines(p))


class _DuplicateKey(Exception):
    pass


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _jsonl_rows(p: Path, text: str | Iterable[str], first: int = 1) -> Iterator[tuple[str, Any]]:
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
            raise ScoringError(f"{p}:{n}: JSON nested too deeply to read (brackets inside brackets past Python's "
                               "limit); a generation line is one flat object") from None
        except _DuplicateKey as e:
            raise ScoringError(f"{p}:{n}: field {e.args[0]!r} appears twice in one object (which one is meant?)") from None
        if not isinstance(obj, dict):
            hint = ("; is the file one pretty-printed JSON array? give one JSON object per line (JSONL)"
                    if n == 1 and isinstance(obj, list) else "")
            raise ScoringError(f"{p}:{n}: expected a JSON object, got {type(obj).__name__}{hint}")
        yield f"{p}:{n}", obj


class GenerationChunk(Sequence[Generation]):
    """Generations read from a file, held as columns: a :class:`Generation` is made only when one is asked for
    (scoring reads the columns, :meth:`columns`). Their types are checked: str ids and texts, int samples in
    [0, 2**63), str or None cleaned texts."""

    __slots__ = ("ids", "texts", "samples", "cleaned", "where")

    def __init__(self, ids: list[str], texts: list[str], samples: list[int], cleaned: list[str | None] | None,
                 where: Sequence[str]) -> None:
        self.ids, self.texts, self.samples, self.cleaned, self.where = ids, texts, samples, cleaned, where

    def __len__(self) -> int:
        return len(self.ids)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return Generation(self.ids[i], self.texts[i], self.samples[i], None if self.cleaned is None else self.cleaned[i],
                          self.where[i])

    def __iter__(self) -> Iterator[Generation]:
        cleaned = itertools.repeat(None) if self.cleaned is None else self.cleaned
        return map(functools.partial(tuple.__new__, Generation), zip(self.ids, self.texts, self.samples, cleaned,
                                                                     self.where, itertools.repeat(None)))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"GenerationChunk({list(self)!r})"

    def columns(self) -> dict[str, Any]:
        """The keyword arguments of ``scoring.GenerationColumns``."""
        return {"ids": self.ids, "texts": self.texts, "samples": self.samples, "cleaned": self.cleaned,
                "where": self.where, "checked": True}


class _Where(Sequence[str]):
    """``file:line`` of each generation of a chunk, made when asked for."""

    __slots__ = ("path", "numbers")

    def __init__(self, path: Path, numbers: Sequence[int]) -> None:
        self.path, self.numbers = path, numbers

    def __len__(self) -> int:
        return len(self.numbers)

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        return f"{self.path}:{self.numbers[i]}"


#: Written between the lines of a chunk parsed as one JSON array: a number that no line of the chunk holds (this is
#: checked), so that each one found between two values of the array was written there, and each line is one value.
_SEPARATOR = b"742689105316842973054319"
_SEPARATOR_VALUE = int(_SEPARATOR)
#: A JSON escape of a UTF-16 surrogate (a pair of them is one character; one alone is not text).
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89abcdefABCDEF]")


def _jsonl_chunks(p: Path, size: int, number: "_Numbering") -> Iterator[Sequence[Generation]]:
    """:func:`iter_generations` of a JSONL file: chunks of ``size`` generations (blank lines skipped). A chunk's lines
    are decoded and parsed in one piece (one JSON array of its lines) and checked column by column, with no Python
    code per line; a chunk where anything is unusual (an error, a line of blanks other than an empty one, a field of
    an unusual type, a possibly repeated field) is read again the exact way, line by line (:func:`_jsonl_rows`),
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
            chunk = _bulk_chunk(p, lines, numbers, number) if lines else None
            del lines
            if chunk is None:  # the exact way, line by line, from the chunk's first line
                f.seek(offset)
                read = itertools.count()
                raws = (raw for raw, _ in zip(f, read))
                rows = list(itertools.islice(_jsonl_rows(p, _decoded(p, raws, first, offset), first), size))
                chunk, n_raw = number(rows) if rows else None, next(read)
            first, offset = first + n_raw, f.tell()
            if not chunk:
                return
            yield chunk


def _bulk_chunk(p: Path, lines: list[bytes], numbers: Sequence[int], number: "_Numbering") -> GenerationChunk | None:
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
        for line in itertools.compress(lines, map(operator.ne, map(bytes.count, lines, itertools.repeat(b":")),
                                                  map(len, objs))):
            try:
                json.loads(line.decode("utf-8"), object_pairs_hook=_object)
            except Exception:
                return None
    get = dict.get
    ids = list(map(get, objs, itertools.repeat("id")))
    texts = list(map(get, objs, itertools.repeat("generation")))
    samples = list(map(get, objs, itertools.repeat("sample")))
    cleaned: list[Any] = list(map(get, objs, itertools.repeat("cleaned")))
    del objs
    if set(map(type, ids)) != {str} or set(map(type, texts)) != {str} or not set(map(type, cleaned)) <= {str, type(None)}:
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
            any(map(_SURROGATE.search, filter(None, column))) for column in columns):
        return None
    where = _Where(p, numbers)
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
        return (f"invalid JSON {at}: the line holds a carriage return (CR) not followed by a line feed — lines "
                "that end in CR alone (old Mac line endings) are not JSONL; convert them to LF or CRLF")
    if n == 1 and line.strip() in ("[", "{"):
        return (f"invalid JSON {at}: {line.strip()!r} alone on the first line looks like pretty-printed JSON (a "
                "document over several lines); generations files hold one JSON object per line (JSONL)")
    return f"invalid JSON {at}"


def _csv_rows(p: Path, text: str | Iterable[str]) -> Iterator[tuple[str, Any]]:
    """Rows with their line (line 1 is the header; a record spanning lines is named by its first line), of a text
    or of an iterable of lines. Strict: a quote never closed, or stray text after a closing quote, is an error
    naming the line where the record starts; so is a field past :data:`CSV_FIELD_LIMIT` characters."""
    reader = csv.reader(io.StringIO(text, newline="") if isinstance(text, str) else text, strict=True)
    limit = csv.field_size_limit(CSV_FIELD_LIMIT)
    start = 1
    try:
        header = next(reader, None)
        if header is None or "id" not in header or "generation" not in header:
            raise ScoringError(f"{p}:1: CSV header must include 'id' and 'generation', got {header}; name your "
                              "columns with --id-field and --text-field (lctg score)")
        twice = sorted({h for h in header if header.count(h) > 1})
        if twice:
            raise ScoringError(f"{p}:1: CSV header names {twice} more than once")
        start = reader.line_num + 1
        for rec in reader:
            where, start = f"{p}:{start}", reader.line_num + 1
            if not rec:
                continue
            if len(rec) != len(header):
                raise ScoringError(f"{where}: {len(rec)} fields but the header has {len(header)}")
            row: dict[str, Any] = dict(zip(header, rec))
            if row.get("sample", "") == "":
                row.pop("sample", None)
            elif _CSV_INT.fullmatch(row["sample"].strip()):
                digits = len(row["sample"].strip().lstrip("+-"))
                if digits > 25:  # past 2**63 for sure, and int() of thousands of digits is refused by Python
                    raise ScoringError(f"{where}: 'sample' for id {row['id']!r} must be a non-negative integer below "
                                       f"2**63, got a number of {digits} digits")
                row["sample"] = int(row["sample"])
            if row.get("cleaned", "") == "":
                row.pop("cleaned", None)  # CSV cannot tell an empty cleaned text from an absent one
            yield where, row
    except csv.Error as e:
        if "field larger than field limit" in str(e):
            raise ScoringError(f"{p}:{start}: a field is longer than {CSV_FIELD_LIMIT:,} characters "
                               "(inputs.CSV_FIELD_LIMIT); no generation is that long: is a quote left open above "
                               "it?") from None
        why = ("a quoted field is never closed (a missing '\"'): it runs to the end of the file"
               if "unexpected end of data" in str(e) else str(e))
        raise ScoringError(f"{p}:{start}: invalid CSV ({why})") from None
    finally:
        csv.field_size_limit(limit)


def _parquet_rows(p: Path) -> Iterator[tuple[str, Any]]:
    """Rows of a parquet file, one record batch in memory at a time."""
    import pyarrow.parquet as pq

    k = itertools.count()
    try:
        for batch in pq.ParquetFile(p).iter_batches(batch_size=CHUNK_SIZE):
            yield from ((f"{p}:row {next(k)}", row) for row in batch.to_pylist())
    except Exception as e:  # pyarrow raises several types for unreadable files
        raise ScoringError(f"{p}: not a readable parquet file ({e})") from None


def _generations(rows: Sequence[tuple[str, Any]]) -> list[Generation]:
    """Generations of the rows; without any ``sample``, the k-th row of an id is sample k."""
    return _Numbering()(rows)


class _Numbering:
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
                raise ScoringError(f"{lacking}: no 'sample', but {first} has one; give 'sample' on every line or on "
                                   "none (then the k-th generation of an id is sample k)")
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


def _generation(row: Mapping[str, Any], where: str, sample: Any) -> Generation:
    if "id" not in row:
        raise ScoringError(f"{where}: missing field 'id'")
    rid = row["id"]
    if not isinstance(rid, str):
        shown = repr(rid) if len(repr(rid)) <= 60 else repr(rid)[:57] + "…"
        raise ScoringError(f"{where}: field 'id' must be a string, got {type(rid).__name__} {shown}")
    if "generation" not in row:
        raise ScoringError(f"{where}: missing field 'generation' for id {rid!r}")
    if type(sample) is int and not -SAMPLE_LIMIT <= sample < SAMPLE_LIMIT:  # a negative one is refused where scored
        raise ScoringError(f"{where}: 'sample' for id {rid!r} must be a non-negative integer below 2**63, got "
                           f"{sample if abs(sample) < 10**30 else f'a number of about {int(sample.bit_length() * 0.30103) + 1} digits'}")
    for name in ("id", "generation", "cleaned"):
        value = row.get(name)
        m = _SURROGATE.search(value) if isinstance(value, str) else None
        if m:
            raise ScoringError(f"{where}: field {name!r} holds a lone surrogate (U+{ord(m.group()):04X} at character "
                               f"{m.start() + 1}), which is not Unicode text")
    return Generation(id=row["id"], text=row["generation"], sample=sample, cleaned=row.get("cleaned"), where=where)
