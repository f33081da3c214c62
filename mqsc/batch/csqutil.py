"""CSQUTIL, the MQ for z/OS utility program, and its COMMAND function ([DOC-CSQUTIL-CMD]).

SYSIN holds function statements; ``COMMAND DDNAME(dd)`` reads MQSC commands from the data set
``dd`` (default CSQUCMD), sends each to the command server of the queue manager named in the
step's PARM (or of TGTQMGR) and prints the command exactly as read, then its CSQN205I-framed
replies. The SYSPRINT layout is the one real capture's ([GH-CSQUTIL]), as SDSF
shows it from column 2 (the carriage-control column is not written): queue manager replies
flush left, CSQUTIL's own messages after one blank, statements and commands exactly as read.

Return codes ([DOC-CSQUTIL-CMD], [WMB-CSQUTIL-RC]): 0 all functions completed, 4 some completed
and some did not, 8 every attempted function failed, 12 nothing attempted (a syntax error in
SYSIN or a missing data set: every statement is checked before any runs). A COMMAND function
fails when a command fails under FAILURE(CONTINUE) or FAILURE(STOP); FAILURE(IGNORE), the
default, counts it as successful, as the capture shows. Once a function fails no further
function is attempted and CSQU147I replaces CSQU148I.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from mqsc.batch import cards, makedef, utilities
from mqsc.batch.names import is_name
from mqsc.catalog import CommandSource, product, texts
from mqsc.engine.manager import QueueManager
from mqsc.engine.phase import Phase
from mqsc.engine.records import Result
from mqsc.language.reader import Columns, LogicalCommand, read
from mqsc.language.source import Source
from mqsc.render import commandserver

CSECT = "CSQUTIL"
#: The release CSQU000I names (mqsc/catalog/product.py: CSQY000I and CMDLEVEL say the same).
VERSION = product.RELEASE
COMMAND = "COMMAND"
#: CSQUTIL functions mqsc does not run: SWITCH works on cluster transmission queues, which
#: mqsc does not have. The others are :data:`mqsc.batch.utilities.FUNCTIONS` and COMMAND.
OTHER_FUNCTIONS = ("SWITCH",)
#: COMMAND keywords ([DOC-CSQUTIL-CMD]); MAKECLNT/CCSID make client channel definitions,
#: which mqsc does not have.
KEYWORDS = ("DDNAME", "MAKEDEF", "MAKEDEL", "MAKEREP", "MAKEALT", "TGTQMGR", "RESPTIME", "FAILURE")
UNSUPPORTED_KEYWORDS = ("MAKECLNT", "CCSID")
FAILURE_OPTIONS = ("IGNORE", "CONTINUE", "STOP")
#: RESPTIME default is VERIFIED ([DOC-CSQUTIL-CMD]); the range is UNVERIFIED.
RESPTIME = (30, 5, 999)
DEFAULT_DDNAME = "CSQUCMD"
#: MQRC values in CSQU009E/MQSC250E.
MQRC = {
    2035: "MQRC_NOT_AUTHORIZED",
    2058: "MQRC_Q_MGR_NAME_ERROR",
    2059: "MQRC_Q_MGR_NOT_AVAILABLE",
    2087: "MQRC_UNKNOWN_REMOTE_Q_MGR",
}

_TOKEN = re.compile(r"[ ,]*([A-Za-z0-9@#$]+)(?:\(([^()]*)\))?[ ,]*")
_QMGR = re.compile(r"[A-Z0-9._/%@#$]{1,48}")


#: The step's DD statements as CSQUTIL sees them (has, read, write).
DataSets = utilities.DataSets


#: Finds a queue manager by name; None when there is none of that name; raises
#: :class:`Unavailable` when there is one but it cannot be used now.
Connect = Callable[[str], QueueManager | None]


class Unavailable(Exception):
    """A connect found the queue manager but could not use it (MQRC 2059
    MQRC_Q_MGR_NOT_AVAILABLE: another process held it past MQSC_LOCK_TIMEOUT)."""

    def __init__(self, mqrc: int = 2059) -> None:
        super().__init__(mqrc)
        self.mqrc = mqrc


Clock = Callable[[], dt.datetime]


@dataclass(frozen=True, slots=True)
class Statement:
    """One SYSIN function statement, checked: its function and keyword values."""

    function: str
    keywords: dict[str, str]
    echo: tuple[str, ...]

    @property
    def ddname(self) -> str:
        return self.keywords.get("DDNAME", DEFAULT_DDNAME)

    @property
    def failure(self) -> str:
        return self.keywords.get("FAILURE", "IGNORE")

    @property
    def make(self) -> tuple[str, str] | None:
        """(MAKEDEF|MAKEREP|MAKEALT|MAKEDEL, ddname) when one is given."""
        for kind in makedef.KINDS:
            if kind in self.keywords:
                return kind, self.keywords[kind]
        return None


@dataclass(frozen=True, slots=True)
class Outcome:
    """What CSQUTIL leaves behind: its return code and SYSPRINT."""

    rc: int
    sysprint: tuple[str, ...]


@dataclass
class _Printer:
    """SYSPRINT, as SDSF shows it from column 2."""

    lines: list[str] = field(default_factory=list)

    def utility(self, msg_id: str, **inserts: object) -> None:
        """A CSQU message: one blank in front of it ([GH-CSQUTIL])."""
        self.lines.append(" " + texts.line(msg_id, inserts, None))

    def mqsc(self, msg_id: str, **inserts: object) -> None:
        """One of mqsc's own messages, laid out like a CSQU one."""
        self.utility(msg_id, **inserts)

    def echo(self, lines: Iterator[str] | tuple[str, ...]) -> None:
        self.lines.extend(lines)


