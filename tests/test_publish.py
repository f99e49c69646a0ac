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


def test_publish_cli_needs_token_and_never_prints_it(built_dataset, monkeypatch, capsys, tmp_path):
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))  # no token saved by `huggingface-cli login` either
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


def test_build_push_to_hub_dry_run_prints_the_plan(source_dir, tmp_path, capsys, monkeypatch):
    from lctg_dataset.cli import main as build_main

    monkeypatch.delenv("HF_TOKEN", raising=False)
    out = tmp_path / "lctg"
    assert build_main(["--source", str(source_dir), "--out", str(out), "--push-to-hub", "me/lctg", "--dry-run",
                       "--revision", "v1.0.0-rc1"]) == 0
    text = capsys.readouterr().out
    assert "dry run: nothing uploaded" in text and "repo: me/lctg (dataset)" in text and "tag: v1.0.0-rc1" in text
    for rel in ("README.md", "manifest.json", "data/summary/test-00000-of-00001.parquet"):
        size = (out / rel).stat().st_size
        assert f"{size:>12,}  {rel}" in text


def test_build_push_to_hub_without_token_fails_before_building(source_dir, tmp_path, capsys, monkeypatch):
    from lctg_dataset.cli import main as build_main

    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    out = tmp_path / "lctg"
    assert build_main(["--source", str(source_dir), "--out", str(out), "--push-to-hub", "me/lctg"]) == 2
    assert "no Hugging Face token" in capsys.readouterr().err
    assert not out.exists()


def test_build_push_to_hub_uploads_with_token(source_dir, tmp_path, capsys, monkeypatch):
    import huggingface_hub

    from lctg_dataset.cli import main as build_main

    api = RecordingApi()
    monkeypatch.setattr(huggingface_hub, "HfApi", lambda: api)
    monkeypatch.setenv("HF_TOKEN", "hf_build_secret")
    assert build_main(["--source", str(source_dir), "--out", str(tmp_path / "lctg"), "--push-to-hub", "me/lctg"]) == 0
    out = capsys.readouterr()
    assert [c[0] for c in api.calls] == ["create_repo", "upload_folder", "create_tag"]
    assert api.calls[2][1]["tag"] == "v1.0.0" and "hf_build_secret" not in out.out + out.err


def test_bad_repo_id_is_rejected(built_dataset):
    from lctg_dataset.publish import plan

    with pytest.raises(PublishError, match="ORG/NAME"):
        plan(built_dataset, "lctg")
