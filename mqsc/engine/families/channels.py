"""Channel definitions: DEFINE, ALTER, DELETE and DISPLAY CHANNEL (mqsc/catalog/channels.py).

Definitions here; channels run in the channel initiator (START CHANNEL, mqsc/engine/channelstate.py,
docs/channels.md).
The z/OS rules kept here (IBM MQ 9.4 for z/OS, "DEFINE CHANNEL" and each type's syntax
diagram): each channel type takes only its own attributes; SDR needs CONNAME and XMITQ, SVR
XMITQ, RQSTR, CLNTCONN and CLUSSDR CONNAME; a new channel takes its defaults from LIKE, else the
SYSTEM.DEF.* channel of its type, else the supplied defaults; ALTER names the channel's type and
cannot change it; the transmission queue is not checked when the channel is defined (a channel
finds out when it starts).
"""

from __future__ import annotations

from collections.abc import Mapping

from mqsc.catalog import channels as catalog_channels
from mqsc.catalog.channels import (
    APPLIES,
    DEFAULT_OBJECTS,
    REQUIRED,
    TYPE_DEFAULTS,
    TYPES,
)
from mqsc.engine import objectcommands
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import Attributes
from mqsc.engine.plainfamily import TypedFamily

CHANNEL = catalog_channels.FAMILY


def applies(name: str, chltype: object) -> bool:
    """Whether an attribute belongs to channels of a type (the type's syntax diagram)."""
    return objectcommands.applies(APPLIES, name, chltype)


#: The supplied defaults of each channel type: one profile per type, built once.
_SUPPLIED: Mapping[str, Mapping[str, object]] = {
    chltype: {
        **{n: v for n, v in CHANNEL.catalog_defaults.items() if applies(n, chltype)},
        **TYPE_DEFAULTS.get(chltype, {}),
        "CHLTYPE": chltype,
    }
    for chltype in TYPES
}


def defaults(ctx: Ctx, chltype: str) -> Attributes:
    """LIKE (or the GROUP object of a COPY), else SYSTEM.DEF.<type>, else the supplied
    defaults; only the attributes channels of ``chltype`` have."""
    if ctx.cmd.get("LIKE") is not None or objectcommands.disposition(ctx) == "COPY":
        model = objectcommands.defaults(ctx, CHANNEL)
        # A profile of its own: the same LIKE channel gives other types other attributes.
        return Attributes.profile(
            {
                **{n: v for n, v in model.items() if n != "QSGDISP" and applies(n, chltype)},
                "CHLTYPE": chltype,
            }
        )
    name = DEFAULT_OBJECTS[chltype]
    default = ctx.txn.get("channel", name) if name != ctx.cmd.name else None
    if default is not None and default.get("CHLTYPE") == chltype:
        return objectcommands.profile_of(
            default, {n: v for n, v in default.attrs.items() if n != "QSGDISP"}
        )
    return objectcommands.profile_of(_SUPPLIED[chltype], _SUPPLIED[chltype])


def clusters(ctx: Ctx, attrs: Attributes) -> None:
    """A cluster channel is in one cluster or a namelist's clusters, not both (IBM
    "ClusterNamelist (MQCHAR48)": "At least one of ClusterName and ClusterNamelist must be
    blank", which the channel's attributes follow too)."""
    if attrs.get("CLUSTER") and attrs.get("CLUSNL"):
        raise ctx.fail("MQSC558E", first="CLUSTER", second="CLUSNL")


#: DISPLAY CHANNEL shows each channel with the attributes of its own type only, as z/OS shows
#: them (ALL on a receiver lists no XMITQ); TYPE(...) selects channels of one type.
CHANNELS = TypedFamily(CHANNEL, "CHLTYPE", APPLIES, REQUIRED, "TYPE", defaults, clusters)