# ---- reading SYSIN -------------------------------------------------------------------------
def statements(sysin: Source, columns: Columns = "72") -> list[LogicalCommand]:
    """The function statements of SYSIN: deck rules, columns 1-72 ([DOC-CSQUTIL-CMD])."""
    return list(read(sysin, columns=columns))


def check_statement(
    logical: LogicalCommand, datasets: DataSets
) -> tuple[Statement | None, list[tuple[str, dict[str, object]]]]:
    """A statement and the errors that stop it from running (message id, inserts)."""
    if logical.problem is not None:
        return None, [("MQSC267E", {})]
    tokens = _tokens(logical.text)
    if tokens is None or not tokens or tokens[0][1] is not None:
        return None, [("MQSC267E", {})]
    function = tokens[0][0]
    if function in OTHER_FUNCTIONS:
        return None, [("MQSC210E", {"item": f"function {function}"})]
    if function in utilities.FUNCTIONS:
        return check_function(utilities.FUNCTIONS[function], tokens[1:], logical, datasets)
    if function != COMMAND:
        return None, [("MQSC266E", {"function": function})]
    keywords: dict[str, str] = {}
    errors: list[tuple[str, dict[str, object]]] = []
    for keyword, value in tokens[1:]:
        error = _keyword_error(keyword, value, keywords)
        if error is not None:
            errors.append(error)
        else:
            keywords[keyword] = str(value)
    statement = Statement(function, keywords, logical.echo)
    if not errors:
        errors += _combination_errors(statement, datasets)
    return statement, errors


def check_function(
    spec: utilities.Function,
    tokens: list[tuple[str, str | None]],
    logical: LogicalCommand,
    datasets: DataSets,
) -> tuple[Statement | None, list[tuple[str, dict[str, object]]]]:
    """A statement of one of the other functions, checked against its table entry."""
    name = spec.name
    keywords: dict[str, str] = {}
    errors: list[tuple[str, dict[str, object]]] = []
    for keyword, value in tokens:
        keyword = spec.synonyms.get(keyword, keyword)
        kind = spec.keywords.get(keyword)
        if kind is None:
            errors.append(("MQSC273E", {"keyword": keyword, "function": name}))
        elif keyword in keywords:
            errors.append(("MQSC265E", {"function": name}))
        elif kind == "flag":
            if value is not None:
                errors.append(("MQSC264E", {"value": value, "keyword": keyword}))
            keywords[keyword] = ""
        elif not value:
            errors.append(("MQSC268E", {"keyword": keyword}))
        elif not utilities.valid(kind, value):
            errors.append(("MQSC264E", {"value": value, "keyword": keyword}))
        else:
            keywords[keyword] = value
    statement = Statement(name, keywords, logical.echo)
    if errors:
        return statement, errors
    if spec.exactly_one and sum(k in keywords for k in spec.exactly_one) != 1:
        return statement, [("MQSC265E", {"function": name})]
    if spec.catalog and not isinstance(datasets, utilities.CatalogDataSets):
        # Page set functions work on the data sets of the job's catalog (mqsc job).
        return statement, [("MQSC210E", {"item": f"function {name} outside a job"})]
    for ddname in spec.input_dds(keywords):
        if not datasets.has(ddname):
            errors.append(("MQSC260E", {"ddname": ddname}))
    for ddname in spec.output_dds(keywords):
        if not datasets.has(ddname, output=True):
            errors.append(("MQSC260E", {"ddname": ddname}))
    return statement, errors


