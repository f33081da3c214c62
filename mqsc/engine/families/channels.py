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

from collections.abc import Iterator, Mapping

from mqsc.catalog import channels as catalog_channels
from mqsc.catalog.channels import (
    APPLIES,
    DEFAULT_OBJECTS,
    REQUIRED,
    TYPE_DEFAULTS,
    TYPES,
)
from mqsc.engine import objectcommands, space
from mqsc.engine.context import Ctx
from mqsc.engine.mqobjects import Attributes, MQObject
from mqsc.engine.registry import handles

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


def check(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    # A required keyword may be named blank (CSQ4INSX's SYSTEM.DEF.SENDER has CONNAME(' ')).
    objectcommands.check_typed(ctx, CHANNEL, attrs, existing, "CHLTYPE", APPLIES, REQUIRED)


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
    model = ctx.txn.get("channel", name) if name != ctx.cmd.name else None
    if model is not None and model.get("CHLTYPE") == chltype:
        return objectcommands.profile_of(
            model, {n: v for n, v in model.attrs.items() if n != "QSGDISP"}
        )
    return objectcommands.profile_of(_SUPPLIED[chltype], _SUPPLIED[chltype])


@handles("DEFINE", "CHANNEL")
def define_channel(ctx: Ctx) -> None:
    before = space.private_bytes(ctx, CHANNEL.table)
    objectcommands.define(
        ctx, CHANNEL, check, lambda ctx: defaults(ctx, str(ctx.cmd.get("CHLTYPE")))
    )
    space.account_definition(ctx, CHANNEL.table, before)


@handles("ALTER", "CHANNEL")
def alter_channel(ctx: Ctx) -> None:
    objectcommands.alter(ctx, CHANNEL, check)


@handles("DELETE", "CHANNEL")
def delete_channel(ctx: Ctx) -> None:
    before = space.private_bytes(ctx, CHANNEL.table)
    objectcommands.delete(ctx, CHANNEL)
    space.account_definition(ctx, CHANNEL.table, before)


@handles("DISPLAY", "CHANNEL")
def display_channel(ctx: Ctx) -> None:
    """DISPLAY CHANNEL: each channel shows the attributes of its own type only, as z/OS
    shows them (ALL on a receiver lists no XMITQ)."""
    objectcommands.display_typed(ctx, CHANNEL, selected(ctx), "CHANNEL", applies, "CHLTYPE")


def selected(ctx: Ctx) -> Iterator[MQObject]:
    wanted_type = str(ctx.cmd.get("TYPE", "ALL"))
    for obj in objectcommands.selected(ctx, CHANNEL):
        if wanted_type == "ALL" or obj.get("CHLTYPE") == wanted_type:
            yield obj
