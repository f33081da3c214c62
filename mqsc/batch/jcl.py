"""A JCL subset: enough for a deck to live in the job that runs it on z/OS.

Supported (docs/batch.md; rules from secondary sources, the MVS JCL Reference):

* ``//name JOB`` with accounting and programmer fields, CLASS, MSGCLASS, NOTIFY, USER, COND and
  the keywords that only matter to a real system (REGION, TIME, MSGLEVEL...), accepted and
  ignored (``NOTIFY=&SYSUID`` included);
* ``//name EXEC PGM=x,PARM=...,COND=...`` (PARM as the program receives it: without the
  enclosing parentheses or apostrophes, ``''`` and ``&&`` undoubled, at most 100 characters);
* ``//name DD *`` and ``DD DATA`` with in-stream data ending at ``/*`` (a ``DD *`` also at the
  next ``//`` statement, and only at DLM= when given), ``DD DUMMY``, ``DD SYSOUT=class``,
  ``DD DSN=name[(member)],DISP=...`` (files in a catalog directory), temporary data sets
  ``DSN=&&name`` passed from step to step (named for the job when it runs, deleted when it
  ends), partitioned data sets allocated with directory blocks in SPACE (or DSORG=PO,
  DSNTYPE=PDS/LIBRARY), work data sets with no name (``DD UNIT=SYSDA,SPACE=...``: empty
  scratch space, as DUMMY), unnamed DDs that
  concatenate to the one before, in-stream data with no DD (JES generates ``//SYSIN DD *``);
* comment statements ``//*``, the null statement ``//``, JES2 control statements ``/*JOBPARM``
  (ignored), continuation after a comma with ``//`` and a blank in column 3, apostrophe values
  continued in column 16; columns 73-80 of JCL statements are sequence numbers.

What is outside the subset (procedures, IF/THEN/ELSE, SET, INCLUDE)
stops the job with MQSC211E, as a JCL error would: nothing runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from mqsc.batch import jclif, names
from mqsc.batch.jclparams import (
    Cond,
    CondTest,
    Value,
    dcb_allocation,
    parm_string,
    parse_cond,
    split_operands,
    value,
    word,
)
from mqsc.batch.systemmsgs import emulator_line, line
from mqsc.language.source import Source
from mqsc.store.vtoc import Allocation

#: Significant columns of a JCL statement; column 72 marks a continued comment.
STATEMENT_WIDTH = 71
#: In-stream data records are card images.
RECORD_WIDTH = 80
#: A program receives at most 100 PARM characters (secondary sources).
PARM_MAX = 100

#: Keywords accepted and ignored: they matter only to a real system.
JOB_IGNORED = frozenset(
    {
        "ADDRSPC",
        "BYTES",
        "CARDS",
        "CCSID",
        "DSENQSHR",
        "EMAIL",
        "GROUP",
        "JESLOG",
        "LINES",
        "MEMLIMIT",
        "MSGLEVEL",
        "PAGES",
        "PASSWORD",
        "PERFORM",
        "PRTY",
        "RD",
        "REGION",
        "REGIONX",
        "SCHENV",
        "SECLABEL",
        "SYSAFF",
        "SYSTEM",
        "TIME",
        "UJOBCORR",
    }
)
JOB_UNSUPPORTED = frozenset({"RESTART", "JOBRC"})
#: TYPRUN values: SCAN checks the JCL without running it (MVS JCL Reference, "TYPRUN
#: parameter"); HOLD, JCLHOLD and COPY need an operator or a printer, which mqsc has not.
TYPRUN_SUPPORTED = frozenset({"SCAN"})
EXEC_IGNORED = frozenset(
    {
        "ACCT",
        "ADDRSPC",
        "CCSID",
        "DPRTY",
        "DYNAMNBR",
        "MEMLIMIT",
        "PERFORM",
        "RD",
        "REGION",
        "REGIONX",
        "TIME",
        "TVSMSG",
        "TVSAMCOM",
    }
)
EXEC_UNSUPPORTED = frozenset({"PARMDD"})
DD_IGNORED = frozenset(
    {
        "DCB",
        "LRECL",
        "RECFM",
        "BLKSIZE",
        "DSORG",
        "DSNTYPE",
        "SPACE",
        "UNIT",
        "VOL",
        "VOLUME",
        "LABEL",
        "STORCLAS",
        "MGMTCLAS",
        "DATACLAS",
        "HOLD",
        "OUTPUT",
        "FREE",
        "AVGREC",
        "RETPD",
        "EXPDT",
        "DEST",
        "COPIES",
    }
)
DD_UNSUPPORTED = frozenset({"PATH", "PATHDISP", "PATHOPTS", "PATHMODE", "SYMBOLS", "SUBSYS"})
#: Operations outside the subset.
UNSUPPORTED_OPERATIONS = frozenset(
    {"INCLUDE", "OUTPUT", "CNTL", "ENDCNTL", "EXPORT", "SCHEDULE", "XMIT", "COMMAND"}
)
#: Procedures nest at most 15 deep (JCL Reference, "EXEC statement").
PROC_DEPTH = 15
#: The procedure library searched after the JCLLIB ORDER libraries (the system's PROCLIB).
DEFAULT_PROCLIB = "SYS1.PROCLIB"
#: Finds a cataloged procedure: (member, libraries to search) -> its cards, or None.
ProcLibrary = Callable[[str, tuple[str, ...]], "list[str] | None"]
_SYMBOL = re.compile(rf"&&|&({names.NAME})(\.)?")
#: IF/THEN/ELSE/ENDIF constructs nest at most 15 deep (JCL Reference).
IF_DEPTH = 15


# ---- the parsed job ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DataDefinition:
    """One DD statement (an unnamed one continues the concatenation of the one before)."""

    name: str
    statement: int
    kind: str  # "instream", "dsn", "sysout", "dummy"
    records: tuple[str, ...] = ()
    dsn: str = ""
    member: str = ""
    disp: tuple[str, str, str] = ("NEW", "KEEP", "KEEP")
    sysout: str = ""
    generated: bool = False
    concatenation: tuple[DataDefinition, ...] = ()
    #: A new data set allocated as partitioned (a library of members).
    partitioned: bool = False
    #: The attributes the statement gives a new data set (DCB, SPACE, DSNTYPE, VOL=SER).
    allocation: Allocation | None = None

    @property
    def parts(self) -> tuple[DataDefinition, ...]:
        return (self, *self.concatenation)


@dataclass(frozen=True, slots=True)
class Clause:
    """A step's place in an IF/THEN/ELSE/ENDIF construct: the IF statement's number and
    expression, and whether the step is in its THEN clause (True) or ELSE clause (False)."""

    statement: int
    expression: tuple
    then: bool


@dataclass(frozen=True, slots=True)
class Step:
    """An EXEC statement with its DD statements."""

    name: str
    program: str
    parm: str
    cond: Cond
    statement: int
    dds: tuple[DataDefinition, ...] = ()
    #: The IF constructs the step is in, outermost first.
    when: tuple[Clause, ...] = ()
    #: The procedure step name, when the step comes from a procedure.
    procstep: str = ""

    def dd(self, name: str) -> DataDefinition | None:
        return next((d for d in self.dds if d.name == name), None)


@dataclass(frozen=True, slots=True)
class ListingLine:
    """A line of the JESJCL listing: the statement number (None on continuation and comment
    cards) and the card."""

    number: int | None
    card: str


@dataclass(frozen=True, slots=True)
class JclError:
    """A JCL error: the statement it is on and the message line."""

    statement: int
    message: str


@dataclass(frozen=True, slots=True)
class Job:
    """One job: its JOB statement, steps, the JESJCL listing and any JCL errors."""

    name: str
    owner: str
    jobclass: str = "A"
    msgclass: str = "A"
    cond: tuple[CondTest, ...] = ()
    steps: tuple[Step, ...] = ()
    listing: tuple[ListingLine, ...] = ()
    cards: int = 0
    errors: tuple[JclError, ...] = ()
    #: TYPRUN=SCAN: the JCL is converted and checked, no step runs, nothing is allocated.
    scan: bool = False


# ---- statements ----------------------------------------------------------------------------
@dataclass
class _Statement:
    number: int
    line: int
    name: str
    operation: str
    operands: str
    cards: list[str] = field(default_factory=list)


@dataclass
class _Builder:
    """State while reading one job."""

    owner: str
    start: int = 0
    job: _Statement | None = None
    job_keywords: dict[str, Value] = field(default_factory=dict)
    steps: list[dict] = field(default_factory=list)
    listing: list[ListingLine] = field(default_factory=list)
    errors: list[JclError] = field(default_factory=list)
    number: int = 0
    #: Open IF constructs: (IF statement number, expression, in the ELSE clause).
    ifs: list[list] = field(default_factory=list)
    #: Cataloged procedures; in-stream ones by name (their cards, PROC statement first).
    library: ProcLibrary | None = None
    procs: dict[str, list[str]] = field(default_factory=dict)
    #: JCLLIB ORDER libraries; SET symbols.
    order: tuple[str, ...] = ()
    symbols: dict[str, str] = field(default_factory=dict)
    #: The procedure being expanded, or the last one called: the EXEC name, the listing
    #: prefix (XX cataloged, ++ in-stream), the symbols, where its steps start and end.
    call: dict | None = None
    depth: int = 0

    def error(self, statement: int, message: str) -> None:
        self.errors.append(JclError(statement, message))


def parse(source: Source, *, owner: str = "USER1", library: ProcLibrary | None = None) -> list[Job]:
    """The jobs of a JCL file, in order (a JOB statement starts each; cards before the first
    JOB statement and after a null statement are not part of any job, as JES2 flushes them).
    ``library`` finds cataloged procedures (None: only in-stream procedures exist)."""
    lines = [line.rstrip("\r") for line in source.text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    jobs: list[Job] = []
    builder: _Builder | None = None
    index = 0
    while index < len(lines):
        card = lines[index]
        if _is_job_card(card):
            if builder is not None:
                jobs.append(_finish(builder, index))
            builder = _Builder(owner, start=index, library=library)
        elif builder is None:
            index += 1
            continue
        if card.startswith("//*"):
            builder.listing.append(ListingLine(None, _shown(card)))
            index += 1
        elif card.startswith("/*"):
            index += 1  # a JES2 control statement (/*JOBPARM), or a stray delimiter
        elif not card.startswith("//"):
            index = _implicit_sysin(builder, lines, index)
        elif not card[2:72].strip():
            builder.number += 1
            builder.listing.append(ListingLine(builder.number, "//"))
            jobs.append(_finish(builder, index + 1))
            builder = None
            index += 1
        else:
            statement, index = _read_statement(builder, lines, index)
            _substitute(builder, statement, builder.symbols)
            if statement.operation == "PROC":
                index = _instream_procedure(builder, statement, lines, index)
            else:
                index = _handle(builder, statement, lines, index)
    if builder is not None:
        jobs.append(_finish(builder, index))
    return jobs


def _shown(card: str) -> str:
    """A card as JESJCL lists it: the 80-column image, trailing blanks dropped."""
    return card[:RECORD_WIDTH].rstrip()


def _is_job_card(card: str) -> bool:
    fields = card[2:].split() if card.startswith("//") and card[2:3] not in (" ", "*") else []
    return len(fields) >= 2 and fields[1] == "JOB"


def _read_statement(builder: _Builder, lines: list[str], index: int) -> tuple[_Statement, int]:
    """A statement and its continuation cards; returns the index after them."""
    card = lines[index][:STATEMENT_WIDTH]
    builder.number += 1
    number = builder.number
    name_field, rest = _split_name(card)
    words = rest.split(None, 1)
    operation = words[0] if words else ""
    operands, quoted_open = _operand_field(words[1] if len(words) > 1 else "")
    statement = _Statement(
        number, index + 1, name_field, operation, operands, [_shown(lines[index])]
    )
    builder.listing.append(ListingLine(number, _shown(lines[index])))
    index += 1
    while (operands.endswith(",") or quoted_open) and index < len(lines):
        nxt = lines[index][:STATEMENT_WIDTH]
        if not nxt.startswith("// ") or nxt.startswith("//*"):
            builder.error(number, line("IEFC621I"))
            break
        index += 1
        builder.listing.append(ListingLine(None, _shown(lines[index - 1])))
        statement.cards.append(_shown(lines[index - 1]))
        if quoted_open:
            more, quoted_open = _continue_quote(nxt)
        else:
            more, quoted_open = _operand_field(nxt[2:].lstrip())
        operands += more
        statement.operands = operands
    return statement, index


def _split_name(card: str) -> tuple[str, str]:
    if card[2:3] == " ":
        return "", card[2:]
    head, _, rest = card[2:].partition(" ")
    return head, rest


def _operand_field(text: str) -> tuple[str, bool]:
    """The operand field up to the first blank outside apostrophes (the rest is a comment);
    whether an apostrophe value is still open at column 71."""
    out = []
    quoted = False
    for ch in text:
        if ch == "'":
            quoted = not quoted
        elif ch == " " and not quoted:
            break
        out.append(ch)
    return "".join(out), quoted


def _continue_quote(card: str) -> tuple[str, bool]:
    """An apostrophe value continues in column 16 of the next card (secondary sources)."""
    text = card[15:STATEMENT_WIDTH].rstrip()
    field_text, quoted = _operand_field(text)
    return field_text, quoted


def _implicit_sysin(builder: _Builder, lines: list[str], index: int) -> int:
    """In-stream data with no DD statement: JES2 generates ``//SYSIN DD *``."""
    records, index = _instream(lines, index, None, data=False)
    if not builder.steps:
        builder.error(builder.number, line("IEFC019I"))
        return index
    builder.number += 1
    builder.listing.append(ListingLine(builder.number, "//SYSIN DD *  GENERATED STATEMENT"))
    builder.steps[-1]["dds"].append(
        DataDefinition("SYSIN", builder.number, "instream", records, generated=True)
    )
    return index


