"""MAKEDEF for channels, topics and authentication information objects: the commands made from
DISPLAY ... ALL re-create what was displayed (each channel type with its own attributes)."""

from __future__ import annotations

from mqsc.batch.makedef import made
from mqsc.language.formatter import format_command
from tests.engine.conftest import fresh_qmz1

DECK = """\
DEFINE CHANNEL(QMZ1.TO.QMA) CHLTYPE(SDR) CONNAME('hosta(1414)') XMITQ(QMA) BATCHSZ(20)
DEFINE CHANNEL(QMA.TO.QMZ1) CHLTYPE(RCVR) PUTAUT(CTX)
DEFINE CHANNEL(APP.SVRCONN) CHLTYPE(SVRCONN) MCAUSER('app') MAXINST(20)
DEFINE TOPIC(SPORTS) TOPICSTR('Sports') DURSUB(YES)
DEFINE AUTHINFO(CONNAUTH.RACF) AUTHTYPE(IDPWOS) CHCKCLNT(REQUIRED)
"""
DISPLAYS = ("DISPLAY CHANNEL(*) ALL", "DISPLAY TOPIC(*) ALL", "DISPLAY AUTHINFO(*) ALL")
#: Stamps differ between the two queue managers.
STAMPS = {"ALTDATE", "ALTTIME", "CRDATE", "CRTIME"}


def shown(qm) -> list[list[tuple[str, object]]]:
    return [
        [a for a in o.attrs if a[0] not in STAMPS]
        for text in DISPLAYS
        for o in qm.execute(text).objects
    ]


def test_makedef_recreates_channels_topics_and_authinfo() -> None:
    source = fresh_qmz1()
    assert all(r.ok for r in source.run(DECK))
    commands = made("MAKEDEF", [source.execute(text) for text in DISPLAYS])
    # The deck's three channels and the eight SYSTEM.DEF.* channels of the system deck; a
    # new queue manager has the system ones already (MAKEDEF's NOREPLACE would say MQSC595E).
    assert [c.objtype for c in commands] == ["CHANNEL"] * 11 + ["TOPIC", "AUTHINFO"]
    commands = [c for c in commands if not c.name.startswith("SYSTEM.")]
    target = fresh_qmz1()
    results = target.run("\n".join(format_command(c) for c in commands))
    assert results and all(r.ok for r in results), [r.message_ids for r in results]
    assert shown(target) == shown(source)
