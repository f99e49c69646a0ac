"""A build never deletes what it did not create: which --out folders it refuses, and atomic replacement.

Every refusal test hashes the parent folder before and after to show that nothing changed.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

from lctg_dataset import output, write
from lctg_dataset.build import build
from lctg_dataset.cli import main
from lctg_dataset.errors import OutputError
from lctg_dataset.write import write_dataset


def _tree(root: Path) -> dict[str, str]:
    """Every entry under ``root`` (hidden ones included): files by sha256, folders and symlinks by kind."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames:
            out[os.path.relpath(os.path.join(dirpath, name), root) + "/"] = "dir"
        for name in filenames:
            path = Path(dirpath, name)
            out[str(path.relative_to(root))] = (
                "link" if path.is_symlink() else hashlib.sha256(path.read_bytes()).hexdigest()
            )
    return out


@pytest.fixture(scope="module")
def result(source_dir):
    return build(str(source_dir))


@pytest.fixture
def previous(result, tmp_path) -> Path:
    """A previous faithful build at tmp_path/parent/lctg."""
    out = tmp_path / "parent" / "lctg"
    write_dataset(result, out)
    return out


def _refused(args: list[str], parent: Path, capsys, match: str) -> None:
    before = _tree(parent)
    assert main(args) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and ": error: --output " in err and match in err, err
    assert _tree(parent) == before, "a refused build changed the parent folder"


def _damage_user_file(out: Path) -> None:
    (out / "notes.txt").write_text("mine", encoding="utf-8")


def _damage_git(out: Path) -> None:
    (out / ".git").mkdir()
    (out / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")


def _damage_foreign_manifest(out: Path) -> None:
    (out / "manifest.json").write_text(json.dumps({"name": "my-notes", "files": {}}), encoding="utf-8")


def _damage_short_manifest(out: Path) -> None:
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    del manifest["files"]["validation.json"]
    (out / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def _damage_changed_file(out: Path) -> None:
    (out / "README.md").write_text("my own card\n", encoding="utf-8")


def _damage_empty_dir(out: Path) -> None:
    (out / "drafts").mkdir()


@pytest.mark.parametrize(
    "damage,match",
    [
        (_damage_user_file, "notes.txt"),
        (_damage_git, ".git/"),
        (_damage_foreign_manifest, "not an lctg build manifest"),
        (_damage_short_manifest, "validation.json"),
        (_damage_changed_file, "README.md (changed since the build)"),
        (_damage_empty_dir, "drafts/"),
    ],
)
def test_refuses_a_build_folder_holding_anything_else(previous, source_dir, capsys, damage, match):
    damage(previous)
    _refused(["--source", str(source_dir), "--output", str(previous)], previous.parent, capsys, match)


def test_refuses_a_non_empty_folder_without_manifest(source_dir, tmp_path, capsys):
    out = tmp_path / "parent" / "mine"
    (out / "src").mkdir(parents=True)
    (out / "src" / "code.py").write_text("print(1)\n", encoding="utf-8")
    _refused(["--source", str(source_dir), "--output", str(out)], tmp_path / "parent", capsys, "has no manifest.json")


def test_refuses_a_file(source_dir, tmp_path, capsys):
    (tmp_path / "parent").mkdir()
    (tmp_path / "parent" / "lctg").write_text("x", encoding="utf-8")
    _refused(
        ["--source", str(source_dir), "--output", str(tmp_path / "parent" / "lctg")],
        tmp_path / "parent",
        capsys,
        "is not a folder",
    )


@pytest.mark.parametrize("where", [".", "datasets", "out/lctg"])
def test_refuses_the_source_folder_or_inside_it(source_dir, tmp_path, capsys, where):
    src = tmp_path / "src"
    shutil.copytree(source_dir, src)
    out = src / where
    _refused(["--source", str(src), "--output", str(out)], tmp_path, capsys, "source folder")


def test_refuses_a_folder_that_contains_the_source(source_dir, tmp_path, result):
    src = tmp_path / "src"
    shutil.copytree(source_dir, src)
    before = _tree(tmp_path)
    with pytest.raises(OutputError, match="contains the source folder"):
        write_dataset(build(str(src)), tmp_path)
    assert _tree(tmp_path) == before


def test_replaces_a_previous_build_and_an_empty_folder(previous, result, tmp_path):
    old = _tree(previous)
    (previous.parent / "sibling.txt").write_text("keep", encoding="utf-8")
    manifest = write_dataset(build(str(result.source.root), corrected=True), previous)
    assert "data/corrected/test-00000-of-00001.parquet" in manifest["files"]
    assert set(_tree(previous)) > set(old)
    assert sorted(p.name for p in previous.parent.iterdir()) == ["lctg", "sibling.txt"], "no temp or old folder left"
    empty = tmp_path / "empty"
    empty.mkdir()
    write_dataset(result, empty)
    assert (empty / "manifest.json").is_file()


def test_failure_while_writing_leaves_the_old_build_intact(previous, result, monkeypatch):
    before = _tree(previous.parent)
    calls = []

    def failing(rows, features, path):
        calls.append(path)
        if len(calls) == 3:
            raise OSError("disk full (injected)")
        return real(rows, features, path)

    real = write._write_parquet
    monkeypatch.setattr(write, "_write_parquet", failing)
    with pytest.raises(OSError, match="injected"):
        write_dataset(result, previous)
    assert len(calls) == 3
    assert _tree(previous.parent) == before, "old build changed or a temp folder was left behind"


def test_failure_during_the_swap_restores_the_old_build(previous, result, monkeypatch):
    before = _tree(previous.parent)
    real = os.replace
    calls = []

    def failing(src, dst):
        calls.append((Path(src).name, Path(dst).name))
        if len(calls) == 2:  # the old build was moved aside; moving the new one in fails
            raise OSError("rename failed (injected)")
        return real(src, dst)

    monkeypatch.setattr(output.os, "replace", failing)
    with pytest.raises(OSError, match="injected"):
        write_dataset(result, previous)
    assert calls[0][0] == "lctg" and calls[1][1] == "lctg" and calls[2] == (calls[0][1], "lctg")
    assert _tree(previous.parent) == before, "old build not restored or a temp folder was left behind"


def test_failure_in_the_cli_prints_one_line(previous, source_dir, monkeypatch, capsys):
    before = _tree(previous.parent)
    monkeypatch.setattr(write, "_write_parquet", lambda *a: (_ for _ in ()).throw(OSError("no space left (injected)")))
    assert main(["--source", str(source_dir), "--output", str(previous)]) == 2
    assert capsys.readouterr().err.strip() == "build_dataset.py: error: no space left (injected)"
    assert _tree(previous.parent) == before


def test_removing_the_old_build_keeps_anything_that_appeared_meanwhile(previous, result, monkeypatch):
    """Between the check and the removal a user file appears in the old build: it is kept, not deleted."""
    real = output.replace_folder

    def racing(new, out, old_manifest):
        (out / "late.txt").write_text("mine", encoding="utf-8")
        return real(new, out, old_manifest)

    monkeypatch.setattr(write, "replace_folder", racing)
    write_dataset(result, previous)
    leftovers = [p for p in previous.parent.iterdir() if p.name != "lctg"]
    assert len(leftovers) == 1 and sorted(q.name for q in leftovers[0].iterdir()) == ["late.txt"]
