"""A reference row the tests share: one LCTG keyword prompt as a built config holds it (not an upstream row)."""

#: ad_text prompt 1 asking for the keyword 抹茶.
KW = {
    "id": "ad_text/1/keyword",
    "task": "ad_text",
    "prompt_id": 1,
    "aspects": ["keyword"],
    "min_chars": None,
    "max_chars": None,
    "keyword": "抹茶",
    "prohibited_word": None,
    "variant": None,
    "dataset_version": "1.0.0",
}
