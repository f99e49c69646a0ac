"""What an existing output file holds, read from its start, so that an output replaces only what that same output
wrote before (or an empty file): ``lctg prompts -o g.jsonl`` must never replace a generations file, nor ``score
--json`` a details file or another command's result (``if-score --json``; a result's family is its signature's first
field). :func:`refuse_foreign` is the one rule; :data:`WRITES` says what each command's output
flag writes (a test walks every command's parser against it)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lctg_metrics.schema import ScoringError

RESULT = "a result JSON (with a signature)"
LCTG_RESULT = "an LCTG Bench result JSON (lctg score --json)"
IF_RESULT = "an instruction result JSON (lctg if-score --json)"
IFSM_RESULT = "an IFSM result JSON (lctg ifsm --json)"
#: A result JSON's kind by its signature's first field, the family (another family's: :data:`RESULT`).
RESULT_BY_FAMILY = {"lctg": LCTG_RESULT, "instr": IF_RESULT, "ifsm": IFSM_RESULT}
RESULTS = (RESULT, *RESULT_BY_FAMILY.values())
COMPARISON = "a comparison JSON (lctg compare --json)"
SUBSTITUTABILITY = "a substitutability JSON"
LCTG_DETAILS = "LCTG Bench details (lctg score --details)"
IF_DETAILS = "instruction details (lctg if-score --details)"
IFSM_DETAILS = "IFSM details (lctg ifsm --details)"
GENERATIONS = "generations (id and generation on each line)"
PROMPTS = "prompts (id and prompt, or batch request lines)"
REPORT = "a report (lctg report)"
ALL_SCORES = "an all_scores CSV"
DETAILS = (LCTG_DETAILS, IF_DETAILS, IFSM_DETAILS)
#: How the refusal names what the output writes.
NOUNS = {
    RESULT: "a result",
    LCTG_RESULT: "a result",
    IF_RESULT: "a result",
    IFSM_RESULT: "a result",
    COMPARISON: "a comparison",
    SUBSTITUTABILITY: "a substitutability analysis",
    LCTG_DETAILS: "a details file",
    IF_DETAILS: "a details file",
    IFSM_DETAILS: "a details file",
    GENERATIONS: "a generations file",
    PROMPTS: "a prompts file",
    REPORT: "a report",
    ALL_SCORES: "a score table",
}

#: What each command's output writes: (command, flag) -> the kinds it may replace. A generic family command
#: (``family``) writes a result and its own details.
WRITES: dict[tuple[str, str], tuple[str, ...]] = {
    ("prompts", "--output"): (PROMPTS,),
    ("sample", "--output"): (GENERATIONS,),
    ("score", "--json"): (LCTG_RESULT,),
    ("score", "--details"): (LCTG_DETAILS,),
    ("score", "--csv-dir"): (ALL_SCORES,),
    ("if-score", "--json"): (IF_RESULT,),
    ("if-score", "--details"): (IF_DETAILS,),
    ("ifsm", "--json"): (IFSM_RESULT,),
    ("ifsm", "--details"): (IFSM_DETAILS,),
    ("family", "--json"): RESULTS,  # a registered family's own command: its family is its signature's own name
    ("family", "--details"): DETAILS,
    ("compare", "--json"): (COMPARISON,),
    ("report", "--output"): (REPORT,),
    ("substitutability", "--output"): (SUBSTITUTABILITY,),
}

#: What every report ``lctg report`` writes holds near its start (the HTML title, the Markdown heading).
REPORT_MARK = "LCTG Bench report: "
_HEAD = 64_000
_WHOLE_JSON = 256_000_000  # a JSON document larger than this is judged by its start


def _record_kind(first: dict[str, Any]) -> str | None:
    keys = set(first)
    if {"id", "aspect", "passed"} <= keys:
        return LCTG_DETAILS
    if {"key", "instruction_id", "strict", "loose"} <= keys:
        return IF_DETAILS
    if {"id", "hit", "guard"} <= keys:
        return IFSM_DETAILS
    if {"id", "generation"} <= keys or {"custom_id", "response"} <= keys:
        return GENERATIONS
    if {"id", "prompt"} <= keys or {"custom_id", "body"} <= keys:
        return PROMPTS
    return None


def _json_kind(path: Path, head: str) -> str | None:
    """The kind of a JSON document (one object over several lines), None when it is not one of ours."""
    try:
        if path.stat().st_size > _WHOLE_JSON:
            keys = set()
            for part in head.split('\n  "')[1:]:
                keys.add(part.split('"', 1)[0])
            signature = head.partition('"signature": "')[2].partition('"')[0]
        else:
            with open(path, encoding="utf-8") as f:
                document = json.load(f)
            keys, signature = set(document), document.get("signature")
    except (OSError, ValueError, TypeError, AttributeError, UnicodeDecodeError):
        return None
    if {"signature_differences", "comparisons"} <= keys:
        return COMPARISON
    if {"spearman", "substitutes"} <= keys or keys == {"threshold", "sources"}:  # the published tables' analysis
        return SUBSTITUTABILITY
    if "signature" in keys:
        family = signature.partition("|")[0] if isinstance(signature, str) else None
        return RESULT_BY_FAMILY.get(family, RESULT)
    return None


def held(path: Any) -> str | None:
    """What the existing file ``path`` holds: one of the kinds above, ``"empty"``, a short description of anything
    else (``"a file lctg did not write (…)"``), or None when there is no such file."""
    p = Path(path)
    try:
        with open(p, "rb") as f:
            raw = f.read(_HEAD)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None
    except OSError as e:
        return f"a file that cannot be read ({e.strerror})"
    head = raw.decode("utf-8", errors="replace")
    if not head.strip():
        return "empty"
    if REPORT_MARK in head:
        return REPORT
    first = head.lstrip("\ufeff").lstrip().split("\n", 1)[0]
    if first.startswith(",Format-ctg"):
        return ALL_SCORES
    if first.startswith("{"):
        try:
            record = json.loads(first)
        except ValueError:
            record = None
        if isinstance(record, dict) and _record_kind(record):
            return _record_kind(record)
        kind = _json_kind(p, head)  # a JSON document, on one line or several
        if kind is not None:
            return kind
        return "a JSON Lines file lctg did not write" if isinstance(record, dict) else "a JSON file lctg did not write"
    if b"\0" in raw[:8000]:
        return "a binary file"
    return "a text file lctg did not write"


def refuse_foreign(command: str, flag: str, path: Any, files: list[Path] | None = None) -> None:
    """Refuse (one line naming the path, what it holds, and the way out) an existing output that holds something
    other than what this output writes; an empty file, or one this output wrote before, may be replaced."""
    allowed = WRITES.get((command, flag))
    if allowed is None:
        raise KeyError(f"no entry in lctg_metrics.cli.held.WRITES for {command} {flag}")
    for f in files if files is not None else [Path(path)]:
        kind = held(f)
        if kind is None or kind == "empty" or kind in allowed:
            continue
        by = f"lctg {command}" if command != "family" else "this command"
        raise ScoringError(
            f"{flag} {f} exists and is not {NOUNS[allowed[0]]} {by} wrote (it holds {kind}); writing would "
            "replace it: give another path (or remove that file)"
        )


__all__ = ["WRITES", "held", "refuse_foreign"]