def _instream(
    lines: list[str], index: int, dlm: str | None, *, data: bool
) -> tuple[tuple[str, ...], int]:
    """Records from ``index`` to the delimiter; the index of the line after it (the
    delimiter is consumed, a ``//`` statement that ends ``DD *`` data is not)."""
    records: list[str] = []
    while index < len(lines):
        raw = lines[index]
        if dlm is not None:
            if raw.startswith(dlm):
                return tuple(records), index + 1
            if not data and raw.startswith("//"):
                return tuple(records), index
        elif raw.startswith("/*"):
            return tuple(records), index + 1
        elif not data and raw.startswith("//"):
            return tuple(records), index
        records.append(raw[:RECORD_WIDTH])
        index += 1
    return tuple(records), index


# ---- operands ------------------------------------------------------------------------------
def _keywords(
    builder: _Builder, statement: _Statement, what: str
) -> tuple[list[Value], dict[str, Value]]:
    parts = split_operands(statement.operands)
    if parts is None:
        builder.error(statement.number, line("IEFC007I", what=what))
        return [], {}
    positional: list[Value] = []
    keywords: dict[str, Value] = {}
    for part in parts:
        if not part:
            continue  # a trailing comma whose continuation never came (IEFC621I said so)
        key, eq, text = part.partition("=")
        if eq and re.fullmatch(r"[A-Z][A-Z0-9]*(\.[A-Z0-9]+)?", key):
            parsed = value(text) if text else ""
            if parsed is None:
                builder.error(statement.number, line("IEFC630I", keyword=key))
                continue
            keywords["DSN" if key == "DSNAME" else key] = parsed
        else:
            parsed = value(part) if part else ""
            positional.append(parsed if parsed is not None else part)
    return positional, keywords


