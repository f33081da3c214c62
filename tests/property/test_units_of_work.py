"""Units of work against a model of every message (IBM MQ "Committing and backing out units of
work", "MQBACK", "MQMD - BackoutCount").

Programs put and get messages with data on one small queue, in and out of syncpoint, and end
their units of work by MQCMIT, MQBACK, MQDISC or by dying. The model holds every message the
queue has, each with its place (the order it was put), its MsgId, CorrelId and ReplyToQ, its
BackoutCount and who holds it uncommitted. After every step:

* every message put and committed is on the queue once, in its place, and the messages a
  browse sees are exactly the committed ones no unit of work holds, in put order;
* a get backed out comes back identical (MsgId, CorrelId, ReplyToQ, data, its place) with
  BackoutCount one more; a put backed out is gone; a put that would pass MAXDEPTH or meets
  PUT(DISABLED) fails at the MQPUT (2053, 2051) and nothing is lost at the commit;
* CURDEPTH counts uncommitted puts and leaves out uncommitted gets; MSGIN, MSGOUT and every
  connection's activity count the MQPUTs and MQGETs as they are made;
* the units of recovery alive at once have distinct URIDs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from mqsc.engine import mqi
from mqsc.engine.manager import QueueManager
from mqsc.engine.messaging import queuestats
from tests.engine.conftest import MINIMAL_CSQINP1, MINIMAL_CSQINP2, clock

QUEUE = "PAY"
MAXDEPTH = 6


@dataclass(frozen=True)
class Message:
    """One message as the model knows it."""

    place: int
    data: bytes
    msgid: bytes
    correlid: bytes
    reply_q: str
    backouts: int = 0
    put_by: str = ""  # a unit of work that put it and has not committed
    got_by: str = ""  # a unit of work that got it and has not committed


@dataclass
class Program:
    conn: mqi.Connection
    puts: int = 0
    gets: int = 0


@dataclass
class Model:
    messages: dict[int, Message] = field(default_factory=dict)
    msgin: int = 0
    msgout: int = 0

    def available(self) -> list[Message]:
        return sorted(
            (m for m in self.messages.values() if not m.put_by and not m.got_by),
            key=lambda m: m.place,
        )

    def depth(self) -> int:
        return sum(1 for m in self.messages.values() if not m.got_by)

    def end(self, conn: str, *, commit: bool) -> None:
        for place, m in list(self.messages.items()):
            if m.put_by == conn:
                if commit:
                    self.messages[place] = replace(m, put_by="")
                else:
                    del self.messages[place]
            elif m.got_by == conn:
                if commit:
                    del self.messages[place]
                else:
                    self.messages[place] = replace(m, got_by="", backouts=m.backouts + 1)


class UnitsOfWork(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.qm = QueueManager.create(
            "QMA",
            clock=clock,
            csqinp1=MINIMAL_CSQINP1,
            csqinp2=MINIMAL_CSQINP2 + f"DEFINE QLOCAL({QUEUE}) MAXDEPTH({MAXDEPTH})\n",
        )
        self.model = Model()
        self.programs: list[Program] = []
        self.places = 0
        self.disabled = False
        self.connect()  # the first program is there from the start

    # ---- programs --------------------------------------------------------------------
    @rule()
    def connect(self) -> None:
        if len(self.programs) < 3:
            name = f"PGM{len(self.programs)}"
            self.programs.append(Program(self.qm.connection(name, userid="PAYUSER")))

    def program(self, index: int) -> Program | None:
        return self.programs[index % len(self.programs)] if self.programs else None

    @rule(index=st.integers(0, 2), syncpoint=st.booleans(), correl=st.booleans())
    def put(self, index: int, syncpoint: bool, correl: bool) -> None:
        program = self.program(index)
        if program is None:
            return
        self.places += 1
        data = f"m{self.places}".encode()
        if syncpoint:
            out = program.conn.put(QUEUE, data, syncpoint=True)
        else:
            out = self.qm.put_message(
                QUEUE,
                data,
                correlid=b"C" * 24 if correl else None,
                reply_q="REPLY.Q" if correl else "",
                conn=program.conn.conn,
            )
        if self.disabled:
            assert (out.done, out.reason) == (0, 2051)
            return
        if self.model.depth() >= MAXDEPTH:
            assert (out.done, out.reason) == (0, 2053)  # at the MQPUT, never at the commit
            return
        assert (out.done, out.reason) == (1, 0), out
        sent = out.delivered[0]
        self.model.messages[self.places] = Message(
            self.places,
            data,
            sent.msgid,
            sent.correlid,
            sent.reply_q,
            put_by=program.conn.conn if syncpoint else "",
        )
        self.model.msgin += 1
        program.puts += 1

    @rule(index=st.integers(0, 2), syncpoint=st.booleans())
    def get(self, index: int, syncpoint: bool) -> None:
        program = self.program(index)
        if program is None:
            return
        out = program.conn.get(QUEUE, data=True, syncpoint=syncpoint)
        waiting = self.model.available()
        if not waiting:
            assert (out.done, out.reason) == (0, 2033)
            return
        first = waiting[0]
        got = out.delivered[0]
        assert (got.data, got.msgid, got.correlid, got.reply_q, got.backout_count) == (
            first.data,
            first.msgid,
            first.correlid,
            first.reply_q,
            first.backouts,
        )
        if syncpoint:
            self.model.messages[first.place] = replace(first, got_by=program.conn.conn)
        else:
            del self.model.messages[first.place]
        self.model.msgout += 1
        program.gets += 1

    @rule(index=st.integers(0, 2), end=st.sampled_from(["commit", "backout", "disc", "die"]))
    def end(self, index: int, end: str) -> None:
        program = self.program(index)
        if program is None:
            return
        conn = program.conn.conn
        if end == "commit":
            program.conn.commit()
        elif end == "backout":
            program.conn.backout()
        elif end == "disc":
            program.conn.close()  # MQDISC commits (a normal end commits, docs/connections.md)
            self.programs.remove(program)
        else:
            self.qm.end_abnormally([conn])  # in flight: backed out
            self.programs.remove(program)
        self.model.end(conn, commit=end in ("commit", "disc"))

    @precondition(lambda self: self.programs)
    @rule(enabled=st.booleans())
    def put_inhibit(self, enabled: bool) -> None:
        # PUT(DISABLED) refuses later MQPUTs; the messages already put stay, committed or not.
        assert self.qm.execute(
            f"ALTER QLOCAL({QUEUE}) PUT({'ENABLED' if enabled else 'DISABLED'})"
        ).ok
        self.disabled = not enabled

    # ---- what must hold --------------------------------------------------------------
    @invariant()
    def committed_messages_are_there_once_in_order(self) -> None:
        seen = self.qm.browse_messages(QUEUE, 100).delivered
        expected = self.model.available()
        assert [(d.data, d.msgid, d.correlid, d.reply_q, d.backout_count) for d in seen] == [
            (m.data, m.msgid, m.correlid, m.reply_q, m.backouts) for m in expected
        ]
        assert len({d.msgid for d in seen}) == len(seen)

    @invariant()
    def depth_and_statistics_count_at_the_call(self) -> None:
        status = self.qm.execute(f"DISPLAY QLOCAL({QUEUE}) CURDEPTH").objects[0]
        assert status.get("CURDEPTH") == self.model.depth()
        with self.qm.session():
            stats = self.qm.state.tables[queuestats.TABLE].get(QUEUE)
        msgin, msgout = (stats.msgin, stats.msgout) if stats is not None else (0, 0)
        assert (msgin, msgout) == (self.model.msgin, self.model.msgout)
        live = {c.conn: c for c in self.qm.connections()}
        for program in self.programs:
            activity = live[program.conn.conn].activity_on(QUEUE)
            assert (activity.puts, activity.gets) == (program.puts, program.gets)

    @invariant()
    def live_units_have_distinct_urids(self) -> None:
        # z/OS's URID is the RBA of the unit's first log record (its begin-UR): two units
        # alive at once never share one, even when neither has logged anything else.
        urids = [c.uow.urid for c in self.qm.connections() if c.uow is not None]
        assert len(urids) == len(set(urids)), urids

    def teardown(self) -> None:
        self.qm.close()


TestUnitsOfWork = UnitsOfWork.TestCase
_STRESS = os.environ.get("MQSC_HYPOTHESIS") == "stress"
TestUnitsOfWork.settings = settings(
    max_examples=1000 if _STRESS else 150,
    stateful_step_count=60 if _STRESS else 30,
    deadline=None,
)
