"""One stateful model of the engine (hypothesis RuleBasedStateMachine), storage included.

Random DEFINE/ALTER/DELETE of queues, storage classes, page sets and buffer pools (storage-class,
page-set and pool changes of queues that hold messages among them), puts and gets (short and
long, persistent or not, in units of work), DELETE QLOCAL PURGE, DELETE PSID, restarts, and any
command the catalog allows, on a small queue manager whose page sets fill and expand. After every
step:

* no exception escaped (the suite runs with MQSC_STRICT=1: an engine bug raises);
* a failed command left the state digest exactly as it was;
* page accounting: each page set's persistent pages are its object definitions (page set 0) plus
  the pages of the persistent messages recorded on it, its nonpersistent pages those of the
  nonpersistent messages plus the message lists recorded on it; every queue holds
  ceil(depth / 64) list pages on a page set that exists; no message store is left empty;
* Unused = Total - Persistent - NonPersist and is never negative;
* pools: no more pages resident than buffers, stealable between 0 and the buffer count, every
  page set's pool exists;
* page set 0 holds exactly the object definitions (sized by storage rule PS-6);
* a put or get moves the depth by what it reports done; a restart keeps exactly the persistent
  messages (and brings back those that units of work in flight had got); a successful DEFINE
  creates, a successful DELETE removes;
* the recovery log (three 1 MB active logs, so puts switch and offload them; ARCHIVE LOG, SET
  LOG/SYSTEM/ARCHIVE, DEFINE LOG and SUSPEND/RESUME among the steps): its RBA never goes back,
  the current active log data set holds it, and the archive log data sets follow each other
  in RBA order;
* queue statistics (RESET QSTATS) equal the puts and gets made on a queue since the last reset
  or restart, for every queue nothing else moved messages on; statistics belong to queues;
* connections (opened, closed, putting and getting in units of work that commit, back out,
  disconnect or die; trigger monitors, some in threads that end; the channel initiator): every
  connection's handles are the handles DISPLAY QSTATUS TYPE(HANDLE) shows, with the same
  application, ASID and user, and IPPROCS/OPPROCS count them; a unit of work's puts count in
  the depth from the MQPUT and reach no get before the commit; ended connections' final
  records wait for accounting, in order, bounded, none of a live connection.

``MQSC_HYPOTHESIS=stress`` runs the deep version (docs/state.md has the figures of the last one).
"""

from __future__ import annotations

import functools
import math
import os
import threading
import time

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from mqsc.batch import dump
from mqsc.catalog import CommandSource
from mqsc.engine import connregistry, mqi
from mqsc.engine.config import QMConfig
from mqsc.engine.connregistry import NotConnected
from mqsc.engine.manager import QueueManager
from mqsc.engine.phase import Phase
from mqsc.engine.state import Txn
from mqsc.engine.storage import constants
from mqsc.engine.storage.queuestore import list_pages
from mqsc.language.formatter import format_command
from mqsc.support import liveness
from tests.engine.conftest import MINIMAL_CSQINP1, MINIMAL_CSQINP2, clock
from tests.strategies import commands

QUEUES = st.sampled_from(["A", "B", "C", "SYSTEM.DEFAULT.LOCAL.QUEUE"])
CLASSES = st.sampled_from(["SYSTEMST", "DEFAULT", "SC2", "SC3"])
#: Page sets 0 and 1 come from CSQINP1; 2 and 3 can be added (and deleted) while running.
PSIDS = st.sampled_from([0, 1, 2, 3])
POOLS = st.sampled_from([0, 1, 2, 3])
SIZES = st.sampled_from([0, 100, 1024, 3596, 3597, 4096, 10_000, 100_000])
CHANNELS = st.sampled_from(["A.TO.B", "B.TO.A", "SVRCONN.1"])
TOPICS = st.sampled_from(["T1", "T2"])
#: What each channel type needs (the rest from SYSTEM.DEF.* or the supplied defaults).
CHANNEL_SETTINGS = {
    "SDR": "CONNAME('h(1)') XMITQ(A)",
    "RCVR": "",
    "SVRCONN": "MCAUSER(U)",
    "CLNTCONN": "CONNAME('h(1)')",
}
#: Names for the other queue types: some shared with QUEUES (one name space), some of the
#: system default objects.
OTHER_QUEUES = st.sampled_from(
    ["A", "D", "E", "SYSTEM.DEFAULT.ALIAS.QUEUE", "SYSTEM.DEFAULT.MODEL.QUEUE"]
)
QUEUE_TABLES = ("qlocal", "qalias", "qremote", "qmodel")
#: Attribute settings of the other queue types, by type.
OTHER_SETTINGS = {
    "QALIAS": [
        "TARGET(A)",
        "TARGQ(B)",
        "PUT(DISABLED)",
        "DESCR('alias')",
        "TARGTYPE(QUEUE)",
        "TARGET(T1) TARGTYPE(TOPIC)",
    ],
    "QREMOTE": ["RNAME(A)", "RQMNAME(QMB)", "XMITQ(C)", "DEFPSIST(YES)"],
    "QMODEL": ["DEFTYPE(PERMDYN)", "MAXDEPTH(10)", "STGCLASS(SC2)", "DEFTYPE(SHAREDYN)"],
    "PROCESS": ["APPLICID('TRAN')", "APPLTYPE(MVS)", "USERDATA('x')"],
    "NAMELIST": ["NAMES(A, B)", "NAMES()", "NLTYPE(CLUSTER)"],
}
#: Attribute settings by keyword; a command draws at most one per keyword.
SETTINGS = {
    "MAXDEPTH": ["MAXDEPTH(5000)", "MAXDEPTH(0)", "MAXDEPTH(50)"],
    "DESCR": ["DESCR('x y')", "DESCR(' ')"],
    "STGCLASS": [
        "STGCLASS(SYSTEMST)",
        "STGCLASS(DEFAULT)",
        "STGCLASS(SC2)",
        "STGCLASS(SC3)",
        "STGCLASS(NOSUCH)",
    ],
    "SHARE": ["NOSHARE", "SHARE"],
    "DEFPSIST": ["DEFPSIST(YES)", "DEFPSIST(NO)"],
    "MAXMSGL": ["MAXMSGL(1024)", "MAXMSGL(4194304)"],
    "MSGDLVSQ": ["MSGDLVSQ(FIFO)", "MSGDLVSQ(PRIORITY)"],
    "PUT": ["PUT(DISABLED)", "PUT(ENABLED)"],
    "GET": ["GET(DISABLED)", "GET(ENABLED)"],
    "TRIGGER": [
        "TRIGGER TRIGTYPE(EVERY) INITQ(B) PROCESS(D)",
        "NOTRIGGER",
        "TRIGGER TRIGTYPE(DEPTH) TRIGDPTH(3) INITQ(C) PROCESS(D)",
        "TRIGGER TRIGTYPE(FIRST) INITQ(A) PROCESS(D) TRIGMPRI(4)",
    ],
}
#: Messages that say a change was refused because something is in use (MQRCCF 3207 and kin).
IN_USE = {"MQSC507E", "MQSC503E", "MQSC631E", "MQSC595E", "MQSC501E"}
#: MQ reasons that refuse a put before any message goes (MQOPEN/MQPUT checks): nothing changes.
REFUSED_PUT = {2048, 2051, 2030, 2031, 2085, 2105, 2193, 2059}
#: Steps and seconds of this process's runs (the stress run reports them).
TOTALS = {"checks": 0, "examples": 0, "started": time.monotonic()}


