"""The metric Space's app: evaluate's Gradio widget for the lctg_if metric beside this file."""

from pathlib import Path

import evaluate
from evaluate.utils import launch_gradio_widget

module = evaluate.load(str(Path(__file__).resolve().parent / "lctg_if.py"))
launch_gradio_widget(module)
