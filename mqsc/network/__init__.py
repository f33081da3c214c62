"""Channels between queue managers: the network that moves what their channels carry.

Beside the engine, above the state store: each queue manager's engine knows only itself
(:mod:`mqsc.engine.channelstate` holds the two halves of a channel batch); a network holds
several queue managers and drives their channels' batches between them (``transport``), and a
home's network opens the other queue managers of the home from their state databases when a
channel needs them (``homenetwork``). docs/channels.md.
"""
