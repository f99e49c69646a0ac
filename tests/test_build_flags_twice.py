"""The build's parser refuses a flag that takes one value given twice, as every ``lctg`` command does (one Parser)."""

from __future__ import annotations

import pytest

from lctg_metrics.cli import main


@pytest.mark.parametrize(
    "argv", [["--output", "a", "--output", "b"], ["-o", "a", "--output=b"], ["--seed", "1", "--seed=2"]]
)
def test_a_build_flag_given_twice_is_one_line_naming_it(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["build", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "given twice" in err, err
