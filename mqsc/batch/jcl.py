"""A JCL subset: enough for a deck to live in the job that runs it on z/OS.

Supported (docs/batch.md; rules from secondary sources, the MVS JCL Reference):

* ``//name JOB`` with accounting and programmer fields, CLASS, MSGCLASS, NOTIFY, USER, COND and
  the keywords that only matter to a real system (REGION, TIME, MSGLEVEL...), accepted and
  ignored (``NOTIFY=&SYSUID`` included);
* ``//name EXEC PGM=x,PARM=...,COND=...`` (PARM as the program receives it: without the
  enclosing parentheses or apostrophes, ``''`` and ``&&`` undoubled, at most 100 characters);
* ``//name DD *`` and ``DD DATA`` with in-stream data ending at ``/*`` (a ``DD *`` also at the
  next ``//`` statement, and only at DLM= when given), ``DD DUMMY``, ``DD SYSOUT=class``,
  ``DD DSN=name[(member)],DISP=...`` (files in a catalog directory), unnamed DDs that
  concatenate to the one before, in-stream data with no DD (JES generates ``//SYSIN DD *``);
* comment statements ``//*``, the null statement ``//``, JES2 control statements ``/*JOBPARM``
  (ignored), continuation after a comma with ``//`` and a blank in column 3, apostrophe values
  continued in column 16; columns 73-80 of JCL statements are sequence numbers.

What is outside the subset (procedures, IF/THEN/ELSE, SET, INCLUDE, temporary data sets)
stops the job with MQSC211E, as a JCL error would: nothing runs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mqsc.batch.jclparams import (
    Cond,
    CondTest,
    Value,
    parm_string,
    parse_cond,
    split_operands,
    value,
    word,
)
from mqsc.batch.systemmsgs import emulator_line, line
from mqsc.language.source import Source

#: Significant columns of a JCL statement; column 72 marks a continued comment.
STATEMENT_WIDTH = 71
#: In-stream data records are card images.
RECORD_WIDTH = 80
#: A program receives at most 100 PARM characters (secondary sources).
PARM_MAX = 100
_NAME = re.compile(r"[A-Z@#$][A-Z0-9@#$]{0,7}")
_DSN = re.compile(r"([A-Z@#$][A-Z0-9@#$-]{0,7}(?:\.[A-Z@#$][A-Z0-9@#$-]{0,7})*)"
                  r"(?:\(([A-Z@#$][A-Z0-9@#$]{0,7})\))?")

#: Keywords accepted and ignored: they matter only to a real system.
JOB_IGNORED = frozenset({"ADDRSPC", "BYTES", "CARDS", "CCSID", "DSENQSHR", "EMAIL", "GROUP",
                         "JESLOG", "LINES", "MEMLIMIT", "MSGLEVEL", "PAGES", "PASSWORD",
                         "PERFORM", "PRTY", "RD", "REGION", "REGIONX", "SCHENV", "SECLABEL",
                         "SYSAFF", "SYSTEM", "TIME", "UJOBCORR"})
JOB_UNSUPPORTED = frozenset({"TYPRUN", "RESTART", "JOBRC"})
EXEC_IGNORED = frozenset({"ACCT", "ADDRSPC", "CCSID", "DPRTY", "DYNAMNBR", "MEMLIMIT",
                          "PERFORM", "RD", "REGION", "REGIONX", "TIME", "TVSMSG", "TVSAMCOM"})
EXEC_UNSUPPORTED = frozenset({"PARMDD"})
DD_IGNORED = frozenset({"DCB", "LRECL", "RECFM", "BLKSIZE", "DSORG", "SPACE", "UNIT", "VOL",
                        "VOLUME", "LABEL", "STORCLAS", "MGMTCLAS", "DATACLAS", "HOLD",
                        "OUTPUT", "FREE", "AVGREC", "RETPD", "EXPDT", "DEST", "COPIES"})
DD_UNSUPPORTED = frozenset({"PATH", "PATHDISP", "PATHOPTS", "PATHMODE", "SYMBOLS", "SUBSYS"})
#: Operations outside the subset.
UNSUPPORTED_OPERATIONS = frozenset({"PROC", "PEND", "SET", "IF", "THEN", "ELSE", "ENDIF",
                                    "INCLUDE", "JCLLIB", "OUTPUT", "CNTL", "ENDCNTL",
                                    "EXPORT", "SCHEDULE", "XMIT", "COMMAND"})


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

    @property
    def parts(self) -> tuple[DataDefinition, ...]:
        return (self, *self.concatenation)


@dataclass(frozen=True, slots=True)
class Step:
    """An EXEC statement with its DD statements."""

    name: str
    program: str
    parm: str
    cond: Cond
    statement: int
    dds: tuple[DataDefinition, ...] = ()

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

    def error(self, statement: int, message: str) -> None:
        self.errors.append(JclError(statement, message))


def parse(source: Source, *, owner: str = "USER1") -> list[Job]:
    """The jobs of a JCL file, in order (a JOB statement starts each; cards before the first
    JOB statement and after a null statement are not part of any job, as JES2 flushes them)."""
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
            builder = _Builder(owner, start=index)
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


def _read_statement(builder: _Builder, lines: list[str], index: int
                    ) -> tuple[_Statement, int]:
    """A statement and its continuation cards; returns the index after them."""
    card = lines[index][:STATEMENT_WIDTH]
    builder.number += 1
    number = builder.number
    name_field, rest = _split_name(card)
    words = rest.split(None, 1)
    operation = words[0] if words else ""
    operands, quoted_open = _operand_field(words[1] if len(words) > 1 else "")
    statement = _Statement(number, index + 1, name_field, operation, operands,
                           [_shown(lines[index])])
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
    builder.steps[-1]["dds"].append(DataDefinition("SYSIN", builder.number, "instream",
                                                   records, generated=True))
    return index


def _instream(lines: list[str], index: int, dlm: str | None, *, data: bool
              ) -> tuple[tuple[str, ...], int]:
    """Records from ``index`` to the delimiter; the index of the line after it (the
    delimiter is consumed, a ``//`` statement that ends ``DD *`` data is not)."""
    records = []
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
def _keywords(builder: _Builder, statement: _Statement, what: str
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
    if statement.name and not _NAME.fullmatch(statement.name):
        builder.error(statement.number, line("IEFC662I"))
    if op in UNSUPPORTED_OPERATIONS:
        builder.error(statement.number, _unsupported(f"statement {op}"))
    elif op == "JOB":
        _job(builder, statement)
    elif op == "EXEC":
        _exec(builder, statement)
    elif op == "DD":
        return _dd(builder, statement, lines, index)
    else:
        builder.error(statement.number, line("IEFC605I"))
    return index


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
        elif key not in JOB_IGNORED | {"CLASS", "MSGCLASS", "NOTIFY", "USER", "COND"}:
            builder.error(statement.number, line("IEFC630I", keyword=key))


def _exec(builder: _Builder, statement: _Statement) -> None:
    if builder.job is None:
        builder.error(statement.number, line("IEFC005I"))
        return
    positional, keywords = _keywords(builder, statement, "EXEC")
    program = word(keywords.get("PGM"))
    if positional or "PROC" in keywords:
        builder.error(statement.number, _unsupported("cataloged procedures (EXEC PROC=)"))
    elif not program:
        builder.error(statement.number, line("IEFC620I"))
    elif not _NAME.fullmatch(program):
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
    builder.steps.append({"name": statement.name, "program": program, "parm": parm,
                          "cond": cond, "statement": statement.number, "dds": []})


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
    dd = _data_definition(builder, statement, kind, records, keywords)
    if dd is None:
        return index
    dds = builder.steps[-1]["dds"]
    if not statement.name:
        if not dds:
            builder.error(statement.number, line("IEFC019I"))
            return index
        last = dds[-1]
        dds[-1] = DataDefinition(last.name, last.statement, last.kind, last.records, last.dsn,
                                 last.member, last.disp, last.sysout, last.generated,
                                 (*last.concatenation, dd))
    else:
        dds.append(dd)
    return index


def _data_definition(builder: _Builder, statement: _Statement, kind: str,
                     records: tuple[str, ...], keywords: dict[str, Value]
                     ) -> DataDefinition | None:
    name = statement.name
    if kind == "dsn":
        dsn = word(keywords["DSN"])
        match = _DSN.fullmatch(dsn)
        if dsn.startswith("&&"):
            builder.error(statement.number, _unsupported("temporary data sets (DSN=&&name)"))
            return None
        if match is None or len(match.group(1)) > 44:
            builder.error(statement.number, line("IEFC630I.DSN", dsn=dsn))
            return None
        return DataDefinition(name, statement.number, kind, dsn=match.group(1),
                              member=match.group(2) or "", disp=_disp(keywords.get("DISP")))
    if kind == "sysout":
        sysout = word(keywords["SYSOUT"]) or (keywords["SYSOUT"][0]
                                                if isinstance(keywords["SYSOUT"], tuple)
                                                else "")
        return DataDefinition(name, statement.number, kind, sysout=str(sysout))
    if kind in ("instream", "dummy"):
        return DataDefinition(name, statement.number, kind, records)
    builder.error(statement.number, _unsupported("new data sets without a name"))
    return None


def _disp(v: Value | None) -> tuple[str, str, str]:
    items = list(v) if isinstance(v, tuple) else [v or "NEW"]
    status = word(items[0]) or "NEW"
    normal = word(items[1]) if len(items) > 1 and word(items[1]) else (
        "KEEP" if status != "NEW" else "DELETE")
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
    steps = tuple(Step(s["name"], s["program"], s["parm"], s["cond"], s["statement"],
                       tuple(s["dds"])) for s in builder.steps)
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
    )
