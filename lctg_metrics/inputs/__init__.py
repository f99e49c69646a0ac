"""The input layer: every file a scoring run reads, read and checked in one place.

    families     the metric families' reads: one generation per id, any config's rows (``read_one_per_id``,
                 ``read_config_table``)
    hub          a dataset named by local folder or Hub repo id at a revision, resolved and manifest-verified
                 (``resolve_dataset``)
    generations  a generations file (JSONL, CSV, parquet) read whole or in chunks (``read_generations``,
                 ``iter_generations``)
    folder       a built dataset folder: its manifest, every file verified against its sha256, a config's rows, the
                 base texts and the protocol (``read_rows``, ``dataset_files``)
    parse        a generations file's lines decoded, JSONL parsed, samples numbered, fields checked

Imports run down that list (``folder`` and ``parse`` are siblings). Each module is imported by its job
(``from lctg_metrics.inputs.folder import read_rows``): this package holds no names of its own. Other tools' files
are read by :mod:`lctg_metrics.formats`, through ``generations``.
"""
