"""The lctg_ctg evaluate module (a folder `evaluate.load` reads by its script); a package only so the layer contract
sees it."""
