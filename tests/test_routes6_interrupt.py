"""D4: Ctrl-C while a library is half imported (huggingface_hub -> tqdm -> asyncio on a first Hub fetch) stays a
KeyboardInterrupt (which ``main`` turns into "interrupted; nothing written", exit 130): the command's catch list is
built before the command runs, so no ``except`` clause imports anything while the interrupt is handled."""

from __future__ import annotations

import argparse
import importlib.abc
import sys

import pytest

from lctg_metrics.cli.run import run_command
from lctg_metrics.schema import ScoringError


class _HalfImported(importlib.abc.MetaPathFinder):
    """Every import of ``lctg_metrics.llm`` fails as a module that an interrupt left half loaded does."""

    def find_spec(self, name, path=None, target=None):  # noqa: ANN001, ANN201 (the finder protocol)
        if name == "lctg_metrics.llm" or name.startswith("lctg_metrics.llm."):
            raise NameError("name 'coroutines' is not defined")
        return None


@pytest.fixture
def half_imported(monkeypatch):
    """Call it inside a command: from then on, importing the LLM errors module fails as after a cut import."""

    def cut() -> None:
        for name in [n for n in sys.modules if n == "lctg_metrics.llm" or n.startswith("lctg_metrics.llm.")]:
            monkeypatch.delitem(sys.modules, name)
        monkeypatch.setattr(sys, "meta_path", [_HalfImported(), *sys.meta_path])

    return cut


def test_an_interrupt_during_a_half_import_stays_an_interrupt(half_imported):
    def command(args: argparse.Namespace) -> int:
        half_imported()
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_command("lctg score", command, argparse.Namespace())


def test_input_errors_are_still_one_line_after_a_half_import(half_imported, capsys):
    def command(args: argparse.Namespace) -> int:
        half_imported()
        raise ScoringError("dataset me/lctg: the reason")

    assert run_command("lctg score", command, argparse.Namespace()) == 2
    assert capsys.readouterr().err == "lctg score: error: dataset me/lctg: the reason\n"
