"""Progress bars of the long commands: ``lctg ifsm`` shows the texts it encodes and the item sets its reader reads
(as ``lctg score`` shows the generations it checks), when asked or on a terminal, and nothing otherwise."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.cli.ifsm import main
from lctg_metrics.ifsm import progress
from lctg_metrics.ifsm.encoders import BATCH, Encoder
from tests.test_ifsm_cli import (
    FIXTURE,  # noqa: F401  (the stories the stand-in run reads)
    embedding_args,
    generations,
    register_stand_in,
    write_head,
)


class Recorder:
    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int]] = []

    def begin(self, label: str, total: int) -> None:
        self.calls.append(("begin", label, total))

    def advance(self, label: str, done: int) -> None:
        self.calls.append(("advance", label, done))


def test_encoding_reports_every_text_it_embeds_once() -> None:
    encoder = Encoder("count", "lctg", lambda texts: [[float(len(t)), 1.0] for t in texts])
    texts = [f"text {k}" for k in range(BATCH * 2 + 5)]
    recorder = Recorder()
    with progress.reporting(recorder):
        encoder.encode(texts + texts[:3])  # the repeats are embedded once
        encoder.encode(texts[:10])  # all cached: nothing to report
    assert recorder.calls == [
        ("begin", "encoding", len(texts)),
        ("advance", "encoding", BATCH),
        ("advance", "encoding", BATCH),
        ("advance", "encoding", 5),
    ]
    encoder.encode(["outside"])  # no reporter: nothing reported, nothing raised
    assert len(recorder.calls) == 4 and not progress.active()


@pytest.fixture(scope="module")
def head(tmp_path_factory: pytest.TempPathFactory) -> Path:
    register_stand_in()
    return write_head(tmp_path_factory.mktemp("head") / "head.json")


def test_lctg_ifsm_shows_bars_when_asked_and_none_otherwise(head: Path, tmp_path: Path, capsys) -> None:
    pytest.importorskip("tqdm")
    from lctg_dataset.stories import load_story_rows

    rows = load_story_rows(FIXTURE, include_contexts=True)
    gens = generations(tmp_path / "g.jsonl", {r["id"]: r["options"][r["gold_label"]] for r in rows})
    assert main(embedding_args(gens, head, "--allow-invalid", "--progress")) == 0
    err = capsys.readouterr().err
    assert "lctg ifsm: encoding" in err and "lctg ifsm: reader sets" in err, err
    for flags in ([], ["--no-progress"]):  # stderr is not a terminal here: no bars unless asked
        assert main(embedding_args(gens, head, "--allow-invalid", *flags)) == 0
        assert "lctg ifsm:" not in capsys.readouterr().err
