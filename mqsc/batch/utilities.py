"""CSQUTIL's functions other than COMMAND, on the simulated queue managers and the job's
catalog (IBM MQ "IBM MQ utility program (CSQUTIL) on z/OS" and its function topics).

* FORMAT (no queue manager; DDs CSQP0000-CSQP0099): marks each linear cluster formatted,
  TYPE(RECOVER) by default, NEW or REPLACE; FORCE formats a REUSE cluster again.
* PAGEINFO (no queue manager; CSQP DDs): page set number, pages, owner, format type.
* COPYPAGE, RESETPAGE (owner stopped; CSQSnnnn source, CSQTnnnn target): the target,
  formatted and not smaller, takes over the source's page set.
* COPY (running): the messages of a queue, or of every queue of a page set, to a data set.
* EMPTY (running): removes them (MQGET, so page accounting follows).
* LOAD, SLOAD (running): puts the messages of a COPY data set back (SLOAD: one queue).
* SCOPY (stopped): COPY from the page sets of a stopped queue manager.
* SDEFS (stopped): DEFINE/ALTER/DELETE commands for every object of every defined family.

Page set functions refuse data sets a running queue manager uses. The simulation keeps no
message bodies, so a COPY data set holds, per queue, runs of messages that look alike (count,
data length, persistence, priority): what LOAD needs to give the queue back the same messages
and the page set the same pages.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from mqsc.batch import cards, makedef
from mqsc.batch.datasets import Catalog, Cluster
from mqsc.batch.dump import object_definition, qmgr_definition
from mqsc.batch.names import is_name
from mqsc.catalog import DEFINED
from mqsc.catalog.mqrc import name as mqrc_name
from mqsc.engine.phase import Phase
from mqsc.engine.records import MessageRun
from mqsc.language.commands import VERB_CLASSES, Command
from mqsc.language.source import Source

if TYPE_CHECKING:  # pragma: no cover
    from mqsc.engine.manager import QueueManager

CSECT = "CSQUTIL"
#: The first record of a data set COPY or SCOPY writes.
COPY_MARK = "*MQSC CSQUTIL COPY 1"
FORMAT_TYPES = ("RECOVER", "NEW", "REPLACE")
_QUEUE = re.compile(r"[A-Z0-9._/%]{1,48}")


class DataSets(Protocol):
    """The step's DD statements as CSQUTIL sees them."""

    def has(self, ddname: str, *, output: bool = False) -> bool:
        """Whether a DD statement of that name exists and can be read (or, for an output,
        written)."""

    def read(self, ddname: str) -> Source:
        """The records of an input data set, as one text."""

    def write(self, ddname: str, text: str) -> None:
        """Write (or, with DISP=MOD, append) an output data set."""


class Session(Protocol):
    """CSQUTIL's connection: the PARM, connecting once (CSQU120I/CSQU121I), and finding any
    queue manager of the job by name."""

    parm: str
    #: The job's user (None: the queue manager's operator).
    user: str | None

    def connection(self, out: Printer) -> QueueManager | None:
        """The PARM's queue manager, connected once; None (with CSQU009E) when it cannot."""

    def connect(self, name: str) -> QueueManager | None:
        """The queue manager of that name, without connecting to it."""


class Printer(Protocol):
    """SYSPRINT."""

    def utility(self, msg_id: str, **inserts: object) -> None:
        """A CSQU message."""


@runtime_checkable
class CatalogDataSets(Protocol):
    """A job step's DD statements with its catalog: what the page set functions need (the
    ``mqsc csqutil`` command's plain files have no catalog)."""

    catalog: Catalog

    def ddnames(self) -> list[str]:
        """The step's DD names."""

    def dsn_of(self, ddname: str) -> str | None:
        """The data set a DD names."""


