"""Local queues: DEFINE, ALTER, DELETE and DISPLAY QLOCAL / DISPLAY QUEUE ."""

from __future__ import annotations

from collections.abc import Iterator

from mqsc.catalog import queues as catalog_queues
from mqsc.engine import definitions as d
from mqsc.engine import messages, sharedq, space
from mqsc.engine.context import Ctx
from mqsc.engine.objects import Attributes, MQObject
from mqsc.engine.registry import handles
from mqsc.engine.storage import cf
from mqsc.engine.storage import constants as C

QLOCAL = catalog_queues.FAMILY
#: QSGDISP values that need a queue sharing group ([DOC-DEFQL] note 1).
GROUP_DISPOSITIONS = ("COPY", "GROUP", "SHARED")


def depth(ctx: Ctx, name: str, disposition: str = "QMGR") -> int:
    """Messages on a queue now (a shared queue's are in its CF structure)."""
    table = "cfmsgs" if disposition == "SHARED" else "messages"
    store = ctx.txn.get(table, name)
    return store.depth if store is not None else 0


def depth_of(ctx: Ctx, obj: MQObject) -> int:
    return depth(ctx, obj.name, str(obj.get("QSGDISP", "QMGR")))


def check(ctx: Ctx, attrs: Attributes, existing: MQObject | None) -> None:
    """The z/OS rules on a local queue's attributes."""
    qsgdisp = attrs.get("QSGDISP", "QMGR")
    if qsgdisp in GROUP_DISPOSITIONS and not ctx.qm.info.qsg:
        raise ctx.fail("CSQM152I", qsgdisp=qsgdisp)
    structure = attrs.get("CFSTRUCT", "")
    if structure == "CSQ_ADMIN":
        raise ctx.object_failure("CSQM153I", "NOT_ALLOWED", objtype="CFSTRUCT", name=structure)
    if qsgdisp == "SHARED":
        check_shared(ctx, attrs, existing, str(structure))
    elif qsgdisp in ("QMGR", "COPY"):
        shared = ctx.txn.get("gqlocal", ctx.cmd.name)
        if shared is not None and shared.get("QSGDISP") == "SHARED":
            raise ctx.object_failure("MQSC312E", "ALREADY_EXISTS", objtype="QLOCAL",
                                     name=ctx.cmd.name, existing="SHARED")
    if existing is not None and depth_of(ctx, existing):
        # A queue's storage class (or structure) cannot change while it holds messages
        # (MQRCCF 3207, storage-model SC-4).
        if (attrs.get("STGCLASS") != existing.get("STGCLASS")
                or attrs.get("CFSTRUCT") != existing.get("CFSTRUCT")):
            raise ctx.object_failure("CSQM107I", "IN_USE")


def check_shared(ctx: Ctx, attrs: Attributes, existing: MQObject | None,
                 structure: str) -> None:
    """A shared queue names a defined CF structure holding fewer than 512 queues, and no
    private queue of this queue manager has its name."""
    if not structure:
        raise ctx.object_failure("CSQM154I", "NOT_ALLOWED", keyword="QSGDISP", value="SHARED",
                                 required="CFSTRUCT")
    if ctx.txn.get("cfstruct", structure) is None:
        raise ctx.not_found("CFSTRUCT", structure, "GROUP", keyword="CFSTRUCT")
    private = ctx.txn.get("qlocal", ctx.cmd.name)
    if private is not None:
        raise ctx.object_failure("MQSC312E", "ALREADY_EXISTS", objtype="QLOCAL",
                                 name=ctx.cmd.name, existing=private.get("QSGDISP", "QMGR"))
    moving = existing is None or existing.get("CFSTRUCT") != structure
    count = len(cf.queues_on(ctx, structure))
    if moving and count >= cf.MAX_QUEUES:
        raise ctx.object_failure("MQSC308E", "CF_REQUEST", struc=structure, count=count)


@handles("DEFINE", "QLOCAL")
def define_qlocal(ctx: Ctx) -> None:
    private = d.disposition(ctx) in ("QMGR", "COPY")
    new = private and not ctx.txn.has("qlocal", ctx.cmd.name)
    d.define(ctx, QLOCAL, check)
    if new:
        space.account_objects(ctx, C.OBJ_BYTES_QLOCAL)


@handles("ALTER", "QLOCAL")
def alter_qlocal(ctx: Ctx) -> None:
    d.alter(ctx, QLOCAL, check)


@handles("DELETE", "QLOCAL")
def delete_qlocal(ctx: Ctx) -> None:
    obj = d.existing_object(ctx, QLOCAL)
    disposition = str(obj.get("QSGDISP", "QMGR"))
    if depth_of(ctx, obj) and not ctx.cmd.get("PURGE", False):
        raise ctx.object_failure("CSQM103I", "HAS_MESSAGES", objtype="QLOCAL", name=obj.name,
                                 qsgdisp=disposition)
    if disposition == "SHARED":
        sharedq.purge(ctx, obj.name)
    elif disposition != "GROUP":
        messages.purge_queue(ctx, obj)
    ctx.txn.delete(QLOCAL.table_for(disposition), obj.name)
    if disposition in ("QMGR", "COPY"):
        space.account_objects(ctx, -C.OBJ_BYTES_QLOCAL)


