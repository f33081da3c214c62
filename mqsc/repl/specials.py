"""The built-in console commands, each one function registered with :func:`mqsc.repl.meta.special`.

They work on the :class:`~mqsc.repl.session.ConsoleSession` they are given and write through its
output; misuse raises :class:`~mqsc.repl.meta.SpecialError` with the usage.
"""

from __future__ import annotations

import argparse
import codecs
import os
import shlex
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

from mqsc.engine.statistics import collect
from mqsc.language.pipeline import parse_one
from mqsc.language.reader import COMMAND_LIMIT, decode
from mqsc.render.statistics import text_lines
from mqsc.render.workload import summary_json, summary_lines
from mqsc.repl import config, dump
from mqsc.repl import help as helptext
from mqsc.repl.meta import SpecialError, help_lines, listing, lookup, special
from mqsc.repl.operations import (
    add_get_arguments,
    add_put_arguments,
    do_get,
    do_put,
    negative,
    restart_lines,
)
from mqsc.support.bounded import read_file
from mqsc.support.files import FileError, check_output, write_output

Session = Any  # mqsc.repl.session.ConsoleSession (imported lazily: it imports this registry)


@special("\\?", "\\?", "list the console commands")
def list_commands(session: Session, argument: str) -> None:
    session.out.text(help_lines(session.out.columns()))


@special(
    "\\help",
    "\\help [verb [object [keyword]]]",
    "MQSC syntax, ranges and defaults (the same as HELP)",
)
def mqsc_help(session: Session, argument: str) -> None:
    session.out.text(helptext.help_lines(argument.split()))


@special(
    "\\connect",
    "\\connect [QMGR]",
    "work on another queue manager of this mqsc home (without a name: which ones)",
)
def connect(session: Session, argument: str) -> None:
    """The console's queue managers are those of its network (docs/channels.md): the one it
    was opened on and the others of the mqsc home, opened when first named."""
    network = session.qm.network
    if network is None:
        raise SpecialError(
            "\\connect: this console works on one queue manager alone "
            "(--memory or --state): there is no other to connect to"
        )
    name = argument.strip().upper()
    if not name:
        others = ", ".join(n for n in network.names() if n != session.qm.name) or "none"
        session.out.note(f"Connected to {session.qm.name}; the others of this mqsc home: {others}.")
        return
    if name == session.qm.name:
        session.out.note(f"Already connected to {name}.")
        return
    qm = network.member(name)
    if qm is None:
        raise SpecialError(
            f"\\connect: no queue manager {name} can be opened in this mqsc "
            "home (mqsc create makes one; a queue sharing group's members do "
            "not take part)"
        )
    session.connect(qm)
    session.out.note(f"Connected to {qm.name} (command prefix {qm.cpf}).")


@special("\\quit", "\\quit", "leave the console", aliases=("\\q", "\\exit"))
def quit_console(session: Session, argument: str) -> None:
    session.done = True


# ---- arguments that name a file or an encoding ----------------------------------------------
def file_argument(command: str, text: str) -> Path:
    """The file a console command names, or a SpecialError saying in one line why it cannot
    be one: every special that takes a path takes it through here (a NUL, which no system
    call accepts, a ``~user`` whose home is unknown)."""
    if not text:
        entry = lookup(command)
        raise SpecialError(f"Usage: {entry.usage if entry is not None else command + ' FILE'}")
    if "\0" in text:
        raise SpecialError(f"{command}: a file name cannot contain a NUL character")
    try:
        return Path(text).expanduser()
    except RuntimeError as error:  # ~user with no such user, or no home directory
        raise SpecialError(f"{command}: {text}: {error}") from None


def encoding_argument(command: str, text: str) -> str:
    """A text encoding a console command names (utf-8, cp037...), or a SpecialError: every
    special that takes an encoding takes it through here."""
    if "\0" in text:
        raise SpecialError(f"{command}: an encoding name cannot contain a NUL character")
    try:
        info = codecs.lookup(text)
    except (LookupError, ValueError):
        raise SpecialError(f"{command}: unknown encoding {text!r}") from None
    if not getattr(info, "_is_text_encoding", True):
        # base64, rot13...: codecs between bytes and bytes, not a deck's encoding.
        raise SpecialError(f"{command}: {text!r} is not a text encoding")
    return info.name


