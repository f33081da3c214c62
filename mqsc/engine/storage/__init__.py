"""The storage simulation: page sets, buffer pools, and (issue 5) messages in them.

See docs/storage.md for the rules and the storage model (docs/storage.md) for their sources.
"""