@handles("DISPLAY", "QLOCAL", "QUEUE")
def display_queue(ctx: Ctx) -> None:
    d.display(ctx, QLOCAL, selected(ctx))


def selected(ctx: Ctx) -> Iterator[d.Getter]:
    """Queues the command's name and selectors pick, in name order, as value getters."""
    cmd = ctx.cmd
    pattern = cmd.name
    qtype = cmd.get("TYPE", "ALL")
    if qtype not in ("ALL", "QLOCAL"):
        return
    stgclass = cmd.get("STGCLASS")
    cfstruct = cmd.get("CFSTRUCT")
    psid = cmd.get("PSID")
    cluster = cmd.get("CLUSTER")
    clusnl = cmd.get("CLUSNL")
    dispositions = _dispositions(str(cmd.get("QSGDISP", "LIVE")))
    for obj in _candidates(ctx, pattern, dispositions):
        attrs = obj.attrs
        if attrs.get("QSGDISP", "QMGR") not in dispositions:
            continue
        if stgclass is not None and not d.matches(stgclass, attrs["STGCLASS"]):
            continue
        if cfstruct is not None and not (attrs["CFSTRUCT"] and d.matches(cfstruct,
                                                                      attrs["CFSTRUCT"])):
            continue
        if cluster is not None and not d.matches(cluster, attrs["CLUSTER"]):
            continue
        if clusnl is not None and not d.matches(clusnl, attrs["CLUSNL"]):
            continue
        if psid is not None and not _active_on(ctx, obj, psid):
            continue
        yield _getter(ctx, obj)


def _candidates(ctx: Ctx, pattern: str, dispositions: tuple[str, ...]) -> Iterator[MQObject]:
    """Queues named by ``pattern`` from this queue manager and, in a group, the shared
    repository, in name order (a private queue before a group object of the same name)."""
    txn = ctx.txn
    if ctx.qm.group is None or not {"GROUP", "SHARED"} & set(dispositions):
        # Only this queue manager's queues: sorting the names alone is a third of the work
        # of DISPLAY QLOCAL(*) over 50,000 queues.
        if not pattern.endswith("*"):
            # One queue by name: looked up, not matched against every queue (a DISPLAY of
            # one queue among 50,000 took 30 ms, the REST API's clients send many).
            if txn.has("qlocal", pattern):
                yield txn.get("qlocal", pattern)
            return
        names = txn.keys("qlocal") if pattern == "*" else (
            name for name in txn.keys("qlocal") if d.matches(pattern, name))
        for name in sorted(names):
            yield txn.get("qlocal", name)
        return
    private = [(name, 0) for name in txn.keys("qlocal") if d.matches(pattern, name)]
    repository = [(name, 1) for name in txn.keys("gqlocal") if d.matches(pattern, name)]
    for name, where in sorted(private + repository):
        yield txn.get("gqlocal" if where else "qlocal", name)


def _dispositions(selector: str) -> tuple[str, ...]:
    # LIVE: the objects a queue manager uses (QMGR, COPY, SHARED); ALL adds GROUP
    # ([DOC-DISQ]).
    return {
        "LIVE": ("QMGR", "COPY", "SHARED"),
        "ALL": ("QMGR", "COPY", "SHARED", "GROUP"),
        "PRIVATE": ("QMGR", "COPY"),
    }.get(selector, (selector,))


def _active_on(ctx: Ctx, obj: MQObject, psid: object) -> bool:
    """Whether a queue has an active association with page set ``psid`` (messages on it):
    DISPLAY QUEUE PSID(n) shows only those ([DOC-DEFSTC])."""
    if obj.get("QSGDISP") == "SHARED" or not depth_of(ctx, obj):
        return False
    if psid == "*":
        return True
    stc = ctx.txn.get("stgclass", obj.get("STGCLASS"))
    return stc is not None and stc.get("PSID") == psid


_ABSENT = object()


def _getter(ctx: Ctx, obj: MQObject) -> d.Getter:
    attrs = obj.attrs
    stamps = None

    def get(name: str) -> object:
        nonlocal stamps
        value = attrs.get(name, _ABSENT)
        if value is not _ABSENT:
            return value
        if name == "QUEUE":
            return obj.name
        if name == "TYPE":
            return "QLOCAL"
        if name == "CURDEPTH":
            return depth_of(ctx, obj)
        if name in ("IPPROCS", "OPPROCS"):
            return 0
        if name == "DEFTYPE":
            return "PREDEFINED"
        if name == "QSGDISP":
            return "QMGR"
        if stamps is None:
            stamps = d.stamps(obj)
        return stamps.get(name, "")

    return get
