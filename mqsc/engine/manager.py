"""The simulated queue manager: executes typed commands and returns response records.

It never prints and never reads files: front ends hand it text or commands and render what it
returns. Each command runs in its own transaction; a command that fails leaves the state
exactly as it was, and a command that succeeds is handed, with its changes, to the commit
listeners (the state store) before its completion is reported.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import replace
from enum import Enum

from mqsc import catalog
from mqsc.catalog import PREPROCESSOR_CSECT, CommandSpec, Source
from mqsc.commands import Command
from mqsc.diagnostics import Diagnostic
from mqsc.engine import registry
from mqsc.engine.config import QMConfig
from mqsc.engine.context import CommandFailed, Ctx
from mqsc.engine.objects import QueueManagerInfo
from mqsc.engine.state import Change, State, Txn, digest
from mqsc.language import Parsed, Rejected, iter_parse
from mqsc.messages import CATALOG
from mqsc.reader import Columns, LogicalCommand
from mqsc.responses import (
    RC_FAILED,
    RC_OK,
    RC_SYNTAX,
    DataSetReport,
    Message,
    Record,
    Result,
)
from mqsc.source import Source as TextSource


class Phase(str, Enum):
    """Where the queue manager is in its life."""

    STOPPED = "STOPPED"
    CSQINP1 = "CSQINP1"  # processing the first initialization data set
    CSQINP2 = "CSQINP2"  # processing the second one, after restart
    RUNNING = "RUNNING"


#: Which sources may issue commands in each phase.
PHASE_SOURCES = {
    Phase.CSQINP1: {Source.CSQINP1},
    Phase.CSQINP2: {Source.CSQINP2, Source.CONSOLE},
    Phase.RUNNING: {Source.CONSOLE, Source.SERVER},
    Phase.STOPPED: {Source.CONSOLE},
}

Listener = Callable[["QueueManager", Command, list[Change]], None]
Clock = Callable[[], dt.datetime]
#: An initialization data set: one deck, or a concatenation of decks (text or named sources).
Decks = str | TextSource | Sequence[str | TextSource]


def _decks(decks: Decks, name: str) -> tuple[TextSource, ...]:
    if isinstance(decks, str | TextSource):
        decks = [decks]
    return tuple(d if isinstance(d, TextSource) else TextSource(d, name) for d in decks)


class QueueManager:
    """One simulated z/OS queue manager.

    >>> qm = QueueManager.create("QMA", csqinp1="DEFINE PSID(00) BUFFPOOL(0)",
    ...                          csqinp2="DEFINE QLOCAL(PAY.IN)")
    >>> qm.execute("DISPLAY QLOCAL(PAY.IN) MAXDEPTH").objects[0].get("MAXDEPTH")
    999999999
    """

    def __init__(self, name: str, *, cpf: str | None = None, qsg: str = "",
                 config: QMConfig | None = None, csqinp1: Decks = (), csqinp2: Decks = (),
                 clock: Clock | None = None, user: str = "MQSC") -> None:
        self.state = State()
        self.state.tables["qmgr"][None] = QueueManagerInfo(name, cpf or name, qsg)
        self.config = config or QMConfig()
        self.csqinp1 = _decks(csqinp1, "CSQINP1")
        self.csqinp2 = _decks(csqinp2, "CSQINP2")
        self.clock: Clock = clock or dt.datetime.now
        self.user = user
        self.phase = Phase.STOPPED
        self.checkpoint_gen = 0
        self.listeners: list[Listener] = []
        self.start_results: list[Result] = []
        self.handlers = registry.load()

    # ---- construction ----------------------------------------------------------------------
    @classmethod
    def create(cls, name: str, **options: object) -> QueueManager:
        """A new queue manager, started: CSQINP1, then CSQINP2."""
        qm = cls(name, **options)  # type: ignore[arg-type]
        qm.start()
        return qm

    @property
    def info(self) -> QueueManagerInfo:
        """Name, command prefix and queue sharing group."""
        return self.state.tables["qmgr"][None]

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def cpf(self) -> str:
        return self.info.cpf

    def copy(self) -> QueueManager:
        """An independent copy of this queue manager (a scratch copy for checks), with no
        listeners: nothing done to it is stored."""
        other = QueueManager(self.name, cpf=self.cpf, qsg=self.info.qsg, config=self.config,
                             csqinp1=self.csqinp1, csqinp2=self.csqinp2, clock=self.clock,
                             user=self.user)
        other.state = self.state.copy()
        other.phase = self.phase
        other.checkpoint_gen = self.checkpoint_gen
        return other

    def digest(self) -> str:
        """Fingerprint of the whole state (tests: a failed command must not change it)."""
        return digest(self.state)

    # ---- life cycle ------------------------------------------------------------------------
    def start(self) -> list[Result]:
        """Start: process CSQINP1, open the page sets, then process CSQINP2.

        Returns the results of both data sets (what z/OS writes to CSQOUT1 and CSQOUT2).
        """
        self.phase = Phase.CSQINP1
        results = []
        for deck in self.csqinp1:
            results += self.run(deck, source=Source.CSQINP1)
        self._open_pagesets()
        self.phase = Phase.CSQINP2
        for deck in self.csqinp2:
            results += self.run(deck, source=Source.CSQINP2)
        self.phase = Phase.RUNNING
        self.start_results = results
        return results

    def _open_pagesets(self) -> None:
        from mqsc.engine.pagesets import attach_pool, open_pageset

        txn = Txn(self.state)
        ctx = Ctx(self, txn, Command("START", "QMGR"), catalog.COMMANDS[("START", "QMGR")],
                  Source.CSQINP1)
        for psid in sorted(txn.keys("pageset")):
            attach_pool(ctx, txn.get("pageset", psid).pool)
            open_pageset(ctx, psid)
        self._commit(txn, ctx.cmd)

    def shutdown(self, ctx: Ctx) -> None:
        """STOP QMGR: the queue manager stops after this command."""
        self.phase = Phase.STOPPED

    def usage_datasets(self, ctx: Ctx) -> None:
        """DISPLAY USAGE TYPE(DATASET): the log data sets recovery needs."""
        ctx.add(DataSetReport(()))

    # ---- executing -------------------------------------------------------------------------
    def execute(self, item: str | Command | Parsed, *, source: Source = Source.SERVER) -> Result:
        """Execute one command: MQSC text (exactly one command), or a typed command.

        Never raises for bad input: a command that does not parse comes back as a failed
        result with the z/OS preprocessor messages.
        """
        if isinstance(item, str):
            commands = list(iter_parse(TextSource(item), columns="all"))
            if len(commands) != 1:
                logical = LogicalCommand.of(item)
                rejected = Rejected(logical, (Diagnostic("MQSC006E", {"count": len(commands)},
                                                         logical.source, None),))
                return self._rejected(logical, rejected)
            logical, parsed = commands[0]
            return self.execute_parsed(logical, parsed, source=source)
        if isinstance(item, Rejected):
            return self.execute_parsed(item.logical, item, source=source)
        logical = item.syntax.logical if item.syntax is not None else None
        return self.execute_parsed(logical, item, source=source)

    def run(self, text: str | TextSource, *, source: Source = Source.SERVER,
            columns: Columns = "auto") -> list[Result]:
        """Execute every command of a deck, in order."""
        return list(self.iter_run(text, source=source, columns=columns))

    def iter_run(self, text: str | TextSource, *, source: Source = Source.SERVER,
                 columns: Columns = "auto") -> Iterator[Result]:
        """Execute a deck command by command, yielding each result as it completes."""
        if isinstance(text, str):
            text = TextSource(text)
        for logical, parsed in iter_parse(text, columns=columns):
            yield self.execute_parsed(logical, parsed, source=source)

    def execute_parsed(self, logical: LogicalCommand | None, parsed: Parsed, *,
                       source: Source) -> Result:
        """Execute a parse result (a typed command, or a rejected one)."""
        if isinstance(parsed, Rejected):
            return self._rejected(logical, parsed)
        cmd = parsed
        spec = catalog.COMMANDS[(cmd.verb, cmd.objtype)]
        refusal = self._refusal(cmd, spec, source)
        if refusal is not None:
            return self._result(logical, spec, False, refusal, RC_FAILED)
        if self.phase is Phase.STOPPED:
            return self._start_command(logical, cmd, spec)
        txn = Txn(self.state)
        ctx = Ctx(self, txn, cmd, spec, source)
        try:
            self.handlers[(cmd.verb, cmd.objtype)](ctx)
        except CommandFailed as failure:
            records = [*ctx.records, *failure.records]
            return self._result(logical, spec, False, records, RC_FAILED)
        except Exception:
            # An engine bug: answer as z/OS answers an internal failure (CSQ9017E) and keep
            # the state unchanged; MQSC_STRICT=1 (the test suite) lets the bug surface.
            if os.environ.get("MQSC_STRICT"):
                raise
            message = Message("CSQ9017E", {"verb": cmd.verb})
            return self._result(logical, spec, False, [message], RC_FAILED)
        self._commit(txn, cmd)
        return self._result(logical, spec, True, ctx.records, RC_OK, later=ctx.later)

    def _refusal(self, cmd: Command, spec: CommandSpec, source: Source) -> list[Record] | None:
        """Why the command may not run here and now, as its messages; None when it may."""
        if self.phase is Phase.STOPPED and (cmd.verb, cmd.objtype) != ("START", "QMGR"):
            text = cmd.syntax.text.strip() if cmd.syntax is not None else cmd.title
            return [Message("CSQ3106E", {"csect": "CSQ3EC0X",
                                         "command": f"{self.cpf} {text}"})]
        if cmd.cpf is not None and cmd.cpf.upper() != self.cpf.upper():
            return [Message("MQSC004E", {"cpf": cmd.cpf, "qmgr": self.name})]
        if source not in spec.sources or source not in PHASE_SOURCES[self.phase]:
            # Not allowed from this source or at this stage: CSQN009I COMMAND DISABLED (the
            # closest verified message; the real rejection text is not public, §1).
            return [Message("CSQN009I", {"csect": "CSQNCMDS", "verb": cmd.verb,
                                         "objtype": cmd.objtype})]
        return None

    def _start_command(self, logical: LogicalCommand | None, cmd: Command,
                       spec: CommandSpec) -> Result:
        """START QMGR on a stopped queue manager: a restart."""
        results = self.start()
        records: list[Record] = [
            Message("CSQY000I", {"version": "V9.4.0"}, unsolicited=True),
            Message("CSQR001I", {}, unsolicited=True),
            Message("CSQR002I", {}, unsolicited=True),
        ]
        for result in results:
            records.extend(m for m in result.messages() if not m.msg_id.startswith("CSQ90"))
        records.append(Message("CSQY022I", {}, unsolicited=True))
        return self._result(logical, spec, True, [], RC_OK, later=records)

    def _commit(self, txn: Txn, cmd: Command) -> None:
        changes = txn.commit()
        for listener in self.listeners:
            listener(self, cmd, changes)

    # ---- results ---------------------------------------------------------------------------
    def _result(self, logical: LogicalCommand | None, spec: CommandSpec, ok: bool,
                records: Iterable[Record], codes: tuple[int, int], *,
                later: Iterable[Record] = ()) -> Result:
        completion = Message("CSQ9022I" if ok else "CSQ9023E",
                             {"csect": spec.csect, "command": f" {spec.verb} {spec.objtype}"})
        return Result(
            text=logical.text.strip() if logical is not None else spec.title,
            records=(*records, completion, *later),
            ok=ok,
            return_code=codes[0],
            reason_code=codes[1],
            cpf=self.cpf,
            location=logical.location(len(logical.text) - len(logical.text.lstrip()))
            if logical is not None else None,
            echo=logical.echo if logical is not None else (),
            title=spec.title,
        )

    def _rejected(self, logical: LogicalCommand | None, rejected: Rejected) -> Result:
        """A command that failed its syntax or catalog checks.

        Preprocessor failures end with CSQ9023E from CSQ9SCND quoting the words as typed
        (``'DEFINE QL'``, reference §9.3); value checks made by the command processors
        (CSQP005I, CSQM092I...) end with the command's own completion message.
        """
        diagnostics = rejected.diagnostics
        records: list[Record] = [_message(d) for d in diagnostics]
        spec = _spec_of(rejected.text)
        preprocessor = CATALOG[diagnostics[0].msg_id].component in ("9", "MQSC")
        if spec is not None and not preprocessor:
            return self._result(logical, spec, False, records, RC_FAILED)
        typed = " ".join(_typed_words(rejected.text))
        records.append(Message("CSQ9023E", {"csect": PREPROCESSOR_CSECT, "command": typed}))
        text = rejected.text.strip()
        return Result(text, tuple(records), False, *RC_SYNTAX, cpf=self.cpf,
                      location=logical.location(len(logical.text) - len(logical.text.lstrip()))
                      if logical is not None else None,
                      echo=logical.echo if logical is not None else (),
                      title=typed)


def _message(d: Diagnostic) -> Message:
    return Message(d.msg_id, dict(d.inserts))


def _typed_words(text: str) -> list[str]:
    """The verb and object keyword as typed, upper-cased (``DEF QL``)."""
    words = text.replace(",", " ").split()
    out = [w.upper() for w in words[:1]]
    if len(words) > 1:
        out.append(words[1].split("(", 1)[0].upper())
    return out


def _spec_of(text: str) -> CommandSpec | None:
    words = _typed_words(text)
    if len(words) < 2:
        return None
    verb = catalog.VERB_WORDS.get(words[0])
    objtype = catalog.OBJECT_WORDS.get(words[1])
    if verb is None or objtype is None:
        return None
    return catalog.command_spec(verb.name, objtype.name)


__all__ = ["Phase", "QueueManager", "replace"]
