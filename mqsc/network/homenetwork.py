"""The network of the queue managers of one mqsc home (``$MQSC_HOME/qmgrs``), around the one a
front end opened: the others are opened from their state databases only when a channel needs
them, and closed with it (docs/channels.md).
"""

from __future__ import annotations

from mqsc.engine.channelstate import receiver_ready
from mqsc.engine.manager import QueueManager
from mqsc.network.transport import UNAVAILABLE, Network
from mqsc.store.errors import StoreError
from mqsc.store.home import QMgrError, home, open_qmgr, state_path


class HomeNetwork(Network):
    """The network of the queue managers of this mqsc home (``$MQSC_HOME/qmgrs``), around the
    one a front end opened: the others are opened from their state databases only when a
    channel needs them (a START CHANNEL looks for a listener, a running sender has something
    to move), and closed with it. Only queue managers that already have a state database
    take part: none is created by being looked for."""

    def __init__(self, origin: QueueManager) -> None:
        super().__init__([origin])
        self.origin = origin
        self.opened: list[QueueManager] = []
        self._loaded = False
        #: Queue managers of the home that could not be opened or are not members (a queue
        #: sharing group's): not tried again at every look.
        self._skipped: set[str] = set()

    def _load(self, again: bool = False) -> None:
        """Open the home's other queue managers; ``again``: look for ones created since (a
        console open for hours sees `mqsc create QMZ3 --listener 1416` from another shell)."""
        if self._loaded and not again:
            return
        self._loaded = True

        for name in self._home_names():
            if state_path(name).exists():
                self._open(name)

    @staticmethod
    def _home_names() -> list[str]:

        root = home() / "qmgrs"
        return sorted(p.name for p in root.iterdir() if p.is_dir()) if root.is_dir() else []

    def _open(self, name: str) -> QueueManager | None:
        """A queue manager of the home joins (opened from its state database, which is
        created if it has none yet); None when it cannot be opened now or is not a member
        (a queue sharing group's)."""
        if name in self.members or name in self._skipped:
            return self.members.get(name)
        try:
            qm = open_qmgr(name, clock=self.origin.clock)
        except (QMgrError, StoreError):
            return None  # one that cannot be opened now is unreachable, as a down host is
        if qm.group is not None:
            qm.close()
            self._skipped.add(name)
            return None
        self.opened.append(qm)
        self.add(qm)
        return qm

    def _find(self, conname: str) -> QueueManager | None:
        """The CONNAME rule over the home (StoreError when a member is held too long)."""
        self._load()
        found = super().reach(conname)
        if found is None:
            self._load(again=True)  # perhaps created (or freed) since it was opened
            found = super().reach(conname)
        return found

    def names(self) -> list[str]:
        return sorted({*self.members, *(n for n in self._home_names() if n not in self._skipped)})

    def member(self, name: str) -> QueueManager | None:
        """The queue manager ``name`` of this home, opened now if need be (its state database
        made, as `mqsc run -m` makes it, when it is named on purpose)."""
        return self._open(name) if name in self._home_names() else self.members.get(name)

    def by_prefix(self, cpf: str) -> QueueManager | None:
        self._load(again=True)
        return super().by_prefix(cpf)

    def reach(self, conname: str) -> QueueManager | None:
        try:
            return self._find(conname)
        except StoreError:
            return None  # a queue manager another process holds too long: not reachable now

    def partner(self, qm: QueueManager, conname: str, channel: str) -> str:
        try:
            target = self._find(conname)
            if target is None:
                return super().partner(qm, conname, channel)  # why nothing is reached
            return receiver_ready(target.channel_state(), target.channel_definition(channel))
        except StoreError:
            # START CHANNEL while the partner is held by another process: the sender retries,
            # as for a partner that does not answer, instead of the command failing.
            return "the partner queue manager is held by another process"

    def _attempt(self, qm: QueueManager, step) -> str:
        try:
            return super()._attempt(qm, step)
        except StoreError:
            return UNAVAILABLE  # held by another process past MQSC_LOCK_TIMEOUT: tried later

    def settle(self, qm: QueueManager | None = None) -> None:
        # Read without a session (its state as its last command left it): a deck of 50,000
        # commands on a queue manager whose channel initiator is not started pays nothing.
        if not self._loaded and not self.origin.info.chinit.active:
            return  # no channel of the origin can run, and no other member is open
        self._load()
        try:
            super().settle(qm)
        except StoreError:
            pass  # a partner held by another process: its channels move on the next command

    def detach(self, qm: QueueManager) -> None:
        """The front end closes its queue manager: the others opened for it close too."""
        if qm is self.origin:
            for other in self.opened:
                self.leave(other)
                other.close()
            self.opened = []


def join_home(qm: QueueManager) -> HomeNetwork:
    """Let a queue manager's channels reach the other queue managers of this home."""
    return HomeNetwork(qm)
