"""``lctg score --from openai-batch --missing fail``: a failed request is a missing generation, counted as a failure
in the coverage and its note exactly as a gap in a plain generations file is (not an answer that came back and
failed, such as a refusal). The lines are read with the Batch reader's own pieces (:mod:`lctg_metrics.formats.batch`);
its other policies (``error``, ``skip``) are its own."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from lctg_metrics.schema import Generation, ScoringError


def read_failed_as_missing(path: Any) -> list[Generation]:
    """The answers of a Batch API output file; failed requests left out (the scorer counts them as missing), said in
    one note on stderr naming the first."""
    from lctg_metrics.formats.batch import batch_answer, parse_custom_id
    from lctg_metrics.inputs.generations import read_text
    from lctg_metrics.inputs.parse import jsonl_rows

    p = Path(path)
    if not p.is_file():
        raise ScoringError(f"generations file {p} does not exist or is not a file")
    try:
        rows = list(jsonl_rows(p, read_text(p)))
    except UnicodeDecodeError as e:
        raise ScoringError(f"{p}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    out: list[Generation] = []
    failed: list[str] = []
    for where, rec in rows:
        cid = rec.get("custom_id")
        row_id, sample = parse_custom_id(cid, where)
        text, failure, problem = batch_answer(rec)
        if problem:
            failed.append(f"{where}: custom_id {cid!r} {problem}")
            continue
        out.append(
            Generation(id=row_id, text=text, sample=sample, where=f"{where} (custom_id {cid!r})", failure=failure)
        )
    if failed:
        more = f" (and {len(failed) - 1} more)" if len(failed) > 1 else ""
        print(
            f"note: {len(failed)} batch line(s) got no answer: missing generations, counted as failures (--missing "
            f"fail): {failed[0]}{more}",
            file=sys.stderr,
        )
    return out
