"""A headless Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``: commands on fd 3,
answers on fd 4, each a JSON text ended by NUL), standard library only: open a page, run JavaScript, set a file
input. For the Space's browser test; the browser is found on PATH (``chromium``), never downloaded."""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

#: Flags for a headless browser that reaches nothing but the page it is sent to.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--remote-debugging-pipe",
)


def find_browser() -> str | None:
    return next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)


class Browser:
    """One headless browser and one page of it (``with Browser(path, profile) as b: b.open(url)``)."""

    def __init__(self, executable: str, profile: Path):
        to_browser_r, self._w = os.pipe()
        self._r, from_browser_w = os.pipe()

        def wire() -> None:  # in the child: its fd 3 reads our commands, its fd 4 writes its answers
            read, write = os.dup(to_browser_r), os.dup(from_browser_w)  # out of the way of 3 and 4 first
            os.dup2(read, 3)
            os.dup2(write, 4)

        # close_fds=False: subprocess would close fds 3 and 4 after wiring them; every other fd Python opened is
        # non-inheritable (PEP 446) and closes on exec anyway
        self.proc = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=wire,
            close_fds=False,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer, self._id, self.session = b"", 0, None

    def call(self, method: str, params: dict[str, Any] | None = None, timeout: float = 30) -> dict[str, Any]:
        self._id += 1
        message: dict[str, Any] = {"id": self._id, "method": method, "params": params or {}}
        if self.session and not method.startswith("Target."):
            message["sessionId"] = self.session
        os.write(self._w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                answer = json.loads(raw)
                if answer.get("id") == self._id:
                    if "error" in answer:
                        raise RuntimeError(f"{method}: {answer['error']}")
                    return answer.get("result", {})
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._r], [], [], left)[0]:
                raise TimeoutError(f"{method}: no answer from the browser within {timeout} s")
            chunk = os.read(self._r, 1 << 16)
            if not chunk:
                raise RuntimeError(f"{method}: the browser closed its pipe (exit {self.proc.poll()})")
            self._buffer += chunk

    def open(self, url: str) -> None:
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.call("Page.enable")
        self.call("Page.navigate", {"url": url})

    def js(self, expression: str) -> Any:
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:80]}: {result['exceptionDetails'].get('text')}")
        return result["result"].get("value")

    def wait(self, expression: str, timeout: float = 60) -> Any:
        """The value of ``expression`` once it is truthy (polled), else TimeoutError."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.25)
        raise TimeoutError(f"not true within {timeout} s: {expression[:120]}")

    def upload(self, selector: str, path: Path) -> None:
        root = self.call("DOM.getDocument", {"depth": -1, "pierce": True})["root"]["nodeId"]
        node = self.call("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
        if not node:
            raise RuntimeError(f"no element {selector!r} on the page")
        self.call("DOM.setFileInputFiles", {"files": [str(path)], "nodeId": node})

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: Any) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except (RuntimeError, TimeoutError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._w)
        os.close(self._r)
