"""README keeps exactly two set-up commands, and .ci/run runs the test one."""

from __future__ import annotations

import re
import subprocess

from tests.conftest import PROJECT_ROOT


def _block_after(marker: str, text: str) -> str:
    m = re.search(re.escape(marker) + r"\s*```\n(.*?)\n```", text, re.S)
    assert m, marker
    return m.group(1)


def test_two_commands_and_ci_uses_the_test_one():
    readme = (PROJECT_ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count("<!-- main-command -->") == 1 and readme.count("<!-- test-command -->") == 1
    main_cmd, test_cmd = _block_after("<!-- main-command -->", readme), _block_after("<!-- test-command -->", readme)
    for cmd in (main_cmd, test_cmd):
        assert "\n" not in cmd and cmd.startswith("python3 -m venv .venv && ")  # each installs what it needs
    assert "build_dataset.py" in main_cmd and "lctg score" in main_cmd
    assert "pytest" in test_cmd and ".[test]" in test_cmd
    # .ci/run extracts exactly that command (dry run of its extraction step)
    script = (PROJECT_ROOT / ".ci" / "run").read_text(encoding="utf-8")
    awk = re.search(r"cmd=\$\((awk .*?) README\.md\)", script).group(1)
    extracted = subprocess.run(
        ["bash", "-c", f"{awk} README.md"], cwd=PROJECT_ROOT, capture_output=True, text=True
    ).stdout
    assert extracted.strip() == test_cmd