# ---- the function table --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Function:
    """A CSQUTIL function: its keywords (kind of value each takes: ``flag``, ``queue``,
    ``psid``, ``ddname``, ``count`` or ``A|B|C`` choices), synonyms, which keywords are
    exclusive and required, its DDs, and what the queue manager must be doing."""

    name: str
    keywords: Mapping[str, str]
    run: Callable[[Call], bool]
    synonyms: Mapping[str, str] = field(default_factory=dict)
    exactly_one: tuple[str, ...] = ()
    inputs: tuple[tuple[str, str], ...] = ()  # (keyword, default DD name)
    outputs: tuple[tuple[str, str], ...] = ()
    catalog: bool = False
    exclusive: tuple[str, ...] = ()

    def input_dds(self, keywords: Mapping[str, str]) -> list[str]:
        return [keywords.get(k, default) for k, default in self.inputs if k in keywords or default]

    def output_dds(self, keywords: Mapping[str, str]) -> list[str]:
        return [keywords.get(k, default) for k, default in self.outputs if k in keywords or default]


@dataclass
class Call:
    """One function statement being run: its keywords and where it prints and connects."""

    function: Function
    keywords: Mapping[str, str]
    session: Session
    datasets: DataSets
    out: Printer

    def say(self, msg_id: str, **inserts: object) -> None:
        self.out.utility(msg_id, **inserts)

    @property
    def catalog(self) -> Catalog:
        """The job's catalog (functions marked ``catalog`` only run where there is one)."""
        datasets = self.datasets
        assert isinstance(datasets, CatalogDataSets)
        return datasets.catalog


def valid(kind: str, value: str) -> bool:
    """Whether a keyword value fits its kind.

    >>> valid("psid", "05"), valid("psid", "100"), valid("NEW|RECOVER", "NEW")
    (True, False, True)
    """
    if kind == "queue":
        return bool(_QUEUE.fullmatch(value))
    if kind == "psid":
        return value.isdigit() and len(value) <= 2
    if kind == "ddname":
        return is_name(value)
    if kind == "vrm":
        return bool(re.fullmatch(r"\d{3}", value))
    if kind == "count":
        return value.isdigit() and 0 < int(value) <= 99_999_999
    return value in kind.split("|")


# ---- connections ---------------------------------------------------------------------------
def running_qmgr(call: Call) -> QueueManager | None:
    """The queue manager of the PARM, connected (CSQU120I/CSQU121I), for functions that need
    it running; a stopped one refuses the connection with MQRC 2059, as MQCONN does."""
    qm = call.session.connection(call.out)
    return qm


def stopped_qmgr(call: Call) -> QueueManager | None:
    """The queue manager whose page sets an offline function reads (the PARM's): it must
    exist and be stopped (its page sets are not in use)."""
    parm = call.session.parm
    qm = call.session.connect(parm) if parm else None
    if qm is None:
        call.say("MQSC281E", csect=CSECT, prefix="CSQP")
        return None
    if qm.phase is not Phase.STOPPED:
        call.say("MQSC257E", qmgr=qm.name, function=call.function.name)
        return None
    return qm


def _in_use_by(call: Call, cluster: Cluster) -> QueueManager | None:
    """The queue manager that has a cluster allocated as a page set, if any."""
    qm = call.session.connect(cluster.qmgr) if cluster.qmgr else None
    return qm if cluster.used_by(qm) else None


# ---- page set functions --------------------------------------------------------------------
def _range(call: Call, prefix: str) -> list[str]:
    datasets = call.datasets
    assert isinstance(datasets, CatalogDataSets)  # checked with the statement
    names = sorted(d for d in datasets.ddnames() if re.fullmatch(prefix + r"00\d\d", d))
    if not names:
        call.say("MQSC281E", csect=CSECT, prefix=prefix)
    return names


def _page_set_cluster(call: Call, ddname: str, *, formatted: bool) -> Cluster | None:
    """The linear cluster a page set DD names, not in use by a running queue manager."""
    datasets = call.datasets
    assert isinstance(datasets, CatalogDataSets)
    dsn = datasets.dsn_of(ddname)
    cluster = call.catalog.cluster(dsn) if dsn else None
    if cluster is None or cluster.organization != "LINEAR":
        call.say("MQSC282E", csect=CSECT, ddname=ddname, dsn=dsn or "(not a data set)")
        return None
    user = _in_use_by(call, cluster)
    if user is not None:
        call.say(
            "MQSC284E",
            csect=CSECT,
            ddname=ddname,
            dsn=cluster.name,
            psid=cluster.psid,
            qmgr=user.name,
        )
        return None
    if formatted and not cluster.formatted:
        call.say("MQSC285E", csect=CSECT, ddname=ddname, dsn=cluster.name)
        return None
    return cluster


