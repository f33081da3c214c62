"""The channel initiator's commands (mqsc/catalog/chinit.py).

There is no channel initiator address space in the simulation. Every channel initiator command
but START CHINIT is answered by the catalog's absent answer (mqsc/engine/absent.py: CSQM131I,
the channel initiator is not active, and the command fails, as IBM MQ for z/OS documents for
DISPLAY CHSTATUS: "The command fails if the channel initiator has not been started").

START CHINIT is accepted, as z/OS accepts it (CSQM138I), and the start then fails on the console
(CSQX005E "Channel initiator failed to start"): the channel initiator stays not active, so the
commands after it get the same answers as before, and a CSQINP2 deck that starts it still runs.
"""

from __future__ import annotations

from mqsc.engine.context import Ctx
from mqsc.engine.registry import handles


@handles("START", "CHINIT")
def start_chinit(ctx: Ctx) -> None:
    if ctx.cmd.get("PARM"):
        ctx.say("CSQX003I")  # the parameter module is obsolete and ignored (CSQX003I)
    ctx.say("CSQM138I")
    ctx.console("CSQX005E", csect="CSQXJST")
