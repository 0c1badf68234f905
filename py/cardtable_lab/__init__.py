"""The lab: what runs offline only, beside the runtime package :mod:`cardtable`.

    python -m cardtable_lab.arena GAME A B [-n N] [-j JOBS]    bots against bots
    python -m cardtable_lab.truc solve …                       Le Truc's solver
    python -m cardtable_lab.truc best-response …               exact exploitability
    python -m cardtable_lab.tutorial_script GAME               what the bots do in a lesson

It imports :mod:`cardtable`, never the other way round, so ``build.py`` zips the
runtime whole and none of this reaches the page: the arena can hand a bot the true
state, and the Le Truc tools need numpy and numba, which Pyodide does not ship.
"""
