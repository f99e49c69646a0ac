"""A loopback stand-in for the Hugging Face Hub that serves one folder as a dataset repo, enough for
``huggingface_hub.snapshot_download`` (repo info at a revision, the recursive tree, each file by commit).

``with FolderHub({"me/lctg": folder}, refs={"v1.0.0": COMMIT}) as hub:`` then run the code that reads the Hub in a
process started with ``HF_ENDPOINT=hub.url`` in its environment (``subprocess.run(..., env={**os.environ,
"HF_ENDPOINT": hub.url})``, or ``HF_ENDPOINT=http://127.0.0.1:PORT python ...`` from a shell). huggingface_hub reads
``HF_ENDPOINT`` once, when it is first imported: setting the variable, or ``huggingface_hub.constants.ENDPOINT``, in a
process that has already imported it does not move every request, and downloads then go to huggingface.co. Every
request is recorded in ``hub.requests``; an unknown repo or revision is the Hub's 404 with its error header. Nothing
here reaches the network.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import threading
import urllib.parse
from pathlib import Path
from typing import Any

#: A commit the stand-in serves every repo at (40 hex, as the Hub's).
COMMIT = "89abcdef0123456789abcdef0123456789abcdef"


class FolderHub:
    """Serve ``{repo_id: folder}`` at ``refs`` (``{revision: commit}``; the commit itself is always a revision)."""

    def __init__(self, repos: dict[str, Path], refs: dict[str, str] | None = None):
        self.repos = {
            repo: {
                p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(Path(folder).rglob("*")) if p.is_file()
            }
            for repo, folder in repos.items()
        }
        self.refs = {"main": COMMIT, **(refs or {})}
        self.requests: list[tuple[str, str]] = []
        hub = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _reply(self) -> None:
                hub.requests.append((self.command, self.path))
                status, headers, body = hub.answer(self.path)
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            do_GET = do_HEAD = _reply

            def log_message(self, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self._thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)

    def commit(self, revision: str) -> str | None:
        """The commit a revision names: a ref, a full commit, or (as the Hub does) a unique prefix of 7+ hex."""
        revision = urllib.parse.unquote(revision)
        if revision in self.refs:
            return self.refs[revision]
        commits = {c for c in self.refs.values() if len(revision) >= 7 and c.startswith(revision.lower())}
        return commits.pop() if len(commits) == 1 else None

    def answer(self, raw: str) -> tuple[int, dict[str, str], bytes]:
        path = urllib.parse.urlparse(raw).path
        parts = path.strip("/").split("/")
        if parts[:2] == ["api", "datasets"] and len(parts) >= 6 and parts[4] in ("revision", "tree"):
            repo, kind, revision = "/".join(parts[2:4]), parts[4], parts[5]
            files = self.repos.get(repo)
            if files is None:
                return _error(404, "RepoNotFound", f"Repository {repo} not found")
            commit = self.commit(revision)
            if commit is None:
                return _error(404, "RevisionNotFound", f"Invalid rev id: {revision}")
            if kind == "revision":
                return _json(
                    {"id": repo, "sha": commit, "private": False, "siblings": [{"rfilename": name} for name in files]}
                )
            return _json(
                [
                    {"type": "file", "oid": _git_oid(data), "size": len(data), "path": name}
                    for name, data in files.items()
                ]
            )
        if parts[:1] == ["datasets"] and len(parts) >= 6 and parts[3] == "resolve":
            repo, commit = "/".join(parts[1:3]), self.commit(parts[4])
            files = self.repos.get(repo)
            name = urllib.parse.unquote("/".join(parts[5:]))
            if files is None or commit is None or name not in files:
                return _error(404, "EntryNotFound", f"{name} does not exist at {parts[4]}")
            data = files[name]
            return (
                200,
                {"Content-Type": "application/octet-stream", "X-Repo-Commit": commit, "ETag": f'"{_git_oid(data)}"'},
                data,
            )
        return _error(404, "EntryNotFound", f"no route {path}")

    def __enter__(self) -> FolderHub:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(timeout=5)


def _git_oid(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _json(payload: Any) -> tuple[int, dict[str, str], bytes]:
    return 200, {"Content-Type": "application/json"}, json.dumps(payload).encode()


def _error(status: int, code: str, message: str) -> tuple[int, dict[str, str], bytes]:
    return (
        status,
        {"Content-Type": "application/json", "X-Error-Code": code, "X-Error-Message": message},
        json.dumps({"error": message}).encode(),
    )
