"""What the simulation does not have, and how a z/OS queue manager answers then.

Two tables, read by the engine (the answer), ``mqsc check`` (the hint) and the generated
command reference (the status column of docs/commands.md):

* :data:`FACILITIES`: parts of a z/OS queue manager the simulation has no model of. A command
  whose :class:`~mqsc.catalog.model.CommandSpec` names one (``facility="CHINIT"``) is bound
  like any other (every keyword checked) and answered with the facility's *absent answer*:
  for the channel initiator, the message z/OS gives when it is not started; for the rest, an
  informational message of our own saying that nothing was simulated (the command completes,
  as on a system where the facility has nothing to report).
* :data:`MULTIPLATFORM`: MQSC commands that exist only on IBM MQ for Multiplatforms. A z/OS
  queue manager rejects them in its command preprocessor (``CSQ9001E``, as any word it does
  not know); ``mqsc check`` adds :data:`MULTIPLATFORM_WARNING` with the hint.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Facility:
    """A z/OS facility the simulation does not have.

    Attributes:
        name: the key commands name it by (``CHINIT``).
        help: what it is, in words (docs, HELP).
        msg_id: the absent answer.
        fails: whether the answer ends the command with CSQ9023E (as z/OS does for a channel
            command without a channel initiator) or CSQ9022I.
        evidence: where the answer comes from.

    """

    name: str
    help: str
    msg_id: str
    fails: bool
    evidence: str


FACILITIES: Mapping[str, Facility] = {
    f.name: f
    for f in (
        Facility(
            "CHINIT",
            "the channel initiator address space (xxxxCHIN): channels, listeners, clusters "
            "(docs/channels.md, docs/clusters.md); every channel command waits for START CHINIT",
            "CSQM131I",
            True,
            'IBM MQ for z/OS, DISPLAY CHSTATUS usage notes: "The command fails if the channel '
            'initiator has not been started"; message id seen in a public z/OS discovery '
            "script (text UNVERIFIED)",
        ),
        # z/OS without an IMS bridge (no OTMA connection: OTMACON unset) cannot reset a
        # transaction pipe; mqsc has no IMS bridge, so RESET TPIPE fails as it does there.
        Facility(
            "IMSBRIDGE",
            "the IMS bridge (OTMA transaction pipes)",
            "MQSC381E",
            True,
            "emulator (IBM MQ 'RESET TPIPE': used with the IMS bridge; the z/OS reply "
            "without one is not public)",
        ),
    )
}

#: The hint ``mqsc check`` gives with the CSQ9001E of a Multiplatforms-only command.
MULTIPLATFORM_WARNING = "MQSC320W"


@dataclass(frozen=True, slots=True)
class OtherPlatform:
    """A command that IBM MQ for Multiplatforms accepts and z/OS does not."""

    verb: str
    objtype: str
    help: str


#: Commands of IBM MQ for Multiplatforms (AIX, Linux, Windows, IBM i) with no z/OS form
#: (IBM MQ 9.4 MQSC reference: each command's platform table; z/OS column empty).
MULTIPLATFORM: tuple[OtherPlatform, ...] = tuple(
    OtherPlatform(v, o, h)
    for v, o, h in (
        ("DEFINE", "SERVICE", "services are started by the queue manager on Multiplatforms"),
        ("ALTER", "SERVICE", "services exist only on Multiplatforms"),
        ("DELETE", "SERVICE", "services exist only on Multiplatforms"),
        ("DISPLAY", "SERVICE", "services exist only on Multiplatforms"),
        ("START", "SERVICE", "services exist only on Multiplatforms"),
        ("STOP", "SERVICE", "services exist only on Multiplatforms"),
        ("DISPLAY", "SVSTATUS", "services exist only on Multiplatforms"),
        (
            "DEFINE",
            "LISTENER",
            "z/OS listeners are started by START LISTENER in the channel "
            "initiator, not defined as objects",
        ),
        ("ALTER", "LISTENER", "listener objects exist only on Multiplatforms"),
        ("DELETE", "LISTENER", "listener objects exist only on Multiplatforms"),
        (
            "DISPLAY",
            "LISTENER",
            "listener objects exist only on Multiplatforms (z/OS: DISPLAY "
            "CHINIT shows its listeners)",
        ),
        (
            "DISPLAY",
            "LSSTATUS",
            "listener objects exist only on Multiplatforms (z/OS: DISPLAY CHINIT)",
        ),
        ("SET", "AUTHREC", "object authorities are RACF profiles on z/OS"),
        ("DELETE", "AUTHREC", "object authorities are RACF profiles on z/OS"),
        ("DISPLAY", "AUTHREC", "object authorities are RACF profiles on z/OS"),
        ("DISPLAY", "ENTAUTH", "object authorities are RACF profiles on z/OS"),
        ("DISPLAY", "AUTHSERV", "the authorization service is RACF on z/OS"),
        ("DEFINE", "COMMINFO", "multicast exists only on Multiplatforms"),
        ("ALTER", "COMMINFO", "multicast exists only on Multiplatforms"),
        ("DELETE", "COMMINFO", "multicast exists only on Multiplatforms"),
        ("DISPLAY", "COMMINFO", "multicast exists only on Multiplatforms"),
        ("SET", "POLICY", "Advanced Message Security policies are set with setmqspl on z/OS"),
        ("DISPLAY", "POLICY", "Advanced Message Security policies are shown with dspmqspl on z/OS"),
        (
            "DELETE",
            "POLICY",
            "Advanced Message Security policies are removed with setmqspl on z/OS",
        ),
        ("DISPLAY", "QMSTATUS", "z/OS: DISPLAY SYSTEM, DISPLAY LOG and DISPLAY CHINIT"),
        ("DISPLAY", "APSTATUS", "application status exists only on Multiplatforms"),
        ("PING", "QMGR", "z/OS has no PING QMGR"),
        ("STOP", "CONN", "z/OS ends connections from CICS, IMS or the job itself"),
    )
)

#: Object words of Multiplatforms commands that are synonyms there (DEF LSTR).
OTHER_SYNONYMS: Mapping[str, str] = {"LSTR": "LISTENER"}


def other_platform(verb: str, objword: str) -> OtherPlatform | None:
    """The Multiplatforms command that a canonical verb and an object word (any spelling, upper
    case) name, if they name one."""
    objtype = OTHER_SYNONYMS.get(objword, objword)
    return _BY_WORDS.get((verb, objtype))


_BY_WORDS: Mapping[tuple[str, str], OtherPlatform] = {(p.verb, p.objtype): p for p in MULTIPLATFORM}
