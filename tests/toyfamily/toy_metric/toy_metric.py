"""The toy family as an `evaluate` metric module: a thin shell over :func:`lctg_metrics.family.evaluate_compute`."""

import datasets
import evaluate

from lctg_metrics.family import evaluate_compute

_DESCRIPTION = "Toy family: the share of answers at least min_chars characters long."
_KWARGS_DESCRIPTION = """
Args:
    predictions (`list` of `str`): answers; the k-th answer of an id is its sample k.
    references (`list` of `str`): the toy rows' ids.
    dataset (`str`): a built dataset folder with a `toy` config.
    strip (`bool`): leave blanks out of the count.
Returns:
    `passed` (the share of answers long enough, averaged over samples), `signature`.
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class ToyMetric(evaluate.Metric):
    def _info(self):
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation="",
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": datasets.Value("string"), "references": datasets.Value("string")}
            ),
        )

    def _compute(self, predictions, references, dataset=None, strip=False):
        return evaluate_compute("toy", predictions, references, dataset=dataset, strip=strip)
