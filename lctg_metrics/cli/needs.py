"""What each command needs from the optional extras, checked before any work (one line naming the extra, exit 2).

The extras themselves are declared in :mod:`lctg_metrics.extras`; this module says which parsed arguments need
which extra, so ``lctg if-score`` without ``lctg[ja]`` stops at once instead of failing deep inside a run.
"""

from __future__ import annotations

import argparse

from lctg_metrics.cleaners import CLEANERS
from lctg_metrics.extras import require

#: IFSM readers and the extra each needs (readers not listed need none beyond the core).
READER_EXTRAS = {"embedding": "ifsm", "embedding-e5": "ifsm-e5", "llm": "llm"}
#: IFSM dissimilarity encoders named explicitly, and their extra ("auto" uses what is installed).
DISSIMILARITY_EXTRAS = {"use-m3": "ifsm", "labse": "ifsm-labse", "e5-small-q4": "ifsm-e5"}


def needed(args: argparse.Namespace) -> list[tuple[str, str]]:
    """``(extra, what needs it)`` for the parsed arguments of one command."""
    command = getattr(args, "command", None)
    out: list[tuple[str, str]] = []
    if command == "if-score":
        out.append(("ja", "lctg if-score (Japanese morphological analysis and language detection)"))
    elif command == "score":
        cleaner = getattr(args, "cleaner", None)
        calls_llm = cleaner in CLEANERS and CLEANERS[cleaner].calls_llm  # as the registry declares it
        if (calls_llm or getattr(args, "judge", False)) and not args.dry_run:
            out.append(("llm", f"lctg score --cleaner {cleaner}" if calls_llm else "lctg score --judge"))
    elif command == "ifsm":
        reader = getattr(args, "reader", None)
        if reader in READER_EXTRAS:
            out.append((READER_EXTRAS[reader], f"lctg ifsm --reader {reader}"))
        encoder = getattr(args, "dissimilarity", None)
        if encoder in DISSIMILARITY_EXTRAS:
            out.append((DISSIMILARITY_EXTRAS[encoder], f"lctg ifsm --dissimilarity {encoder}"))
    elif command == "report":
        out.append(("plot", "lctg report (charts and the HTML template)"))
    elif command == "substitutability" and getattr(args, "out_dir", None):
        out.append(("plot", "lctg substitutability --output (heat maps)"))
    return out


def check_extras(args: argparse.Namespace) -> None:
    """Raise :class:`lctg_metrics.extras.MissingExtra` (one line) for the first extra the command lacks."""
    for extra, what in needed(args):
        require(extra, what)
