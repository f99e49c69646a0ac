"""Controllability scoring for LCTG Bench: aspect checks, cleaners, aggregation and reports."""

__version__ = "0.1.0"
