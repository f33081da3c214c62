"""CF structure recovery under random workloads, backups and failures.

Three members put and get persistent and nonpersistent messages of random sizes and priorities
on two shared queues of one structure, take backups with random EXCLINT as the clock moves on,
fail the structure and recover it. The contract: after RECOVER TYPE(NORMAL), exactly the
persistent messages committed before the failure are back (same runs, same order), and no
nonpersistent one; a failed command never changes anything; the structure never holds more
than its capacity.
"""

from __future__ import annotations

import datetime as dt

from hypothesis import event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from mqsc.engine.storage import cf
from tests.engine.conftest import NOW, fresh_group

MEMBERS = st.sampled_from(["QSA1", "QSA2", "QSA3"])
QUEUES = st.sampled_from(["PAY.SQ", "PAY2.SQ"])


class Clock:
    def __init__(self) -> None:
        self.now = NOW

    def __call__(self) -> dt.datetime:
        return self.now


def content(group) -> dict[str, list[tuple[int, int, int, int]]]:
    """Persistent runs per queue, as (id, count, size, priority)."""
    out = {}
    for queue, store in group.tables["cfmsgs"].items():
        runs = [(r.id, r.count, r.size, r.priority) for r in store.runs if r.persistent]
        if runs:
            out[queue] = runs
    return out


class RecoveryMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.group = fresh_group()
        self.clock = Clock()
        for member in self.group.members.values():
            member.clock = self.clock
        a = self.group.members["QSA1"]
        assert a.execute("DEFINE QLOCAL(PAY2.SQ) QSGDISP(SHARED) CFSTRUCT(APP1)").ok
        self.failed = False
        self.before_failure: dict | None = None
        self.backed_up = False

    def member(self, name):
        return self.group.members[name]

    @rule(
        who=MEMBERS,
        queue=QUEUES,
        count=st.integers(0, 300),
        size=st.sampled_from([0, 100, 1212, 1213, 4096, 30_000]),
        persistent=st.booleans(),
        priority=st.integers(0, 9),
    )
    def put(self, who, queue, count, size, persistent, priority) -> None:
        out = self.member(who).put(queue, count, size, persistent=persistent, priority=priority)
        if self.failed:
            assert out.done == 0 and out.reason == 2373

    @rule(who=MEMBERS, queue=QUEUES, count=st.none() | st.integers(0, 400))
    def get(self, who, queue, count) -> None:
        self.member(who).get(queue, count)

    @rule(seconds=st.integers(0, 120))
    def time_passes(self, seconds) -> None:
        self.clock.now += dt.timedelta(seconds=seconds)

    @rule(who=MEMBERS, exclint=st.integers(30, 600))
    def backup(self, who, exclint) -> None:
        qm = self.member(who)
        before = qm.digest()
        result = qm.execute(f"BACKUP CFSTRUCT(APP1) EXCLINT({exclint})")
        if result.ok:
            self.backed_up = True
        else:
            assert qm.digest() == before

    @precondition(lambda self: not self.failed)
    @rule(who=MEMBERS)
    def fail(self, who) -> None:
        self.before_failure = content(self.group)
        assert self.member(who).execute("RESET CFSTRUCT(APP1) ACTION(FAIL)").ok
        self.failed = True
        assert content(self.group) == {}

    @precondition(lambda self: self.failed)
    @rule(who=MEMBERS, purge=st.booleans())
    def recover(self, who, purge) -> None:
        qm = self.member(who)
        before = qm.digest()
        result = qm.execute("RECOVER CFSTRUCT(APP1)" + (" TYPE(PURGE)" if purge else ""))
        if not result.ok:
            event("recover refused: no backup")
            assert not purge and not self.backed_up
            assert qm.digest() == before
            return
        event("recovered with PURGE" if purge else "recovered from backup and logs")
        self.failed = False
        if purge:
            self.backed_up = False
            assert content(self.group) == {}
        else:
            # Exactly the persistent messages committed before the failure, nothing else.
            assert content(self.group) == self.before_failure
            nonpersistent = [
                r for s in self.group.tables["cfmsgs"].values() for r in s.runs if not r.persistent
            ]
            assert nonpersistent == []

    @invariant()
    def within_capacity(self) -> None:
        capacity = cf.Capacity(self.group.cfrm.size_kb("APP1"))
        entries = used = 0
        for store in self.group.tables["cfmsgs"].values():
            for run in store.runs:
                entries += run.count
                used += run.count * cf.entry_bytes(run.size)
        assert entries <= capacity.entries and used <= capacity.usable


TestRecovery = RecoveryMachine.TestCase
TestRecovery.settings = settings(
    max_examples=max(20, settings().max_examples // 6), stateful_step_count=30, deadline=None
)
