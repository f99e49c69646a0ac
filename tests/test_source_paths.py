"""A local source as a user writes it: ``~`` for the home folder and a value pasted with its newline."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_dataset.source import SourceError, fetch_source, source_root


def test_a_home_relative_source_is_the_folder_under_home(source_dir: Path, tmp_path: Path, monkeypatch) -> None:
    home = tmp_path / "home"
    (home / "data").mkdir(parents=True)
    (home / "data" / "release").symlink_to(source_dir)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("LCTG_SOURCE", "~/data/release")
    files = fetch_source()
    assert files.paths["summary"].parent.parent.parent == home / "data" / "release"
    assert source_root("~/data/release") == home / "data" / "release"


@pytest.mark.parametrize("pasted", ["{}\n", " {}", "{}\t\n"])
def test_blanks_around_a_pasted_source_are_dropped(source_dir: Path, monkeypatch, pasted: str) -> None:
    monkeypatch.setenv("LCTG_SOURCE", pasted.format(source_dir))
    assert fetch_source().paths["summary"].is_file()


def test_a_folder_whose_name_ends_in_a_blank_is_read_as_written(source_dir: Path, tmp_path: Path) -> None:
    named = tmp_path / "release "
    named.symlink_to(source_dir)
    (tmp_path / "release").mkdir()  # the stripped name exists too: the name as written wins
    assert source_root(str(named)) == named
    assert fetch_source(str(named)).paths["summary"].is_file()


def test_a_missing_home_relative_source_is_named_as_given(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    with pytest.raises(SourceError, match=r"'~/nowhere' \(from --source\) does not exist"):
        fetch_source("~/nowhere")


def test_lctg_dataset_is_read_as_the_user_means_it(tmp_path: Path, monkeypatch) -> None:
    from lctg_dataset.loader import dataset_path

    home = tmp_path / "home"
    (home / "builds" / "lctg").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    for value in ("~/builds/lctg", "~/builds/lctg\n", f" {home}/builds/lctg"):
        monkeypatch.setenv("LCTG_DATASET", value)
        assert dataset_path() == str(home / "builds" / "lctg"), value
    monkeypatch.setenv("LCTG_DATASET", "org/lctg\n")  # a Hub repo id pasted with its newline
    assert dataset_path() == "org/lctg"


def test_possible_stories_under_home_is_the_folder_there(tmp_path: Path, monkeypatch) -> None:
    from lctg_dataset.stories.source import default_source_dir

    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "ps").mkdir()
    for value in ("~/ps", "~/ps\n"):
        monkeypatch.setenv("POSSIBLE_STORIES", value)
        assert default_source_dir() == tmp_path / "ps", value
