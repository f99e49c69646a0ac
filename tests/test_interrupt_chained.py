"""Ctrl-C that the import machinery turns into another error (a RuntimeError whose cause is the KeyboardInterrupt)
is still "interrupted; nothing written" and exit 130; another error is not swallowed. M-IFEval files with a BOM
read as any other input does."""

from __future__ import annotations

from pathlib import Path

import pytest

import lctg_metrics.cli as cli
from lctg_metrics.instructions.mifeval import _read_jsonl


def _raises(exc: BaseException):
    def parser(command: str | None = None):
        raise exc

    return parser


def test_an_error_caused_by_ctrl_c_is_the_interrupted_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        raise KeyboardInterrupt
    except KeyboardInterrupt as stop:
        chained = RuntimeError("Error calling __set_name__")
        chained.__cause__ = stop
    monkeypatch.setattr(cli, "build_parser", _raises(chained))
    assert cli.main(["score", "g.jsonl"]) == 130
    assert capsys.readouterr().err == "lctg score: interrupted; nothing written\n"


def test_an_error_not_caused_by_ctrl_c_is_not_taken_for_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "build_parser", _raises(RuntimeError("a bug")))
    with pytest.raises(RuntimeError, match="a bug"):
        cli.main(["score", "g.jsonl"])


def test_an_m_ifeval_file_with_a_bom_reads_its_first_line(tmp_path: Path) -> None:
    path = tmp_path / "responses.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"prompt": "p", "response": "r"}\r\n')
    assert _read_jsonl(path) == [{"prompt": "p", "response": "r"}]
