"""A stateful model of the engine (hypothesis RuleBasedStateMachine).

Random DEFINE/ALTER/DELETE of queues, storage classes, page sets and buffer pools, plus any
command the catalog allows, against QMZ1. After every step:

* a failed command left the state digest exactly as it was;
* a successful DEFINE made the object exist, a successful DELETE removed it;
* every page set's buffer pool exists; pools never have more pages resident than buffers,
  stealable stays between 0 and the buffer count; no page set uses more than its total;
* page set 0 holds exactly the object definitions (PS-6 sizing).
"""

from __future__ import annotations

import math

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from mqsc.batch import dump
from mqsc.engine.lifecycle import Phase
from mqsc.engine.manager import QueueManager
from mqsc.engine.storage import constants as C
from mqsc.language.formatter import format_command
from tests.engine.conftest import fresh_qmz1
from tests.strategies import commands

QUEUES = st.sampled_from(["A.Q", "B.Q", "C.Q", "USER1.ABAR.QUEUE", "SYSTEM.DEFAULT.LOCAL.QUEUE"])
#: Names for the other queue types: some shared with QUEUES (one name space), some of the
#: system default objects.
OTHER_QUEUES = st.sampled_from(["A.Q", "D.Q", "E.Q", "SYSTEM.DEFAULT.ALIAS.QUEUE",
                                "SYSTEM.DEFAULT.MODEL.QUEUE"])
QUEUE_TABLES = ("qlocal", "qalias", "qremote", "qmodel")
#: Attribute settings of the other queue types, by type.
OTHER_SETTINGS = {
    "QALIAS": ["TARGET(A.Q)", "TARGQ(B.Q)", "PUT(DISABLED)", "DESCR('alias')",
               "TARGTYPE(QUEUE)"],
    "QREMOTE": ["RNAME(A.Q)", "RQMNAME(QMB)", "XMITQ(C.Q)", "DEFPSIST(YES)"],
    "QMODEL": ["DEFTYPE(PERMDYN)", "MAXDEPTH(10)", "STGCLASS(SC1)", "DEFTYPE(SHAREDYN)"],
    "PROCESS": ["APPLICID('TRAN')", "APPLTYPE(MVS)", "USERDATA('x')"],
    "NAMELIST": ["NAMES(A, B)", "NAMES()", "NLTYPE(CLUSTER)"],
}
CLASSES = st.sampled_from(["SC1", "SC2", "STGCLS10", "SYSTEMST", "DEFAULT"])
PSIDS = st.sampled_from([4, 10, 20, 21, 41])
POOLS = st.sampled_from([3, 10, 20, 21, 41])
#: Attribute settings by keyword; a command draws at most one per keyword.
SETTINGS = {
    "MAXDEPTH": ["MAXDEPTH(5000)", "MAXDEPTH(0)"],
    "DESCR": ["DESCR('x y')", "DESCR(' ')"],
    "STGCLASS": ["STGCLASS(SC1)", "STGCLASS(STGCLS10)"],
    "SHARE": ["NOSHARE", "SHARE"],
    "DEFPSIST": ["DEFPSIST(YES)"],
    "MAXMSGL": ["MAXMSGL(1024)"],
    "TRIGGER": ["TRIGGER TRIGTYPE(EVERY)"],
}


@st.composite
def attribute_lists(draw, min_size: int = 0) -> list[str]:
    keys = draw(st.lists(st.sampled_from(sorted(SETTINGS)), min_size=min_size, max_size=3,
                         unique=True))
    return [draw(st.sampled_from(SETTINGS[k])) for k in keys]


class _Skipped:
    """The result of a command on a stopped queue manager: no model expectations apply."""

    ok = False
    message_ids = ("CSQM095I", "CSQM107I", "CSQM103I")

    def __init__(self, result) -> None:
        self.result = result


class EngineMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.qm = fresh_qmz1()

    def run(self, text: str):
        before = self.qm.digest()
        stopped = self.qm.phase is Phase.STOPPED
        result = self.qm.execute(text)
        if not result.ok:
            assert self.qm.digest() == before, f"failed {text!r} changed the state"
        if stopped:
            # A stopped queue manager answers everything but START QMGR with CSQ3106E.
            assert result.message_ids[0] in ("CSQ3106E", "CSQN009I", "CSQY000I") or \
                result.message_ids[0].startswith("CSQ90"), result.message_ids
            return _Skipped(result)
        return result

    def exists(self, table: str, key) -> bool:
        return key in self.qm.state.tables[table]

    @rule(name=QUEUES, attrs=attribute_lists(), replace=st.booleans(),
          like=st.none() | QUEUES)
    def define_queue(self, name, attrs, replace, like) -> None:
        existed = self.exists("qlocal", name)
        text = f"DEFINE QLOCAL('{name}') {' '.join(attrs)}"
        text += " REPLACE" if replace else ""
        text += f" LIKE('{like}')" if like else ""
        result = self.run(text)
        if result.ok:
            assert self.exists("qlocal", name)
        elif existed and not replace:
            assert "CSQM095I" in result.message_ids

    @rule(name=QUEUES, attrs=attribute_lists(min_size=1))
    def alter_queue(self, name, attrs) -> None:
        existed = self.exists("qlocal", name)
        result = self.run(f"ALTER QLOCAL('{name}') {' '.join(attrs)}")
        assert result.ok or not existed or "CSQM107I" in result.message_ids

    @rule(name=QUEUES, purge=st.booleans())
    def delete_queue(self, name, purge) -> None:
        existed = self.exists("qlocal", name)
        result = self.run(f"DELETE QLOCAL('{name}')" + (" PURGE" if purge else ""))
        if result.ok:
            assert existed and not self.exists("qlocal", name)
        else:
            assert not existed or "CSQM103I" in result.message_ids

    @rule(qtype=st.sampled_from(["QALIAS", "QREMOTE", "QMODEL"]), name=OTHER_QUEUES,
          data=st.data(), replace=st.booleans())
    def define_other_queue(self, qtype, name, data, replace) -> None:
        attrs = data.draw(st.lists(st.sampled_from(OTHER_SETTINGS[qtype]), max_size=2,
                                   unique=True))
        table = qtype.lower()
        elsewhere = any(self.exists(t, name) for t in QUEUE_TABLES if t != table)
        result = self.run(f"DEFINE {qtype}('{name}') {' '.join(attrs)}"
                          + (" REPLACE" if replace else ""))
        if result.ok:
            assert self.exists(table, name) and not elsewhere
        elif elsewhere and not isinstance(result, _Skipped):
            assert "CSQM099I" in result.message_ids or "CSQ9000E" in result.message_ids

    @rule(qtype=st.sampled_from(["QALIAS", "QREMOTE", "QMODEL", "PROCESS", "NAMELIST"]),
          name=OTHER_QUEUES)
    def delete_other(self, qtype, name) -> None:
        existed = self.exists(qtype.lower(), name)
        result = self.run(f"DELETE {qtype}('{name}')")
        if result.ok:
            assert existed and not self.exists(qtype.lower(), name)

    @rule(qtype=st.sampled_from(["PROCESS", "NAMELIST"]), name=OTHER_QUEUES, data=st.data())
    def define_process_or_namelist(self, qtype, name, data) -> None:
        attrs = data.draw(st.lists(st.sampled_from(OTHER_SETTINGS[qtype]), max_size=2,
                                   unique=True))
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
        if done.reason and not done.done:
            assert self.qm.digest() == before, "a refused put changed the state"

    @rule(source=QUEUES, to=QUEUES, add=st.booleans())
    def move_messages(self, source, to, add) -> None:
        self.run(f"MOVE QLOCAL('{source}') TOQLOCAL('{to}')" + (" TYPE(ADD)" if add
                                                                       else ""))

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
        csqinp1, csqinp2 = dump.csqinp1_deck(self.qm), dump.csqinp2_deck(self.qm)
        rebuilt = QueueManager.create("QMZ1", csqinp1=csqinp1, csqinp2=csqinp2,
                                      clock=self.qm.clock)
        assert all(r.ok for r in rebuilt.start_results)
        assert dump.definitions(rebuilt) == dump.definitions(self.qm)

    @invariant()
    def one_name_space_for_queues(self) -> None:
        tables = self.qm.state.tables
        names = [name for table in QUEUE_TABLES for name in tables[table]]
        assert len(names) == len(set(names)), "a name held by two queue types"

    @rule(name=CLASSES, psid=PSIDS, replace=st.booleans())
    def define_class(self, name, psid, replace) -> None:
        result = self.run(f"DEFINE STGCLASS({name}) PSID({psid})" + (" REPLACE" if replace
                                                                       else ""))
        if result.ok:
            assert self.qm.state.tables["stgclass"][name].get("PSID") == psid

    @rule(name=CLASSES)
    def delete_class(self, name) -> None:
        result = self.run(f"DELETE STGCLASS({name})")
        if result.ok:
            assert not self.exists("stgclass", name)

    @rule(psid=PSIDS, pool=POOLS)
    def define_pageset(self, psid, pool) -> None:
        existed = self.exists("pageset", psid)
        result = self.run(f"DEFINE PSID({psid}) BUFFPOOL({pool}) DSN(MQ.PS{psid})")
        if not isinstance(result, _Skipped):
            assert result.ok is (not existed)

    @rule(psid=PSIDS)
    def delete_pageset(self, psid) -> None:
        result = self.run(f"DELETE PSID({psid})")
        if result.ok:
            assert not self.exists("pageset", psid)

    @rule(pool=POOLS, buffers=st.integers(100, 60000), above=st.booleans())
    def alter_pool(self, pool, buffers, above) -> None:
        location = "ABOVE" if above else "BELOW"
        self.run(f"ALTER BUFFPOOL({pool}) BUFFERS({buffers}) LOCATION({location})")

    @rule(pool=POOLS)
    def delete_pool(self, pool) -> None:
        used = any(ps.pool == pool for ps in self.qm.state.tables["pageset"].values())
        result = self.run(f"DELETE BUFFPOOL({pool})")
        if used:
            assert not result.ok

    @precondition(lambda self: True)
    @rule(command=commands())
    def any_command(self, command) -> None:
        self.run(format_command(command))

    @invariant()
    def pools_of_page_sets_exist(self) -> None:
        tables = self.qm.state.tables
        for ps in tables["pageset"].values():
            assert ps.pool in tables["pool"], f"page set {ps.psid} has no pool {ps.pool}"

    @invariant()
    def pool_figures_hold(self) -> None:
        for pool in self.qm.state.tables["pool"].values():
            assert 0 <= pool.changed and 0 <= pool.clean
            assert pool.changed + pool.clean <= pool.buffers
            assert 0 <= pool.stealable <= pool.buffers
            assert sum(s.pages for s in pool.lru) == pool.changed + pool.clean

    @invariant()
    def page_sets_hold(self) -> None:
        for ps in self.qm.state.tables["pageset"].values():
            assert ps.unused >= 0 and ps.persistent >= 0 and ps.nonpersistent >= 0

    @invariant()
    def page_set_0_holds_the_definitions(self) -> None:
        tables = self.qm.state.tables
        expected = sum(size * len(tables[table]) for table, size in C.OBJECT_BYTES.items())
        ps0 = tables["pageset"][0]
        assert ps0.object_bytes == expected
        assert ps0.persistent == math.ceil(expected / C.PAGE_SIZE)


TestEngine = EngineMachine.TestCase
# A run is up to 30 steps, each hashing the whole state twice: a fifth of the profile's
# examples keeps the default run short; MQSC_HYPOTHESIS=stress scales it up with the rest.
TestEngine.settings = settings(max_examples=max(20, settings().max_examples // 5),
                               stateful_step_count=30, deadline=None)
