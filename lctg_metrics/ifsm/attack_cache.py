"""The attack table and probes depend only on (reader, guard, attack and validity versions, data, bootstrap): kept once
per key as a JSON file under the project's cache dir and reused, never for a reader without a stable identity.

``$LCTG_CACHE_DIR/ifsm_attacks/`` (else ``~/.cache/lctg/ifsm_attacks/``); delete the folder to clear it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from lctg_metrics.ifsm.attack_table import AttackScore
from lctg_metrics.ifsm.run import SetScore

CACHE_FORMAT = "lctg-ifsm-attacks/1"


def cache_dir() -> Path:
    """The folder of cached attack tables, beside the LLM answer cache."""
    from lctg_metrics.llm.cache import default_cache_path  # inside: the standalone module leaves llm out

    return default_cache_path().parent / "ifsm_attacks"


def data_digest(rows: Sequence[Mapping[str, Any]]) -> str:
    """Digest of what the attacks read of each row (id, passage, question, context, candidates, gold)."""
    h = hashlib.sha256()
    for r in rows:
        h.update(json.dumps([str(r["id"]), str(r["passage_id"]), str(r["question"]), str(r["document"] or ""),
                             list(map(str, r["options"])), int(r["gold_label"])], ensure_ascii=False).encode())
    return h.hexdigest()[:16]


def cache_key(*parts: str) -> str:
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]


def load_table(key: str, folder: Path | None = None) -> tuple[dict[str, SetScore], dict[str, AttackScore]] | None:
    """The cached probes and attacks for ``key``, or None (absent, unreadable or of another format)."""
    path = (folder or cache_dir()) / f"{key}.json"
    try:
        data = json.loads(path.read_text("utf-8"))
        if data.get("format") != CACHE_FORMAT or data.get("key") != key:
            return None
        probes = {n: SetScore(**{**v, "guarded_ci": tuple(v["guarded_ci"]),
                                 "raw_ci": tuple(v["raw_ci"]) if v["raw_ci"] is not None else None})
                  for n, v in data["probes"].items()}
        attacks = {n: AttackScore(**{**v, "ci": tuple(v["ci"]), "reasons": tuple(v["reasons"])})
                   for n, v in data["attacks"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return probes, attacks


def save_table(key: str, probes: Mapping[str, SetScore], attacks: Mapping[str, AttackScore],
         folder: Path | None = None) -> None:
    """Write the table for ``key`` (temp file then rename; a failure to write is not an error of the result)."""
    folder = folder or cache_dir()
    data = {"format": CACHE_FORMAT, "key": key, "probes": {n: asdict(s) for n, s in probes.items()},
            "attacks": {n: asdict(a) for n, a in attacks.items()}}
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
        os.replace(tmp, folder / f"{key}.json")
    except OSError:
        return
