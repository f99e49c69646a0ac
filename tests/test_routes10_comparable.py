"""One refusal of details files that cannot be analysed together, in compare and substitutability alike: different
prompts (no id in common) refused even with --allow-different-signatures; different settings refused in one line,
reasons separated by ';', no run-on, naming the command's own flag."""

from __future__ import annotations

from pathlib import Path

import pytest

from lctg_metrics.cli import main
from tests.shared_builds import lctg_build


@pytest.fixture(scope="module")
def details(source_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """s1, s2: summary runs (seeds 1, 2); sp: a summary run with --profile paper; ad, ap: ad_text runs (ap with
    --profile paper)."""
    build = str(lctg_build(tmp_path_factory, source_dir, "instructions_build", instructions=True))
    work = tmp_path_factory.mktemp("comparable")
    out: dict[str, Path] = {}
    for name, task, seed, extra in (
        ("s1", "summary", 1, []),
        ("s2", "summary", 2, []),
        ("sp", "summary", 3, ["--profile", "paper"]),
        ("ad", "ad_text", 1, []),
        ("ap", "ad_text", 2, ["--profile", "paper"]),
    ):
        g = work / f"g_{name}.jsonl"
        assert main(["sample", "--dataset", build, "--task", task, "--seed", str(seed), "-o", str(g)]) == 0
        out[name] = work / f"{name}.jsonl"
        assert main(["score", str(g), "--dataset", build, "--task", task, *extra, "--details", str(out[name])]) == 0
    return out


def _err(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "  " not in err, err  # no embedded run of blanks
    return err.strip()


@pytest.mark.parametrize("command", ["compare", "substitutability"])
@pytest.mark.parametrize("allow", [False, True])
def test_runs_of_different_prompts_and_settings_are_refused_even_when_allowed(command, allow, details, capsys):
    """The all and multi configs' runs (their data versions differ): no re-scoring makes them comparable."""
    files = [str(details["s1"]), str(details["ap"])] if command == "compare" else [
        str(details["s1"]), str(details["s2"]), str(details["ap"])]  # fmt: skip
    flags = ["--allow-different-signatures"] if allow else []
    err = _err([command, *files, *flags], capsys)
    assert f"error: s1 ({details['s1']}) and ap ({details['ap']}) score different prompts (no id in common" in err
    assert "which no re-scoring makes comparable" in err
    assert "re-score" not in err.replace("no re-scoring", "") and "--allow-different-signatures" not in err


def test_substitutability_refuses_runs_of_different_prompts_alone(details, capsys):
    """Same settings, other prompts: substitutability refuses them too (compare names the unshared pairs itself)."""
    for flags in ([], ["--allow-different-signatures"]):
        err = _err(["substitutability", str(details["s1"]), str(details["s2"]), str(details["ad"]), *flags], capsys)
        assert "score different prompts (no id in common" in err
    err = _err(["compare", str(details["s1"]), str(details["ad"])], capsys)
    assert "share no (id, sample) pair" in err


@pytest.mark.parametrize("command", ["compare", "substitutability"])
def test_runs_of_different_settings_are_one_line_naming_the_command(command, details, capsys):
    files = [str(details["s1"]), str(details["sp"])] if command == "compare" else [
        str(details["s1"]), str(details["s2"]), str(details["sp"])]  # fmt: skip
    err = _err([command, *files], capsys)
    assert (
        f"s1 ({details['s1']}) and sp ({details['sp']}) were scored with different settings (profile (scoring "
        "profile): " in err
    )
    assert "; affix" in err  # the reasons separated
    assert "), so their scores are not comparable; " in err
    them, verb = ("both", "compare") if command == "compare" else ("them all", "analyse")
    assert err.endswith(
        f"re-score {them} with the same options, or add --allow-different-signatures to this lctg {command} command "
        f"to {verb} them anyway"
    )


def test_substitutability_with_allowed_settings_runs(details, capsys):
    code = main(
        ["substitutability", str(details["s1"]), str(details["s2"]), str(details["sp"]), "--allow-different-signatures"]
    )
    out, err = capsys.readouterr()
    assert "not comparable" not in err and "different prompts" not in err
    # toy models may give every model one score on every setting: then the analysis itself says so, else it runs
    assert code == 0 or "ranking correlation undefined" in err, err
