"""``$LCTG_SOURCE``, ``$LCTG_DATASET`` and ``$POSSIBLE_STORIES`` of blanks only are refused in one line naming the
variable (read as a path they would be the current folder); an empty value still means unset. A missing source
folder says whether ``--source`` or ``$LCTG_SOURCE`` named it."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_dataset.errors import SourceError
from lctg_dataset.source import default_source, fetch_source
from lctg_metrics.cli import main

BLANKS = [" ", "\n", " \t "]


@pytest.mark.parametrize("value", BLANKS)
def test_blank_source_is_refused_naming_the_variable(tmp_path: Path, monkeypatch, capsys, value: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LCTG_SOURCE", value)
    with pytest.raises(SourceError, match=r"^\$LCTG_SOURCE is set to blanks only"):
        default_source()
    assert main(["build", "-o", "X"]) == 2
    err = capsys.readouterr().err.strip()
    assert (
        err
        == f"lctg build: error: $LCTG_SOURCE is set to blanks only ({value!r}); unset it, or set it to what it names"
    )
    assert not (tmp_path / "X").exists()


def test_an_empty_source_is_unset(monkeypatch) -> None:
    monkeypatch.delenv("LCTG_SOURCE", raising=False)
    unset = default_source()
    monkeypatch.setenv("LCTG_SOURCE", "")
    assert default_source() == unset


@pytest.mark.parametrize("value", BLANKS)
def test_blank_dataset_is_refused_naming_the_variable(tmp_path: Path, monkeypatch, value: str) -> None:
    import lctg_dataset
    from lctg_dataset.loader import dataset_path

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LCTG_DATASET", value)
    with pytest.raises(ValueError, match=r"^\$LCTG_DATASET is set to blanks only"):
        dataset_path()
    with pytest.raises(ValueError, match=r"^\$LCTG_DATASET is set to blanks only"):
        lctg_dataset.load()
    monkeypatch.setenv("LCTG_DATASET", "")
    with pytest.raises(FileNotFoundError, match="no LCTG dataset found"):  # empty: unset, then ./lctg
        dataset_path()


@pytest.mark.parametrize("value", BLANKS)
def test_blank_stories_is_refused_naming_the_variable(tmp_path: Path, monkeypatch, capsys, value: str) -> None:
    from lctg_dataset.stories.source import default_source_dir

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("POSSIBLE_STORIES", value)
    with pytest.raises(ValueError, match=r"^\$POSSIBLE_STORIES is set to blanks only"):
        default_source_dir()
    monkeypatch.setenv("POSSIBLE_STORIES", "")
    assert default_source_dir().name == "possible-stories"


def test_a_missing_source_says_which_was_read(tmp_path: Path, monkeypatch) -> None:
    missing = str(tmp_path / "nope")
    with pytest.raises(SourceError, match=r"\(from --source\) does not exist"):
        fetch_source(missing, cache_dir=tmp_path / "cache")
    monkeypatch.setenv("LCTG_SOURCE", missing)
    with pytest.raises(SourceError, match=r"\(from \$LCTG_SOURCE\) does not exist"):
        fetch_source(cache_dir=tmp_path / "cache")
