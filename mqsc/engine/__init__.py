"""The queue-manager engine: typed commands in, response records out; it never prints.

:class:`~mqsc.engine.manager.QueueManager` owns the state and dispatches each command to the
handler its object family registered (one module per family: ``queues``, ``storageclasses``,
``bufferpools``, ``pagesets``, ``cfstructs``, ``qmgr``, ``usage``). Shared machinery: ``state``
(tables and transactions), ``definitions`` (DEFINE/ALTER/DELETE/DISPLAY flows), ``space``
(page-set space), ``storage`` (the buffer pool and page set simulation).
"""
