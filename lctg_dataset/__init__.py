"""Build LCTG Bench as a versioned Hugging Face dataset (templates, filled conditions, base texts)."""
