"""The inputs of a ``compute`` call (an evaluate module's, the API's): predictions, references and sample indices
as lists, each of its documented type, checked before ``evaluate`` would coerce or reject them with its own message;
keyword arguments a ``compute`` does not take, refused in one line. Errors are :class:`ScoringError` naming the index
or id."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import repeat
from typing import Any

from lctg_metrics.schema import Reference, ScoringError, check_constraint_types, is_int, kind


def check_texts(values: Any, name: str, ids: Any = None, *, what: str = "value", nullable: bool = False) -> list[Any]:
    """``values`` as a list, if it is a list (or tuple, or other sequence) of ``str`` (or None where ``nullable``);
    else raise naming the index and the actual type. A bare string is one text, not a sequence of characters."""
    return checked_texts(values, name, ids, what=what, nullable=nullable)[0]


def checked_texts(
    values: Any, name: str, ids: Any = None, *, what: str = "value", nullable: bool = False
) -> tuple[list[Any], bool]:
    """:func:`check_texts`, and whether every value is a plain ``str`` (or None), no subclass of it."""
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise ScoringError(f"{name}: expected a list of str, one per reference, got {type(values).__name__}")
    out = values if type(values) is list else list(values)
    allowed = {str, type(None)} if nullable else {str}
    if set(map(type, out)) <= allowed:
        return out, True
    for i, v in enumerate(out):
        if not (isinstance(v, str) or (nullable and v is None)):
            at = f" (id {ids[i]!r})" if ids is not None and i < len(ids) else ""
            raise ScoringError(
                f"{name}[{i}]{at}: {what} must be a string{' or null' if nullable else ''}, got {kind(v)}"
            )
    return out, False


def check_samples(values: Any) -> list[int]:
    """Sample indices as a list of non-negative ``int`` (not bool, not float, not str)."""
    if isinstance(values, (str, bytes, Mapping)) or not hasattr(values, "__len__") or not hasattr(values, "__iter__"):
        raise ScoringError(f"samples: expected a list of int, one per prediction, got {type(values).__name__}")
    out = values if type(values) is list else list(values)
    if not (set(map(type, out)) <= {int} and (not out or 0 <= min(out) and max(out) < 2**63)):
        i, v = next((i, v) for i, v in enumerate(out) if not is_int(v) or not 0 <= v < 2**63)
        got = (
            kind(v) if not is_int(v) or v < 10**30 else f"a number of about {int(v.bit_length() * 0.30103) + 1} digits"
        )
        raise ScoringError(f"samples[{i}]: expected a non-negative int below 2**63, got {got}")
    return out


def references_from(references: Iterable[Any]) -> list[dict[str, Any]]:
    """Accept the dataset's ``constraint`` column as a list, a ``datasets`` Column, or rows with a ``constraint``.

    The same dict object repeated (several samples of one prompt) is not copied again."""
    if isinstance(references, (str, bytes, Mapping)) or not isinstance(references, Iterable):
        raise TypeError(
            f"references must be a list of constraint dicts (the dataset's constraint column) or rows with a "
            f"constraint, got {type(references).__name__}"
        )
    refs = references if type(references) is list else list(references)
    if set(map(type, refs)) <= {dict} and all(map(dict.__contains__, refs, repeat("aspects"))):
        return refs  # the common case: constraint dicts, used as they are
    out = []
    converted: dict[int, dict[str, Any]] = {}
    for i, r in enumerate(refs):
        if type(r) is dict and "aspects" in r:  # the common case: a constraint dict, used as is
            out.append(r)
            continue
        known = converted.get(id(r))
        if known is not None:
            out.append(known)
            continue
        if isinstance(r, Reference):
            d = dict(r.__dict__)
        elif isinstance(r, Mapping) and "constraint" in r and "aspects" not in r:
            d = dict(r["constraint"])
        elif isinstance(r, Mapping):
            d = dict(r)
        else:
            raise ScoringError(
                f"references[{i}]: expected a constraint dict (the dataset's 'constraint' column), "
                f"got {type(r).__name__}"
            )
        converted[id(r)] = d
        out.append(d)
    return out


def references_list(references: Any) -> list[Any]:
    """``references`` as a list, refused in one line unless it is a sequence (of constraint dicts or row ids)."""
    if isinstance(references, (str, bytes, Mapping)) or not hasattr(references, "__iter__"):
        raise ScoringError(
            f"references: expected a list of constraint dicts or of row ids, one per prediction, "
            f"got {type(references).__name__}"
        )
    return references if type(references) is list else list(references)


def check_inputs(predictions: Any, references: Any) -> tuple[list[str], list[Any]]:
    """Predictions and references as lists, checked for their documented types (what ``evaluate`` would otherwise
    coerce or reject with its own message): ``str`` predictions; constraint dicts or row ids."""
    refs = references_list(references)
    if refs and type(refs[0]) is str:
        check_texts(refs, "references", what="a row id (as references[0] is)")
        return check_texts(predictions, "predictions", refs, what="generation"), refs
    refs = references_from(refs)
    seen: set[int] = set()
    for i, r in enumerate(refs):
        if id(r) not in seen:
            seen.add(id(r))
            check_constraint_types(r, f"references[{i}] (id {r.get('id')!r})")
    return check_texts(predictions, "predictions", [r.get("id") for r in refs], what="generation"), refs


def refuse_unknown(name: str, compute: Any, unknown: dict[str, Any]) -> None:
    """Keyword arguments ``compute`` does not take: one TypeError naming the public call and what it accepts."""
    import inspect

    inputs = ("self", "predictions", "references")
    accepted = [p for p in inspect.signature(compute).parameters if p not in inputs]
    unknown = {k: v for k, v in unknown.items() if k not in accepted}
    if unknown:
        raise TypeError(
            f"{name}.compute() got unknown keyword argument(s) {', '.join(sorted(unknown))}; accepted: "
            f"{', '.join(accepted)}"
        )
