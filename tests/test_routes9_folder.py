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


def test_a_cross_family_hint_never_guesses_a_build_away_from_the_file(tmp_path, capsys, monkeypatch):
    """A shared folder (``/tmp``) holding someone else's build: the hint for a file elsewhere does not name it."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("LCTG_DATASET", raising=False)
    other = tmp_path / "someone_elses_build"
    other.mkdir()
    (other / "manifest.json").write_text(json.dumps({"configs": {"all": {"files": []}}}), encoding="utf-8")
    mine = tmp_path / "work"
    mine.mkdir()
    gens = mine / "g.jsonl"
    gens.write_text(json.dumps({"id": "summary/26/format", "generation": "x"}) + "\n", encoding="utf-8")
    err = _error(["ifsm", str(gens), "--reader", "embedding"], capsys)
    assert "someone_elses_build" not in err and "--dataset <the folder build_dataset.py wrote>" in err, err
    mine_build = mine / "B"
    mine_build.mkdir()
    (mine_build / "manifest.json").write_text(json.dumps({"configs": {"all": {"files": []}}}), encoding="utf-8")
    err = _error(["ifsm", str(gens), "--reader", "embedding"], capsys)
    assert f"score it with `lctg score {gens} --dataset {mine_build}`" in err, err  # the build beside the file
