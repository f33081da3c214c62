"""What a command handler works with: the transaction, the command, and its reply records.

Handlers report expected failures by raising what :meth:`Ctx.fail` returns; the engine turns
that into the command's records and a CSQ9023E, and drops the transaction, so the failure
changes nothing. That exception never leaves the engine.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

from mqsc.catalog import CommandSource, CommandSpec
from mqsc.catalog.texts import REASONS
from mqsc.engine.records import Message, Record
from mqsc.engine.state import Txn
from mqsc.language.commands import Command

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.connregistry import Connection
    from mqsc.engine.manager import QueueManager

#: The state table of the queue manager's connections (mqsc/engine/connregistry.py keeps it;
#: named here so that whoever asks who the caller is need not import the registry's work).
CONN_TABLE = "conn"


#: The command of work that is not one (puts and gets, channel batches, statistics).
NO_COMMAND = Command("", "")


class CommandFailed(Exception):
    """A handler's expected failure, carrying the messages that explain it."""

    def __init__(self, *records: Record) -> None:
        super().__init__(records)
        self.records = records


class LogSuspended(Exception):
    """A log write while SUSPEND QMGR LOG is in effect: on z/OS the work waits for RESUME QMGR
    LOG, which only another command can give, so mqsc refuses it (mqsc/engine/logdatasets.py).

    Commands answer MQSC662E and puts and gets ``Workload.held``; the MQI object's calls that
    end a unit of work (``Connection.commit``, and ``close`` that commits) raise it to the
    caller, with nothing changed: the unit of work stays as it was, to be committed after
    RESUME QMGR LOG (docs/connections.md)."""


class Ctx:
    """One command's execution context."""

    __slots__ = ("qm", "txn", "cmd", "spec", "source", "records", "later", "conn", "user", "smf")

    def __init__(
        self,
        qm: QueueManager,
        txn: Txn,
        cmd: Command | None,
        spec: CommandSpec | None,
        source: CommandSource,
        conn: str = "",
        user: str | None = None,
    ) -> None:
        self.qm = qm
        self.txn = txn
        #: The command (work that is not a command, a put or a channel's batch, has
        #: :data:`NO_COMMAND`: its keywords are all absent).
        self.cmd: Command = cmd if cmd is not None else NO_COMMAND
        self.spec = spec
        self.source = source
        #: The user id the command or call acts for (None: the queue manager's operator,
        #: ``QueueManager.user``): what security checks are made for.
        self.user = user
        self.records: list[Record] = []
        self.later: list[Message] = []
        #: The connection (CONN) the command or MQI call came through; "" for none (the
        #: console, CSQINP1/CSQINP2, the queue manager's own work).
        self.conn = conn
        #: SMF records the command wrote: the queue manager's SMF sink gets them once the
        #: transaction has committed (mqsc/engine/smf/interval.py).
        self.smf: list[bytes] = []

    def connection(self) -> Connection | None:
        """The connection the command or call came through, if any."""
        return self.txn.get(CONN_TABLE, self.conn) if self.conn else None

    def connection_user(self) -> str:
        """The user id the command or call acts for by its connection: the connection's, else
        the queue manager's own user (a command from CSQINP1/CSQINP2 or the console)."""
        conn = self.connection()
        return conn.userid if conn is not None else self.qm.user

    @property
    def csect(self) -> str:
        # Work that is not a command (puts and gets) has no command module.
        return self.spec.csect if self.spec is not None else "CSQMAPI"

    def say(self, msg_id: str, **inserts: object) -> None:
        """Add a message to the reply."""
        inserts.setdefault("csect", self.csect)
        self.records.append(Message(msg_id, inserts))

    def add(self, record: Record) -> None:
        """Add any record (objects, reports) to the reply."""
        self.records.append(record)

    def console(self, msg_id: str, **inserts: object) -> None:
        """A message for the console after the command completes (not in the reply set)."""
        inserts.setdefault("csect", self.csect)
        self.later.append(Message(msg_id, inserts, unsolicited=True))

    def fail(self, msg_id: str, **inserts: object) -> CommandFailed:
        """The failure to raise: one message."""
        inserts.setdefault("csect", self.csect)
        return CommandFailed(Message(msg_id, inserts))

    def object_failure(self, msg_id: str, reason: str, **inserts: object) -> CommandFailed:
        """A message-manager failure: its message, then CSQM090E with the reason code where
        IBM's code for the failure is known (mqsc/catalog/texts.py REASONS: no guessed code
        is printed)."""
        inserts.setdefault("csect", self.csect)
        code = REASONS[reason].code
        if not code:
            return CommandFailed(Message(msg_id, inserts))
        return CommandFailed(
            Message(msg_id, inserts), Message("CSQM090E", {"csect": self.csect, "code": code})
        )

    def not_found(
        self, objtype: str, name: object, qsgdisp: str = "QMGR", keyword: str | None = None
    ) -> CommandFailed:
        """CSQM125I obj (name) QSGDISP(disp) WAS NOT FOUND, as IBM's example shows it.

        ``keyword`` (not shown) tells diagnostics which keyword named the object.
        """
        return self.object_failure(
            "CSQM125I",
            "NOT_FOUND",
            objtype=objtype,
            name=name,
            qsgdisp=qsgdisp,
            keyword=keyword or objtype,
        )

    @property
    def gen(self) -> int:
        """The checkpoint generation changed pages are tagged with."""
        log = self.txn.get("log", None)
        return log.gen if log is not None else 0

    def log(self, kind: str, size: int, records: int = 1, **detail: object) -> None:
        """Write log records for this command; takes a checkpoint when one is due."""
        inventory = self.txn.get("bsds", None)
        if inventory is not None and inventory.suspended:
            raise LogSuspended(kind)
        log = self.txn.edit("log", None)
        self.txn.journal.append(log.write(kind, size, detail, records))
        if log.switch_due():
            self.qm.switch_log(self)
            log = self.txn.get("log", None)
        if log.checkpoint_due():
            self.qm.checkpoint(self)

    def stamp(self) -> str:
        """Now, as ``yyyy-mm-dd hh.mm.ss`` (DISPLAY shows it as ALTDATE and ALTTIME)."""
        global _second
        moment = self.qm.clock()
        start, end, text = _second
        # Same kind of time (both naive, or in the same zone) and within the same second.
        if moment.tzinfo is start.tzinfo and start <= moment < end:
            return text
        start = moment.replace(microsecond=0)
        text = start.strftime(STAMP)
        if start < dt.datetime.max.replace(tzinfo=start.tzinfo) - _ONE_SECOND:
            _second = (start, start + _ONE_SECOND, text)
        return text


#: How the engine writes a moment (ALTDATE and ALTTIME, a CF structure backup's end, a sender's
#: next retry): the one format, parsed back by :func:`moment`.
STAMP = "%Y-%m-%d %H.%M.%S"


def moment(text: str, now: dt.datetime) -> dt.datetime | None:
    """The moment a :data:`STAMP` names, in the zone of the clock's ``now`` (a stamp is written
    in the clock's own zone, so a clock with a UTC offset gives an aware moment), or None."""
    try:
        return dt.datetime.strptime(text, STAMP).replace(tzinfo=now.tzinfo)
    except ValueError:
        return None


# A deck defines thousands of objects within one second: the second last formatted, so they
# share one string and format it once.
_ONE_SECOND = dt.timedelta(seconds=1)
_second: tuple[dt.datetime, dt.datetime, str] = (dt.datetime.max, dt.datetime.max, "")


Handler = Callable[[Ctx], None]
