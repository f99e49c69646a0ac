"""LCTG Bench inside lm-evaluation-harness: :func:`write_lm_eval_tasks` writes the task folder for a built dataset
(``lm_eval --include_path DIR --tasks lctg``); :mod:`.hooks` is what the harness calls while it runs them."""

from lctg_metrics.lm_eval_tasks.writer import GROUP, write_lm_eval_tasks

__all__ = ["GROUP", "write_lm_eval_tasks"]
