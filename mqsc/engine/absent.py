"""The absent answer: commands that need a facility the simulation does not have.

A command whose catalog spec names a facility (``facility="CHINIT"``, see
:mod:`mqsc.catalog.absent`) gets this handler unless its family module registers one of its
own: it answers with the facility's message and changes nothing. For the channel initiator that
is the z/OS reply when it is not started (the command fails); for the IMS bridge, which mqsc
does not have, the command fails as z/OS without one would (MQSC381E).
"""

from __future__ import annotations

from mqsc.catalog.absent import FACILITIES
from mqsc.engine.context import Ctx


def answer(ctx: Ctx, facility_name: str = "") -> None:
    """Answer a command with its facility's absent answer (the state is never changed): the
    facility its spec names, or ``facility_name`` for a command that needs the facility only
    with some keywords (DISPLAY QUEUE TYPE(QCLUSTER))."""
    assert ctx.spec is not None
    facility = FACILITIES[facility_name or ctx.spec.facility]
    inserts = {"command": f"{ctx.spec.verb} {ctx.spec.objtype}", "facility": facility.help}
    if facility.fails:
        raise ctx.fail(facility.msg_id, **inserts)
    ctx.say(facility.msg_id, **inserts)
