"""Publishing a build: integrity check against the manifest, one upload, a version tag, the token never shown."""

from __future__ import annotations

import shutil

import pytest

from lctg_dataset.publish import PublishError, publish, verify_folder
from lctg_metrics.cli import main


class RecordingApi:
    """Stands in for huggingface_hub.HfApi and records the calls (no network in tests)."""

    def __init__(self):
        self.calls = []

    def create_repo(self, **kw):
        self.calls.append(("create_repo", kw))
        return "https://huggingface.co/datasets/" + kw["repo_id"]

    def upload_folder(self, **kw):
        self.calls.append(("upload_folder", kw))

    def create_tag(self, **kw):
        self.calls.append(("create_tag", kw))


def test_publish_uploads_and_tags(built_dataset):
    api = RecordingApi()
    url = publish(built_dataset, "me/lctg", token="hf_secret", api=api)
    assert url == "https://huggingface.co/datasets/me/lctg"
    names = [c[0] for c in api.calls]
    assert names == ["create_repo", "upload_folder", "create_tag"]
    up = api.calls[1][1]
    assert up["folder_path"] == str(built_dataset) and up["repo_type"] == "dataset" and up["repo_id"] == "me/lctg"
    assert "1.0.0" in up["commit_message"]
    assert api.calls[2][1]["tag"] == "v1.0.0" and api.calls[2][1]["repo_type"] == "dataset"


@pytest.mark.parametrize("damage", ["modify", "delete", "extra"])
def test_publish_refuses_a_damaged_folder(built_dataset, tmp_path, damage):
    folder = tmp_path / "lctg"
    shutil.copytree(built_dataset, folder)
    target = folder / "validation.json"
    if damage == "modify":
        target.write_text("[]\n", encoding="utf-8")
    elif damage == "delete":
        target.unlink()
    else:
        (folder / "notes.txt").write_text("x")
    with pytest.raises(PublishError, match="validation.json|notes.txt"):
        verify_folder(folder)
    api = RecordingApi()
    with pytest.raises(PublishError):
        publish(folder, "me/lctg", token="t", api=api)
    assert api.calls == []


def test_publish_cli_needs_token_and_never_prints_it(built_dataset, monkeypatch, capsys):
    monkeypatch.delenv("HF_TOKEN", raising=False)
    assert main(["publish", "--dataset", str(built_dataset), "--repo-id", "me/lctg"]) == 2
    assert "set $HF_TOKEN" in capsys.readouterr().err
    api = RecordingApi()
    monkeypatch.setenv("HF_TOKEN", "hf_do_not_print")
    import huggingface_hub

    monkeypatch.setattr(huggingface_hub, "HfApi", lambda: api)
    assert main(["publish", "--dataset", str(built_dataset), "--repo-id", "me/lctg"]) == 0
    out = capsys.readouterr()
    assert "hf_do_not_print" not in out.out + out.err
    assert api.calls[1][1]["token"] == "hf_do_not_print"
