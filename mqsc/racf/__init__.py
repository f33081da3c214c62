"""The simulated external security manager: a RACF database, RACF's authorization decision,
and the TSO commands that manage it (docs/security.md).

Pure: no I/O. The home's database is kept by :mod:`mqsc.store.racfdb`; the queue manager
asks it through the engine's security module; batch steps, the console and ``mqsc racf`` run
the TSO commands.
"""