# ---- statement handlers --------------------------------------------------------------------
def _handle(builder: _Builder, statement: _Statement, lines: list[str], index: int) -> int:
    op = statement.operation
    qualified = op == "DD" and names.is_qualified_ddname(statement.name or "")
    if statement.name and not names.is_name(statement.name) and not qualified:
        builder.error(statement.number, line("IEFC662I"))
    if op in UNSUPPORTED_OPERATIONS:
        builder.error(statement.number, _unsupported(f"statement {op}"))
    elif op in ("IF", "ELSE", "ENDIF"):
        return _if_statement(builder, statement, lines, index)
    elif op == "SET":
        _set(builder, statement)
    elif op == "JCLLIB":
        _jcllib(builder, statement)
    elif op == "PEND":
        pass  # the end of a procedure being expanded (in-stream definitions are read whole)
    elif op == "PROC":
        pass  # the PROC statement of a procedure being expanded: its defaults are applied
    elif op == "JOB":
        _job(builder, statement)
    elif op == "EXEC":
        _exec(builder, statement)
    elif op == "DD":
        return _dd(builder, statement, lines, index)
    else:
        builder.error(statement.number, line("IEFC605I"))
    return index


def _if_statement(builder: _Builder, statement: _Statement, lines: list[str], index: int) -> int:
    """IF (expression) THEN, ELSE, ENDIF. An IF expression holds blanks, so it is the rest
    of the card after IF, continued on ``//`` cards until THEN."""
    op = statement.operation
    if op == "ELSE":
        if not builder.ifs or builder.ifs[-1][2]:
            builder.error(statement.number, line("IEFC014I", statement="ELSE"))
        else:
            builder.ifs[-1][2] = True
        return index
    if op == "ENDIF":
        if not builder.ifs:
            builder.error(statement.number, line("IEFC014I", statement="ENDIF"))
        else:
            builder.ifs.pop()
        return index
    card = statement.cards[0][:STATEMENT_WIDTH]
    text = card[2:].split(None, 1 if not statement.name else 2)[-1]
    text = text[2:] if text.startswith("IF") else text
    while (
        not re.search(r"(^|[\s)])THEN(\s|$)", text)
        and index < len(lines)
        and lines[index].startswith("// ")
        and not lines[index].startswith("//*")
    ):
        builder.listing.append(ListingLine(None, _shown(lines[index])))
        text += " " + lines[index][2:STATEMENT_WIDTH].strip()
        index += 1
    match = re.fullmatch(r"\s*(.*?)\s*(?:^|(?<=[\s)]))THEN(\s.*)?", text)
    if match is None:
        builder.error(statement.number, line("IEFC013I", problem="THEN MISSING"))
        return index
    try:
        expression = jclif.parse(match.group(1))
    except jclif.ExpressionError as error:
        builder.error(statement.number, line("IEFC013I", problem=f"AT {error}"))
        return index
    if len(builder.ifs) >= IF_DEPTH:
        builder.error(statement.number, line("IEFC015I"))
        return index
    builder.ifs.append([statement.number, expression, False])
    return index


