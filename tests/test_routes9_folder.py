"""``lctg ifsm FOLDER`` offers a file in it only when that file looks like generations (its first line an id and a
generation), as report's folder hint offers only a details file: never a JSON file of another kind."""

from __future__ import annotations

import json

from lctg_metrics.cli import main


def _error(argv, capsys) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


def test_a_folder_offers_only_a_generations_file(tmp_path, capsys):
    folder = tmp_path / "B"
    folder.mkdir()
    (folder / "changelog-1.1.0.json").write_text(json.dumps({"changes": []}, indent=2), encoding="utf-8")
    (folder / "a_details.jsonl").write_text(json.dumps({"id": "x", "hit": True}) + "\n", encoding="utf-8")
    err = _error(["ifsm", str(folder), "--reader", "embedding"], capsys)
    assert "is a folder" in err and "e.g." not in err  # neither file is a generations file
    gens = folder / "z_gens.jsonl"
    gens.write_text(json.dumps({"id": "story_endings/1", "generation": "The end."}) + "\n", encoding="utf-8")
    err = _error(["ifsm", str(folder), "--reader", "embedding"], capsys)
    assert err.endswith(f", e.g. {gens}"), err
