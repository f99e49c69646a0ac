"""Every Python import of lctg shown in the README, the docs and the cards (the metric cards, the package READMEs,
the dataset card's template) runs: in code blocks and in inline code alike, so a renamed or moved name cannot stay
in a page people copy from."""

from __future__ import annotations

import re

import pytest

from tests.conftest import PROJECT_ROOT

PAGES = sorted(
    {
        PROJECT_ROOT / "README.md",
        *PROJECT_ROOT.glob("docs/*.md"),
        *PROJECT_ROOT.glob("lctg_metrics/**/README.md"),
        *PROJECT_ROOT.glob("lctg_dataset/**/*.md"),
    }
)
#: An import of the project's packages as a page shows it (``from lctg_metrics.api import a, b``, ``import lctg``).
PACKAGE = r"(?:lctg_metrics|lctg_dataset)[\w.]*"
IMPORT = re.compile(rf"(?<![\w.])(from {PACKAGE} import \(?[\w ,]+\)?|import {PACKAGE})")


def _imports() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for page in PAGES:
        for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
            for statement in IMPORT.findall(line.split("#", 1)[0] if "`" not in line else line):
                found.append((f"{page.relative_to(PROJECT_ROOT)}:{number}", statement.strip().rstrip(",")))
    return found


IMPORTS = _imports()


def test_the_pages_show_imports():
    assert len(IMPORTS) >= 5, IMPORTS  # the scan reads the pages it should (README, cards)
    assert any(where.startswith("lctg_metrics/evaluate_ctg/README.md") for where, _ in IMPORTS)


@pytest.mark.parametrize(("where", "statement"), IMPORTS, ids=[w for w, _ in IMPORTS])
def test_each_import_a_page_shows_runs(where: str, statement: str):
    exec(compile(statement, where, "exec"), {})  # noqa: S102 (the page's own line)