def _tokens(text: str) -> list[tuple[str, str | None]] | None:
    """``KEYWORD`` / ``KEYWORD(value)`` tokens, upper-cased; None when the text is not made
    of them (unbalanced parentheses, quotes)."""
    out = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        match = _TOKEN.match(text, pos)
        if match is None or match.end() == pos:
            return None
        value = match.group(2)
        out.append((match.group(1).upper(), None if value is None else value.strip().upper()))
        pos = match.end()
    return out


def _keyword_error(
    keyword: str, value: str | None, seen: dict[str, str]
) -> tuple[str, dict[str, object]] | None:
    if keyword in UNSUPPORTED_KEYWORDS:
        return "MQSC210E", {"item": f"keyword {keyword}"}
    if keyword not in KEYWORDS:
        return "MQSC273E", {"keyword": keyword, "function": COMMAND}
    if keyword in seen:
        return "MQSC265E", {"function": COMMAND}
    if not value:
        return "MQSC268E", {"keyword": keyword}
    if not _valid(keyword, value):
        return "MQSC264E", {"value": value, "keyword": keyword}
    return None


def _valid(keyword: str, value: str) -> bool:
    if keyword == "FAILURE":
        return value in FAILURE_OPTIONS
    if keyword == "RESPTIME":
        return value.isdigit() and RESPTIME[1] <= int(value) <= RESPTIME[2]
    if keyword == "TGTQMGR":
        return bool(_QMGR.fullmatch(value))
    return is_name(value)


def _combination_errors(
    statement: Statement, datasets: DataSets
) -> list[tuple[str, dict[str, object]]]:
    if sum(1 for kind in makedef.KINDS if kind in statement.keywords) > 1:
        return [("MQSC265E", {"function": COMMAND})]
    errors = []
    if not datasets.has(statement.ddname):
        errors.append(("MQSC260E", {"ddname": statement.ddname}))
    if statement.make and not datasets.has(statement.make[1], output=True):
        errors.append(("MQSC260E", {"ddname": statement.make[1]}))
    return errors


# ---- running -------------------------------------------------------------------------------
@dataclass
class _Session:
    """The utility's connection: made once, by the first function that needs it.
    ``conn_of`` gives the connection (CONN) the utility's program has to a queue manager, which
    the commands it sends carry ("" when it has none)."""

    parm: str
    connect: Connect
    conn_of: Callable[[QueueManager], str] = lambda qm: ""
    qm: QueueManager | None = None
    tried: bool = False
    #: The job's user: what the queue manager checks the connection and commands for.
    user: str | None = None
    #: RACF's messages for the job's log.
    audit: list = field(default_factory=list)

    def connection(self, out: _Printer) -> QueueManager | None:
        if not self.tried:
            self.tried = True
            out.utility("CSQU120I", qmgr=self.parm)
            mqrc = 2058
            try:
                self.qm = self.connect(self.parm)
            except Unavailable as error:
                self.qm, mqrc = None, error.mqrc
            if self.qm is not None and self.qm.phase is not Phase.RUNNING:
                self.qm, mqrc = None, 2059  # a stopped queue manager refuses MQCONN
            if self.qm is not None:
                refused, logged = self.qm.authorize_connection(self.user)
                self.audit.extend(logged)
                if refused:
                    self.qm, mqrc = None, refused
            if self.qm is None:
                out.utility("CSQU009E", conn=self.parm, mqcc=2, mqrc=mqrc, mqrc_text=MQRC[mqrc])
            else:
                out.utility("CSQU121I", qmgr=self.qm.name)
        return self.qm