def _dd_step(builder: _Builder, statement: _Statement) -> dict | None:
    """The step a DD statement belongs to: ``procstep.ddname`` after a procedure call names
    a step of that procedure; an unqualified DD after a call is added to its first step
    (JCL Reference, "Adding DD statements to a procedure"); otherwise the last step."""
    call = builder.call
    procstep, _, _ = (statement.name or "").rpartition(".")
    if call is None or call.get("open") or (not procstep and not statement.name):
        if procstep:
            builder.error(statement.number, line("IEFC662I"))
            return None
        return builder.steps[-1]
    steps = builder.steps[call["first"] : call["end"]]
    if not procstep:
        return steps[0] if steps else builder.steps[-1]
    match = next((s for s in steps if s["procstep"] == procstep), None)
    if match is None:
        builder.error(statement.number, line("IEFC609I", procstep=procstep))
    return match


def _set(builder: _Builder, statement: _Statement) -> None:
    """``// SET NAME=value,...``: symbols for the statements that follow."""
    parts = split_operands(statement.operands)
    if not parts:
        builder.error(statement.number, line("IEFC007I", what="SET"))
        return
    for part in parts:
        key, eq, text = part.partition("=")
        if not eq or not names.is_name(key):
            builder.error(statement.number, line("IEFC630I", keyword=key))
            continue
        builder.symbols[key] = _symbol_value(text)


