"""A wrong ``--head`` file is named with its flag, in one line, before anything is encoded: a JSONL file, a missing
file, a JSON list, a JSON object that is no head (and the lctg_ifsm module's ``head=`` names the file too)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lctg_metrics.cli import main
from lctg_metrics.ifsm.head import load_head


def _endings(tmp_path: Path) -> Path:
    path = tmp_path / "endings.jsonl"
    rows = [
        {"id": "story_endings/eval/0", "generation": "He went home."},
        {"id": "story_endings/eval/1", "generation": "x"},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


HEADS = {
    "jsonl": ('{"format": 1}\n{"format": 2}\n', "not a head file (Extra data"),
    "missing": (None, "no such head file"),
    "list": ("[1, 2]", "holds a JSON list"),
    "object": ('{"format": "no-such-format"}', "format 'no-such-format' is not one of"),
    "binary": (b"\xff\xfe\x00", "not a head file"),
}


@pytest.mark.parametrize("kind", sorted(HEADS))
def test_a_wrong_head_file_is_named_with_its_flag(kind, tmp_path, capsys) -> None:
    text, said = HEADS[kind]
    head = tmp_path / f"head-{kind}.json"
    if isinstance(text, bytes):
        head.write_bytes(text)
    elif text is not None:
        head.write_text(text, encoding="utf-8")
    code = main(["ifsm", str(_endings(tmp_path)), "--head", str(head)])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert f"--head {head}: " in err and said in err, err


def test_load_head_raises_value_errors_naming_the_file(tmp_path) -> None:
    head = tmp_path / "h.json"
    for text in ("[]", "{not json", '"a string"'):
        head.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match=str(head)):
            load_head(head)
