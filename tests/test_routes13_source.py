"""The upstream source named by ``--source`` or ``$LCTG_SOURCE``: a file is said to be a file (with what is
expected), a URL of an unsupported scheme is said to be one; a missing folder is still named as missing."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_dataset.errors import SourceError
from lctg_dataset.source import fetch_source, source_root
from lctg_metrics.cli import main


def test_a_file_is_named_as_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "g1.jsonl"
    f.write_text("{}\n", encoding="utf-8")
    with pytest.raises(SourceError, match=r"is a file, not a folder; give a folder .* or an http\(s\) base URL"):
        fetch_source(str(f), cache_dir=tmp_path / "cache")
    monkeypatch.setenv("LCTG_SOURCE", str(f))
    with pytest.raises(SourceError, match="is a file, not a folder") as e:
        fetch_source(cache_dir=tmp_path / "cache")
    assert "does not exist" not in str(e.value)


@pytest.mark.parametrize("url", ["ftp://x", "s3://bucket/lctg", "sftp://host/path"])
def test_an_unsupported_scheme_is_named(tmp_path: Path, url: str) -> None:
    scheme = url.partition(":")[0]
    with pytest.raises(SourceError, match=rf"the {scheme}:// scheme is not supported; give a folder"):
        fetch_source(url, cache_dir=tmp_path / "cache")
    with pytest.raises(SourceError, match="scheme is not supported"):
        source_root(url, cache_dir=tmp_path / "cache")


def test_a_missing_folder_is_still_missing(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="does not exist"):
        fetch_source(str(tmp_path / "nope"), cache_dir=tmp_path / "cache")


@pytest.mark.parametrize("kind", ["file", "ftp"])
def test_lctg_build_says_it_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    f = tmp_path / "g1.jsonl"
    f.write_text("{}\n", encoding="utf-8")
    monkeypatch.setenv("LCTG_SOURCE", str(f) if kind == "file" else "ftp://x")
    monkeypatch.setenv("LCTG_CACHE_DIR", str(tmp_path / "cache"))
    assert main(["build", "-o", str(tmp_path / "C4")]) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert ("is a file" in err) if kind == "file" else ("ftp:// scheme is not supported" in err)
    assert not (tmp_path / "C4").exists()
