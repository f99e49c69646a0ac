"""The layer table of docs/architecture.md (the one place the docs list the layers) is the import-linter layers
contract of pyproject.toml, layer for layer: a table row lists sibling modules, and ``→`` inside a row separates
consecutive layers."""

from __future__ import annotations

import re
import tomllib

import pytest

from tests.conftest import PROJECT_ROOT

DOC = PROJECT_ROOT / "docs" / "architecture.md"
#: The section of the doc that holds the table.
HEADING = "## Packages and layers"


def contract_layers() -> list[frozenset[str]]:
    """The lctg_metrics layers contract of pyproject.toml, top first: each layer the set of its modules."""
    config = tomllib.loads((PROJECT_ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    return [frozenset(name.strip() for name in layer.split("|")) for layer in contract["layers"]]


def _outside_parentheses(text: str) -> str:
    """``text`` without what parentheses enclose (nested ones too): there the doc names submodules."""
    out, depth = [], 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                raise ValueError(f"unbalanced ')' in {text!r}")
        elif depth == 0:
            out.append(ch)
    if depth:
        raise ValueError(f"unbalanced '(' in {text!r}")
    return "".join(out)


def table_layers(markdown: str) -> list[frozenset[str]]:
    """The layers the doc's table lists, top first: each row's modules cell, split at ``→``, each part's
    backquoted names (outside parentheses) made ``lctg_metrics.<name>``."""
    if HEADING not in markdown:
        raise ValueError(f"no {HEADING!r} section")
    section = markdown.split(HEADING, 1)[1]
    rows = []
    for line in section.splitlines():
        if line.startswith("|"):
            rows.append(line)
        elif rows:
            break  # the table ended
    header, rule, *body = rows
    if [c.strip() for c in header.strip("|").split("|")][:2] != ["layer", "modules"] or not set(rule) <= set("|-: "):
        raise ValueError(f"unexpected table header: {header!r}")
    layers = []
    for row in body:
        cells = row.strip().strip("|").split(" | ")
        for part in _outside_parentheses(cells[1]).split("→"):
            names = re.findall(r"`([^`]+)`", part)
            if not names:
                raise ValueError(f"row {row[:60]!r}…: a part without a module name")
            layers.append(frozenset(f"lctg_metrics.{name.rstrip('/')}" for name in names))
    return layers


def _show(layers: list[frozenset[str]]) -> str:
    return "\n".join(" | ".join(sorted(layer)) for layer in layers)


def test_doc_table_is_the_contract():
    doc, contract = table_layers(DOC.read_text(encoding="utf-8")), contract_layers()
    assert doc == contract, f"docs/architecture.md:\n{_show(doc)}\n\npyproject.toml:\n{_show(contract)}"


def _swap_rows(markdown: str, first: str, second: str) -> str:
    lines = markdown.splitlines(keepends=True)
    i = next(k for k, line in enumerate(lines) if line.startswith(f"| {first} |"))
    j = next(k for k, line in enumerate(lines) if line.startswith(f"| {second} |"))
    lines[i], lines[j] = lines[j], lines[i]
    return "".join(lines)


@pytest.mark.parametrize(
    "doctor",
    [
        pytest.param(lambda md: _swap_rows(md, "shards", "views"), id="two rows swapped"),
        pytest.param(
            lambda md: md.replace(") → `standalone`", "), `standalone`", 1),
            id="two layers made siblings",
        ),
        pytest.param(lambda md: md.replace("`api`, `formats/`", "`api`", 1), id="a module left out"),
        pytest.param(lambda md: md.replace("| `extras` |", "| `extras`, `extra_checks` |", 1), id="a module too many"),
    ],
)
def test_a_table_that_drifted_is_noticed(doctor):
    """Each way the doc can drift from the contract is seen (the doctoring must change the text to count)."""
    text = DOC.read_text(encoding="utf-8")
    doctored = doctor(text)
    assert doctored != text
    assert table_layers(doctored) != contract_layers()


def test_parentheses_hide_submodules():
    assert _outside_parentheses("`llm/` (config, body (bounded, `x`), cache), `y`") == "`llm/` , `y`"
    with pytest.raises(ValueError, match="unbalanced"):
        _outside_parentheses("`a` (b")
