"""``lctg sample --config story_endings``'s scoring hint names the dataset as the user named it (a Hub id with its
revision), as the other configs' hints do: following it signs the same data as the run it sampled."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.hub_standin import COMMIT, FolderHub
from tests.shared_builds import stories_build
from tests.test_story_config import STORIES


@pytest.fixture(scope="module")
def build(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return stories_build(source_dir, STORIES, tmp_path_factory)


def _hint(capsys: pytest.CaptureFixture[str]) -> str:
    return capsys.readouterr().err.strip().splitlines()[-1]


def test_a_folder_is_named(build: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(build)
    assert main(["sample", "--dataset", "B", "--config", "story_endings", "-o", "gs.jsonl"]) == 0
    assert "score them with lctg ifsm gs.jsonl --dataset B: the reader needs the contexts" in _hint(capsys)


def test_a_hub_id_is_named_with_its_revision(build: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    from huggingface_hub import constants

    monkeypatch.chdir(tmp_path)
    with FolderHub({"me/lctg": build}, refs={"v1.1.0": COMMIT}) as hub:
        monkeypatch.setattr(constants, "ENDPOINT", hub.url)
        monkeypatch.setattr(
            constants, "HUGGINGFACE_CO_URL_TEMPLATE", hub.url + "/{repo_id}/resolve/{revision}/{filename}"
        )
        monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path / "hf-cache"))
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
        argv = ["sample", "--dataset", "me/lctg", "--revision", "v1.1.0", "--config", "story_endings", "-o", "g.jsonl"]
        assert main(argv) == 0
    hint = _hint(capsys)
    assert "score them with lctg ifsm g.jsonl --dataset me/lctg --revision v1.1.0: the reader needs" in hint, hint
    assert "hf-cache" not in hint
