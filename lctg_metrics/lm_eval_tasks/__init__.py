"""LCTG Bench inside lm-evaluation-harness: :func:`write_lm_eval_tasks` writes the task folder for a built dataset
(``lm_eval --include_path DIR --tasks lctg``); :mod:`.hooks` is what the harness calls while it runs them;
:func:`score_run` scores a run's ``--log_samples`` output folder, one result per config its tasks read."""

from lctg_metrics.lm_eval_tasks.results import score_run
from lctg_metrics.lm_eval_tasks.writer import GROUP, write_lm_eval_tasks

__all__ = ["GROUP", "score_run", "write_lm_eval_tasks"]
