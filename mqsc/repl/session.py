"""One console session: what happens to a buffer after Enter.

A buffer is a console command (``\\read deck.mqsc``), ``HELP``, a partial command ending in
``?`` (help for where it stops), or MQSC: one or more logical commands, read with the reader's
z/OS rules. Each command goes to the queue manager as a console command, after a confirmation
when it is destructive, and its result is shown in the session's format and framing. A command
typed with another queue manager's prefix gets MVS's kind of answer, ``MQSC007E word COMMAND
INVALID`` (mqsc's own id: no source for the MVS message was found): z/OS routes a command by its
prefix, and no subsystem owns that one.

The session does no terminal I/O of its own: it writes to an :class:`~mqsc.repl.output.Output`
and asks through the ``ask`` callable it is given, so the interactive loop, the piped loop and
the tests drive the same code.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from mqsc import catalog
from mqsc.catalog import CommandSource
from mqsc.engine.records import RC_SYNTAX, Issuer, Message, Result
from mqsc.language.pipeline import Rejected, parse_logical_command
from mqsc.language.reader import CONSOLE_LIMIT, LogicalCommand, read
from mqsc.language.source import Source
from mqsc.render import commandserver, consoletext, jsonout
from mqsc.render.hints import result_hints
from mqsc.render.visible import visible
from mqsc.repl import help as helptext
from mqsc.repl import meta, safety, specials
from mqsc.repl.config import Settings
from mqsc.repl.nameindex import NameIndex
from mqsc.repl.output import Output
from mqsc.repl.validate import question

Ask = Callable[[str], bool]


class Connector(Protocol):
    """How a console connects to the queue managers it works on (the ``mqsc console`` front end
    gives its user id and process): MQCONN giving the connection's CONN ("" when the queue
    manager refuses it), and MQDISC."""

    def connect(self, qm: Any) -> str: ...

    def disconnect(self, qm: Any, conn: str) -> None: ...


@dataclass(slots=True)
class View:
    """How results are shown: ``\\format``, ``\\style``, ``\\timing`` and ``\\pager``."""

    format: str = "text"
    style: str = "console"
    timing: bool = False
    pager: bool = True


class ConsoleSession:
    """The state of one console: its queue manager, settings, view and output.

    Args:
        qm: the queue manager (a :class:`mqsc.engine.manager.QueueManager`).
        settings: the console settings.
        out: where to write.
        ask: asks a yes/no question; returns the answer.
        interactive: a person is typing (confirmations can be asked, the pager may be used).
        yes: ``--yes``: never ask.
        connector: how the console connects (None: no connection is made).

    """

    def __init__(
        self,
        qm: Any,
        settings: Settings,
        out: Output,
        *,
        ask: Ask,
        interactive: bool = False,
        yes: bool = False,
        connector: Connector | None = None,
    ) -> None:
        self.qm = qm
        # A TSO user at the operations panels: console commands and puts act for them.
        qm.issuer = Issuer(qm.user, qm.user)
        self.settings = settings
        self.view = View(settings.format, settings.style, settings.timing, settings.pager)
        self.out = out
        out.cpf = qm.cpf
        self.ask = ask
        self.interactive = interactive
        self.confirm = "none" if yes else settings.confirm
        self.names = NameIndex(lambda: self.qm.state)
        qm.subscribe(self.names.listener)
        self.done = False
        self.failed = 0
        #: Text to put back in the buffer at the next prompt (after a ``?``).
        self.next_text = ""
        #: The initiation queues this console's ``\\monitor start`` holds open, one per start.
        self.monitors: list[str] = []
        #: How this console connects to a queue manager and disconnects (None: it makes no
        #: connection, as in tests that drive a session alone).
        self.connector = connector
        #: Its connection to each queue manager it sent commands to, by name.
        self.conns: dict[str, tuple[Any, str]] = {}
        self.conn_for(qm)

    def conn_for(self, qm: Any) -> str:
        """This console's connection to ``qm`` (a TSO user's operations and control panels
        connect to the queue manager they work on): made at its first use, kept until
        :meth:`disconnect_all`; the commands it sends carry it."""
        if self.connector is None:
            return ""
        held = self.conns.get(qm.name)
        if held is None or held[0] is not qm:
            held = self.conns[qm.name] = (qm, self.connector.connect(qm))
        return held[1]

    def disconnect_all(self) -> None:
        """MQDISC of every connection this console made (it is ending)."""
        if self.connector is not None:
            for qm, conn in self.conns.values():
                self.connector.disconnect(qm, conn)
        self.conns.clear()

    def close_monitors(self) -> None:
        """Close the trigger monitors this console started: MQ closes a connection's handles
        when it ends (IBM "MQDISC"), at ``\\quit``, end of input and ``\\connect``."""
        while self.monitors:
            self.qm.trigger_monitor(self.monitors.pop(), start=False)

    def connect(self, qm: Any) -> None:
        """Work on another queue manager from now on (``\\connect``): its prefix, its names,
        its prompt, as a z/OS console switches to another system's subsystem. The monitors
        started on the one it leaves are closed with that connection."""
        self.close_monitors()
        self.qm = qm
        self.conn_for(qm)
        self.out.cpf = qm.cpf
        self.names = NameIndex(lambda: self.qm.state)
        qm.subscribe(self.names.listener)

    # ---- one buffer ------------------------------------------------------------------------
    def submit(self, text: str) -> None:
        """Handle one buffer as entered."""
        stripped = text.strip()
        if not stripped:
            return
        if stripped.startswith("\\"):
            self.special(stripped)
        elif question(stripped):
            self.out.text(helptext.question_lines(stripped[:-1], self.qm.cpf))
            self.next_text = text.rstrip()[:-1]
        elif stripped.split(None, 1)[0].upper() == "HELP":
            self.out.text(helptext.help_lines(stripped.split()[1:]))
        else:
            for logical in self.read(text):
                self.command(logical)

    def read(
        self, text: str, name: str = "<console>", *, limit: int = CONSOLE_LIMIT
    ) -> list[LogicalCommand]:
        """The logical commands of a buffer or deck, with this queue manager's prefix known.

        What is typed is held to the z/OS console's 126 characters; a deck read with ``\\read``
        to the data-set limit (``limit=COMMAND_LIMIT``).
        """
        return list(
            read(
                Source(text, name),
                columns="all",
                is_verb=catalog.is_verb,
                prefixes=(self.qm.cpf,),
                limit=limit,
            )
        )

    def special(self, text: str) -> None:
        """Run a console command."""
        word, _, argument = text.partition(" ")
        entry = specials.lookup(word)
        if entry is None:
            self.out.note(f"Unknown console command {word}; \\? lists them.")
            return
        try:
            entry.handler(self, argument.strip())
        except meta.SpecialError as error:
            self.out.note(str(error))

    # ---- one command -----------------------------------------------------------------------
    def command(self, logical: LogicalCommand) -> Result | None:
        """Run one logical command at the console and show its result; None when it was not
        run (not confirmed)."""
        qm = self.qm
        if logical.cpf is not None and logical.cpf.upper() != qm.cpf.upper():
            # Another queue manager's prefix: routed to it when it is one of this home's (as
            # one z/OS console reaches every subsystem of its system), else MVS's answer.
            network = qm.network
            qm = network.by_prefix(logical.cpf) if network is not None else None
        if qm is None:
            result = unknown_prefix(logical, self.qm.cpf)
        else:
            parsed = parse_logical_command(logical)
            if not isinstance(parsed, Rejected) and not self.confirmed(parsed):
                return None
            started = time.perf_counter()
            result = qm.execute_parsed(
                logical, parsed, source=CommandSource.CONSOLE, conn=self.conn_for(qm)
            )
            self.show(result)
            self.channel_messages()
            self.hint(result)
            if self.view.timing:
                self.out.note(f"Time: {1000 * (time.perf_counter() - started):.2f} ms")
            self.failed += not result.ok
            return result
        self.show(result)
        self.failed += 1
        return result

    def channel_messages(self) -> None:
        """What the channels said on the consoles of the network's queue managers while the
        command let them move messages (docs/channels.md): console lines, after the reply."""
        network = self.qm.network
        if network is None:
            return
        lines = network.console_lines()  # taken in every format: never kept
        if lines and self.view.format != "json":
            self.out.replies([visible(line) for line in lines])

    def hint(self, result: Result) -> None:
        """ "Did you mean" for a mistyped word, as a console note after the reply (which stays
        exactly as z/OS gives it)."""
        if not result.ok and self.view.format != "json":
            for line in result_hints(result):
                self.out.note(line)

    def confirmed(self, cmd: Any) -> bool:
        """Whether a command may run: not destructive at this level, or the user said yes."""
        why = safety.reason(cmd, self.qm.state.tables, self.confirm)
        if why is None:
            return True
        if self.ask(f"{why}. Run it?"):
            return True
        self.out.note("Not run.")
        return False

    def show(self, result: Result) -> None:
        """A result in the session's format and framing."""
        if self.view.format == "json":
            self.out.json(jsonout.result_json(result))
        elif self.view.format == "table":
            self.out.tables(result)
        else:
            page = self.interactive and self.view.pager and result.title.startswith("DISPLAY")
            # Paged console lines are made as the pager reads them (the first screen of a
            # DISPLAY of 100,000 queues at once); server framing counts its lines first.
            lines = (
                commandserver.reply_lines(result)
                if self.view.style == "server"
                else consoletext.iter_console_lines(result)
                if page
                else consoletext.console_lines(result)
            )
            self.out.replies(lines, page=page)

    def prompt(self) -> str:
        """The prompt text for this queue manager."""
        return self.settings.prompt_text(self.qm.name, self.qm.cpf)

    def stamp(self) -> str:
        """Now, as \\save writes it."""
        return (
            self.qm.clock().strftime("%Y-%m-%d %H:%M:%S")
            if hasattr(self.qm, "clock")
            else dt.datetime.now().strftime("%Y-%m-%d %H:%M:%S")
        )


def unknown_prefix(logical: LogicalCommand, cpf: str) -> Result:
    """MVS's answer to a command whose prefix no subsystem owns: ``MQSC007E word COMMAND
    INVALID`` (the word is the prefix as typed)."""
    message = Message("MQSC007E", {"command": (logical.cpf or "").upper()})
    return Result(
        text=logical.text.strip(),
        records=(message,),
        ok=False,
        return_code=RC_SYNTAX[0],
        reason_code=RC_SYNTAX[1],
        cpf=cpf,
        echo=logical.echo,
        title=logical.cpf or "",
    )