def run(
    sysin: Source | None,
    *,
    parm: str,
    datasets: DataSets,
    connect: Connect,
    clock: Clock,
    columns: Columns = "72",
    conn_of: Callable[[QueueManager], str] | None = None,
    user: str | None = None,
    audit: list | None = None,
) -> Outcome:
    """Run CSQUTIL: check every SYSIN statement, then run them in order (``sysin`` None: the
    step has no SYSIN DD). ``conn_of``: the program's connection to a queue manager it
    connected to (the COMMAND function's commands carry it). ``user``: the job's user, whom
    the queue manager checks the connection and the commands for; ``audit`` collects RACF's
    messages (ICH408I) for the job's log."""
    out = _Printer()
    now = clock()
    out.utility("CSQU000I", csect=CSECT, version=VERSION)
    out.utility(
        "CSQU001I", csect=CSECT, date=now.strftime("%Y-%m-%d"), time=now.strftime("%H:%M:%S")
    )
    if sysin is None:
        out.utility("MQSC260E", ddname="SYSIN")
        return _ended(out, 0, 0, failed=False, rc=12)
    checked = [
        (logical, *check_statement(logical, datasets)) for logical in statements(sysin, columns)
    ]
    if not checked or any(errors for _, _, errors in checked):
        return _not_attempted(out, checked)
    session = _Session(
        parm.strip().upper(),
        connect,
        conn_of or (lambda qm: ""),
        user=user,
        audit=audit if audit is not None else [],
    )
    attempted = succeeded = 0
    label = _label(statement.function for _, statement, _ in checked)
    for _, statement, _ in checked:
        out.echo(statement.echo)
        attempted += 1
        if statement.function == COMMAND:
            done = command_function(statement, session, datasets, out, columns)
        else:
            spec = utilities.FUNCTIONS[statement.function]
            done = spec.run(utilities.Call(spec, statement.keywords, session, datasets, out))
        if not done:
            return _ended(out, attempted, succeeded, failed=True, function=label)
        succeeded += 1
    return _ended(out, attempted, succeeded, failed=False, function=label)


def _label(functions: Iterator[str]) -> str:
    """What CSQU143I calls the statements: their function when they all have one, else
    ``function`` (COMMAND when none could be read)."""
    names = set(functions)
    return names.pop() if len(names) == 1 else ("function" if names else COMMAND)


def _not_attempted(out: _Printer, checked) -> Outcome:
    """A syntax error or missing data set: every statement echoed with its errors, RC 12."""
    if not checked:
        out.utility("MQSC262E")
    for logical, _, errors in checked:
        out.echo(logical.echo)
        for msg_id, inserts in errors:
            out.utility(msg_id, **inserts)
    return _ended(
        out,
        0,
        0,
        failed=False,
        rc=12,
        function=_label(s.function for _, s, _ in checked if s is not None),
    )


def _ended(
    out: _Printer,
    attempted: int,
    succeeded: int,
    *,
    failed: bool,
    rc: int | None = None,
    function: str = COMMAND,
) -> Outcome:
    if rc is None:
        rc = 0 if not failed else (4 if succeeded else 8)
    out.utility("CSQU143I", count=attempted, function=function)
    # The capture prints CSQU144I with an empty function insert (two blanks, sic).
    out.utility("CSQU144I", count=succeeded, function="")
    out.utility("CSQU147I" if failed else "CSQU148I", csect=CSECT, rc=rc)
    return Outcome(rc, tuple(out.lines))


def command_function(
    statement: Statement,
    session: _Session,
    datasets: DataSets,
    out: _Printer,
    columns: Columns = "72",
) -> bool:
    """The COMMAND function; whether it succeeded."""
    out.utility("CSQU127I", function=COMMAND, ddname=statement.ddname)
    qm = session.connection(out)
    if qm is None:
        return False
    name = statement.keywords.get("TGTQMGR", qm.name)
    try:
        target = qm if name == qm.name else session.connect(name)
    except Unavailable:
        target = None
    out.utility("CSQU055I", qmgr=name)
    if target is None:
        out.utility(
            "MQSC250E", queue="SYSTEM.COMMAND.INPUT", mqcc=2, mqrc=2087, mqrc_text=MQRC[2087]
        )
        return False
    make = statement.make
    if make is not None:
        out.utility("CSQU056I", ddname=make[1])
    read_count = failed = 0
    results: list[Result] = []
    deck = datasets.read(statement.ddname)
    # The command server acts for the utility's connection (its job's user).
    conn = session.conn_of(target)
    for result in target.iter_run(
        deck, source=CommandSource.SERVER, columns=columns, conn=conn, user=session.user
    ):
        session.audit.extend(m for m in result.records if getattr(m, "msg_id", "") == "ICH408I")
        read_count += 1
        out.echo(result.echo or (result.text,))
        out.echo(commandserver.reply_lines(result))
        if all(one.ok for one in result.all_sets()):
            results.append(result)
            continue
        failed += 1
        if statement.failure == "STOP":
            break
    out.utility("CSQU057I", count=read_count)
    out.utility("CSQU058I", count=read_count, failed=failed)
    if make is not None:
        commands = makedef.made(make[0], results)
        datasets.write(make[1], cards.deck(commands))
        out.utility("CSQU059I", count=len(commands))
    return failed == 0 or statement.failure == "IGNORE"
