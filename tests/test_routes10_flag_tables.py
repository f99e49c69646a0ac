"""docs/cli.md's "Every flag of every command": each command's table lists exactly the flags its ``--help`` shows
(the build's from its own parser), so a new flag cannot be left out and a removed one cannot stay."""

from __future__ import annotations

import argparse
import re

import pytest

from lctg_metrics.cli import build_parser
from tests.conftest import PROJECT_ROOT

DOC = (PROJECT_ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def _tables() -> dict[str, set[str]]:
    """Each command's section under "Every flag of every command": the flags its table's first column names."""
    part = DOC.split("## Every flag of every command", 1)[1]
    out: dict[str, set[str]] = {}
    for command, body in re.findall(r"^### `lctg ([\w-]+)`\n(.*?)(?=^## |^### |\Z)", part, flags=re.M | re.S):
        cells = [line.split("|")[1] for line in body.splitlines() if line.startswith("| `")]
        out[command] = {f for cell in cells for f in re.findall(r"`([^`]+)`", cell) if f.startswith("-")}
    return out


def _shown(parser: argparse.ArgumentParser) -> set[str]:
    """The option strings ``--help`` shows (renamed spellings, refused, are hidden)."""
    return {
        s for a in parser._actions if a.help != argparse.SUPPRESS for s in a.option_strings if s not in ("-h", "--help")
    }


def _parsers() -> dict[str, argparse.ArgumentParser]:
    from lctg_dataset.cli import build_parser as build_dataset_parser

    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    parsers = dict(sub.choices)
    parsers["build"] = build_dataset_parser()  # `lctg build` hands its arguments to the builder's parser
    return parsers


PARSERS = _parsers()
TABLES = _tables()


def test_every_command_has_a_table_and_every_table_a_command():
    assert set(TABLES) == set(PARSERS)


@pytest.mark.parametrize("command", sorted(PARSERS))
def test_each_table_lists_exactly_the_flags_help_shows(command):
    shown = _shown(PARSERS[command])
    assert shown, command
    table = TABLES.get(command, set())
    assert sorted(shown - table) == [], f"docs/cli.md's lctg {command} table lacks these flags"
    assert sorted(table - shown) == [], f"docs/cli.md's lctg {command} table names flags --help does not show"


def test_a_switch_on_by_default_reads_as_the_default():
    """A pair like ``--attack-cache/--no-attack-cache`` on by default says so in the table's default column."""
    for command, parser in PARSERS.items():
        for action in parser._actions:
            if isinstance(action, argparse.BooleanOptionalAction) and action.default is True:
                row = next(
                    line
                    for line in DOC.splitlines()
                    if line.startswith(f"| `{action.option_strings[0]}`") and "--no-" in line
                )
                assert row.rstrip().endswith("| on |"), (command, row)
