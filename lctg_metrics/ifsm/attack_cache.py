"""The gold endings' run, the probes and the attack table depend only on the reader, the guard, the attack and
validity code and the data, never on the user's endings: kept once per key as a JSON file and reused by every later
run (never for a reader without a stable identity, i.e. one passed as an object).

Where: ``$LCTG_IFSM_CACHE`` (a folder), else ``$LCTG_CACHE_DIR/ifsm_attacks``, else ``~/.cache/lctg/ifsm_attacks``.
Clear it with :func:`clear_cache` (or delete the folder); bypass it with ``score_ifsm(..., attack_cache=False)`` or
``LCTG_IFSM_CACHE=off``.

Beside the tables, the vectors of the texts the gold endings' run reads (questions, contexts, candidates, probes)
are kept per encoder (name, version and a fingerprint of its weights), so a later run embeds only the new endings, and
a calibrated reader's per item constants (the probe threshold, the other candidates as read), so a later run reads
no probe (:mod:`lctg_metrics.ifsm.kept`).

The table's key holds the reader's name, version and digest, the guard's version and encoder, the attack, probe and
validity versions, a digest of the IFSM code itself, a digest of the rows, the bootstrap, and a digest of what the
reader and the guard's encoder made, in this run, of the first gold endings and the first items of each probe set
(so a stand-in registered under a known name, or a changed model behind one, gets a table of its own). Writes are atomic
(temp file then rename); a run that finds another run computing the same key waits for it (``flock`` on ``<key>.lock``)
and reuses its table.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np

from lctg_metrics.ifsm.attack_table import AttackScore, Basis
from lctg_metrics.ifsm.cache_folder import cache_dir, code_digest, write_atomic
from lctg_metrics.ifsm.kept import kept_encodings as kept_encodings  # what score_ifsm takes from here
from lctg_metrics.ifsm.run import ItemRun, SetScore
from lctg_metrics.ifsm.validity import RunFeatures
from lctg_metrics.verdict import Verdict

try:
    import fcntl
except ImportError:  # Windows: no flock; two runs may both compute a table (each write is still atomic)
    fcntl = None  # type: ignore[assignment]

CACHE_FORMAT = "lctg-ifsm-attacks/3"


def data_digest(rows: Sequence[Mapping[str, Any]]) -> str:
    """Digest of what the attacks read of each row (id, passage, question, context, candidates, gold)."""
    h = hashlib.sha256()
    for r in rows:
        h.update(
            json.dumps(
                [
                    str(r["id"]),
                    str(r["passage_id"]),
                    str(r["question"]),
                    str(r["document"] or ""),
                    list(map(str, r["options"])),
                    int(r["gold_label"]),
                ],
                ensure_ascii=False,
            ).encode()
        )
    return h.hexdigest()[:16]


def behaviour_digest(choices: Sequence[int | None], similarities: Sequence[float | None]) -> str:
    """Digest of the reader's choices and the guard encoder's question similarities (4 decimals) on the gold
    endings: what the reader and encoder in hand actually do, beside what their names say."""
    sims = [None if s is None else round(float(s), 4) for s in similarities]
    return hashlib.sha256(json.dumps([list(choices), sims]).encode()).hexdigest()[:16]


def cache_key(*parts: str) -> str:
    return hashlib.sha256("|".join((CACHE_FORMAT, code_digest(), *parts)).encode()).hexdigest()[:24]


Entry = tuple[SetScore, Basis, dict[str, SetScore], dict[str, AttackScore]]


def _set(v: Mapping[str, Any]) -> SetScore:
    return SetScore(
        **{**v, "guarded_ci": tuple(v["guarded_ci"]), "raw_ci": tuple(v["raw_ci"]) if v["raw_ci"] is not None else None}
    )


def _basis_dict(basis: Basis) -> dict[str, Any]:
    items = basis.items
    values = {k: [None if math.isnan(x) else x for x in v.tolist()] for k, v in basis.features.values.items()}
    return {
        "texts": basis.texts,
        "verdicts": [[v.passed, v.reason] for v in items.verdicts],
        "choices": items.choices,
        "similarities": items.similarities,
        "hits": items.hits,
        "values": values,
        "passages": basis.features.passages,
        "repeated": basis.repeated,
    }


def _basis(d: Mapping[str, Any]) -> Basis:
    items = ItemRun(
        [Verdict(bool(p), str(r)) for p, r in d["verdicts"]],
        list(d["choices"]),
        list(d["similarities"]),
        [bool(h) for h in d["hits"]],
    )
    values = {k: np.array([np.nan if x is None else x for x in v], dtype=float) for k, v in d["values"].items()}
    return Basis(list(d["texts"]), items, RunFeatures(values, dict(d["passages"])), list(d["repeated"]))


def load_table(key: str, folder: Path | None = None) -> Entry | None:
    """The cached gold run (oracle and basis), probes and attacks for ``key``, or None (absent, unreadable, of
    another format or turned off)."""
    folder = folder or cache_dir()
    if folder is None:
        return None
    try:
        data = json.loads((folder / f"{key}.json").read_text("utf-8"))
        if data.get("format") != CACHE_FORMAT or data.get("key") != key:
            return None
        probes = {n: _set(v) for n, v in data["probes"].items()}
        attacks = {
            n: AttackScore(**{**v, "ci": tuple(v["ci"]), "reasons": tuple(v["reasons"])})
            for n, v in data["attacks"].items()
        }
        return _set(data["oracle"]), _basis(data["basis"]), probes, attacks
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def save_table(
    key: str,
    oracle: SetScore,
    basis: Basis,
    probes: Mapping[str, SetScore],
    attacks: Mapping[str, AttackScore],
    folder: Path | None = None,
) -> None:
    """Write the entry for ``key`` (temp file then rename; a failure to write is not an error of the result)."""
    folder = folder or cache_dir()
    if folder is None:
        return
    data = {
        "format": CACHE_FORMAT,
        "key": key,
        "oracle": asdict(oracle),
        "basis": _basis_dict(basis),
        "probes": {n: asdict(s) for n, s in probes.items()},
        "attacks": {n: asdict(a) for n, a in attacks.items()},
    }
    write_atomic(folder / f"{key}.json", lambda f: json.dump(data, f, ensure_ascii=False))


@contextlib.contextmanager
def claimed(key: str, folder: Path | None = None) -> Iterator[None]:
    """Hold ``<key>.lock`` for the block: a second run computing the same table waits, then reads the first's. A
    folder that cannot be made or locked is not an error (the block runs unlocked)."""
    folder = folder or cache_dir()
    fd = None
    if folder is not None and fcntl is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(folder / f"{key}.lock", os.O_RDWR | os.O_CREAT, 0o644)
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError:
            if fd is not None:
                os.close(fd)
            fd = None
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)  # releases the flock


def clear_cache(folder: Path | None = None) -> int:
    """Remove every cached table, encoding and constants file (and lock or temp file); how many tables were removed."""
    folder = folder or cache_dir()
    if folder is None or not folder.is_dir():
        return 0
    removed = 0
    for path in folder.iterdir():
        if path.suffix in (".json", ".npz", ".lock", ".tmp") and path.is_file():
            with contextlib.suppress(OSError):
                path.unlink()
                removed += path.suffix == ".json"
    return removed