def steps() -> int:
    """Rule steps run so far in this process."""
    return TOTALS["checks"] - TOTALS["examples"]


@st.composite
def attribute_lists(draw, min_size: int = 0) -> list[str]:
    keys = draw(
        st.lists(st.sampled_from(sorted(SETTINGS)), min_size=min_size, max_size=3, unique=True)
    )
    return [draw(st.sampled_from(SETTINGS[k])) for k in keys]


#: Commands on the recovery log's data sets and parameters (DEFINE LOG names a data set no
#: catalog holds: refused, changing nothing).
LOG_COMMANDS = st.sampled_from(
    [
        "ARCHIVE LOG",
        "ARCHIVE LOG MODE(QUIESCE)",
        "ARCHIVE LOG CANCEL OFFLOAD",
        "SET LOG MAXARCH(2)",
        "SET LOG DEFAULT",
        "SET SYSTEM LOGLOAD(200)",
        "SET SYSTEM DEFAULT",
        "SET ARCHIVE TSTAMP(YES) COMPACT(YES)",
        "SET ARCHIVE DEFAULT",
        "DEFINE LOG(QMIN.LOGCOPY1.DS09) COPY(1)",
        "DISPLAY LOG",
        "DISPLAY ARCHIVE",
    ]
)


@functools.cache
def _template() -> QueueManager:
    """The minimal queue manager with three 1 MB active logs per copy."""
    return QueueManager.create(
        "QMIN",
        csqinp1=MINIMAL_CSQINP1,
        csqinp2=MINIMAL_CSQINP2,
        clock=clock,
        config=QMConfig(log_datasets=3, log_megabytes=1),
    )


def fresh():
    qm = _template().copy()
    for name in ("A", "B", "C"):
        assert qm.execute(f"DEFINE QLOCAL({name}) MAXDEPTH(5000)").ok
    return qm


class EngineMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.qm = fresh()
        self.rba = self.qm.state.tables["log"][None].rba
        TOTALS["examples"] += 1
        #: Connections made by the rules (the Python API's objects).
        self.conns: list[mqi.Connection] = []
        #: Per queue, the (MSGIN, MSGOUT) the puts and gets of the rules made since the last
        #: reset; a queue something else moved messages on is dropped until the next reset.
        self.ledger: dict[str, list[int]] = {}
        self.last_stats: dict[str, tuple[int, int]] = {}
        self.expected: set[str] = set()

    def teardown(self) -> None:
        if os.environ.get("MQSC_HYPOTHESIS") == "stress" and TOTALS["examples"] % 250 == 0:
            print(
                f"\n[stateful] {TOTALS['examples']} runs, {steps()} steps, "
                f"{time.monotonic() - TOTALS['started']:.0f} s",
                flush=True,
            )

    # ---- helpers -------------------------------------------------------------------------
    @property
    def tables(self):
        return self.qm.state.tables

    @property
    def running(self) -> bool:
        return self.qm.phase is Phase.RUNNING

    def run(self, text: str, source: CommandSource = CommandSource.SERVER):
        before = self.qm.digest()
        stopped = not self.running
        result = self.qm.execute(text, source=source)
        if not result.ok:
            assert self.qm.digest() == before, f"failed {text!r} changed the state"
        if stopped and not text.startswith("START QMGR"):
            # A stopped queue manager answers everything but START QMGR with CSQ3106E; what
            # the preprocessor refuses (ending with its CSQ9023E, a value out of range too)
            # never reaches it.
            assert (
                result.message_ids[0] in ("CSQ3106E", "CSQN009I", "CSQY000I")
                or result.message_ids[0].startswith("CSQ90")
                or result.message_ids[-1] == "CSQ9023E"
            ), result.message_ids
        return result

    def exists(self, table: str, key) -> bool:
        return key in self.tables[table]

    def depth(self, queue: str) -> int:
        store = self.tables["messages"].get(queue)
        return store.depth if store is not None else 0

    def physical(self, queue: str) -> int:
        store = self.tables["messages"].get(queue)
        return store.physical if store is not None else 0

    def available(self, queue: str) -> int:
        store = self.tables["messages"].get(queue)
        return store.available if store is not None else 0

    # ---- definitions ---------------------------------------------------------------------
    @rule(name=QUEUES, attrs=attribute_lists(), replace=st.booleans(), like=st.none() | QUEUES)
    def define_queue(self, name, attrs, replace, like) -> None:
        existed = self.exists("qlocal", name)
        text = f"DEFINE QLOCAL('{name}') {' '.join(attrs)}"
        text += " REPLACE" if replace else ""
        text += f" LIKE('{like}')" if like else ""
        result = self.run(text)
        if result.ok:
            assert self.exists("qlocal", name)
        elif self.running and existed and not replace:
            assert "MQSC595E" in result.message_ids

    @rule(name=QUEUES, attrs=attribute_lists(min_size=1))
    def alter_queue(self, name, attrs) -> None:
        existed = self.exists("qlocal", name)
        held = self.physical(name)
        old = self.tables["qlocal"][name].get("STGCLASS") if existed else None
        result = self.run(f"ALTER QLOCAL('{name}') {' '.join(attrs)}")
        if not self.running or not existed:
            return
        if result.ok:
            new = self.tables["qlocal"][name].get("STGCLASS")
            assert new == old or not held, "a queue holding messages changed storage class"
        else:
            assert set(result.message_ids) & IN_USE, result.message_ids

    @rule(name=QUEUES, purge=st.booleans())
    def delete_queue(self, name, purge) -> None:
        existed = self.exists("qlocal", name)
        held = self.depth(name)
        # Open (a trigger monitor, a connection's handle) or holding uncommitted changes.
        monitored = self.in_use(name)
        result = self.run(f"DELETE QLOCAL('{name}')" + (" PURGE" if purge else ""))
        if result.ok:
            assert existed and not self.exists("qlocal", name) and not monitored
            assert not self.exists("messages", name)  # PURGE took every message
        elif self.running:
            assert (
                not existed
                or (monitored and "MQSC501E" in result.message_ids)
                or (held and not purge and "MQSC503E" in result.message_ids)
            )

    @rule(
        qtype=st.sampled_from(["QALIAS", "QREMOTE", "QMODEL"]),
        name=OTHER_QUEUES,
        data=st.data(),
        replace=st.booleans(),
    )
    def define_other_queue(self, qtype, name, data, replace) -> None:
        attrs = data.draw(st.lists(st.sampled_from(OTHER_SETTINGS[qtype]), max_size=2, unique=True))
        table = qtype.lower()
        elsewhere = any(self.exists(t, name) for t in QUEUE_TABLES if t != table)
        was_running = self.running
        result = self.run(
            f"DEFINE {qtype}('{name}') {' '.join(attrs)}" + (" REPLACE" if replace else "")
        )
        if result.ok:
            assert self.exists(table, name) and not elsewhere
        elif elsewhere and was_running:
            assert "CSQM099I" in result.message_ids or "CSQ9000E" in result.message_ids

    @rule(
        qtype=st.sampled_from(["QALIAS", "QREMOTE", "QMODEL", "PROCESS", "NAMELIST"]),
        name=OTHER_QUEUES,
    )
    def delete_other(self, qtype, name) -> None:
        existed = self.exists(qtype.lower(), name)
        result = self.run(f"DELETE {qtype}('{name}')")
        if result.ok:
            assert existed and not self.exists(qtype.lower(), name)

    @rule(qtype=st.sampled_from(["PROCESS", "NAMELIST"]), name=OTHER_QUEUES, data=st.data())
    def define_process_or_namelist(self, qtype, name, data) -> None:
        attrs = data.draw(st.lists(st.sampled_from(OTHER_SETTINGS[qtype]), max_size=2, unique=True))
        keywords = [a.split("(")[0] for a in attrs]
        if len(set(keywords)) < len(keywords):
            return
        result = self.run(f"DEFINE {qtype}('{name}') REPLACE {' '.join(attrs)}")
        if result.ok:
            assert self.exists(qtype.lower(), name)

    @rule(name=OTHER_QUEUES | QUEUES, count=st.integers(1, 50))
    def put_through_any_queue(self, name, count) -> None:
        if self.qm.phase is Phase.STOPPED:
            return
        before = self.qm.digest()
        done = self.qm.put(name, count, 2000)
        # As in `put`: only the refusals that happen before anything is stored change
        # nothing (a full page set counts in its statistics and may have expanded first).
        if done.reason in REFUSED_PUT and not done.done and not self.opens_dynamic(name):
            assert self.qm.digest() == before, f"a refused put changed the state: {done}"

    @rule(source=QUEUES, to=QUEUES, add=st.booleans())
    def move_messages(self, source, to, add) -> None:
        self.run(f"MOVE QLOCAL('{source}') TOQLOCAL('{to}')" + (" TYPE(ADD)" if add else ""))

    @rule(name=QUEUES)
    def clear_queue(self, name) -> None:
        result = self.run(f"CLEAR QLOCAL('{name}')")
        if result.ok:
            store = self.qm.state.tables["messages"].get(name)
            assert store is None or store.depth == 0

    @rule()
    def dump_then_replay(self) -> None:
        """A dump replayed into a queue manager built from it holds the same definitions."""
        if self.qm.phase is Phase.STOPPED:
            return
        # DEFINE SUB is a command-server and console command (sources CR), not CSQINP2's:
        # subscriptions are replayed through the command server once the rest has started.
        defs = dump.definitions(self.qm)
        subs = [d for d in defs if d.objtype == "SUB"]
        defs = [d for d in defs if d.objtype != "SUB"]
        csqinp1, csqinp2 = dump.csqinp1_deck(self.qm, defs), dump.csqinp2_deck(self.qm, defs)
        rebuilt = QueueManager.create("QMZ1", csqinp1=csqinp1, csqinp2=csqinp2, clock=self.qm.clock)
        assert all(r.ok for r in rebuilt.start_results)
        assert all(rebuilt.execute(d.command()).ok for d in subs)
        assert dump.definitions(rebuilt) == dump.definitions(self.qm)

    @invariant()
    def one_name_space_for_queues(self) -> None:
        tables = self.qm.state.tables
        names = [name for table in QUEUE_TABLES for name in tables[table]]
        assert len(names) == len(set(names)), "a name held by two queue types"

    @rule(name=CLASSES, psid=PSIDS, replace=st.booleans())
    def define_class(self, name, psid, replace) -> None:
        result = self.run(f"DEFINE STGCLASS({name}) PSID({psid})" + (" REPLACE" if replace else ""))
        if result.ok:
            assert self.tables["stgclass"][name].get("PSID") == psid

    @rule(name=CLASSES, psid=PSIDS)
    def alter_class(self, name, psid) -> None:
        result = self.run(f"ALTER STGCLASS({name}) PSID({psid})")
        if result.ok:
            assert self.tables["stgclass"][name].get("PSID") == psid

    @rule(name=CLASSES)
    def delete_class(self, name) -> None:
        result = self.run(f"DELETE STGCLASS({name})")
        if result.ok:
            assert not self.exists("stgclass", name)

    @rule(psid=PSIDS, pool=POOLS)
    def define_pageset(self, psid, pool) -> None:
        existed = self.exists("pageset", psid)
        offline = existed and self.tables["pageset"][psid].status == "OFFLINE"
        result = self.run(f"DEFINE PSID({psid}) BUFFPOOL({pool}) DSN(MQ.PS{psid})")
        if self.running and psid:
            assert result.ok is (not existed or offline), result.message_ids

    @rule(psid=PSIDS, expand=st.sampled_from(["USER", "SYSTEM", "NONE"]))
    def alter_pageset(self, psid, expand) -> None:
        self.run(f"ALTER PSID({psid}) EXPAND({expand})")

    @rule(psid=PSIDS)
    def delete_pageset(self, psid) -> None:
        ps = self.tables["pageset"].get(psid)
        result = self.run(f"DELETE PSID({psid})")
        if result.ok:
            assert ps is not None and not ps.used and not self.exists("pageset", psid)

    @rule(pool=POOLS, buffers=st.integers(100, 3000), above=st.booleans())
    def alter_pool(self, pool, buffers, above) -> None:
        location = "ABOVE" if above else "BELOW"
        self.run(f"ALTER BUFFPOOL({pool}) BUFFERS({buffers}) LOCATION({location})")

    @rule(pool=POOLS)
    def delete_pool(self, pool) -> None:
        used = any(ps.pool == pool for ps in self.tables["pageset"].values())
        result = self.run(f"DELETE BUFFPOOL({pool})")
        if used:
            assert not result.ok

    @rule(name=CHANNELS, kind=st.sampled_from(sorted(CHANNEL_SETTINGS)), replace=st.booleans())
    def define_channel(self, name, kind, replace) -> None:
        existed, was_running = self.exists("channel", name), self.running
        text = f"DEFINE CHANNEL({name}) CHLTYPE({kind}) {CHANNEL_SETTINGS[kind]}"
        result = self.run(text + (" REPLACE" if replace else ""))
        if result.ok:
            assert self.qm.state.tables["channel"][name].get("CHLTYPE") == kind
        elif was_running and not existed:
            raise AssertionError(f"{text!r} failed: {result.message_ids}")

    @rule(name=CHANNELS)
    def delete_channel(self, name) -> None:
        existed, was_running = self.exists("channel", name), self.running
        result = self.run(f"DELETE CHANNEL({name})")
        if was_running:
            assert result.ok is existed and not self.exists("channel", name)

    @rule(name=TOPICS, topicstr=st.sampled_from(["a", "a/b", "b"]))
    def define_topic(self, name, topicstr) -> None:
        result = self.run(f"DEFINE TOPIC({name}) TOPICSTR('{topicstr}') REPLACE")
        if result.ok:
            strings = [t.get("TOPICSTR") for t in self.qm.state.tables["topic"].values()]
            assert len(strings) == len(set(strings)), "two topics share a topic string"

    @rule(objtype=st.sampled_from(["TOPIC", "SUB"]), name=st.sampled_from(["T1", "S1", "S2"]))
    def delete_topic_or_sub(self, objtype, name) -> None:
        table = objtype.lower()
        existed = self.exists(table, name)
        result = self.run(f"DELETE {objtype}({name})")
        if self.running:
            assert result.ok is existed and not self.exists(table, name)

    @invariant()
    def topic_strings_are_indexed(self) -> None:
        """The topic-string index (mqsc/engine/messaging/topictree.py) names exactly the topic
        objects."""
        tables = self.qm.state.tables
        indexed = {s: t.name for s, t in tables["topicstr"].items()}
        assert indexed == {t.get("TOPICSTR"): n for n, t in tables["topic"].items()}

    @rule(
        name=st.sampled_from(["S1", "S2"]),
        topicstr=st.sampled_from(["a", "a/#", "+", "#", "b"]),
        dest=QUEUES | OTHER_QUEUES,
        wschema=st.sampled_from(["TOPIC", "CHAR"]),
    )
    def define_sub(self, name, topicstr, dest, wschema) -> None:
        result = self.run(
            f"DEFINE SUB({name}) TOPICSTR('{topicstr}') DEST({dest}) WSCHEMA({wschema}) REPLACE"
        )
        if result.ok:
            assert self.exists("sub", name)

    @rule(queue=QUEUES, start=st.booleans())
    def trigger_monitor(self, queue, start) -> None:
        """A trigger monitor opens or closes an initiation queue
        (mqsc/engine/messaging/triggers.py)."""
        if self.qm.phase is Phase.STOPPED:
            return
        before = self.monitors(queue)
        out = self.qm.trigger_monitor(queue, start=start)
        after = self.monitors(queue)
        if out.reason:
            assert after == before
        else:
            assert after == (before + 1 if start else max(0, before - 1))
        # Each trigger message its opening wrote is on the initiation queue.
        assert all(t.initq == queue for t in out.triggers)

    def monitors(self, queue: str) -> int:
        """The trigger monitors this thread runs on ``queue`` (connections of its own)."""
        me = liveness.thread_owner()
        return sum(
            1
            for c in self.tables["conn"].values()
            if c.owner == me and [h.objname for h in c.handles] == [queue]
        )

    @rule(queue=QUEUES)
    def monitor_whose_thread_ends(self, queue) -> None:
        """A trigger monitor run by a thread that then ends: its connection ends with it,
        at the next command or call (MQ closes a connection's handles when it ends)."""
        if self.qm.phase is Phase.STOPPED:
            return
        opened = []
        worker = threading.Thread(target=lambda: opened.append(self.qm.trigger_monitor(queue)))
        worker.start()
        worker.join()
        self.run("DISPLAY QMGR QMNAME")  # any command: the ended thread's connection goes
        assert not [c for c in self.tables["conn"].values() if c.owner.endswith(f":{worker.ident}")]

    @rule(start=st.booleans())
    def channel_initiator(self, start) -> None:
        """START/STOP CHINIT: the channel initiator's connection comes and goes with it."""
        result = self.run("START CHINIT" if start else "STOP CHINIT", CommandSource.CONSOLE)
        chinit = [c for c in self.tables["conn"].values() if c.appltype == "CHINIT"]
        if result.ok:
            assert len(chinit) == (1 if start else 0)

    @invariant()
    def monitored_queues_exist(self) -> None:
        """A queue a connection holds open (a trigger monitor's initiation queue) cannot be
        deleted (MQSC501E)."""
        tables = self.qm.state.tables
        held = {h.objname for c in tables["conn"].values() for h in c.handles}
        assert held <= set(tables["qlocal"])

    @invariant()
    def ended_connections_wait_for_accounting(self) -> None:
        """Every ended connection's final record is of a connection that is no more, in the
        order they ended, within the bound."""
        ended = connregistry.ended(Txn(self.qm.state))
        assert len(ended) <= connregistry.MAX_ENDED
        assert not {e.connection.conn for e in ended} & set(self.tables["conn"])
        assert [e.sequence for e in ended] == sorted(e.sequence for e in ended)
        assert all(not e.connection.handles and e.connection.uow is None for e in ended)

    @invariant()
    def subscription_status_is_of_subscriptions(self) -> None:
        """DISPLAY SBSTATUS figures (mqsc/engine/messaging/topictree.py) belong to existing
        subscriptions."""
        tables = self.qm.state.tables
        assert set(tables["substatus"]) <= set(tables["sub"])
        assert all(s.nummsgs > 0 for s in tables["substatus"].values())

    @rule(name=OTHER_QUEUES, count=st.integers(0, 30), persistent=st.none() | st.booleans())
    def publish(self, name, count, persistent) -> None:
        """A put to a topic alias: every copy lands on a subscription's destination."""
        if self.qm.phase is Phase.STOPPED:
            return
        alias = self.tables["qalias"].get(name)
        before, digest = sum(s.depth for s in self.tables["messages"].values()), self.qm.digest()
        held = sum(s.nummsgs for s in self.tables["substatus"].values())
        out = self.qm.put(name, count, 500, persistent=persistent)
        after = sum(s.depth for s in self.tables["messages"].values())
        delivered = sum(s.nummsgs for s in self.tables["substatus"].values())
        if alias is not None and alias.get("TARGTYPE") == "TOPIC":
            assert after - before <= out.done * len(self.tables["sub"]), out
            # Every copy put is counted on its subscription (DISPLAY SBSTATUS NUMMSGS).
            assert delivered - held == after - before, out
            if not out.done:
                assert self.qm.digest() == digest, f"a refused publication changed the state {out}"

    @rule(
        profile=st.sampled_from(["APP.*", "B.SVRCONN"]),
        action=st.sampled_from(["ADD", "REPLACE", "REMOVE", "REMOVEALL"]),
    )
    def set_chlauth(self, profile, action) -> None:
        before = len(self.qm.state.tables["chlauth"])
        result = self.run(
            f"SET CHLAUTH('{profile}') TYPE(ADDRESSMAP) ADDRESS('10.*') "
            f"USERSRC(CHANNEL) ACTION({action})".replace(
                " USERSRC(CHANNEL) ACTION(REMOVE", " ACTION(REMOVE"
            )
        )
        after = len(self.qm.state.tables["chlauth"])
        if result.ok and action in ("REMOVE", "REMOVEALL"):
            assert after <= before
        elif result.ok:
            assert after >= before

    def opens_dynamic(self, queue: str) -> bool:
        """Whether a put to ``queue`` opens a model queue: the MQOPEN creates a dynamic queue
        (taking and, for TEMPDYN, giving back page set 0 space through pool 0, whose
        statistics count it); a PERMDYN one stays when the put itself is then refused, and
        the messages are on the dynamic queue, not on the model."""
        return queue in self.qm.state.tables["qmodel"]

    @rule(command=commands())
    def any_command(self, command) -> None:
        self.run(format_command(command))

    # ---- messages ------------------------------------------------------------------------
    @rule(
        queue=QUEUES,
        count=st.integers(0, 400),
        size=SIZES,
        persistent=st.none() | st.booleans(),
        batch=st.sampled_from([0, 0, 1, 7, 50]),
    )
    def put(self, queue, count, size, persistent, batch) -> None:
        before = self.depth(queue)
        digest = self.qm.digest()
        out = self.qm.put(queue, count, size, persistent=persistent, batch=batch)
        assert 0 <= out.done <= count
        if out.done < count:
            # 2087/2092: a put to a remote queue definition with no usable transmission queue
            # (IBM "Working with remote queues"; the machine defines QREMOTEs without XMITQ).
            # 2048: persistent messages to a temporary dynamic queue (a TEMPDYN model).
            assert out.reason in (
                2048,
                2053,
                2192,
                2051,
                2030,
                2031,
                2085,
                2087,
                2092,
                2105,
                2193,
                2059,
            ), out
        # A put through a model queue first opens it, which creates a dynamic queue (IBM:
        # MQRC 2105 is an MQPUT reason, the MQOPEN succeeded): see opens_dynamic.
        if (out.reason in REFUSED_PUT or not count) and not self.opens_dynamic(queue):
            assert self.qm.digest() == digest, f"a refused put changed the state: {out}"
        if batch and out.reason:
            assert out.done % batch == 0  # only whole units of work stay
        if not self.opens_dynamic(queue):
            assert self.depth(queue) == before + out.done
            self.counted(queue, out.done, 0)

    @rule(queue=QUEUES, count=st.none() | st.integers(0, 500))
    def get(self, queue, count) -> None:
        before = self.depth(queue)
        available = self.available(queue)  # not what units of work hold uncommitted
        digest = self.qm.digest()
        out = self.qm.get(queue, count)
        if not out.done:
            assert self.qm.digest() == digest, f"a get of nothing changed the state: {out}"
        if out.reason in (2016, 2059, 2085):
            assert out.done == 0
        else:
            assert out.done == (available if count is None else min(count, available))
        assert self.depth(queue) == before - out.done
        self.counted(queue, 0, out.done)

    @rule()
    def restart(self) -> None:
        if self.running:
            assert self.run("STOP QMGR", CommandSource.CONSOLE).ok
        # Units of work in flight are backed out at restart: their gets are available again,
        # their puts gone; units in doubt keep both (their gets out of CURDEPTH).
        flight = {
            c.conn for c in self.tables["conn"].values() if c.uow is not None and not c.uow.prepared
        }
        doubtful = [
            c.uow
            for c in (*self.tables["conn"].values(), *self.tables["indoubt"].values())
            if c.uow is not None and c.uow.prepared
        ]
        kept: dict[str, int] = {}
        for q, store in self.tables["messages"].items():
            for run in store.runs:
                if run.persistent and (run.uow not in flight or not run.uow):
                    kept[q] = kept.get(q, 0) + run.count
        for uow in doubtful:
            for held in uow.gets:
                if held.persistent and held.run:
                    kept[held.queue] -= held.count
        # CSQINP2 reruns; its DEFINEs without REPLACE fail with MQSC595E, as on z/OS.
        assert self.run("START QMGR", CommandSource.CONSOLE).ok
        assert self.running
        assert {q: s.depth for q, s in self.tables["messages"].items()} == {
            q: n for q, n in kept.items() if n
        }
        assert not self.tables["conn"]  # every connection ended with the stop
        self.reset_ledger()  # a restart resets the queue statistics

    # ---- the recovery log -----------------------------------------------------------------
    @rule(command=LOG_COMMANDS)
    def log_command(self, command) -> None:
        self.run(command)

    @rule()
    def suspend_and_resume_the_log(self) -> None:
        if not self.running:
            return
        assert self.run("SUSPEND QMGR LOG", CommandSource.CONSOLE).ok
        held = self.run("DEFINE QLOCAL(HELD.WHILE.SUSPENDED)")
        assert not held.ok and "MQSC662E" in held.message_ids
        assert self.run("RESUME QMGR LOG", CommandSource.CONSOLE).ok

    @invariant()
    def log_rbas_never_go_back(self) -> None:
        log = self.tables["log"][None]
        assert log.rba >= self.rba, f"the log went back from {self.rba:X} to {log.rba:X}"
        self.rba = log.rba
        inventory = self.tables["bsds"].get(None)
        if inventory is None:
            return
        current = inventory.ring[inventory.current]
        assert current.start <= log.rba <= current.start + current.size
        for copy in (1, 2):
            archives = [a for a in inventory.archives if a.copy == copy]
            for one, two in zip(archives, archives[1:], strict=False):
                assert one.start <= one.end < two.start, (one, two)

    # ---- invariants ----------------------------------------------------------------------
    @invariant()
    def pages_are_accounted_for(self) -> None:
        TOTALS["checks"] += 1  # after each step, and once before the first
        tables = self.tables
        held = {
            psid: [math.ceil(ps.object_bytes / constants.PAGE_SIZE), 0]
            for psid, ps in tables["pageset"].items()
        }
        for queue, store in tables["messages"].items():
            assert store.runs, f"{queue} has an empty message store"
            assert store.lists == list_pages(store.physical), queue
            assert store.list_psid in held, (queue, store.list_psid)
            held[store.list_psid][1] += store.lists
            for run in store.runs:
                assert run.count > 0 and run.psid in held, (queue, run)
                held[run.psid][0 if run.persistent else 1] += run.pages
        for psid, ps in tables["pageset"].items():
            assert [ps.persistent, ps.nonpersistent] == held[psid], psid

    @invariant()
    def page_sets_add_up(self) -> None:
        for ps in self.tables["pageset"].values():
            assert ps.unused == ps.total - ps.persistent - ps.nonpersistent >= 0

    @invariant()
    def pools_of_page_sets_exist(self) -> None:
        for ps in self.tables["pageset"].values():
            assert ps.pool in self.tables["pool"], f"page set {ps.psid} has no pool {ps.pool}"

    @invariant()
    def pool_figures_hold(self) -> None:
        for pool in self.tables["pool"].values():
            assert 0 <= pool.changed and 0 <= pool.clean
            assert pool.changed + pool.clean <= pool.buffers
            assert 0 <= pool.stealable <= pool.buffers
            assert sum(s.pages for s in pool.lru) == pool.changed + pool.clean

    @invariant()
    def page_set_0_holds_the_definitions(self) -> None:
        tables = self.qm.state.tables
        expected = sum(size * len(tables[table]) for table, size in constants.OBJECT_BYTES.items())
        # A client-connection channel is larger than a message channel (storage rule PS-6).
        expected += sum(
            constants.CLNTCONN_BYTES - constants.OBJECT_BYTES["channel"]
            for obj in tables["channel"].values()
            if obj.get("CHLTYPE") == "CLNTCONN"
        )
        assert tables["pageset"][0].object_bytes == expected

    # ---- connections, units of work, queue statistics ------------------------------------
    def counted(self, queue: str, put: int, got: int) -> None:
        """A rule's own put or get on ``queue`` (what the statistics must add): a local
        queue's; one through an alias or a model moved another queue's."""
        if queue not in self.tables["qlocal"]:
            self.ledger.pop(queue, None)
            return
        if queue in self.ledger:
            self.ledger[queue][0] += put
            self.ledger[queue][1] += got
        self.expected.add(queue)

    def in_use(self, queue: str) -> bool:
        """Whether a connection holds ``queue`` open or has uncommitted changes to it."""
        return any(
            h.objname == queue for c in self.tables["conn"].values() for h in c.handles
        ) or any(
            c.uow is not None and queue in c.uow.queues
            for c in (
                *self.tables["conn"].values(),
                *(left for left in self.tables["indoubt"].values()),
            )
        )

    def reset_ledger(self) -> None:
        self.ledger = {q: [0, 0] for q in self.tables["qlocal"]}
        self.last_stats = {q: (0, 0) for q in self.ledger}

    @rule(queues=st.just("*") | QUEUES)
    def reset_qstats(self, queues) -> None:
        result = self.run(f"RESET QSTATS({queues})")
        if not result.ok:
            return
        for record in result.objects:
            name = str(record.get("QSTATS"))
            if name in self.ledger:
                assert [record.get("MSGIN"), record.get("MSGOUT")] == self.ledger[name], name
            assert int(record.get("HIQDEPTH")) >= self.depth(name)
            self.ledger[name] = [0, 0]
            self.last_stats[name] = (0, 0)

    @rule(
        tag=st.sampled_from(["JOBA", "JOBB", "RRSJOB"]),
        user=st.sampled_from(["U1", "U2"]),
        queues=st.lists(QUEUES, max_size=2),
    )
    def connect(self, tag, user, queues) -> None:
        """A program connects and opens its queues (for input, then for output)."""
        if len(self.conns) >= 3:
            return
        try:
            kind = "RRSBATCH" if tag == "RRSJOB" else "BATCH"
            conn = self.qm.connection(tag, appltype=kind, userid=user, owner=f"proc-{tag}")
        except NotConnected as refused:
            assert refused.reason == 2059 and not self.running
            return
        self.conns.append(conn)
        for queue, options in zip(queues, (mqi.INPUT, mqi.OUTPUT)):
            try:
                conn.open(queue, options)
            except NotConnected as refused:
                assert refused.reason in (2085, 2001), refused.reason

    def live(self, index: int) -> mqi.Connection | None:
        """The index-th connection of the rules if it still exists (a restart ends them)."""
        if not self.conns:
            return None
        conn = self.conns[index % len(self.conns)]
        if conn.conn not in self.tables["conn"]:
            self.conns.remove(conn)
            return None
        return conn

    @rule(
        index=st.integers(0, 2),
        queue=QUEUES,
        options=st.sampled_from(
            [mqi.INPUT, mqi.OUTPUT, mqi.BROWSE, ("MQOO_INPUT_EXCLUSIVE", "MQOO_SET")]
        ),
    )
    def open_handle(self, index, queue, options) -> None:
        conn = self.live(index)
        if conn is None:
            return
        digest = self.qm.digest()
        try:
            conn.open(queue, options)
        except NotConnected as refused:
            assert refused.reason in (2085, 2059, 2001, 2016, 2051, 2045), refused.reason
            assert self.qm.digest() == digest

    @rule(index=st.integers(0, 2), which=st.integers(0, 5))
    def close_handle(self, index, which) -> None:
        conn = self.live(index)
        if conn is None:
            return
        handles = self.tables["conn"][conn.conn].handles
        if handles:
            conn.close_handle(handles[which % len(handles)].hid)

    @rule(index=st.integers(0, 2), queue=QUEUES, count=st.integers(1, 20), persistent=st.booleans())
    def put_in_unit_of_work(self, index, queue, count, persistent) -> None:
        conn = self.live(index)
        if conn is None or not self.running:
            return
        before = self.depth(queue)
        available = self.available(queue)
        out = conn.put(queue, count=count, size=200, persistent=persistent, syncpoint=True)
        if queue in self.tables["qlocal"]:
            # On the queue from the MQPUT (CURDEPTH counts them), out of every MQGET's reach
            # until the commit (IBM "CurrentQDepth").
            assert self.depth(queue) == before + out.done
            assert self.available(queue) == available
        # MSGIN counts them at the MQPUT, as the connection's activity does (MsgEnqCount
        # "includes messages that have been put to the queue, but have not yet been
        # committed"): the commit or backout that follows moves no statistic.
        self.counted(queue, out.done, 0)
        assert out.done in (0, count) or out.reason == 2192

    @rule(index=st.integers(0, 2), queue=QUEUES, count=st.integers(1, 20))
    def get_in_unit_of_work(self, index, queue, count) -> None:
        conn = self.live(index)
        if conn is None or not self.running:
            return
        before = self.depth(queue)
        out = conn.get(queue, count, syncpoint=True)
        assert self.depth(queue) == before - out.done
        self.counted(queue, 0, out.done)

    @rule(
        index=st.integers(0, 2),
        end=st.sampled_from(["commit", "backout", "prepare", "disconnect", "die"]),
    )
    def end_unit_of_work(self, index, end) -> None:
        conn = self.live(index)
        if conn is None or not self.running:
            return
        if end == "commit":
            conn.commit()
        elif end == "backout":
            conn.backout()
        elif end == "prepare":
            if self.tables["conn"][conn.conn].appltype == "RRSBATCH":
                conn.prepare("RRS", f"NID{index}")
            else:
                # A batch program commits in one phase: no prepare, nothing changed.
                before = self.tables["conn"][conn.conn].uow
                with pytest.raises(mqi.OnePhaseOnly):
                    conn.prepare("RRS", f"NID{index}")
                assert self.tables["conn"][conn.conn].uow == before
        elif end == "disconnect":
            conn.close()
            self.conns.remove(conn)
        else:
            self.qm.end_abnormally([conn.conn])
            self.conns.remove(conn)

    @rule(action=st.sampled_from(["COMMIT", "BACKOUT"]))
    def resolve_indoubt(self, action) -> None:
        names = {left.name for left in self.tables["indoubt"].values()}
        for name in sorted(names):
            assert self.run(f"RESOLVE INDOUBT({name}) ACTION({action}) NID(*)").ok
        assert not self.tables["indoubt"] or not self.running

    @invariant()
    def queue_statistics_are_the_puts_and_gets(self) -> None:
        """For every queue only the rules' own puts and gets touched, RESET QSTATS would
        report exactly what they did since the last reset; a queue whose statistics moved
        otherwise (a trigger message, a move, a publication) leaves the ledger."""
        if not self.ledger and not self.last_stats:
            self.reset_ledger()
        stats = {q: (s.msgin, s.msgout) for q, s in self.tables["qstats"].items() if q is not None}
        for queue in list(self.ledger):
            now = stats.get(queue, (0, 0))
            if queue not in self.tables["qlocal"]:
                assert queue not in stats  # statistics go with the queue
                del self.ledger[queue]
            elif now != self.last_stats.get(queue, (0, 0)) and queue not in self.expected:
                del self.ledger[queue]
        for queue, counts in self.ledger.items():
            assert stats.get(queue, (0, 0)) == tuple(counts), (queue, stats, counts)
        self.last_stats = stats
        self.expected = set()

    @invariant()
    def units_of_recovery_have_distinct_urids(self) -> None:
        """z/OS's URID is the RBA of the unit's first log record (its begin-UR), so no two
        units alive at once, in flight, prepared or in doubt after their connection ended,
        share one."""
        urids = [r.uow.urid for r in self.tables["conn"].values() if r.uow is not None]
        urids += [left.uow.urid for left in self.tables["indoubt"].values()]
        assert len(urids) == len(set(urids)), urids

    @invariant()
    def handles_are_what_qstatus_shows(self) -> None:
        """Every connection's handles are the records of DISPLAY QSTATUS TYPE(HANDLE) and of
        DISPLAY CONN TYPE(HANDLE), and IPPROCS/OPPROCS count them."""
        if not self.running:
            assert not self.tables["conn"]
            return
        conns = self.qm.execute("DISPLAY CONN(*) TYPE(ALL) ALL").objects
        who = {
            o.get("CONN"): (o.get("APPLTAG"), o.get("ASID"), o.get("USERID"))
            for o in conns
            if o.get("TYPE") == "CONN"
        }
        from_conn = sorted(
            (str(o.get("OBJNAME")), *who[o.get("CONN")]) for o in conns if o.get("TYPE") == "HANDLE"
        )
        statuses = self.qm.execute("DISPLAY QSTATUS(*) TYPE(HANDLE) ALL").objects
        from_qstatus = sorted(
            (str(o.get("QSTATUS")), o.get("APPLTAG"), o.get("ASID"), o.get("USERID"))
            for o in statuses
        )
        recorded = sorted(
            (h.objname, c.appltag, c.asid, c.userid)
            for c in self.tables["conn"].values()
            for h in c.handles
        )
        assert from_conn == from_qstatus == recorded
        for status in self.qm.execute("DISPLAY QSTATUS(*) IPPROCS OPPROCS").objects:
            name = str(status.get("QSTATUS"))
            handles = [
                h for c in self.tables["conn"].values() for h in c.handles if h.objname == name
            ]
            assert status.get("IPPROCS") == sum(h.input for h in handles)
            assert status.get("OPPROCS") == sum(h.output for h in handles)


TestEngine = EngineMachine.TestCase
# The default profile keeps the run to a few seconds (30 runs of up to 30 steps);
# MQSC_HYPOTHESIS=stress makes 1,250 runs of up to 60 steps: some 60,000 steps.
_STRESS = os.environ.get("MQSC_HYPOTHESIS") == "stress"
TestEngine.settings = settings(
    max_examples=max(20, settings().max_examples // (4 if _STRESS else 10)),
    stateful_step_count=60 if _STRESS else 30,
    deadline=None,
)
