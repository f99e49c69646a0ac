"""The printed mean of several samples per id: a count (the same integer field in every sample: items, flagged,
unparseable) is shown as an integer, or with "mean of N samples" when the samples differ; every other number as
the family's table shows it. Printed text only: the JSON result and the flat values are the family's, unchanged."""

from __future__ import annotations

from typing import Any


def _is_count(values: list[Any]) -> bool:
    return all(type(v) is int for v in values)


def mean_line(key: str, value: float, per_sample: list[Any]) -> str:
    """One line of the mean block: ``flagged: 12``, ``flagged: 12.33 (mean of 3 samples: 12, 12, 13)``, or the
    family's ``key: 0.1234``."""
    if not _is_count(per_sample):
        return f"{key}: {value:.4f}"
    if value == int(value):
        return f"{key}: {int(value)}"
    return f"{key}: {value:.2f} (mean of {len(per_sample)} samples: {', '.join(str(v) for v in per_sample)})"


def printed_table(result: Any) -> str:
    """The table to print: a run of one sample as the family prints it; several, each sample's table and their
    mean, counts as counts."""
    samples = getattr(result, "samples", ())
    if not samples:
        return str(result.table)
    lines = [f"sample {n}:\n{r.table}" for n, r in enumerate(samples)]
    means = [
        mean_line(k, v, [r.flat.get(k) for r in samples])
        for k, v in result.flat.items()
        if type(v) is float and k != "signature"
    ]
    block = f"mean over {len(samples)} samples:\n" + "\n".join(means) + f"\n{result.signature}"
    return "\n\n".join([*lines, block])


__all__ = ["mean_line", "printed_table"]
