"""One palette for everything the console colours, as rich and as prompt_toolkit styles.

Renderables and lexers ask for a *style name* (``mqsc.verb``, ``mqsc.msgid.error``), never a
colour, so ``[colors]`` in the config file can restyle anything. Styles are written the rich
way (``bold red``, ``underline bright_blue``); :func:`pt_style_text` translates them for
prompt_toolkit. Nothing is imported from rich or prompt_toolkit until a style is built.
"""

from __future__ import annotations

from collections.abc import Mapping

#: Style name -> rich style. Input roles (from mqsc.language.roles), output parts, the UI.
PALETTE: Mapping[str, str] = {
    # input
    "mqsc.verb": "bold blue",
    "mqsc.objtype": "bold cyan",
    "mqsc.keyword": "cyan",
    "mqsc.value": "green",
    "mqsc.name": "bold green",
    "mqsc.string": "yellow",
    "mqsc.number": "magenta",
    "mqsc.where": "bold blue",
    "mqsc.operator": "magenta",
    "mqsc.paren": "default",
    "mqsc.cpf": "bold magenta",
    "mqsc.comment": "italic bright_black",
    "mqsc.continuation": "bold yellow",
    "mqsc.unknown": "red",
    "mqsc.error": "underline bold red",
    # output
    "mqsc.msgid.info": "green",
    "mqsc.msgid.warning": "yellow",
    "mqsc.msgid.error": "bold red",
    "mqsc.msgid.action": "bold yellow",
    "mqsc.quoted": "yellow",
    "mqsc.note": "italic bright_black",
    "mqsc.heading": "bold",
    # interface
    "mqsc.prompt": "bold",
    "mqsc.toolbar": "default",
    "mqsc.toolbar.syntax": "default",
    "mqsc.toolbar.problem": "bold red",
    "mqsc.toolbar.status": "italic",
}

#: Message id suffix -> style name (z/OS: I information, E error, A action, W warning).
SEVERITY_STYLES = {
    "I": "mqsc.msgid.info",
    "E": "mqsc.msgid.error",
    "A": "mqsc.msgid.action",
    "W": "mqsc.msgid.warning",
    "D": "mqsc.msgid.action",
}

_PT_WORDS = {
    "bold",
    "italic",
    "underline",
    "reverse",
    "blink",
    "hidden",
    "nobold",
    "noitalic",
    "nounderline",
    "noreverse",
    "noblink",
}


def styles(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The palette with the user's overrides (unknown names are kept: they may style new
    parts)."""
    merged = dict(PALETTE)
    merged.update(overrides or {})
    return merged


def pt_style_text(rich_style: str) -> str:
    """A rich style string as prompt_toolkit writes it.

    >>> pt_style_text("bold bright_blue on black")
    'bold fg:ansibrightblue bg:ansiblack'
    """
    out: list[str] = []
    words = rich_style.split()
    background = False
    for word in words:
        if word == "on":
            background = True
            continue
        if word in _PT_WORDS:
            out.append(word)
        elif word == "dim":
            continue
        elif word != "default":
            color = word if word.startswith("#") else "ansi" + word.replace("_", "")
            out.append(("bg:" if background else "fg:") + color)
        background = False
    return " ".join(out)


def rich_theme(overrides: Mapping[str, str] | None = None):
    """A rich Theme of the palette; invalid user styles fall back to the default ones."""
    from rich.errors import StyleSyntaxError  # noqa: PLC0415 - start-up: rich only when output is decorated
    from rich.style import Style  # noqa: PLC0415 - start-up: rich only when output is decorated
    from rich.theme import Theme  # noqa: PLC0415 - start-up: rich only when output is decorated

    checked = {}
    for name, style in styles(overrides).items():
        try:
            Style.parse(style)
        except StyleSyntaxError:
            style = PALETTE.get(name, "default")
        checked[name] = style
    return Theme(checked)


def pt_style(overrides: Mapping[str, str] | None = None):
    """The prompt_toolkit Style of the palette (class names are the dotted style names)."""
    from prompt_toolkit.styles import Style  # noqa: PLC0415 - start-up: prompt_toolkit only when the interactive prompt is built

    rules = []
    for name, style in styles(overrides).items():
        translated = pt_style_text(style)
        try:
            Style([(name, translated)])
        except (ValueError, AssertionError):
            translated = pt_style_text(PALETTE.get(name, "default"))
        rules.append((name, translated))
    return Style(rules)