def _symbol_value(text: str) -> str:
    """A symbol's value: an apostrophe-enclosed value without its apostrophes."""
    if len(text) >= 2 and text.startswith("'") and text.endswith("'"):
        return text[1:-1].replace("''", "'")
    return text


def _jcllib(builder: _Builder, statement: _Statement) -> None:
    _, keywords = _keywords(builder, statement, "JCLLIB")
    order = keywords.get("ORDER")
    libraries = [word(v) for v in order] if isinstance(order, tuple) else [word(order)]
    if not order or not all(names.dataset(n or "") is not None for n in libraries):
        builder.error(statement.number, line("IEFC630I", keyword="ORDER"))
        return
    builder.order = tuple(libraries)


def _substitute(builder: _Builder, statement: _Statement, symbols: dict[str, str]) -> None:
    """Replace ``&NAME`` (and ``&NAME.``) in the operand field; ``&&`` stays. A changed
    statement is followed in JESJCL by IEFC653I and the text after substitution."""
    if "&" not in statement.operands or not symbols:
        return

    def value(match: re.Match) -> str:
        name = match.group(1)
        if name is None or name not in symbols:
            return match.group(0)
        return symbols[name]

    text = _SYMBOL.sub(value, statement.operands)
    if text != statement.operands:
        statement.operands = text
        builder.listing.append(ListingLine(None, line("IEFC653I", text=text)))


def _instream_procedure(
    builder: _Builder, statement: _Statement, lines: list[str], index: int
) -> int:
    """An in-stream procedure: its statements up to PEND are listed, not run; kept by name."""
    cards = list(statement.cards)
    if not statement.name or not names.is_name(statement.name):
        builder.error(statement.number, line("IEFC662I"))
    while index < len(lines):
        card = lines[index]
        if _is_job_card(card):
            builder.error(statement.number, line("IEFC014I", statement="PROC (NO PEND)"))
            return index
        if not card.startswith("//"):
            cards.append(card[:RECORD_WIDTH])  # in-stream data of a DD * in the procedure
            index += 1
            continue
        if card.startswith("//*"):
            builder.listing.append(ListingLine(None, _shown(card)))
            cards.append(_shown(card))
            index += 1
            continue
        inner, index = _read_statement(builder, lines, index)
        if inner.operation == "PEND":
            break
        cards += inner.cards
    else:
        builder.error(statement.number, line("IEFC014I", statement="PROC (NO PEND)"))
    builder.procs[statement.name] = cards
    return index


