"""Small helpers any stage may use; they import nothing else from mqsc.

``bundled`` finds the files shipped with mqsc (grammar, samples), ``memo`` is the bounded
identity memo behind the per-spec caches, ``collector`` pauses Python's cyclic garbage collector
around one bulk operation.
"""