@special(
    "\\read",
    "\\read FILE [ENCODING]",
    "run a deck of MQSC commands as console commands",
    argument="file",
)
def read_deck(session: Session, argument: str) -> None:
    words = argument.split()
    if not words or len(words) > 2:
        raise SpecialError("Usage: \\read FILE [ENCODING] (e.g. cp037 for an EBCDIC deck)")
    path = file_argument("\\read", words[0])
    encoding = encoding_argument("\\read", words[1]) if len(words) > 1 else "utf-8"
    try:
        text = decode(read_file(path), encoding)
    except OSError as error:
        raise SpecialError(f"\\read: {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise SpecialError(f"\\read: {path}: cannot decode: {error.reason}") from None
    commands = session.read(text, str(path), limit=COMMAND_LIMIT)
    for logical in commands:
        session.out.text([f"{session.qm.cpf} {line}" for line in logical.echo])
        session.command(logical)
    session.out.note(f"{len(commands)} commands read from {path}.")


@special(
    "\\format",
    "\\format text|json|table",
    "show results as console text, JSON, or tables",
    choices=config.FORMATS,
)
def set_format(session: Session, argument: str) -> None:
    session.view.format = _choice("\\format", argument, config.FORMATS, session.view.format)


@special(
    "\\style",
    "\\style console|server",
    "console framing, or command-server framing (CSQN205I)",
    choices=config.STYLES,
)
def set_style(session: Session, argument: str) -> None:
    session.view.style = _choice("\\style", argument, config.STYLES, session.view.style)


@special("\\timing", "\\timing on|off", "show how long each command took", choices=("on", "off"))
def set_timing(session: Session, argument: str) -> None:
    value = _choice("\\timing", argument, ("on", "off"), "on" if session.view.timing else "off")
    session.view.timing = value == "on"


@special(
    "\\pager",
    "\\pager on|off",
    "page DISPLAY output longer than the screen ($PAGER, else less -SRXF)",
    choices=("on", "off"),
)
def set_pager(session: Session, argument: str) -> None:
    value = _choice("\\pager", argument, ("on", "off"), "on" if session.view.pager else "off")
    session.view.pager = value == "on"


@special(
    "\\save", "\\save FILE", "write replayable MQSC of the current definitions", argument="file"
)
def save(session: Session, argument: str) -> None:
    path = file_argument("\\save", argument)
    try:
        check_output(path, "deck")
    except FileError as error:
        raise SpecialError(f"\\save: {error}") from None
    if os.path.lexists(path) and not session.ask(f"{path} exists. Replace it?"):
        session.out.note("Not saved.")
        return
    text = dump.deck(session.qm.state.tables, session.qm.info, session.stamp())
    try:
        write_output(path, text, "deck")
    except FileError as error:
        raise SpecialError(f"\\save: {error}") from None
    count = sum(1 for line in text.splitlines() if not line.startswith("*"))
    session.out.note(f"Saved {count} commands to {path}.")


@special(
    "\\config",
    "\\config [save]",
    "show the settings, or save the current ones to the config file",
    choices=("save",),
)
def show_config(session: Session, argument: str) -> None:
    settings = replace(
        session.settings,
        format=session.view.format,
        style=session.view.style,
        timing=session.view.timing,
        pager=session.view.pager,
    )
    if argument == "save":
        try:
            path = config.write(settings)
        except FileError as error:
            raise SpecialError(f"\\config save: {error}") from None
        session.out.note(f"Saved the settings to {path}.")
    elif argument:
        raise SpecialError("Usage: \\config [save]")
    else:
        session.out.text([f"# {config.config_path()}", *config.to_toml(settings).splitlines()])


# ---- the storage simulation and the queue manager's life cycle ------------------------------
class _Arguments(argparse.ArgumentParser):
    """argparse for a console command: misuse is a SpecialError, never an exit."""

    def error(self, message: str) -> NoReturn:
        raise SpecialError(f"{self.prog}: {message} (usage: {self.usage})")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        raise SpecialError((message or self.format_help()).rstrip())


def _parse(command: str, add: Any, argument: str) -> argparse.Namespace:

    special = lookup(command)
    assert special is not None, command  # only registered commands parse arguments
    parser = _Arguments(prog=command, usage=special.usage, add_help=True)
    add(parser)
    try:
        words = shlex.split(argument)
    except ValueError as error:
        raise SpecialError(f"{command}: {error}") from None
    args = parser.parse_args(words)
    args.queue = args.queue.upper()
    problem = negative(args)
    if problem:
        raise SpecialError(f"{command}: {problem}")
    return args


def _workload(session: Session, outcome: Any) -> None:

    qm = session.qm
    if session.view.format == "json":
        session.out.json(summary_json(outcome, qm.name, qm.cpf))
    else:
        session.out.text(summary_lines(outcome, qm.name, qm.cpf))
    if outcome.reason:
        session.failed += 1


@special(
    "\\put",
    "\\put QUEUE [--count N] [--size BYTES] [--persistent] [--batch N]",
    "put messages through the queue's page set and buffer pool (as OEMPUT)",
)
def put_messages(session: Session, argument: str) -> None:

    _workload(session, do_put(session.qm, _parse("\\put", add_put_arguments, argument)))


@special("\\get", "\\get QUEUE [--count N]", "get messages back (as MGET)")
def get_messages(session: Session, argument: str) -> None:

    _workload(session, do_get(session.qm, _parse("\\get", add_get_arguments, argument)))


@special(
    "\\monitor",
    "\\monitor start|stop QUEUE [USERID]",
    "a trigger monitor (as CICS's CKTI) opens or closes an initiation queue",
)
def trigger_monitor(session: Session, argument: str) -> None:
    from mqsc.racf.tso import valid_userid  # noqa: PLC0415 - start-up: RACF's commands load only when the console uses them

    words = argument.split()
    if len(words) not in (2, 3) or words[0] not in ("start", "stop"):
        raise SpecialError("Usage: \\monitor start|stop QUEUE [USERID]")
    initq, start = words[1].upper(), words[0] == "start"
    # CKTI runs in the CICS region, as its started task user, and connects as CICS
    # (MQCONN hlq.CICS); USERID names that user (default: the console's).
    user = words[2].upper() if len(words) == 3 else None
    if user is not None and not valid_userid(user):
        raise SpecialError(f"\\monitor: {user} is not a user id")
    outcome = session.qm.trigger_monitor(initq, start=start, userid=user or "")
    if not outcome.reason:
        if start:
            session.monitors.append(initq)
        elif initq in session.monitors:
            session.monitors.remove(initq)
    _workload(session, outcome)


@special(
    "\\stats",
    "\\stats [reset]",
    "buffer pool (QPST) and page set (QIS1) statistics; reset starts a new interval",
    choices=("reset",),
)
def statistics(session: Session, argument: str) -> None:

    if argument not in ("", "reset"):
        raise SpecialError("Usage: \\stats [reset]")
    qm = session.qm
    with qm.session():
        data = collect(qm)
    if session.view.format == "json":
        session.out.json(
            {"qmgr": qm.name, **{k: {str(i): v for i, v in t.items()} for k, t in data.items()}}
        )
    else:
        session.out.text(text_lines(qm.name, data))
    if argument == "reset":
        qm.reset_statistics()
        session.out.note("A new statistics interval starts now.")


@special(
    "\\restart",
    "\\restart [QUIESCE|FORCE]",
    "STOP QMGR then START QMGR: persistent messages stay, buffer pools start empty",
    choices=("QUIESCE", "FORCE"),
)
def restart(session: Session, argument: str) -> None:

    mode = argument.upper() or "QUIESCE"
    if mode not in ("QUIESCE", "FORCE"):
        raise SpecialError("Usage: \\restart [QUIESCE|FORCE]")

    if not session.confirmed(parse_one(f"STOP QMGR MODE({mode})")):
        return
    session.out.replies(restart_lines(session.qm, mode))


@special(
    "\\tso",
    "\\tso COMMAND",
    "a TSO RACF command (RDEFINE, PERMIT, SETROPTS...) on this mqsc home's RACF "
    "database, as the console's user",
)
def tso(session: Session, argument: str) -> None:
    import datetime as dt  # noqa: PLC0415 - start-up: RACF's commands load only when the console uses them

    from mqsc.racf.background import run_session  # noqa: PLC0415 - start-up: RACF's commands load only when the console uses them
    from mqsc.store import StoreError  # noqa: PLC0415 - start-up: RACF's commands load only when the console uses them
    from mqsc.store.home import QMgrError, security_store  # noqa: PLC0415 - start-up: RACF's commands load only when the console uses them

    if not argument.strip():
        raise SpecialError("Usage: \\tso COMMAND (e.g. \\tso RLIST MQQUEUE * AUTHUSER)")
    try:
        store = security_store()
    except QMgrError as error:
        raise SpecialError(f"\\tso: {error}") from None
    try:
        result = run_session(argument, store, session.qm.user, dt.datetime.now)
    except StoreError as error:
        raise SpecialError(f"\\tso: {error}") from None
    finally:
        store.close()
    lines = [line for step in result.steps for line in step.lines]
    session.out.text(lines or ["READY"])
    if result.rc:
        session.failed += 1


@special(
    "\\user",
    "\\user [USERID]",
    "the user id this console acts as (commands, RACF checks); without one: which",
)
def user(session: Session, argument: str) -> None:
    from mqsc.racf.tso import valid_userid  # noqa: PLC0415 - start-up: RACF's commands load only when the console uses them

    name = argument.strip().upper()
    if not name:
        session.out.note(f"This console acts as user {session.qm.user}.")
        return
    if not valid_userid(name):
        raise SpecialError(
            f"\\user: {name} is not a user id (1-8 characters, the first a letter or #, $, @)"
        )
    session.qm.user = name
    if session.qm.issuer is not None:
        # Event messages name whom the console acts for (EventUserId), as security checks.
        session.qm.issuer = replace(session.qm.issuer, userid=name)
    session.out.note(f"This console now acts as user {name}.")


def _choice(command: str, argument: str, choices: tuple[str, ...], current: str) -> str:
    if not argument:
        raise SpecialError(f"{command} is {current} ({'|'.join(choices)})")
    value = argument.lower()
    if value not in choices:
        raise SpecialError(f"Usage: {command} {'|'.join(choices)}")
    return value


__all__ = ["SpecialError", "help_lines", "listing", "lookup", "special"]