def _procedure_cards(builder: _Builder, name: str) -> tuple[list[str], str] | None:
    if name in builder.procs:
        return builder.procs[name], "++"
    if builder.library is None or not names.is_name(name):
        return None
    cards = builder.library(name, (*builder.order, DEFAULT_PROCLIB))
    return (cards, "XX") if cards is not None else None


def _call_procedure(
    builder: _Builder, statement: _Statement, name: str, keywords: dict[str, Value]
) -> None:
    """EXEC of a procedure: its statements, symbols substituted, become steps named after the
    EXEC statement (their own names are the procedure steps); PARM.procstep and
    COND.procstep override their EXEC parameters, the other keywords set symbols."""
    found = _procedure_cards(builder, name)
    if found is None:
        builder.error(statement.number, line("IEFC612I", name=name))
        return
    if builder.depth >= PROC_DEPTH:
        builder.error(statement.number, line("IEFC612I", name=name))
        return
    cards, prefix = found
    symbols = dict(builder.symbols)
    overrides: list[tuple[str, str, Value]] = []
    head = cards[0] if cards else ""
    body = cards
    if (
        head.startswith("//")
        and len(head[2:].split()) > 1
        and (head[2:].split()[1] == "PROC" or head[2:].split()[0] == "PROC")
    ):
        body = cards[1:]
        defaults = head[2:].split(None, 2)
        rest = defaults[2] if defaults[1] == "PROC" and len(defaults) > 2 else ""
        for part in split_operands(rest.split(" ")[0]) or []:
            key, eq, text = part.partition("=")
            if eq:
                symbols[key] = _symbol_value(text)
    for part in split_operands(statement.operands) or []:
        key, eq, text = part.partition("=")
        if not eq or key == "PROC":
            continue
        param, _, procstep = key.partition(".")
        if procstep or param in ("PARM", "COND"):
            overrides.append((param, procstep, keywords.get(key, text)))
        elif param not in EXEC_IGNORED:
            symbols[param] = _symbol_value(text)
    outer = builder.call
    first = len(builder.steps)
    builder.call = {"name": statement.name, "open": True, "first": first}
    builder.depth += 1
    index = 0
    while index < len(body):
        card = body[index]
        if not card.startswith("//"):
            index += 1  # a delimiter, or data no DD * statement took
            continue
        if card.startswith("//*"):
            builder.listing.append(ListingLine(None, prefix + _shown(card)[2:]))
            index += 1
            continue
        mark = len(builder.listing)
        inner, index = _read_statement(builder, body, index)
        builder.listing[mark : mark + len(inner.cards)] = [
            ListingLine(entry.number, prefix + entry.card[2:])
            for entry in builder.listing[mark : mark + len(inner.cards)]
        ]
        _substitute(builder, inner, symbols)
        if inner.operation in ("PROC", "PEND"):
            continue
        index = _handle(builder, inner, body, index)
    builder.depth -= 1
    end = len(builder.steps)
    for param, procstep, given in overrides:
        targets = [s for s in builder.steps[first:end] if not procstep or s["procstep"] == procstep]
        if not targets:
            builder.error(statement.number, line("IEFC609I", procstep=procstep))
            continue
        if param == "PARM":
            # PARM without a procedure step: the first step's, and no PARM for the others.
            for position, step in enumerate(targets):
                step["parm"] = parm_string(given) if procstep or position == 0 else ""
        elif param == "COND":
            parsed, error = parse_cond(given)
            if parsed is None:
                builder.error(statement.number, error)
                continue
            for step in targets:
                step["cond"] = parsed
        else:
            builder.error(statement.number, line("IEFC630I", keyword=f"{param}.{procstep}"))
    when = tuple(
        Clause(number, expression, not in_else) for number, expression, in_else in builder.ifs
    )
    for step in builder.steps[first:end]:
        step["when"] = when + tuple(c for c in step["when"] if c not in when)
    builder.call = (
        {"name": statement.name, "open": False, "first": first, "end": end}
        if outer is None or not outer.get("open")
        else outer
    )


def _unsupported(feature: str) -> str:
    return emulator_line("MQSC211E", feature=feature)


def _job(builder: _Builder, statement: _Statement) -> None:
    if builder.job is not None:
        builder.error(statement.number, line("IEFC605I"))
        return
    builder.job = statement
    if not statement.name:
        builder.error(statement.number, line("IEFC662I"))
    _, keywords = _keywords(builder, statement, "JOB")
    builder.job_keywords = keywords
    for key in keywords:
        if key in JOB_UNSUPPORTED:
            builder.error(statement.number, _unsupported(f"JOB keyword {key}"))
        elif key == "TYPRUN" and word(keywords[key]) not in TYPRUN_SUPPORTED:
            builder.error(statement.number, _unsupported(f"TYPRUN={word(keywords[key])}"))
        elif key not in JOB_IGNORED | {"CLASS", "MSGCLASS", "NOTIFY", "USER", "COND", "TYPRUN"}:
            builder.error(statement.number, line("IEFC630I", keyword=key))


