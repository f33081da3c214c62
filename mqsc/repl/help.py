"""HELP at the console: syntax diagrams, ranges and defaults, all read from the catalog.

``HELP`` lists the verbs and object types, ``HELP DEFINE`` the commands of a verb,
``HELP DEF QL`` the syntax of one command with a table of its keywords, ``HELP DEF QL MAXDEPTH``
one keyword. A ``?`` at the end of a partial command asks for the help that fits where it
stops (:func:`question_lines`). The toolbar's one-line syntax comes from :func:`syntax`.
Everything is plain text lines; nothing here knows about terminals.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from mqsc import catalog
from mqsc.catalog import (
    Choice,
    CommandSource,
    CommandSpec,
    Flag,
    Integer,
    Keyword,
    Name,
    NameList,
    Size,
    sources,
    storagerules,
)
from mqsc.catalog.absent import FACILITIES
from mqsc.catalog.describe import default_text, kind_text
from mqsc.repl.cursor import context

WIDTH = 78
SOURCE_NAMES = {
    CommandSource.CSQINP1: "CSQINP1",
    CommandSource.CSQINP2: "CSQINP2",
    CommandSource.CONSOLE: "console",
    CommandSource.SERVER: "command server",
}


# ---- syntax --------------------------------------------------------------------------------
def _placeholder(kind: object) -> str:
    if isinstance(kind, Integer):
        return (
            f"{kind.minimum}-{kind.maximum}"
            + ("|*" if kind.star else "")
            + "".join(f"|{word}" for word in kind.words)
        )
    if isinstance(kind, Choice):
        return "|".join(kind.values) if len(kind.values) <= 4 else "value"
    if isinstance(kind, Name):
        return "generic-name" if kind.generic else "name"
    if isinstance(kind, NameList):
        return "name,..."
    if isinstance(kind, Size):
        return "size"
    return "text"


def keyword_syntax(keyword: Keyword) -> str:
    """``MAXDEPTH(0-999999999)``, ``SHARE|NOSHARE``, ``REPLACE|NOREPLACE``."""
    if isinstance(keyword.kind, Flag):
        return f"{keyword.name}|{keyword.negation}" if keyword.negation else keyword.name
    return f"{keyword.name}({_placeholder(keyword.kind)})"


def syntax(spec: CommandSpec, used: frozenset[str] = frozenset()) -> str:
    """The command's syntax on one line; keywords already ``used`` are left out.

    >>> syntax(catalog.COMMANDS[("ALTER", "PSID")])
    'ALTER PSID(0-99) EXPAND(USER|SYSTEM|NONE)'
    """
    head = f"{spec.verb} {spec.objtype}"
    if spec.name is not None:
        name = f"({_placeholder(spec.name)})"
        head += name if spec.name_required else f"[{name}]"
    parts = [head]
    for keyword in spec.keywords.values():
        if not keyword.zos or keyword.name in used:
            continue
        text = keyword_syntax(keyword)
        parts.append(text if keyword.name in spec.required else f"[{text}]")
    if spec.requestable:
        parts.append("[attribute...]")
    if spec.where and "WHERE" not in used:
        parts.append("[WHERE(keyword op value)]")
    return " ".join(parts)


# ---- HELP pages ----------------------------------------------------------------------------
def status_lines(spec: CommandSpec) -> list[str]:
    """What the simulation does with a command it answers as absent or simplifies
    (docs/engine.md), so HELP never promises more than mqsc does."""
    if spec.facility:
        facility = FACILITIES[spec.facility]
        absent = f"absent from the simulation: {facility.help}"
        text = f"In mqsc: answered with {facility.msg_id} ({absent})."
    elif spec.simplified:
        text = f"In mqsc: {spec.simplified}."
    else:
        return []
    return textwrap.wrap(text, WIDTH)


def help_lines(words: Sequence[str]) -> list[str]:
    """The answer to ``HELP word...``."""
    if not words:
        return overview()
    verb = catalog.VERB_WORDS.get(words[0].upper())
    if verb is None:
        return [f"No help for '{words[0]}': it is not an MQSC verb. HELP lists them."]
    if len(words) == 1:
        return verb_lines(verb.name)
    obj = catalog.OBJECT_WORDS.get(words[1].upper())
    spec = catalog.command_spec(verb.name, obj.name) if obj else None
    if spec is None:
        return [f"No command {verb.name} {words[1].upper()}.", *verb_lines(verb.name)]
    if len(words) == 2:
        return command_lines(spec)
    keyword = catalog.meaning(spec, words[2])
    if keyword is None:
        return [f"'{words[2].upper()}' is not a keyword of {spec.title}.", *command_lines(spec)]
    return keyword_lines(spec, keyword)


def overview() -> list[str]:
    """HELP on its own: every verb and object type."""
    lines = [
        "MQSC commands (z/OS). HELP verb [object [keyword]] for details; a ? at the end",
        "of a partial command shows the help that fits; \\? lists the console commands.",
        "",
        "Verbs:",
    ]
    for verb in catalog.VERBS:
        synonyms = f" ({', '.join(verb.synonyms)})" if verb.synonyms else ""
        objects = " ".join(catalog.objects_for(verb.name))
        lines.append(f"  {verb.name + synonyms:<16} {verb.help}")
        lines.append(f"  {'':<16} objects: {objects}")
    lines += ["", "Object types:"]
    for obj in catalog.OBJECT_TYPES:
        synonyms = f" ({', '.join(obj.synonyms)})" if obj.synonyms else ""
        lines.append(f"  {obj.name + synonyms:<16} {obj.help}")
    return lines


def verb_lines(verb: str) -> list[str]:
    """The commands of one verb."""
    lines = [f"{verb} commands (HELP {verb} object for the syntax):"]
    for objtype in catalog.objects_for(verb):
        spec = catalog.COMMANDS[(verb, objtype)]
        lines.append(f"  {spec.title:<18} {spec.help}")
    return lines


def command_lines(spec: CommandSpec) -> list[str]:
    """The syntax diagram of one command, then its keywords with ranges and defaults."""
    sources = ", ".join(SOURCE_NAMES[s] for s in CommandSource if s in spec.sources)
    wrapped = textwrap.wrap(
        syntax(spec), WIDTH, initial_indent="  ", subsequent_indent="      ", break_on_hyphens=False
    )
    lines = [f"{spec.title}: {spec.help}", "", *wrapped, "", f"Issued from: {sources}."]
    if spec.required:
        lines.append("Required: " + ", ".join(spec.required) + ".")
    lines += status_lines(spec)
    rows = [
        (" | ".join(k.spellings), kind_text(k.kind), default_text(k), k.help)
        for k in spec.keywords.values()
        if k.zos
    ]
    if rows:
        lines += ["", *_table(("Keyword", "Value", "Default", "Meaning"), rows)]
    if spec.requestable:
        lines += [
            "",
            *textwrap.wrap(
                "Attributes it can show by name: " + " ".join(sorted(spec.requestable)), WIDTH
            ),
        ]
    if spec.where:
        lines += [
            "",
            *textwrap.wrap("WHERE keywords: " + " ".join(sorted(spec.where)), WIDTH),
            "WHERE operators: EQ NE LT GT LE GE LK NL CT EX CTG EXG",
        ]
    return lines


def keyword_lines(spec: CommandSpec, keyword: Keyword) -> list[str]:
    """One keyword of one command."""
    lines = [
        f"{keyword.name} ({spec.title}): {keyword.help or 'no description'}",
        f"  syntax:  {keyword_syntax(keyword)}",
        f"  value:   {kind_text(keyword.kind)}",
    ]
    default = default_text(keyword)
    if default:
        lines.append(f"  default: {default}")
    others = [s for s in keyword.spellings if s != keyword.name]
    if others:
        lines.append(f"  also:    {', '.join(others)}")
    lines.append(f"  source:  {keyword.verified or 'UNVERIFIED'}")
    # The evidence keys as IBM documentation titles and addresses, which a user can look up.
    lines += [f"           {sources.cite(key)}" for key in sources.keys_in(keyword.verified)]
    # The storage rules it cites, spelled out: a pip-installed console has no docs/ to look in.
    for rule in storagerules.cited(keyword.verified):
        if rule in storagerules.RULES:
            lines += textwrap.wrap(
                storagerules.explain(rule),
                WIDTH,
                initial_indent=" " * 11,
                subsequent_indent=" " * 13,
            )
    return lines


def _table(header: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header) - 1)]
    out = []
    for row in [header, *rows]:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=False)]
        out.append(("  " + "  ".join([*cells, row[-1]])).rstrip())
    return out


def _only_keyword(spec: CommandSpec, partial: str) -> Keyword | None:
    """The keyword a partial word can only be the start of, if just one."""
    found = {
        k.name: k
        for word, k in ((w, spec.keyword(w)) for w in spec.spellings)
        if k is not None and word.startswith(partial.upper())
    }
    return next(iter(found.values())) if len(found) == 1 else None


def question_lines(text: str, cpf: str | None = None) -> list[str]:
    """The help a ``?`` typed after ``text`` asks for: the keyword being typed or whose value
    is being typed, else the command, else the verb, else the overview."""
    ctx = context(text, cpf)
    spec = ctx.spec
    if spec is not None:
        keyword = ctx.keyword if ctx.slot in ("value", "keyword") else None
        if keyword is None and ctx.slot in ("keyword", "where-keyword") and ctx.partial:
            keyword = catalog.meaning(spec, ctx.partial) or _only_keyword(spec, ctx.partial)
        return keyword_lines(spec, keyword) if keyword is not None else command_lines(spec)
    if ctx.verb is not None:
        return verb_lines(ctx.verb)
    verb = catalog.VERB_WORDS.get(ctx.partial.upper()) if ctx.slot == "verb" else None
    return verb_lines(verb.name) if verb is not None else overview()
