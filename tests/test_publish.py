"""Publishing a build: integrity check against the manifest, one upload, a version tag, the token never shown;
the metric module as a Gradio Space; every Hub failure one line saying what was (not) uploaded."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from types import SimpleNamespace

import pytest

from lctg_dataset.publish import PublishError, publish, publish_metric, verify_folder
from lctg_metrics.cli import main
from tests.conftest import PROJECT_ROOT
from tests.test_hub import FakeHub, closed_port


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


class CommitApi(RecordingApi):
    """Like the Hub: ``upload_folder`` returns the commit it made; ``fail`` names a call that raises."""

    def __init__(self, fail: str | None = None):
        super().__init__()
        self.fail = fail

    def upload_folder(self, **kw):
        super().upload_folder(**kw)
        if self.fail == "upload_folder":
            raise ConnectionError("connection reset while sending hf_secret")
        return SimpleNamespace(oid="f" * 40)

    def create_tag(self, **kw):
        super().create_tag(**kw)
        if self.fail == "create_tag":
            raise TimeoutError("timed out")


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
    err = capsys.readouterr().err
    assert "set $HF_TOKEN or run `hf auth login`" in err and "huggingface-cli" not in err  # the current CLI's name
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
    assert (
        build_main(
            [
                "--source",
                str(source_dir),
                "--output",
                str(out),
                "--push-to-hub",
                "me/lctg",
                "--dry-run",
                "--tag",
                "v1.0.0-rc1",
            ]
        )
        == 0
    )
    text = capsys.readouterr().out
    assert f"dry run: nothing written to {out}, nothing uploaded" in text
    assert "repo: me/lctg (dataset)" in text and "tag: v1.0.0-rc1" in text
    assert not out.exists()  # --dry-run means the same in every command: nothing written, uploaded or called
    assert build_main(["--source", str(source_dir), "--output", str(out)]) == 0  # the files it said, as written
    for rel in ("README.md", "data/summary/test-00000-of-00001.parquet"):
        size = (out / rel).stat().st_size
        assert f"{size:>12,}  {rel}" in text


def test_build_push_to_hub_without_token_fails_before_building(source_dir, tmp_path, capsys, monkeypatch):
    from lctg_dataset.cli import main as build_main

    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))
    out = tmp_path / "lctg"
    assert build_main(["--source", str(source_dir), "--output", str(out), "--push-to-hub", "me/lctg"]) == 2
    assert "no Hugging Face token" in capsys.readouterr().err
    assert not out.exists()


def test_build_push_to_hub_uploads_with_token(source_dir, tmp_path, capsys, monkeypatch):
    import huggingface_hub

    from lctg_dataset.cli import main as build_main

    api = RecordingApi()
    monkeypatch.setattr(huggingface_hub, "HfApi", lambda: api)
    monkeypatch.setenv("HF_TOKEN", "hf_build_secret")
    assert (
        build_main(["--source", str(source_dir), "--output", str(tmp_path / "lctg"), "--push-to-hub", "me/lctg"]) == 0
    )
    out = capsys.readouterr()
    assert [c[0] for c in api.calls] == ["create_repo", "upload_folder", "create_tag"]
    assert api.calls[2][1]["tag"] == "v1.0.0" and "hf_build_secret" not in out.out + out.err


def test_bad_repo_id_is_rejected(built_dataset):
    from lctg_dataset.publish import plan

    with pytest.raises(PublishError, match="ORG/NAME"):
        plan(built_dataset, "lctg")


# ------------------------------------------------------------------------------------- Hub failures


def test_publish_tags_the_commit_it_uploaded(built_dataset):
    api = CommitApi()
    publish(built_dataset, "me/lctg", token="hf_secret", api=api)
    assert api.calls[2] == (
        "create_tag",
        {
            "repo_id": "me/lctg",
            "repo_type": "dataset",
            "tag": "v1.0.0",
            "token": "hf_secret",
            "exist_ok": True,
            "revision": "f" * 40,
        },
    )


@pytest.mark.parametrize(
    "fail, expected",
    [
        (
            "upload_folder",
            "uploading .* to me/lctg: the Hub could not be reached at the Hub \\(ConnectionError\\); "
            "no commit was made, nothing was published",
        ),
        (
            "create_tag",
            "tagging me/lctg v1.0.0: .*; the files were uploaded as commit ffffffffffff but not tagged; "
            "run again to add the tag",
        ),
    ],
)
def test_a_failed_step_says_what_was_uploaded(built_dataset, fail, expected):
    with pytest.raises(PublishError, match=expected) as info:
        publish(built_dataset, "me/lctg", token="hf_secret", api=CommitApi(fail))
    assert "\n" not in str(info.value) and "hf_secret" not in str(info.value)


@pytest.fixture
def closed_hub(monkeypatch):
    """``HF_ENDPOINT`` (read by huggingface_hub at import) pointing at a loopback port nothing listens on."""
    from huggingface_hub import constants

    url = f"http://127.0.0.1:{closed_port()}"
    monkeypatch.setattr(constants, "ENDPOINT", url)
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
    return url


def test_publish_without_network_is_one_line(built_dataset, closed_hub):
    with pytest.raises(PublishError) as info:
        publish(built_dataset, "me/lctg", token="hf_never_shown")
    message = str(info.value)
    assert message == (
        f"creating dataset repo me/lctg: the Hub could not be reached at {closed_hub} (ConnectError); "
        "nothing was uploaded; check the network or HF_ENDPOINT and run again"
    )


@pytest.mark.slow
def test_publish_cli_without_network_is_one_line(built_dataset, tmp_path):
    """`lctg publish` with a token and no network, as a user runs it: exit 2, one line, no traceback, no token."""
    env = {
        **os.environ,
        "HF_TOKEN": "hf_cli_never_shown",
        "HF_ENDPOINT": f"http://127.0.0.1:{closed_port()}",
        "HF_HOME": str(tmp_path / "hf"),
    }
    env.pop("HF_HUB_OFFLINE", None)
    code = "import sys; from lctg_metrics.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.run(
        [sys.executable, "-c", code, "publish", "--dataset", str(built_dataset), "--repo-id", "me/lctg"],
        env=env,
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2, proc.stderr[-2000:]
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "could not be reached" in lines[0] and "nothing was uploaded" in lines[0], proc.stderr
    assert "hf_cli_never_shown" not in proc.stdout + proc.stderr


def test_publish_reports_what_the_hub_said(built_dataset, monkeypatch):
    from huggingface_hub import constants

    def answer(method, path):
        return (
            403,
            {"X-Error-Message": 'You don\'t have the rights to create a dataset under the namespace "me"'},
            {"error": "forbidden"},
        )

    with FakeHub(answer) as hub:
        monkeypatch.setattr(constants, "ENDPOINT", hub.url)
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
        with pytest.raises(PublishError) as info:
            publish(built_dataset, "me/lctg", token="hf_secret_403")
    message = str(info.value)
    assert message.startswith(f"creating dataset repo me/lctg: the Hub ({hub.url}) answered HTTP 403: You don't have")
    assert "nothing was uploaded" in message and "\n" not in message and "hf_secret_403" not in message
    # create_repo(exist_ok=True) looks the repo up after a refusal; nothing was sent to be committed
    assert [(m, p) for m, p, _, _ in hub.requests] == [("POST", "/api/repos/create"), ("GET", "/api/datasets/me/lctg")]
    assert hub.requests[0][2]["authorization"] == "Bearer hf_secret_403"  # the token went to the Hub, nowhere else


# --------------------------------------------------------------------------------------- metric Space


def space_folder(tmp_path, name="lctg_ctg"):
    folder = tmp_path / name
    (folder / "__pycache__").mkdir(parents=True)
    (folder / "app.py").write_text("import evaluate\n")
    (folder / f"{name}.py").write_text("import evaluate\n")
    (folder / "_lctg_api.py").write_text("\n")
    (folder / "README.md").write_text("---\nsdk: gradio\napp_file: app.py\n---\n# LCTG\n")
    (folder / "requirements.txt").write_text("lctg\n")
    (folder / "__pycache__" / "app.cpython-311.pyc").write_bytes(b"\0")
    return folder


def test_publish_metric_uploads_a_gradio_space(tmp_path):
    from huggingface_hub import RepoUrl

    class Api(RecordingApi):
        def create_repo(self, **kw):
            super().create_repo(**kw)
            return RepoUrl("https://huggingface.co/spaces/me/lctg-ctg")  # what HfApi.create_repo returns

    api = Api()
    folder = space_folder(tmp_path)
    url = publish_metric(folder, "me/lctg-ctg", token="hf_secret", private=True, api=api)
    assert url == "https://huggingface.co/spaces/me/lctg-ctg"
    (name, create), (name2, upload) = api.calls
    assert name == "create_repo" and create["repo_type"] == "space" and create["space_sdk"] == "gradio"
    assert create["private"] is True and create["token"] == "hf_secret"
    assert name2 == "upload_folder" and upload["repo_type"] == "space" and upload["folder_path"] == str(folder)
    from huggingface_hub.utils import filter_repo_objects

    sent = set(
        filter_repo_objects(
            ["app.py", "README.md", "requirements.txt", "__pycache__/app.cpython-311.pyc"],
            ignore_patterns=upload["ignore_patterns"],
        )
    )
    assert sent == {"app.py", "README.md", "requirements.txt"}
    assert upload["commit_message"] == "LCTG Bench metric (lctg_ctg)"


@pytest.mark.parametrize("name", ["lctg_if", "lctg_ifsm"])
def test_publish_metric_names_the_module_it_uploads(tmp_path, name):
    api = RecordingApi()
    publish_metric(space_folder(tmp_path, name), "me/m", token="t", api=api)
    assert api.calls[1][1]["commit_message"] == f"LCTG Bench metric ({name})"


def test_publish_metric_refuses_a_folder_without_one_metric_script(tmp_path):
    folder = space_folder(tmp_path)
    (folder / "other.py").write_text("\n")
    api = RecordingApi()
    with pytest.raises(PublishError, match=r"expected one metric script beside app.py, found lctg_ctg, other"):
        publish_metric(folder, "me/m", token="t", api=api)
    assert api.calls == []


# ------------------------------------------------------------------------------ the version a build carries


def test_a_build_with_110_configs_is_titled_and_tagged_110(built_dataset_derived):
    from lctg_dataset.publish import plan

    manifest = json.loads((built_dataset_derived / "manifest.json").read_text(encoding="utf-8"))
    versions = {name: c["version"] for name, c in manifest["configs"].items()}
    assert versions["all"] == "1.0.0" and versions["corrected"] == "1.1.0"  # the build holds both lines
    api = CommitApi()
    publish(built_dataset_derived, "me/lctg", token="t", api=api)
    message = api.calls[1][1]["commit_message"]
    assert message.startswith("LCTG Bench 1.1.0 (source commit c4736cb; configs: all 1.0.0, ")
    assert "corrected 1.1.0" in message and "multi 1.1.0+multi" in message
    assert api.calls[2][1]["tag"] == "v1.1.0"
    assert "tag: v1.1.0" in plan(built_dataset_derived, "me/lctg").lines()
    card = (built_dataset_derived / "README.md").read_text(encoding="utf-8")
    assert "\n# LCTG Bench 1.1.0 (Hugging Face edition)\n" in card


def test_the_faithful_build_stays_100(built_dataset):
    api = CommitApi()
    publish(built_dataset, "me/lctg", token="t", api=api)
    assert api.calls[1][1]["commit_message"].startswith("LCTG Bench 1.0.0 (source commit c4736cb; configs: all 1.0.0")
    assert api.calls[2][1]["tag"] == "v1.0.0"
    assert "\n# LCTG Bench 1.0.0 (Hugging Face edition)\n" in (built_dataset / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "versions, expected",
    [
        (["1.0.0"], "1.0.0"),
        (["1.0.0", "1.1.0", "1.1.0+variants.k5.s0", "1.1.0+multi"], "1.1.0"),
        (["1.0.0", "instructions-1.1.0+s0", "story_endings-1.0.0+default.s0"], "1.0.0"),  # family lines apart
        (["1.0.0", "1.10.0"], "1.10.0"),
        (["instructions-1.1.0+s0"], "1.0.0"),
    ],
)
def test_release_version(versions, expected):
    from lctg_dataset.card_meta import release_version

    assert release_version(versions) == expected


def test_publish_metric_url_without_a_repo_url(tmp_path):
    class Api(RecordingApi):
        def create_repo(self, **kw):
            super().create_repo(**kw)

    assert publish_metric(space_folder(tmp_path), "me/m", token="t", api=Api()) == "https://huggingface.co/spaces/me/m"


def test_publish_metric_refuses_an_incomplete_or_changed_module(built_dataset, tmp_path):
    folder = space_folder(tmp_path / "a")
    (folder / "app.py").unlink()
    api = RecordingApi()
    with pytest.raises(PublishError, match="has no app.py; a Space needs app.py, README.md"):
        publish_metric(folder, "me/m", token="t", api=api)
    build = tmp_path / "b" / "lctg"
    shutil.copytree(built_dataset, build)
    for name in ("app.py", "README.md"):
        (build / "lctg_ctg" / name).write_text("changed\n")
    with pytest.raises(PublishError, match="lctg_ctg/"):
        publish_metric(build / "lctg_ctg", "me/m", token="t", api=api)
    with pytest.raises(PublishError, match="ORG/NAME"):
        publish_metric(space_folder(tmp_path / "c"), "m", token="t", api=api)
    assert api.calls == []


def test_publish_metric_without_network_is_one_line(tmp_path, closed_hub):
    with pytest.raises(PublishError) as info:
        publish_metric(space_folder(tmp_path), "me/m", token="hf_never_shown")
    assert str(info.value) == (
        f"creating Space me/m: the Hub could not be reached at {closed_hub} (ConnectError); "
        "nothing was uploaded; check the network or HF_ENDPOINT and run again"
    )
