"""An old flag name given with a value (``--out=r.html`` or ``--out r.html``) is refused with its new name, as the bare
old name is, not with argparse's "ignored explicit argument"."""

from __future__ import annotations

import pytest

from lctg_metrics.cli import main


@pytest.mark.parametrize("argv", [["--out=r.html"], ["--out", "r.html"], ["--out"]])
def test_an_old_flag_with_or_without_a_value_names_its_new_name(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["report", "details.jsonl", *argv])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--out is now --output" in err
    assert "ignored explicit argument" not in err
