"""Le Truc's offline tools: the solver that makes the strong bot's policy file, and
the exact best response that measures a policy's exploitability.

- :mod:`.solve`: discounted CFR over one round, and the policy file's export;
- :mod:`.best_response`: the exact best response to a policy;
- :mod:`.policies`: a solver's strategy and the page's bots read as policies.

The commands are in :mod:`.__main__` (``python -m cardtable_lab.truc --help``). The
abstraction they share with the shipped bot, :mod:`cardtable.bots.truc_model`, stays
in the runtime, since the strong bot reads its policy file through it.
"""
