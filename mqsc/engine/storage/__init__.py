"""The storage simulation: page sets, buffer pools, and messages in them.

See docs/storage.md for the rules, and its table "Storage rules"
(docs/storage.md#storage-rules) for each rule id and the IBM documentation it rests on.
"""
