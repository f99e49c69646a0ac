"""A generations file that is a pipe (``lctg if-score <(cat g.jsonl)``, a named FIFO) is read once and scored as the
file itself would be; nothing of the temp copy is left."""

from __future__ import annotations

import json
import os
import tempfile
import threading
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.test_if_score import _generations, _rows, _write_dataset

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def _feed(fifo: Path, text: str) -> threading.Thread:
    def write() -> None:
        with open(fifo, "w", encoding="utf-8") as f:
            f.write(text)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_fifo_scores_as_its_file(tmp_path, capsys):
    dataset = str(_write_dataset(tmp_path / "lctg", _rows()))
    text = "".join(json.dumps(g, ensure_ascii=False) + "\n" for g in _generations())
    plain = tmp_path / "g.jsonl"
    plain.write_text(text, encoding="utf-8")
    assert main(["if-score", str(plain), "--dataset", dataset, "--no-ci", "--json", "-"]) == 0
    expected = json.loads(capsys.readouterr().out)["scores"]
    fifo = tmp_path / "63"  # as /dev/fd/63: no suffix
    os.mkfifo(fifo)
    before = set(Path(tempfile.gettempdir()).glob("lctg-pipe-*"))
    writer = _feed(fifo, text)
    assert main(["if-score", str(fifo), "--dataset", dataset, "--no-ci", "--json", "-"]) == 0
    writer.join(timeout=10)
    assert json.loads(capsys.readouterr().out)["scores"] == expected
    assert set(Path(tempfile.gettempdir()).glob("lctg-pipe-*")) == before  # the copy is gone
