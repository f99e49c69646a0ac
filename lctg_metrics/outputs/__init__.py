"""The outputs layer: every path a command writes checked before any work, then the files written as one set.

    checks   every output path against the inputs, the dataset folder and the other outputs (``check_paths``,
             ``Output``, ``cache_output``)
    write    the set written all or none: temp files, then renames (``write_all``, ``Staged``, ``json_text``)
    targets  what a path names (standard output, a symlink, a special file), temp-file names, ``locked``

``checks`` and ``write`` both stand on ``targets`` and never import each other. Each module is imported by its job
(``from lctg_metrics.outputs.write import write_all``): this package holds no names of its own.
"""
