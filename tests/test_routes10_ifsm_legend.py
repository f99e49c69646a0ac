"""The ifsm legend explains every column of every table the command prints (the sets' table and the attack table)
and every count of the IFSM line (flagged, unparseable, re-asked): read from the printed output itself, so a new
column without its legend line fails here."""

from __future__ import annotations

import re

import pytest

from lctg_metrics.cli.legend import IFSM_LINES
from tests.test_ifsm_cli import embedding_args, generations, head, rows  # noqa: F401 (fixtures)
from tests.test_ifsm_cli import main as ifsm_main


def _explained(name: str, text: str) -> bool:
    """Whether the legend has a line ``name = …`` (or ``name (…) = …``)."""
    return re.search(rf"(^|\n)\s*{re.escape(name)}( \([^)]*\))? = ", text) is not None


def test_every_declared_column_has_its_line():
    text = "\n".join(line for lines in IFSM_LINES.values() for line in lines)
    for name in ("IFSM on the attack share", "failed tests", "re-asked", "unparseable", "share", "run"):
        assert _explained(name, text), name


@pytest.mark.slow  # scores the stand-in reader's run with its attack table
def test_every_printed_column_and_count_is_explained(rows, head, tmp_path, capsys):  # noqa: F811
    gens = generations(tmp_path / "gold.jsonl", {r["id"]: r["gold_ending"] for r in rows})
    capsys.readouterr()
    assert ifsm_main(embedding_args(gens, head, "--allow-invalid", "--no-attack-cache")) == 0
    out = capsys.readouterr().out
    body, legend = out.split("legend:\n")
    assert "attack table" in body
    headers = [line for line in body.splitlines() if line.startswith("| ") and not line.startswith("|---")]
    columns = {c.strip() for line in headers if not re.match(r"\| (gold|[\w-]+ \|)", line) or "IFSM" in line
               for c in line.strip("|").split("|")}  # fmt: skip
    columns -= {"set", "attack"}  # the row labels
    ifsm_line = next(line for line in body.splitlines() if line.startswith("IFSM "))
    counts = re.findall(r"\d+ ([a-z-]+)(?=;|$)", ifsm_line.split(" items;", 1)[1])  # after "IFSM x over N items;"
    assert {"unparseable", "re-asked"} <= set(counts), ifsm_line
    missing = sorted(n for n in {*columns, *counts} if not _explained(n, legend))
    assert missing == [], f"not in the legend: {missing}"