def run_format(call: Call) -> bool:
    """FORMAT: every CSQPnnnn data set; an error on one does not stop the others, but the
    function fails ('Formatting page sets (FORMAT)', usage notes)."""
    how = call.keywords.get("TYPE", "RECOVER")
    force = "FORCE" in call.keywords
    ok = True
    names = _range(call, "CSQP")
    for ddname in names:
        cluster = _page_set_cluster(call, ddname, formatted=False)
        if cluster is None:
            ok = False
            continue
        if cluster.formatted and not (force and cluster.reuse):
            call.say("MQSC283E", csect=CSECT, ddname=ddname, dsn=cluster.name)
            ok = False
            continue
        # TYPE(NEW) makes a page set with no data: it belongs to no queue manager until a
        # DEFINE PSID adds it. RECOVER and REPLACE keep what the page set was.
        done = cluster.formatted_as(how)
        if how == "NEW":
            done = replace(done, qmgr="", psid=-1)
        call.catalog.put_cluster(done)
        call.say("MQSC280I", csect=CSECT, function="FORMAT", ddname=ddname)
    return ok and bool(names)


def run_pageinfo(call: Call) -> bool:
    ok = True
    names = _range(call, "CSQP")
    for ddname in names:
        cluster = _page_set_cluster(call, ddname, formatted=True)
        if cluster is None:
            ok = False
            continue
        pages = cluster.pages
        owner = call.session.connect(cluster.qmgr) if cluster.qmgr else None
        page_set = owner.state.tables["pageset"].get(cluster.psid) if owner else None
        if page_set is not None and page_set.dsn == cluster.name:
            pages = page_set.physical  # the page set's expansions are the data set's extents
        call.say(
            "MQSC290I",
            csect=CSECT,
            ddname=ddname,
            psid=f"{cluster.psid:02d}" if cluster.psid >= 0 else "--",
            pages=pages,
            qmgr=cluster.qmgr or "(none)",
            type=cluster.formatted,
        )
        call.say("MQSC280I", csect=CSECT, function="PAGEINFO", ddname=ddname)
    return ok and bool(names)


def run_copypage(call: Call) -> bool:
    """COPYPAGE and RESETPAGE: each CSQSnnnn page set onto the CSQTnnnn data set of the same
    number, formatted and not smaller ('Expanding a page set (COPYPAGE)')."""
    ok = True
    names = _range(call, "CSQS")
    for source_dd in names:
        target_dd = "CSQT" + source_dd[4:]
        source = _page_set_cluster(call, source_dd, formatted=True)
        target = _page_set_cluster(call, target_dd, formatted=True) if source else None
        if source is None or target is None:
            ok = False
            continue
        if target.pages < source.pages:
            call.say("MQSC288E", csect=CSECT, target=target_dd, source=source_dd)
            ok = False
            continue
        call.catalog.put_cluster(
            replace(target, qmgr=source.qmgr, psid=source.psid, formatted=source.formatted)
        )
        call.say("MQSC280I", csect=CSECT, function=call.function.name, ddname=target_dd)
    return ok and bool(names)


# ---- queue functions -----------------------------------------------------------------------
def _scope(call: Call, qm: QueueManager) -> list[str] | None:
    """The queues a QUEUE(q) or PSID(n) statement covers (None: the queue does not exist)."""
    if "QUEUE" in call.keywords:
        queue = call.keywords["QUEUE"]
        if qm.queued(queue) is None:
            _unknown(call, queue)
            return None
        return [queue]
    return list(qm.queues_on(int(call.keywords["PSID"])))


def _unknown(call: Call, queue: str) -> None:
    call.say("MQSC250E", queue=queue, mqcc=2, mqrc=2085, mqrc_text=mqrc_name(2085))


def copy_records(qm: QueueManager, queues: list[str]) -> list[str]:
    """The records COPY writes: a header, then per queue its name and its message runs."""
    lines = [COPY_MARK]
    for queue in queues:
        lines.append(f"Q {queue}")
        for run in qm.queued(queue) or ():
            lines.append(
                f"M {run.count} {run.size} {'P' if run.persistent else 'N'} {run.priority}"
            )
    return lines


