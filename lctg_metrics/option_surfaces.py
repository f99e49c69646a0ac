"""The options on their surfaces: the CLI flags of an option group (:func:`add_cli_options`, numeric ones within
their bounds), the ``Args:`` text of a docstring (:func:`kwargs_description`) and the check of a call's keyword
arguments (:func:`check_kwargs`), each read from :data:`lctg_metrics.options.OPTIONS`."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from lctg_metrics.options import CLI, EVALUATE, LLM, RUN, SCORING, Option, options_for

#: The title of each option group in ``--help``.
GROUP_TITLES: dict[str, str] = {
    SCORING: "scoring options (defaults reproduce upstream; every choice appears in the signature)",
    RUN: "run options",
    LLM: "LLM cleaner and quality judge (any OpenAI-compatible endpoint; nothing is called unless asked)",
}


def add_cli_options(
    parser: argparse.ArgumentParser,
    *groups: str,
    titles: Mapping[str, str] | None = None,
    values: Mapping[str, Iterable[str]] | None = None,
) -> None:
    """Add the CLI flags of the options of ``groups`` (one argument group per option group; ``titles`` overrides
    :data:`GROUP_TITLES`, for a command where a group configures something else, e.g. the IFSM reader). ``values``:
    the names of the registry of each option that declares one (e.g. ``{"cleaner": CLEANERS}``)."""
    for group in groups:
        g = parser.add_argument_group({**GROUP_TITLES, **(titles or {})}[group])
        for o in options_for(CLI, group):
            kwargs: dict[str, Any] = {"help": o.help.replace("%", "%%"), "dest": o.name}
            if o.kind is bool:
                kwargs.update(action="store_true", default=None if o.group == SCORING else o.default)
            else:
                kwargs["default"] = o.default
                choices = option_values(o, values)
                if choices is not None:
                    kwargs["choices"] = choices
                elif o.kind in (int, float) and o.name != "affix_length":
                    kwargs["type"] = cli_number(o)
                if o.metavar:
                    kwargs["metavar"] = o.metavar
            g.add_argument(o.flag, **kwargs)


def cli_number(o: Option) -> Callable[[str], Any]:
    """The argparse type of a numeric option: its kind, within its bound (argparse names the flag in the error)."""

    def convert(text: str) -> Any:
        value = o.kind(text)  # a ValueError reads "argument --flag: invalid int value: 'x'"
        if o.least and not (value >= o.least[1] if o.least[0] == ">=" else value > o.least[1]):
            raise argparse.ArgumentTypeError(f"must be {o.least[0]} {o.least[1]:g}, got {text}")
        return value

    return functools.update_wrapper(convert, o.kind, assigned=("__name__",))


def option_values(o: Option, values: Mapping[str, Iterable[str]] | None = None) -> list[str] | None:
    """The values ``o`` takes (None: any of its kind): its declared choices, or the names of its registry as given in
    ``values`` by the surface that reads them (refused when not given, never an empty list)."""
    if o.registry is None:
        return None if o.choices is None else list(o.choices)
    if values is None or o.name not in values:
        raise ValueError(
            f"option {o.name!r}: its values are the {o.registry} registry's names; give them as "
            f"values={{{o.name!r}: ...}} (lctg_metrics.{o.registry})"
        )
    return list(values[o.name])


def kwargs_description(
    surface: str = EVALUATE,
    *groups: str,
    indent: str = "    ",
    values: Mapping[str, Iterable[str]] | None = None,
) -> str:
    """The option part of a docstring's ``Args:`` section (the options of ``groups``, default all), generated from
    :data:`OPTIONS` (``values``: as for :func:`add_cli_options`)."""
    lines = []
    for o in options_for(surface, *groups):
        kind = {str: "str", int: "int", float: "float", bool: "bool"}[o.kind]
        if o.name == "affix_length":
            kind = "int or str"
        default = "profile default" if o.default is None and o.group == SCORING else repr(o.default)
        choices = option_values(o, values)
        one_of = f" One of {', '.join(repr(v) for v in choices)}." if choices else ""
        lines.append(f"{indent}{o.name} (`{kind}`, default {default}): {o.help}.{one_of}")
    return "\n".join(lines)


def check_kwargs(given: Mapping[str, Any], surface: str, *, where: str = "") -> None:
    """Raise naming any keyword that is not an option of ``surface`` (with the valid names)."""
    valid = {o.name for o in options_for(surface)}
    unknown = sorted(set(given) - valid)
    if unknown:
        raise ValueError(f"{where}unknown option(s) {unknown}; valid: {', '.join(sorted(valid))}")


__all__: Sequence[str] = [
    "GROUP_TITLES",
    "add_cli_options",
    "check_kwargs",
    "cli_number",
    "kwargs_description",
    "option_values",
]
