"""``lctg publish --tag`` (and ``lctg build --push-to-hub --tag``, ``publish(tag=…)``) refuses a name no git ref can
have, in the dry run too; the rules are checked against ``git check-ref-format`` itself where git is installed."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from lctg_dataset.tags import tag_problem
from lctg_metrics.cli import main

BAD = ["v 1", "v1..0", "v1~1", "v1^", "a:b", "a?", "a*", "a[", "a\\b", "v1.lock", "v1/", "/v1", "v1.", "a@{b",
       "a//b", ".v1", "a/.b", "x/y.lock", "", "tab\tx", "del\x7f"]  # fmt: skip
GOOD = ["v1.0.0", "v1.1.0-mine", "release/2026-11", "v1.0.0+multi", "a@b", "@", "v1.lockx", "日本"]


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("tag", BAD + GOOD)
def test_the_rules_agree_with_git(tag: str) -> None:
    git_ok = subprocess.run(["git", "check-ref-format", f"refs/tags/{tag}"], capture_output=True).returncode == 0
    assert (tag_problem(tag) is None) == git_ok, (tag, tag_problem(tag))


def test_a_good_tag_is_not_refused() -> None:
    assert all(tag_problem(t) is None for t in GOOD)


@pytest.mark.slow  # reads a build
@pytest.mark.parametrize("tag", ["v 1", "v1..0", "v1.lock"])
def test_publish_dry_run_refuses_it_in_one_line(built_dataset: Path, tag: str, capsys) -> None:
    rc = main(["publish", "--dataset", str(built_dataset), "--repo-id", "me/lctg2", "--tag", tag, "--dry-run"])
    err = capsys.readouterr().err.strip()
    assert rc == 2 and "\n" not in err and f"--tag {tag!r}: not a git tag name" in err, err


@pytest.mark.slow  # reads a build
def test_publish_dry_run_keeps_a_good_tag(built_dataset: Path, capsys) -> None:
    rc = main(
        ["publish", "--dataset", str(built_dataset), "--repo-id", "me/lctg2", "--tag", "v1.0.0-mine", "--dry-run"]
    )
    assert rc == 0 and "tag: v1.0.0-mine" in capsys.readouterr().out


def test_build_refuses_it_before_building(tmp_path: Path, capsys) -> None:
    from lctg_dataset.cli import main as build

    rc = build(["--source", str(tmp_path / "nowhere"), "-o", str(tmp_path / "B"), "--push-to-hub", "me/x",
                "--tag", "v 1", "--dry-run"])  # fmt: skip
    err = capsys.readouterr().err.strip()
    assert rc == 2 and "--tag 'v 1': not a git tag name" in err and not (tmp_path / "B").exists(), err


def test_the_python_plan_refuses_it(built_dataset: Path) -> None:
    from lctg_dataset.hub_calls import PublishError
    from lctg_dataset.publish import plan

    with pytest.raises(PublishError, match=r"--tag 'v1\.\.0': not a git tag name"):
        plan(built_dataset, "me/lctg2", tag="v1..0")
