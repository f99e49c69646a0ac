"""A partial LCTG run through ``api.run``: the refusal names only what ``run`` takes (the ``options`` dict), and
following it literally works; the command line keeps its flags."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lctg_metrics.api import run
from lctg_metrics.cli import main
from lctg_metrics.schema import ScoringError


@pytest.fixture(scope="module")
def part(built_dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    g = tmp_path_factory.mktemp("routes14_hint") / "g.jsonl"
    assert main(["sample", "--dataset", str(built_dataset), "-o", str(g)]) == 0
    return [json.loads(line) for line in g.read_text(encoding="utf-8").splitlines()[:10]]


def test_the_python_hint_names_only_what_run_takes_and_works(built_dataset: Path, part: list[dict]) -> None:
    with pytest.raises(ScoringError) as info:
        run("lctg", part, dataset=str(built_dataset))
    message = str(info.value)
    assert "expected generations are missing" in message and "\n" not in message
    assert "task=" not in message and "--" not in message and " missing='" not in message, message
    hinted = re.findall(r"options=(\{'missing': '(?:skip|fail)'\})", message)
    assert len(hinted) == 2, message
    skip, fail = (run("lctg", part, dataset=str(built_dataset), options=eval(o)) for o in hinted)  # noqa: S307
    assert "cover:" in skip.signature and "cover:" not in fail.signature, (skip.signature, fail.signature)


def test_the_command_line_keeps_its_flags(built_dataset: Path, part: list[dict], tmp_path: Path, capsys) -> None:
    g = tmp_path / "part.jsonl"
    g.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in part), encoding="utf-8")
    assert main(["score", str(g), "--dataset", str(built_dataset)]) == 2
    err = capsys.readouterr().err
    assert "--missing skip" in err and "options=" not in err
