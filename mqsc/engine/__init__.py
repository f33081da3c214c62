"""The queue-manager engine: typed commands in, response records out; it never prints.

:class:`~mqsc.engine.manager.QueueManager` owns the state and dispatches each command to the
handler its object family registered (one module per family in :mod:`mqsc.engine.families`,
found by :mod:`mqsc.engine.registry`). The core beside them: ``state`` (tables and
transactions), ``mqobjects`` (the records of defined objects), ``objectcommands`` (the
DEFINE/ALTER/DELETE/DISPLAY flows families share), ``space`` (page-set space),
:mod:`mqsc.engine.messaging` (MQ messages) and :mod:`mqsc.engine.storage` (the buffer pool and
page set simulation). docs/architecture.md draws the whole tree.
"""
