"""``lctg score`` on lines whose text field is not ``generation`` (``{id, response}``, written from ``lctg prompts``
output) names the line's fields and ``--text-field``, as ``if-score`` names them for a missing id; followed as printed
(the flag added), the file scores. The same for an id under another name and ``--id-field``."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lctg_metrics.cli import main


@pytest.fixture
def here(built_dataset: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "B").symlink_to(built_dataset)
    assert main(["sample", "--dataset", "B", "--samples", "1", "-o", "g.jsonl"]) == 0
    return tmp_path


def _renamed(here: Path, name: str, **fields: str) -> str:
    lines = (json.loads(line) for line in (here / "g.jsonl").read_text(encoding="utf-8").splitlines())
    out = "".join(json.dumps({fields.get(k, k): v for k, v in g.items()}, ensure_ascii=False) + "\n" for g in lines)
    (here / name).write_text(out, encoding="utf-8")
    return name


@pytest.mark.parametrize(
    ("fields", "said", "flag"),
    [
        ({"generation": "response"}, "missing field 'generation' for id", "--text-field response"),
        ({"id": "qid"}, "missing field 'id'", "--id-field qid"),
    ],
)
def test_the_hint_names_the_fields_and_the_flag_and_runs_as_printed(here: Path, fields, said, flag, capsys) -> None:
    name = _renamed(here, "my.jsonl", **fields)
    capsys.readouterr()
    assert main(["score", name, "--dataset", "B"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and f"my.jsonl:1: {said}" in err, err
    line_fields = ", ".join(fields.get(k, k) for k in json.loads((here / "g.jsonl").open().readline()))
    assert f"(the line has {line_fields}; lctg score reads another field as the" in err, err
    printed = re.search(r"with (--\w+-field \w+)\)$", err).group(1).split()
    assert printed == flag.split()
    assert main(["score", name, "--dataset", "B", *printed]) == 0, capsys.readouterr().err


def test_several_other_fields_leave_the_name_to_the_user(here: Path, capsys) -> None:
    (here / "two.jsonl").write_text(json.dumps({"id": "summary/1614/format", "a": "x", "b": "y"}) + "\n", "utf-8")
    assert main(["score", "two.jsonl", "--dataset", "B"]) == 2
    assert "(the line has id, a, b; lctg score reads another field as the generation with --text-field NAME)" in (
        capsys.readouterr().err
    )
