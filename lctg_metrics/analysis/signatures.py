"""Whether two or more details files were scored with the same settings (``signature.diff``): refuse, or note."""

from __future__ import annotations

from collections.abc import Sequence

from lctg_metrics import signature
from lctg_metrics.analysis.details import Details


def check_signatures(
    a: Details, b: Details, names: tuple[str, str], *, allow_different: bool, note_keys: frozenset[str] = frozenset()
) -> tuple[list[signature.Difference], list[str]]:
    """The differences and notes; raise unless they are package-version-only (or in ``note_keys``) or
    ``allow_different``."""
    notes: list[str] = []
    if a.signature is None and b.signature is None:
        if not allow_different:
            raise ValueError(
                f"neither {names[0]} ({a.path}) nor {names[1]} ({b.path}) carries a signature, so their scoring "
                "settings cannot be checked; re-score both with this lctg, or add --allow-different-signatures to "
                "compare them anyway"
            )
        notes.append("neither file carries a signature: scoring settings were not checked")
        return [], notes
    diffs = signature.diff(a.signature, b.signature)
    blocking = [d for d in diffs if d.blocking and d.key not in note_keys]
    if blocking and not allow_different:
        lines = "\n  ".join(d.describe(names) for d in blocking)
        raise ValueError(
            f"{names[0]} ({a.path}) and {names[1]} ({b.path}) were scored with different settings, so their "
            f"scores are not comparable:\n  {lines}\nre-score both with the same options, or add "
            "--allow-different-signatures to compare them anyway (the differences are then listed in the output)"
        )
    for d in diffs:
        if d.key in note_keys:
            notes.append(f"{d.describe(names)}; only the pairs both files hold are compared")
        elif d.blocking:
            notes.append(f"compared despite different settings: {d.describe(names)}")
        else:
            tail = (
                "unless a checker changed between these versions"
                if d.key == "version"
                else "the same dataset version was read from a different place"
            )
            notes.append(f"{d.describe(names)}; every scoring setting matches, so the scores are comparable ({tail})")
    return diffs, notes


def common_signature(files: Sequence[Details], names: Sequence[str], *, allow_different: bool) -> list[str]:
    """Every model must be scored with the same settings (else rankings mix protocols); notes otherwise."""
    notes: list[str] = []
    for d, name in zip(files[1:], names[1:]):
        _, n = check_signatures(files[0], d, (names[0], name), allow_different=allow_different)
        notes += n
    return list(dict.fromkeys(notes))