def _exec(builder: _Builder, statement: _Statement) -> None:
    if builder.job is None:
        builder.error(statement.number, line("IEFC005I"))
        return
    positional, keywords = _keywords(builder, statement, "EXEC")
    program = word(keywords.get("PGM"))
    if (positional or "PROC" in keywords) and not program:
        name = word(keywords.get("PROC")) or (word(positional[0]) if positional else "")
        _call_procedure(builder, statement, name, keywords)
        return
    if builder.call is not None and not builder.call.get("open"):
        builder.call = None  # a new step of the job: overrides no longer apply
    if positional or "PROC" in keywords:
        builder.error(statement.number, line("IEFC620I"))
    elif not program:
        builder.error(statement.number, line("IEFC620I"))
    elif not names.is_name(program):
        builder.error(statement.number, line("IEF642I", field="PGM"))
    parm = parm_string(keywords["PARM"]) if "PARM" in keywords else ""
    if len(parm) > PARM_MAX:
        builder.error(statement.number, line("IEF642I", field="PARM"))
    cond = Cond()
    if "COND" in keywords:
        parsed, error = parse_cond(keywords["COND"])
        if parsed is None:
            builder.error(statement.number, error)
        else:
            cond = parsed
    for key in keywords:
        if key in EXEC_UNSUPPORTED:
            builder.error(statement.number, _unsupported(f"EXEC keyword {key}"))
        elif key not in EXEC_IGNORED | {"PGM", "PARM", "COND"}:
            builder.error(statement.number, line("IEFC630I", keyword=key))
    when = tuple(
        Clause(number, expression, not in_else) for number, expression, in_else in builder.ifs
    )
    inside = builder.call is not None and builder.call.get("open")
    builder.steps.append(
        {
            "name": builder.call["name"] if builder.call is not None and inside else statement.name,
            "procstep": statement.name if inside else "",
            "program": program,
            "parm": parm,
            "cond": cond,
            "statement": statement.number,
            "dds": [],
            "when": when,
        }
    )


def _dd(builder: _Builder, statement: _Statement, lines: list[str], index: int) -> int:
    positional, keywords = _keywords(builder, statement, "DD")
    kind = ""
    records: tuple[str, ...] = ()
    first = word(positional[0]) if positional else ""
    if first in ("*", "DATA"):
        kind = "instream"
        dlm = word(keywords.get("DLM")) or None
        records, index = _instream(lines, index, dlm, data=first == "DATA")
    elif first == "DUMMY":
        kind = "dummy"
    elif "SYSOUT" in keywords:
        kind = "sysout"
    elif "DSN" in keywords:
        kind = "dsn"
    if not builder.steps:
        builder.error(statement.number, line("IEFC019I"))
        return index
    for key in keywords:
        if key in DD_UNSUPPORTED:
            builder.error(statement.number, _unsupported(f"DD keyword {key}"))
        elif key not in DD_IGNORED | {"DSN", "DISP", "SYSOUT", "DLM"}:
            builder.error(statement.number, line("IEFC630I", keyword=key))
    target = _dd_step(builder, statement)
    if target is None:
        return index
    procstep, _, ddname = (statement.name or "").rpartition(".")
    if procstep:
        statement.name = ddname
    dd = _data_definition(builder, statement, kind, records, keywords)
    if dd is None:
        return index
    dds = target["dds"]
    if procstep or (
        builder.call is not None
        and not builder.call.get("open")
        and statement.name
        and target is not builder.steps[-1]
    ):
        # An override replaces the procedure step's DD of that name; another one is added.
        # (mqsc replaces the whole DD statement; z/OS merges the parameters coded.)
        names = [d.name for d in dds]
        if dd.name in names:
            dds[names.index(dd.name)] = dd
        else:
            dds.append(dd)
        return index
    if not statement.name:
        if not dds:
            builder.error(statement.number, line("IEFC019I"))
            return index
        last = dds[-1]
        dds[-1] = replace(last, concatenation=(*last.concatenation, dd))
    else:
        dds.append(dd)
    return index


