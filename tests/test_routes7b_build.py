"""A dry run of the build says it built in a temporary folder, never "built into" the folder it leaves untouched;
a real build still says where it wrote."""

from __future__ import annotations

from lctg_dataset.cli import main as build_main


def test_dry_run_never_claims_the_folder_a_real_build_does(source_dir, tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("HF_TOKEN", raising=False)
    out = tmp_path / "lctg"
    argv = ["--source", str(source_dir), "--output", str(out)]
    assert build_main([*argv, "--push-to-hub", "me/lctg", "--dry-run"]) == 0
    text = capsys.readouterr().out
    assert f"built into {out}" not in text and not out.exists()
    first = text.splitlines()[0]
    assert first.startswith("lctg ") and f"built in a temporary folder (a dry run: {out} is not written)" in first
    assert build_main(argv) == 0
    assert f"built into {out}" in capsys.readouterr().out.splitlines()[0] and out.is_dir()
