"""A toy metric family, the smallest thing :mod:`lctg_metrics.family` can run: is an answer at least ``min_chars``
characters long (``strip``: blanks not counted)? Its package is all it has; ``tests/test_family_toy.py`` adds it to
the registry with one ``register_family`` line and runs it from the CLI, the API and an evaluate module."""

from tests.toyfamily.family import FAMILY, TOY

__all__ = ["FAMILY", "TOY"]