def _data_definition(
    builder: _Builder,
    statement: _Statement,
    kind: str,
    records: tuple[str, ...],
    keywords: dict[str, Value],
) -> DataDefinition | None:
    name = statement.name
    if kind == "dsn":
        dsn = word(keywords["DSN"])
        temporary = dsn.startswith("&&")
        # A temporary data set: &&name (1-8 characters), kept under that name until the job
        # runs (runner.py names it for the job); &&name(member) is a temporary library.
        found = names.dataset(dsn[2:]) if temporary else names.dataset(dsn)
        if found is None or (temporary and "." in found[0]):
            builder.error(statement.number, line("IEFC630I.DSN", dsn=dsn))
            return None
        return DataDefinition(
            name,
            statement.number,
            kind,
            dsn=("&&" if temporary else "") + found[0],
            member=found[1],
            disp=_disp(keywords.get("DISP")),
            partitioned=_partitioned(keywords, temporary),
            allocation=dcb_allocation(keywords, _partitioned(keywords, temporary)),
        )
    if kind == "sysout":
        sysout = word(keywords["SYSOUT"]) or (
            keywords["SYSOUT"][0] if isinstance(keywords["SYSOUT"], tuple) else ""
        )
        return DataDefinition(name, statement.number, kind, sysout=str(sysout))
    if kind in ("instream", "dummy"):
        return DataDefinition(name, statement.number, kind, records)
    if "SPACE" in keywords or "UNIT" in keywords:
        # A work data set (no DSN, only space on a unit: the assembler's SYSUT1): scratch
        # space the step's program uses and z/OS deletes at step end; mqsc's programs need
        # none, so it is empty and what is written to it is discarded, as DUMMY.
        return DataDefinition(name, statement.number, "dummy")
    builder.error(statement.number, _unsupported("new data sets without a name"))
    return None


def _partitioned(keywords: dict[str, Value], temporary: bool = False) -> bool:
    """Whether a new data set is a library: directory blocks in SPACE=(unit,(p,s,dir)),
    DSORG=PO or DSNTYPE=PDS/LIBRARY (MVS JCL Reference, "SPACE parameter", "DSNTYPE"). A
    temporary data set with directory blocks is still written as a whole (the CSQ4ZPRM
    sample's object decks: SPACE=(400,(100,100,1)))."""
    space = keywords.get("SPACE")
    if (
        not temporary
        and isinstance(space, tuple)
        and len(space) > 1
        and isinstance(space[1], tuple)
        and len(space[1]) > 2
        and word(space[1][2]) not in ("", "0")
    ):
        return True
    return word(keywords.get("DSORG")) == "PO" or word(keywords.get("DSNTYPE")) in (
        "PDS",
        "LIBRARY",
    )


def _disp(v: Value | None) -> tuple[str, str, str]:
    items = list(v) if isinstance(v, tuple) else [v or "NEW"]
    status = word(items[0]) or "NEW"
    normal = (
        word(items[1])
        if len(items) > 1 and word(items[1])
        else ("KEEP" if status != "NEW" else "DELETE")
    )
    abnormal = word(items[2]) if len(items) > 2 and word(items[2]) else normal
    return status, normal, abnormal


# ---- finishing -----------------------------------------------------------------------------
def _finish(builder: _Builder, end: int) -> Job:
    job = builder.job
    keywords = builder.job_keywords
    owner = builder.owner
    if "USER" in keywords:
        owner = word(keywords["USER"]) or owner
    jobcond: tuple[CondTest, ...] = ()
    if "COND" in keywords:
        parsed, error = parse_cond(keywords["COND"])
        if parsed is None or parsed.even or parsed.only or any(t.step for t in parsed.tests):
            builder.error(job.number if job else 1, error or line("IEFC630I.COND"))
        else:
            jobcond = parsed.tests
    for number, _, _ in builder.ifs:
        builder.error(number, line("IEFC014I", statement="IF (NO ENDIF)"))
    steps = tuple(
        Step(
            s["name"],
            s["program"],
            s["parm"],
            s["cond"],
            s["statement"],
            tuple(s["dds"]),
            s.get("when", ()),
            s.get("procstep", ""),
        )
        for s in builder.steps
    )
    if job is not None and not steps and not builder.errors:
        builder.error(job.number, line("IEFC607I"))
    return Job(
        name=job.name if job else "",
        owner=owner,
        jobclass=word(keywords.get("CLASS")) or "A",
        msgclass=word(keywords.get("MSGCLASS")) or "A",
        cond=jobcond,
        steps=steps,
        listing=tuple(builder.listing),
        cards=end - builder.start,
        errors=tuple(builder.errors),
        scan=word(keywords.get("TYPRUN")) == "SCAN",
    )
