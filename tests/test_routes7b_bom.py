"""A details file with a UTF-8 BOM and CRLF line ends is read by report, compare and substitutability as score and
if-score read their inputs: the same records and the same printed results as the plain file."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from lctg_metrics.analysis.details import read_details
from lctg_metrics.cli import main


@pytest.fixture(scope="module")
def details(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Three toy models' details files (one sample each)."""
    tmp = tmp_path_factory.mktemp("bom")
    out = []
    for seed in range(3):
        gens, det = tmp / f"g{seed}.jsonl", tmp / f"d{seed}.jsonl"
        argv = ["sample", "--dataset", str(built_dataset), "--samples", "1", "--seed", str(seed), "-o", str(gens)]
        assert main(argv) == 0
        with contextlib.redirect_stdout(io.StringIO()):
            argv = ["score", str(gens), "--dataset", str(built_dataset), "--details", str(det)]
            assert main([*argv, "--json", str(tmp / f"r{seed}.json")]) == 0
        out.append(det)
    return out


def _bom_crlf(path: Path, to: Path) -> Path:
    data = path.read_bytes()
    assert b"\r" not in data and not data.startswith(b"\xef\xbb\xbf")
    to.write_bytes(b"\xef\xbb\xbf" + data.replace(b"\n", b"\r\n"))
    return to


def _run(argv: list[str], capsys) -> str:
    capsys.readouterr()
    assert main(argv) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_the_reader_gives_the_same_records(details, tmp_path):
    bom = _bom_crlf(details[0], tmp_path / "d0.jsonl")
    a, b = read_details(details[0]), read_details(bom)
    assert a.records == b.records and len(a.records) > 1000 and a.signature == b.signature


@pytest.mark.slow  # three commands twice, the report's charts drawn each time
def test_report_compare_substitutability_print_the_same(details, tmp_path, capsys):
    bom = _bom_crlf(details[0], tmp_path / "d0.jsonl")  # same stem: the same display name
    result = details[0].with_name("r0.json")
    bom_result = _bom_crlf(result, tmp_path / "r0.json")
    for n, (first, res) in enumerate(((details[0], result), (bom, bom_result))):
        (tmp_path / str(n)).mkdir()
        _run(["report", str(first), "--result", str(res), "-o", str(tmp_path / str(n) / "r.md")], capsys)
    md = [(tmp_path / str(n) / "r.md").read_text(encoding="utf-8") for n in (0, 1)]
    for text, d, r in ((md[0], details[0], result), (md[1], bom, bom_result)):
        md[md.index(text)] = text.replace(str(d), "D").replace(str(r), "R")
    assert md[0] == md[1] and "summary" in md[0]
    plain = _run(["compare", str(details[0]), str(details[1])], capsys).replace(str(details[0]), "D")
    assert _run(["compare", str(bom), str(details[1])], capsys).replace(str(bom), "D") == plain and "CTG" in plain
    argv = ["substitutability", *map(str, details[1:])]
    plain = _run([*argv, str(details[0])], capsys).replace(str(details[0]), "D")
    assert _run([*argv, str(bom)], capsys).replace(str(bom), "D") == plain and "Spearman" in plain


def test_bytes_that_are_not_utf8_are_still_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b"\xef\xbb\xbf\xff\xfe\r\n")
    assert main(["report", str(bad), "-o", str(tmp_path / "r.md")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "not UTF-8 text (byte 0xff at offset 3)" in err and "Traceback" not in err
