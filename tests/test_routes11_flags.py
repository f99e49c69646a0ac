"""lm-eval-tasks names an unknown flag with its value as every command does ("unrecognized arguments: --seed 1"),
still names a value given to a switch, and shows ``--samples SAMPLES`` as the other commands do."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.cli import main


def _err(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        (["--seed", "1"], "unrecognized arguments: --seed 1"),
        (["--config", "instructions"], "unrecognized arguments: --config instructions"),
    ],
)
def test_an_unknown_flag_is_named_with_its_value(
    extra: list[str], named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _err(["lm-eval-tasks", "--dataset", str(tmp_path), "-o", str(tmp_path / "t"), *extra], capsys)
    assert named in err and "lctg lm-eval-tasks: error:" in err
    assert not (tmp_path / "t").exists()


def test_a_stray_word_is_still_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _err(["lm-eval-tasks", "--dataset", str(tmp_path), "-o", str(tmp_path / "t"), "stray"], capsys)
    assert "unexpected argument 'stray': this command takes no positional argument" in err


def test_a_value_given_to_a_switch_is_still_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = _err(["lm-eval-tasks", "--dataset", str(tmp_path), "-o", str(tmp_path / "t"), "--do-sample", "3"], capsys)
    assert "is a switch and takes no value, got '3'" in err


def test_samples_metavar(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["lm-eval-tasks", "--help"])
    out = capsys.readouterr().out
    assert "--samples SAMPLES" in out and "REPEATS" not in out


def test_publish_names_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "me" / "lctg"
    assert main(["publish", "--dataset", str(missing), "--repo-id", "me/lctg2", "--dry-run"]) == 2
    err = capsys.readouterr().err
    assert f"--dataset {missing}: no such folder" in err and "manifest" not in err
