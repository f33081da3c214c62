"""The built-in console commands, each one function registered with :func:`mqsc.repl.meta.special`.

They work on the :class:`~mqsc.repl.session.ConsoleSession` they are given and write through its
output; misuse raises :class:`~mqsc.repl.meta.SpecialError` with the usage.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from mqsc.reader import decode
from mqsc.repl import config, dump
from mqsc.repl import help as helptext
from mqsc.repl.meta import SpecialError, help_lines, special

Session = Any  # mqsc.repl.session.ConsoleSession (imported lazily: it imports this registry)


@special("\\?", "\\?", "list the console commands")
def list_commands(session: Session, argument: str) -> None:
    session.out.text(help_lines())


@special("\\help", "\\help [verb [object [keyword]]]",
         "MQSC syntax, ranges and defaults (the same as HELP)")
def mqsc_help(session: Session, argument: str) -> None:
    session.out.text(helptext.help_lines(argument.split()))


@special("\\quit", "\\quit", "leave the console", aliases=("\\q", "\\exit"))
def quit_console(session: Session, argument: str) -> None:
    session.done = True


@special("\\read", "\\read FILE [ENCODING]",
         "run a deck of MQSC commands as console commands", argument="file")
def read_deck(session: Session, argument: str) -> None:
    words = argument.split()
    if not words or len(words) > 2:
        raise SpecialError("Usage: \\read FILE [ENCODING] (e.g. cp037 for an EBCDIC deck)")
    path = Path(words[0]).expanduser()
    try:
        text = decode(path.read_bytes(), words[1] if len(words) > 1 else "utf-8")
    except OSError as error:
        raise SpecialError(f"\\read: {path}: {error.strerror}") from None
    except LookupError:
        raise SpecialError(f"\\read: unknown encoding {words[1]!r}") from None
    except UnicodeDecodeError as error:
        raise SpecialError(f"\\read: {path}: cannot decode: {error.reason}") from None
    commands = session.read(text, str(path))
    for logical in commands:
        session.out.text([f"{session.qm.cpf} {line}" for line in logical.echo])
        session.command(logical)
    session.out.note(f"{len(commands)} commands read from {path}.")


@special("\\format", "\\format text|json|table",
         "show results as console text, JSON, or tables", choices=config.FORMATS)
def set_format(session: Session, argument: str) -> None:
    session.view.format = _choice("\\format", argument, config.FORMATS, session.view.format)


@special("\\style", "\\style console|server",
         "console framing, or command-server framing (CSQN205I)", choices=config.STYLES)
def set_style(session: Session, argument: str) -> None:
    session.view.style = _choice("\\style", argument, config.STYLES, session.view.style)


@special("\\timing", "\\timing on|off", "show how long each command took",
         choices=("on", "off"))
def set_timing(session: Session, argument: str) -> None:
    value = _choice("\\timing", argument, ("on", "off"), "on" if session.view.timing else "off")
    session.view.timing = value == "on"


@special("\\save", "\\save FILE", "write replayable MQSC of the current definitions",
         argument="file")
def save(session: Session, argument: str) -> None:
    if not argument:
        raise SpecialError("Usage: \\save FILE")
    path = Path(argument).expanduser()
    if path.exists() and not session.ask(f"{path} exists. Replace it?"):
        session.out.note("Not saved.")
        return
    text = dump.deck(session.qm.state.tables, session.qm.info, session.stamp())
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise SpecialError(f"\\save: {path}: {error.strerror}") from None
    count = sum(1 for line in text.splitlines() if not line.startswith("*"))
    session.out.note(f"Saved {count} commands to {path}.")


@special("\\config", "\\config [save]",
         "show the settings, or save the current ones to the config file", choices=("save",))
def show_config(session: Session, argument: str) -> None:
    settings = replace(session.settings, format=session.view.format, style=session.view.style,
                       timing=session.view.timing)
    if argument == "save":
        path = config.write(settings)
        session.out.note(f"Saved the settings to {path}.")
    elif argument:
        raise SpecialError("Usage: \\config [save]")
    else:
        session.out.text([f"# {config.config_path()}", *config.to_toml(settings).splitlines()])


def _choice(command: str, argument: str, choices: tuple[str, ...], current: str) -> str:
    if not argument:
        raise SpecialError(f"{command} is {current} ({'|'.join(choices)})")
    value = argument.lower()
    if value not in choices:
        raise SpecialError(f"Usage: {command} {'|'.join(choices)}")
    return value