def read_copy(text: str) -> list[tuple[str, list[MessageRun]]] | None:
    """The queues and runs of a COPY data set; None when a record is not one COPY writes.

    >>> read_copy("*MQSC CSQUTIL COPY 1\\nQ A.Q\\nM 3 4096 P 0\\n")
    [('A.Q', [MessageRun(count=3, size=4096, persistent=True, priority=0)])]
    >>> read_copy("junk") is None
    True
    """
    lines = text.splitlines()
    if not lines or lines[0].rstrip() != COPY_MARK:
        return None
    out: list[tuple[str, list[MessageRun]]] = []
    for record in lines[1:]:
        fields = record.split()
        if len(fields) == 2 and fields[0] == "Q" and _QUEUE.fullmatch(fields[1]):
            out.append((fields[1], []))
        elif (
            len(fields) == 5
            and fields[0] == "M"
            and out
            and fields[1].isdigit()
            and fields[2].isdigit()
            and fields[3] in ("P", "N")
            and fields[4].isdigit()
            and int(fields[1]) > 0
            and int(fields[2]) <= 100 * 1024 * 1024
            and int(fields[4]) <= 9
        ):
            out[-1][1].append(
                MessageRun(int(fields[1]), int(fields[2]), fields[3] == "P", int(fields[4]))
            )
        elif fields:
            return None
    return out


def _copy_out(call: Call, qm: QueueManager) -> bool:
    ddname = call.keywords.get("DDNAME", "CSQUOUT")
    queues = _scope(call, qm)
    if queues is None:
        return False
    call.say("MQSC278I", function=call.function.name, ddname=ddname)
    call.datasets.write(ddname, "".join(r + "\n" for r in copy_records(qm, queues)))
    for queue in queues:
        call.say("MQSC253I", queue=queue, count=sum(r.count for r in qm.queued(queue) or ()))
    if "PSID" in call.keywords:
        call.say("MQSC254I", psid=f"{int(call.keywords['PSID']):02d}", count=len(queues))
    return True


def run_copy(call: Call) -> bool:
    qm = running_qmgr(call)
    return qm is not None and _copy_out(call, qm)


def run_scopy(call: Call) -> bool:
    qm = stopped_qmgr(call)
    return qm is not None and _copy_out(call, qm)


def run_empty(call: Call) -> bool:
    qm = running_qmgr(call)
    if qm is None:
        return False
    queues = _scope(call, qm)
    if queues is None:
        return False
    scope = (
        f"queue {queues[0]}"
        if "QUEUE" in call.keywords
        else f"page set {int(call.keywords['PSID']):02d}"
    )
    call.say("MQSC279I", function="EMPTY", scope=scope)
    for queue in queues:
        outcome = qm.get(queue, user=call.session.user)
        if outcome.reason:
            call.say(
                "MQSC251E",
                queue=queue,
                mqcc=2,
                mqrc=outcome.reason,
                mqrc_text=mqrc_name(outcome.reason),
            )
            return False
        call.say("MQSC253I", queue=queue, count=outcome.done)
    if "PSID" in call.keywords:
        call.say("MQSC254I", psid=f"{int(call.keywords['PSID']):02d}", count=len(queues))
    return True


def run_load(call: Call) -> bool:
    """LOAD (and SLOAD, one queue): every queue must exist and every record be valid before
    a message is put, so a bad data set changes nothing."""
    qm = running_qmgr(call)
    if qm is None:
        return False
    ddname = call.keywords.get("DDNAME", "CSQUINP")
    call.say("CSQU127I", function=call.function.name, ddname=ddname)
    copied = read_copy(call.datasets.read(ddname).text)
    if copied is None:
        call.say("MQSC255E", ddname=ddname)
        return False
    start = call.keywords.get("FROMQUEUE")
    if start is not None:
        names = [q for q, _ in copied]
        if start not in names:
            call.say("MQSC256E", queue=start, ddname=ddname)
            return False
        copied = copied[names.index(start) :]
    if call.function.name == "SLOAD":
        copied = copied[:1]
    if "QUEUE" in call.keywords and copied:
        copied[0] = (call.keywords["QUEUE"], copied[0][1])
    for queue, _ in copied:
        if qm.queued(queue) is None:
            _unknown(call, queue)
            return False
    for queue, runs in copied:
        loaded = 0
        for run in runs:
            outcome = qm.put(
                queue,
                run.count,
                run.size,
                persistent=run.persistent,
                priority=run.priority,
                user=call.session.user,
            )
            loaded += outcome.done
            if outcome.reason:
                call.say(
                    "MQSC252E",
                    queue=queue,
                    mqcc=2,
                    mqrc=outcome.reason,
                    mqrc_text=mqrc_name(outcome.reason),
                )
                call.say("MQSC253I", queue=queue, count=loaded)
                return False
        call.say("MQSC253I", queue=queue, count=loaded)
    return True


