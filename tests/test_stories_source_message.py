"""The missing-stories message says where the folder it looked in came from: the argument, $POSSIBLE_STORIES, or
neither (then the default beside the checkout)."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_dataset.stories.source import SOURCE_ENV, read_stories


def _message(**kwargs: object) -> str:
    with pytest.raises(FileNotFoundError) as caught:
        read_stories(**kwargs)  # type: ignore[arg-type]
    return str(caught.value)


def test_a_folder_named_by_the_variable_is_said_to_be_its(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SOURCE_ENV, str(tmp_path / "nowhere"))
    message = _message()
    assert message.startswith(f"{tmp_path / 'nowhere' / 'dev.jsonl'}: missing (the folder ${SOURCE_ENV} names)")
    assert "is not set" not in message


def test_a_given_folder_is_named_without_a_remark(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SOURCE_ENV, str(tmp_path / "elsewhere"))
    message = _message(source=tmp_path / "given")
    assert message.startswith(f"{tmp_path / 'given' / 'dev.jsonl'}: missing;")


def test_neither_says_the_variable_is_not_set(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv(SOURCE_ENV, raising=False)
    monkeypatch.setattr("lctg_dataset.stories.source.default_source_dir", lambda: tmp_path / "default")
    assert f"(no folder was given and ${SOURCE_ENV} is not set)" in _message()
