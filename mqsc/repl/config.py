"""The console's settings: defaults in code, an optional ``config.toml`` over them.

The file is ``$XDG_CONFIG_HOME/mqsc/config.toml``, else ``~/.config/mqsc/config.toml``. It is
read with :mod:`tomllib` and never written unless the user asks (``mqsc console
--write-config`` or ``\\config save``). A bad file never stops the console: each problem becomes a
warning and the default stays. docs/console.md documents every setting.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from mqsc.support.files import (
    FileError,
    check_private_dir,
    private_dir,
    read_private,
    write_private,
)

CONFIRM_LEVELS = ("all", "destructive", "none")
KEY_BINDINGS = ("emacs", "vi")
FORMATS = ("text", "json", "table")
STYLES = ("console", "server")
#: A config file larger than this is not one mqsc wrote or a person typed: not read.
MAX_BYTES = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the user can configure.

    Attributes:
        prompt: prompt template; ``{qmgr}`` and ``{cpf}`` are replaced.
        key_bindings: ``emacs`` or ``vi``.
        confirm: which commands ask first: ``all`` (every command that changes something),
            ``destructive`` (DELETE, RECOVER CFSTRUCT TYPE(PURGE), RESET CFSTRUCT, ALTER
            BUFFPOOL that removes buffers), or ``none``.
        qmgr: the queue manager the console opens when none is named ('' = $MQSC_QMGR/QMZ1).
        format, style, timing: the initial ``\\format``, ``\\style`` and ``\\timing``.
        pager: page long DISPLAY output on a terminal.
        history: keep a history file per queue manager.
        colors: style name -> style (``"mqsc.verb" = "bold blue"``), over the theme.

    """

    prompt: str = "{qmgr}> "
    key_bindings: str = "emacs"
    confirm: str = "destructive"
    qmgr: str = ""
    format: str = "text"
    style: str = "console"
    timing: bool = False
    pager: bool = True
    history: bool = True
    colors: Any = field(default_factory=lambda: MappingProxyType({}))

    def prompt_text(self, qmgr: str, cpf: str) -> str:
        """The prompt for this queue manager.

        >>> Settings(prompt="/{cpf} ").prompt_text("QMZ1", "-QZ1")
        '/-QZ1 '
        """
        try:
            return self.prompt.format(qmgr=qmgr, cpf=cpf)
        except (KeyError, IndexError, ValueError):
            return self.prompt


#: For each setting: the values it may take (a tuple), or its type.
_RULES: dict[str, Any] = {
    "prompt": str,
    "key_bindings": KEY_BINDINGS,
    "confirm": CONFIRM_LEVELS,
    "qmgr": str,
    "format": FORMATS,
    "style": STYLES,
    "timing": bool,
    "pager": bool,
    "history": bool,
}


def config_path() -> Path:
    """Where the config file is (whether or not it exists)."""
    base = os.environ.get("XDG_CONFIG_HOME")
    root = Path(base) if base else Path.home() / ".config"
    return root / "mqsc" / "config.toml"


def load(path: str | os.PathLike[str] | None = None) -> tuple[Settings, list[str]]:
    """Settings from the file (defaults when it does not exist) and the problems found."""
    path = Path(path) if path is not None else config_path()
    try:
        check_private_dir(path.parent, "configuration directory")
        raw = read_private(path, "console config file", limit=MAX_BYTES)
        if raw is None:
            return Settings(), []
        data = tomllib.loads(raw.decode("utf-8"))
    except FileError as error:
        # A link, another user's file or one others may write: its settings (the prompt,
        # the pager...) would be theirs. Defaults, and the reason, as for any bad file.
        return Settings(), [str(error)]
    except (OSError, UnicodeDecodeError) as error:
        return Settings(), [f"{path}: {error}"]
    except tomllib.TOMLDecodeError as error:
        return Settings(), [f"{path}: {error}"]
    return from_mapping(data, str(path))


def from_mapping(data: dict[str, Any], where: str = "config") -> tuple[Settings, list[str]]:
    """Settings from parsed TOML: a ``[console]`` table and a ``[colors]`` table.

    >>> from_mapping({"console": {"confirm": "none", "pager": "yes"}})[1]
    ["config: pager must be true or false, not 'yes'"]
    """
    problems: list[str] = []
    values: dict[str, Any] = {}
    console = data.get("console", {})
    if not isinstance(console, dict):
        return Settings(), [f"{where}: [console] must be a table"]
    for key, value in console.items():
        rule = _RULES.get(key)
        if rule is None:
            problems.append(f"{where}: unknown setting console.{key}")
        elif isinstance(rule, tuple) and value not in rule:
            problems.append(f"{where}: {key} must be one of {', '.join(rule)}, not {value!r}")
        elif rule is bool and not isinstance(value, bool):
            problems.append(f"{where}: {key} must be true or false, not {value!r}")
        elif rule is str and not isinstance(value, str):
            problems.append(f"{where}: {key} must be a string, not {value!r}")
        else:
            values[key] = value
    colors = data.get("colors", {})
    if isinstance(colors, dict) and all(isinstance(v, str) for v in colors.values()):
        values["colors"] = MappingProxyType(dict(colors))
    else:
        problems.append(f"{where}: [colors] must map style names to strings")
    for key in data:
        if key not in ("console", "colors"):
            problems.append(f"{where}: unknown table [{key}]")
    return replace(Settings(), **values), problems


def to_toml(settings: Settings) -> str:
    """The settings as a commented config file."""
    lines = [
        "# mqsc console settings (docs/console.md). Written only when you ask:",
        "# mqsc console --write-config, or \\config save at the console.",
        "",
        "[console]",
    ]
    notes = {
        "prompt": "{qmgr} and {cpf} are replaced",
        "key_bindings": "emacs or vi",
        "confirm": "all, destructive or none (--yes is none)",
        "qmgr": "queue manager to open; empty: $MQSC_QMGR, else QMZ1",
        "format": "text, json or table",
        "style": "console or server framing",
        "pager": "page long DISPLAY output on a terminal",
        "history": "keep a history file per queue manager",
    }
    for f in fields(Settings):
        if f.name == "colors":
            continue
        value = getattr(settings, f.name)
        note = notes.get(f.name)
        lines.append(f"{f.name} = {_toml_value(value)}" + (f"  # {note}" if note else ""))
    lines += [
        "",
        "[colors]",
        "# style name = rich style, e.g.:",
        '# "mqsc.verb" = "bold blue"',
        '# "mqsc.msgid.error" = "bold red"',
    ]
    lines += [f'"{name}" = {_toml_value(style)}' for name, style in settings.colors.items()]
    return "\n".join(lines) + "\n"


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


def write(settings: Settings, path: str | os.PathLike[str] | None = None) -> Path:
    """Write the settings to the config file (the caller asked for it): owner-only, in an
    owner-only directory, written aside and renamed (:mod:`mqsc.support.files`).

    Raises :class:`mqsc.support.files.FileError` when it cannot be written."""
    path = Path(path) if path is not None else config_path()
    private_dir(path.parent, "configuration directory")
    write_private(path, to_toml(settings), "console config file")
    return path
