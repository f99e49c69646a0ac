"""A dataset named by Hub repo id: resolved offline from a pre-populated Hugging Face cache, one-line errors
otherwise, and its repo, revision and manifest digest carried in the signature (a local folder's is unchanged).

Nothing here reaches the real Hub: the Hub endpoint is a closed loopback port or a loopback stand-in served by
the test itself."""

from __future__ import annotations

import hashlib
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lctg_metrics.inputs.hub import ResolvedDataset, resolve_dataset
from lctg_metrics.schema import ScoringError
from tests.conftest import PROJECT_ROOT

COMMIT = "0123456789abcdef0123456789abcdef01234567"


def closed_port() -> int:
    """A loopback port nothing listens on (bound, read, released)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class FakeHub:
    """A loopback stand-in for the Hub: ``answer(method, path) -> (status, headers, json body)``; serves at
    most ``max_requests`` requests, records them, and is stopped by the test."""

    def __init__(self, answer: Callable[[str, str], tuple[int, dict[str, str], Any]], max_requests: int = 20):
        self.answer, self.max_requests, self.requests = answer, max_requests, []
        hub = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _reply(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                hub.requests.append((self.command, self.path, dict(self.headers), body))
                status, headers, payload = hub.answer(self.command, self.path)
                data = json.dumps(payload).encode()
                self.send_response(status)
                for k, v in {"Content-Type": "application/json", **headers}.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = do_HEAD = _reply

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.server.timeout = 0.1
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        served = 0
        while not self._stop.is_set() and served < self.max_requests:
            before = len(self.requests)
            self.server.handle_request()
            served += len(self.requests) - before

    def __enter__(self) -> FakeHub:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self.server.server_close()


def populate_cache(
    cache: Path, repo_id: str, folder: Path, refs: tuple[str, ...] = ("main", "v1.0.0"), commit: str = COMMIT
) -> Path:
    """Write ``folder`` into the Hugging Face cache layout as a downloaded dataset repo would be:
    ``datasets--owner--name/blobs/<sha256>``, ``snapshots/<commit>/<file>`` (symlinks to blobs) and
    ``refs/<revision>`` holding the commit. Returns the snapshot folder."""
    repo = cache / f"datasets--{repo_id.replace('/', '--')}"
    snapshot = repo / "snapshots" / commit
    files = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    files[".gitattributes"] = b"*.parquet filter=lfs diff=lfs merge=lfs -text\n"  # the Hub adds one to every repo
    for rel, data in files.items():
        blob = repo / "blobs" / hashlib.sha256(data).hexdigest()
        blob.parent.mkdir(parents=True, exist_ok=True)
        blob.write_bytes(data)
        link = snapshot / rel
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(os.path.relpath(blob, link.parent))
    for ref in refs:
        (repo / "refs" / ref).parent.mkdir(parents=True, exist_ok=True)
        (repo / "refs" / ref).write_text(commit)
    return snapshot


@pytest.fixture
def hub_env(monkeypatch, tmp_path):
    """An empty HF cache and a closed Hub endpoint (what ``HF_HUB_CACHE`` / ``HF_ENDPOINT`` set at import);
    returns a setter for offline mode."""
    from huggingface_hub import constants

    cache = tmp_path / "hf-cache"
    cache.mkdir()
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    monkeypatch.setattr(constants, "ENDPOINT", f"http://127.0.0.1:{closed_port()}")
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    return cache


@pytest.fixture
def cached(hub_env, built_dataset) -> Path:
    return populate_cache(hub_env, "me/lctg", built_dataset)


def digest(folder: Path) -> str:
    return hashlib.sha256((folder / "manifest.json").read_bytes()).hexdigest()


# ------------------------------------------------------------------------------------------ resolve


@pytest.mark.parametrize(
    "revision, shown, signed",
    [
        ("v1.0.0", "v1.0.0", f"v1.0.0={COMMIT[:12]}"),
        (None, "main", f"main={COMMIT[:12]}"),
        (COMMIT, COMMIT, COMMIT[:12]),
    ],
)
def test_repo_id_resolves_offline_from_the_cache(cached, built_dataset, revision, shown, signed):
    from lctg_metrics.inputs.folder import read_rows

    got = resolve_dataset("me/lctg", revision)
    assert got.path == cached and got.repo_id == "me/lctg" and got.revision == shown and got.commit == COMMIT
    assert got.digest == digest(built_dataset)
    assert got.source() == f"me/lctg@{signed}#{digest(built_dataset)[:12]}"  # the commit a branch or tag named
    assert len(read_rows(got.path, "summary")) == 480


def test_local_folder_is_used_as_is(built_dataset, hub_env):
    for spec in (built_dataset, str(built_dataset)):
        got = resolve_dataset(spec)
        assert got == ResolvedDataset(built_dataset, None, None, digest(built_dataset))
        assert got.source() is None


def one_line_error(spec: str, revision: str | None = None) -> str:
    with pytest.raises(ScoringError) as info:
        resolve_dataset(spec, revision)
    message = str(info.value)
    assert "\n" not in message and "Traceback" not in message
    return message


def test_uncached_repo_offline_is_one_line(hub_env):
    message = one_line_error("me/other", "v1.0.0")
    assert message.startswith("Hub dataset me/other@v1.0.0: not in the Hugging Face cache")
    assert "HF_HUB_OFFLINE is set" in message and "network access" in message and "build_dataset.py" in message


def test_uncached_revision_of_a_cached_repo_is_one_line(cached):
    assert one_line_error("me/lctg", "v9.9.9").startswith("Hub dataset me/lctg@v9.9.9: not in the Hugging Face cache")


def test_no_network_is_one_line(hub_env, monkeypatch):
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)  # the Hub is tried: a closed port
    message = one_line_error("me/other", "v1.0.0")
    assert "me/other@v1.0.0" in message and f"cannot be reached at {constants.ENDPOINT}" in message


@pytest.mark.parametrize(
    "error_code, expected",
    [
        ("RepoNotFound", "me/lctg@v1.0.0: the Hub has no such dataset repo"),
        ("RevisionNotFound", "me/lctg@v1.0.0: the Hub has no such revision"),
    ],
)
def test_hub_answers_are_one_line(hub_env, monkeypatch, error_code, expected):
    from huggingface_hub import constants

    def answer(method: str, path: str) -> tuple[int, dict[str, str], Any]:
        return 404, {"X-Error-Code": error_code, "X-Error-Message": "not here"}, {"error": "not here"}

    with FakeHub(answer) as hub:
        monkeypatch.setattr(constants, "HF_HUB_OFFLINE", False)
        monkeypatch.setattr(constants, "ENDPOINT", hub.url)
        assert expected in one_line_error("me/lctg", "v1.0.0")
    assert hub.requests and hub.requests[0][1].startswith("/api/datasets/me/lctg/revision/v1.0.0")


def test_a_repo_that_is_not_an_lctg_build_is_refused(hub_env, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "README.md").write_text("# some dataset\n")
    populate_cache(hub_env, "me/other", other)
    assert "not an lctg build" in one_line_error("me/other")


def test_a_changed_file_in_the_repo_is_refused(hub_env, built_dataset, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(built_dataset, copy)
    (copy / "validation.json").write_text("[]\n")
    populate_cache(hub_env, "me/lctg", copy)
    assert "validation.json differs from its sha256" in one_line_error("me/lctg", "v1.0.0")


@pytest.mark.parametrize(
    "spec, revision, expected",
    [
        ("no_such_folder", None, "no such folder, and not a Hub dataset repo id"),
        ("BUILT", "v1.0.0", "applies to a Hub repo id"),
        ("EMPTY", None, "no manifest.json"),
        ("me/lctg", "a|b", "revision 'a|b' is not a git tag, branch or commit"),
        ("me/lctg", "../../../../x", "revision '../../../../x' is not a git tag, branch or commit"),
        ("me/lctg", "v1/../../x", "is not a git tag, branch or commit"),
        ("me/lctg", "..", "is not a git tag, branch or commit"),
        ("me/lctg", "/abs", "is not a git tag, branch or commit"),
        ("me/lctg", "a b", "is not a git tag, branch or commit"),
        ("me/lctg", "-x", "is not a git tag, branch or commit"),
        ("me/lctg", "", "is not a git tag, branch or commit"),
        ("me/lctg", "main.lock", "is not a git tag, branch or commit"),
        ("me/lctg", "x" * 300, "is not a git tag, branch or commit"),
    ],
)
def test_bad_specs_are_one_line(built_dataset, hub_env, tmp_path, spec, revision, expected):
    (tmp_path / "empty").mkdir()
    spec = {"BUILT": str(built_dataset), "EMPTY": str(tmp_path / "empty")}.get(spec, spec)
    assert expected in one_line_error(spec, revision)


@pytest.mark.parametrize(
    "revision",
    [
        "main",
        "v1.0.0",
        "refs/pr/1",
        "release/2024-06",
        "3f2a9c1",
        "0123456789abcdef0123456789abcdef01234567",
        "v1.0.0+build.1",
    ],
)
def test_git_refs_and_commits_are_accepted(revision):
    from lctg_metrics.inputs.hub import check_revision

    check_revision("me/lctg", revision)  # raises if refused


def test_environment_variables_are_honoured(built_dataset, tmp_path):
    """HF_HUB_OFFLINE and HF_HUB_CACHE as a user sets them, in a fresh process."""
    cache = tmp_path / "cache"
    populate_cache(cache, "me/lctg", built_dataset)
    env = {
        **os.environ,
        "HF_HUB_OFFLINE": "1",
        "HF_HUB_CACHE": str(cache),
        "HF_ENDPOINT": f"http://127.0.0.1:{closed_port()}",
    }
    code = "from lctg_metrics.inputs.hub import resolve_dataset; print(resolve_dataset('me/lctg', 'v1.0.0').source())"
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip() == f"me/lctg@v1.0.0={COMMIT[:12]}#{digest(built_dataset)[:12]}"


def test_loader_reads_a_repo_id_at_a_revision(cached):
    import lctg_dataset

    ds = lctg_dataset.load("summary", path="me/lctg", revision="v1.0.0")
    assert len(ds) == 480 and ds[0]["id"].startswith("summary/")
    with pytest.raises(ValueError, match=r"^Hub dataset me/nope@v1\.0\.0: not in the Hugging Face cache"):
        lctg_dataset.load("summary", path="me/nope", revision="v1.0.0")


# ---------------------------------------------------------------------------------------- signature


def _score(folder: Path, source: str | None):
    from lctg_metrics.inputs.folder import read_rows
    from lctg_metrics.sample import sample_generations
    from lctg_metrics.schema import Generation
    from lctg_metrics.scoring import score

    rows = read_rows(folder, "summary")
    gens = [
        Generation(id=g["id"], text=g["generation"], sample=g["sample"])
        for g in sample_generations(rows, samples=1, seed=0)
    ]
    return score(gens, [r["constraint"] for r in rows], dataset_source=source)


def test_signature_carries_the_hub_source_and_a_local_one_is_unchanged(cached, built_dataset):
    from lctg_metrics import signature

    local = _score(built_dataset, resolve_dataset(built_dataset).source())
    plain = _score(built_dataset, None)
    assert local.signature == plain.signature and "|data:1.0.0|" in plain.signature
    hub = _score(cached, resolve_dataset("me/lctg", "v1.0.0").source())
    short = digest(built_dataset)[:12]
    assert f"|data:1.0.0@me/lctg@v1.0.0={COMMIT[:12]}#{short}|" in hub.signature
    assert hub.signature.replace(f"@me/lctg@v1.0.0={COMMIT[:12]}#{short}", "") == plain.signature
    assert hub.flat() == plain.flat()
    assert signature.parse(hub.signature)["data"] == f"1.0.0@me/lctg@v1.0.0={COMMIT[:12]}#{short}"
    diffs = signature.diff(plain.signature, hub.signature)
    assert [(d.key, d.a, d.b, d.blocking) for d in diffs] == [
        ("data_source", None, f"me/lctg@v1.0.0={COMMIT[:12]}", False),
        ("data_digest", None, short, False),
    ]
    assert "dataset source" in diffs[0].describe(("local", "hub"))


@pytest.mark.parametrize(
    "a, b, expected",
    [
        (
            "1.0.0@o/l@v1.0.0#aaaaaaaaaaaa",
            "1.0.0@o/l@main#aaaaaaaaaaaa",
            [("data_source", "o/l@v1.0.0", "o/l@main", False)],
        ),
        (
            "1.0.0@o/l@v1.0.0#aaaaaaaaaaaa",
            "1.0.0@o/l@v1.0.0#bbbbbbbbbbbb",
            [("data_digest", "aaaaaaaaaaaa", "bbbbbbbbbbbb", True)],
        ),
        (
            "1.0.0@o/l@v1.0.0#aaaaaaaaaaaa",
            "1.1.0@o/l@v1.1.0#bbbbbbbbbbbb",
            [
                ("data", "1.0.0", "1.1.0", True),
                ("data_source", "o/l@v1.0.0", "o/l@v1.1.0", False),
                ("data_digest", "aaaaaaaaaaaa", "bbbbbbbbbbbb", True),
            ],
        ),
        ("1.0.0", "1.1.0", [("data", "1.0.0", "1.1.0", True)]),
    ],
)
def test_diff_names_each_part_of_the_data_field(a, b, expected):
    from lctg_metrics import signature
    from lctg_metrics.profiles import resolve_options

    def sig(data: str) -> str:
        version, _, source = data.partition("@")
        return signature.build(
            resolve_options(),
            cleaner="rule@x",
            dataset_version=version,
            dataset_source=source or None,
            package_version="0.1.0",
        )

    assert [(d.key, d.a, d.b, d.blocking) for d in signature.diff(sig(a), sig(b))] == expected


def test_a_source_that_would_break_the_signature_is_refused():
    from lctg_metrics import signature
    from lctg_metrics.profiles import resolve_options

    with pytest.raises(ValueError, match="without '\\|'"):
        signature.build(resolve_options(), cleaner="rule@x", dataset_version="1.0.0", dataset_source="o/l@a|b#c")