# ---- SDEFS ---------------------------------------------------------------------------------
def sdefs_commands(qm: QueueManager, kind: str) -> list[Command]:
    """The commands SDEFS makes: one per object of every defined family (the catalog's
    DEFINED families, so a new object type is covered without code here), in catalog order,
    then ALTER QMGR (not for MAKEDEL)."""
    verb = makedef.KINDS[kind]
    out: list[Command] = []
    for objtype, family in DEFINED.items():
        objects = sorted(qm.state.tables[family.table].items())
        for _, obj in objects:
            definition = object_definition(objtype, obj)
            attrs: dict[str, object] = dict(definition.attrs)
            if verb == "DEFINE":
                attrs = {"REPLACE": kind == "MAKEREP", **attrs}
            elif verb == "DELETE":
                attrs = {k: v for k, v in attrs.items() if k == "QSGDISP"}
            out.append(VERB_CLASSES[verb](verb, objtype, definition.name, attrs))
    if verb != "DELETE":
        out.append(qmgr_definition(qm).command())
    return out


def run_sdefs(call: Call) -> bool:
    qm = stopped_qmgr(call)
    if qm is None:
        return False
    kind = next(k for k in makedef.KINDS if k in call.keywords)
    ddname = call.keywords[kind]
    call.say("CSQU056I", ddname=ddname)
    commands = sdefs_commands(qm, kind)
    call.datasets.write(ddname, cards.deck(commands))
    call.say("CSQU059I", count=len(commands))
    return True


# ---- the table -----------------------------------------------------------------------------
_SCOPE = {"QUEUE": "queue", "PSID": "psid"}
FUNCTIONS: Mapping[str, Function] = {
    f.name: f
    for f in (
        Function(
            "FORMAT",
            {"TYPE": "|".join(FORMAT_TYPES), "FORCE": "flag", "PAGES": "count", "TARGVER": "vrm"},
            run_format,
            catalog=True,
        ),
        Function("PAGEINFO", {}, run_pageinfo, catalog=True),
        Function("COPYPAGE", {}, run_copypage, catalog=True),
        Function("RESETPAGE", {}, run_copypage, catalog=True),
        Function(
            "COPY",
            {**_SCOPE, "DDNAME": "ddname", "DEFTYPE": "ALL|PREDEFINED"},
            run_copy,
            {"Q": "QUEUE"},
            exactly_one=("QUEUE", "PSID"),
            outputs=(("DDNAME", "CSQUOUT"),),
        ),
        Function(
            "SCOPY",
            {**_SCOPE, "DDNAME": "ddname", "DEFTYPE": "ALL|PREDEFINED"},
            run_scopy,
            {"Q": "QUEUE"},
            exactly_one=("QUEUE", "PSID"),
            outputs=(("DDNAME", "CSQUOUT"),),
        ),
        Function("EMPTY", dict(_SCOPE), run_empty, {"Q": "QUEUE"}, exactly_one=("QUEUE", "PSID")),
        Function(
            "LOAD",
            {"QUEUE": "queue", "FROMQUEUE": "queue", "DDNAME": "ddname"},
            run_load,
            {"Q": "QUEUE", "FROMQ": "FROMQUEUE"},
            inputs=(("DDNAME", "CSQUINP"),),
        ),
        Function(
            "SLOAD",
            {"QUEUE": "queue", "FROMQUEUE": "queue", "DDNAME": "ddname"},
            run_load,
            {"Q": "QUEUE", "FROMQ": "FROMQUEUE"},
            inputs=(("DDNAME", "CSQUINP"),),
        ),
        Function(
            "SDEFS",
            {k: "ddname" for k in makedef.KINDS},
            run_sdefs,
            exactly_one=tuple(makedef.KINDS),
            outputs=tuple((k, "") for k in makedef.KINDS),
        ),
    )
}
